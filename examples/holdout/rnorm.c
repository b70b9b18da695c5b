/* a[i] = a[i] / sqrtf(b[i] + 1) on two 256 KiB float arrays (level 2), 100 passes: float square
 * roots and divisions, vectorised. */
#include <math.h>
#include <stdio.h>
#define N (64 * 1024)
static float a[N], b[N];
void rnorm(int n, int passes) {
  for (int p = 0; p < passes; p++)
    for (int i = 0; i < n; i++) a[i] = a[i] / sqrtf(b[i] + 1);
}
int main(void) {
  for (int i = 0; i < N; i++) a[i] = 1, b[i] = 0;
  b[5] = 3;
  rnorm(N, 100);
  if (a[7] != 1 || fabsf(a[5] - ldexpf(1, -100)) > 1e-20f) { printf("bad %g %g\n", a[7], a[5]); return 1; }
  printf("rnorm ok\n");
  return 0;
}
