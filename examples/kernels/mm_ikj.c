/* Matrix product C += A B, 192 x 192 doubles (3 x 288 KiB, level 2), four times, in
 * i-k-j order: the inner loop streams a row of B and a row of C with unit
 * stride, which compilers vectorise. */
#include <stdio.h>

#define N 192

static double a[N][N], b[N][N], c[N][N];

void mm_ikj(int n, int reps) {
  for (int r = 0; r < reps; r++)
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++) {
      double aik = a[i][k];
      for (int j = 0; j < n; j++) c[i][j] += aik * b[k][j];
    }
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) a[i][j] = (double)((i + 2 * j) % 5), b[i][j] = (double)((2 * i + j) % 3), c[i][j] = 0;
  mm_ikj(N, 4);
  for (int i = 0; i < N; i += 19)
    for (int j = 0; j < N; j += 23) {
      double want = 0;
      for (int k = 0; k < N; k++) want += (double)((i + 2 * k) % 5) * (double)((2 * k + j) % 3);
      if (c[i][j] != 4 * want) {
        printf("mm_ikj: c[%d][%d] = %g, expected %g\n", i, j, c[i][j], want);
        return 1;
      }
    }
  printf("mm_ikj: %d x %d\n", N, N);
  return 0;
}
