/* LU factorisation without pivoting, 256 x 256 doubles (1.1 MiB), in place:
 * a triangular nest whose inner bounds follow the outer counter. The matrix
 * is diagonally dominant, so no pivot is needed. */
#include <math.h>
#include <stdio.h>

#define N 384

static double a[N][N], orig[N][N];

void lu(int n) {
  for (int k = 0; k < n; k++)
    for (int i = k + 1; i < n; i++) {
      double l = a[i][k] / a[k][k];
      a[i][k] = l;
      for (int j = k + 1; j < n; j++) a[i][j] -= l * a[k][j];
    }
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) orig[i][j] = a[i][j] = i == j ? 2.0 * N : (double)((i * 7 + j * 3) % 11) - 5.0;
  lu(N);
  /* L U must give back the matrix: check a sample of entries. */
  for (int i = 0; i < N; i += 17)
    for (int j = 0; j < N; j += 13) {
      double s = 0;
      for (int k = 0; k <= (i < j ? i : j); k++) s += (k == i ? 1.0 : a[i][k]) * a[k][j];
      if (fabs(s - orig[i][j]) > 1e-9 * N) {
        printf("lu: (LU)[%d][%d] = %.17g, expected %g\n", i, j, s, orig[i][j]);
        return 1;
      }
    }
  printf("lu: %d x %d\n", N, N);
  return 0;
}
