/* Matrix-vector product y = A x in column order, A 2048 x 2048 doubles (32
 * MiB from memory): y is updated a column at a time, so A is read down its
 * columns, a cache line per element unless the lines of 8 columns stay. */
#include <stdio.h>

#define N 2048

static double a[N][N], x[N], y[N];

void matvec_col(int n) {
  for (int i = 0; i < n; i++) y[i] = 0;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++) y[i] += a[i][j] * x[j];
}

int main(void) {
  for (int i = 0; i < N; i++) {
    x[i] = (double)(i % 3), y[i] = -1;
    for (int j = 0; j < N; j++) a[i][j] = (double)((i + j) % 4);
  }
  matvec_col(N);
  for (int i = 0; i < N; i += 97) {
    double want = 0;
    for (int j = 0; j < N; j++) want += (double)((i + j) % 4) * (double)(j % 3);
    if (y[i] != want) {
      printf("matvec_col: y[%d] = %g, expected %g\n", i, y[i], want);
      return 1;
    }
  }
  printf("matvec_col: %d x %d\n", N, N);
  return 0;
}
