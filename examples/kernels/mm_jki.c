/* Matrix product C += A B, 192 x 192 doubles, in j-k-i order: the inner loop
 * walks down a column of A and of C, a stride of a whole row (1.5 KiB), so
 * every access touches another cache line. */
#include <stdio.h>

#define N 192

static double a[N][N], b[N][N], c[N][N];

void mm_jki(int n) {
  for (int j = 0; j < n; j++)
    for (int k = 0; k < n; k++) {
      double bkj = b[k][j];
      for (int i = 0; i < n; i++) c[i][j] += a[i][k] * bkj;
    }
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) a[i][j] = (double)((i + 2 * j) % 5), b[i][j] = (double)((2 * i + j) % 3), c[i][j] = 0;
  mm_jki(N);
  for (int i = 0; i < N; i += 19)
    for (int j = 0; j < N; j += 23) {
      double want = 0;
      for (int k = 0; k < N; k++) want += (double)((i + 2 * k) % 5) * (double)((2 * k + j) % 3);
      if (c[i][j] != want) {
        printf("mm_jki: c[%d][%d] = %g, expected %g\n", i, j, c[i][j], want);
        return 1;
      }
    }
  printf("mm_jki: %d x %d\n", N, N);
  return 0;
}
