/* A five-point Jacobi stencil in two dimensions, 512 x 512 doubles in two
 * grids (4 MiB, level 3), 40 sweeps. */
#include <math.h>
#include <stdio.h>

#define N 512

static double u[N][N], v[N][N];

void jacobi2d(int sweeps, int n) {
  for (int t = 0; t < sweeps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) v[i][j] = 0.2 * (u[i][j] + u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) u[i][j] = v[i][j];
  }
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) u[i][j] = v[i][j] = 2.0;
  jacobi2d(40, N);
  for (int i = 0; i < N; i += 37)
    for (int j = 0; j < N; j += 41)
      if (fabs(u[i][j] - 2.0) > 1e-12) {
        printf("stencil2d: u[%d][%d] = %.17g\n", i, j, u[i][j]);
        return 1;
      }
  printf("stencil2d: %d x %d, 40 sweeps\n", N, N);
  return 0;
}
