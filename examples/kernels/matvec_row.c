/* Matrix-vector product y = A x in row order, A 2048 x 2048 doubles (32 MiB,
 * streamed from memory once): one dot product per row. */
#include <stdio.h>

#define N 2048

static double a[N][N], x[N], y[N];

void matvec_row(int n) {
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j < n; j++) s += a[i][j] * x[j];
    y[i] = s;
  }
}

int main(void) {
  for (int i = 0; i < N; i++) {
    x[i] = (double)(i % 3), y[i] = -1;
    for (int j = 0; j < N; j++) a[i][j] = (double)((i + j) % 4);
  }
  matvec_row(N);
  for (int i = 0; i < N; i += 97) {
    double want = 0;
    for (int j = 0; j < N; j++) want += (double)((i + j) % 4) * (double)(j % 3);
    if (y[i] != want) {
      printf("matvec_row: y[%d] = %g, expected %g\n", i, y[i], want);
      return 1;
    }
  }
  printf("matvec_row: %d x %d\n", N, N);
  return 0;
}
