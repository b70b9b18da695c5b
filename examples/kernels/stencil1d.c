/* A three-point stencil in one dimension, 64 Ki doubles in two buffers
 * (1 MiB, level 2 to 3), 200 sweeps. */
#include <math.h>
#include <stdio.h>

#define N (64 * 1024)

static double u[N], v[N];

void stencil1d(int sweeps, int n) {
  for (int t = 0; t < sweeps; t++) {
    for (int i = 1; i < n - 1; i++) v[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
    for (int i = 1; i < n - 1; i++) u[i] = v[i];
  }
}

int main(void) {
  for (int i = 0; i < N; i++) u[i] = v[i] = 1.0;
  u[0] = u[N - 1] = v[0] = v[N - 1] = 1.0;
  stencil1d(200, N);
  /* A constant field is a fixed point of the averaging stencil. */
  for (int i = 0; i < N; i += 101)
    if (fabs(u[i] - 1.0) > 1e-12) {
      printf("stencil1d: u[%d] = %.17g\n", i, u[i]);
      return 1;
    }
  printf("stencil1d: %d points, 200 sweeps\n", N);
  return 0;
}
