/* A seven-point stencil in three dimensions, 64^3 doubles in two grids
 * (4 MiB, level 3), 16 sweeps: the planes above and below must stay in cache
 * for each point's neighbours to hit (Kerncraft's layer conditions). At
 * 96^3 (13.5 MiB) its time followed how much of a shared level 3 other
 * machines left it (2.2 to 3.1 ms in two passes a quarter of an hour apart). */
#include <math.h>
#include <stdio.h>

#define N 64

static double u[N][N][N], v[N][N][N];

void stencil3d(int sweeps, int n) {
  for (int t = 0; t < sweeps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          v[i][j][k] = (u[i - 1][j][k] + u[i + 1][j][k] + u[i][j - 1][k] + u[i][j + 1][k] + u[i][j][k - 1] +
                        u[i][j][k + 1] + 2.0 * u[i][j][k]) * 0.125;
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++) u[i][j][k] = v[i][j][k];
  }
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++) u[i][j][k] = v[i][j][k] = 3.0;
  stencil3d(16, N);
  for (int i = 1; i < N; i += 13)
    if (fabs(u[i][i / 2][N / 3] - 3.0) > 1e-12) {
      printf("stencil3d: u[%d] = %.17g\n", i, u[i][i / 2][N / 3]);
      return 1;
    }
  printf("stencil3d: %d^3, 16 sweeps\n", N);
  return 0;
}
