/* Cholesky factorisation A = L L^T, 320 x 320 doubles (1.5 MiB), lower
 * triangle in place: triangular loops, a square root and a division per
 * column. */
#include <math.h>
#include <stdio.h>

#define N 448

static double a[N][N], orig[N][N];

void cholesky(int n) {
  for (int j = 0; j < n; j++) {
    double d = a[j][j];
    for (int k = 0; k < j; k++) d -= a[j][k] * a[j][k];
    d = sqrt(d);
    a[j][j] = d;
    for (int i = j + 1; i < n; i++) {
      double s = a[i][j];
      for (int k = 0; k < j; k++) s -= a[i][k] * a[j][k];
      a[i][j] = s / d;
    }
  }
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) orig[i][j] = a[i][j] = i == j ? 4.0 * N : 1.0 / (1.0 + (double)((i + j) % 9));
  cholesky(N);
  for (int i = 0; i < N; i += 23)
    for (int j = 0; j <= i; j += 19) {
      double s = 0;
      for (int k = 0; k <= j; k++) s += a[i][k] * a[j][k];
      if (fabs(s - orig[i][j]) > 1e-9 * N) {
        printf("cholesky: (L L^T)[%d][%d] = %.17g, expected %g\n", i, j, s, orig[i][j]);
        return 1;
      }
    }
  printf("cholesky: %d x %d\n", N, N);
  return 0;
}
