/* y[i] = exp(-x[i] * x[i] / 2): a library call per element over 1 Mi doubles (16 MiB, level 3). */
#include <math.h>
#include <stdio.h>
#define N (1024 * 1024)
static double x[N], y[N];
void gauss(long n) {
  for (long i = 0; i < n; i++) y[i] = exp(-x[i] * x[i] / 2);
}
int main(void) {
  for (long i = 0; i < N; i++) x[i] = (double)(i % 1000) / 250, y[i] = 0;
  gauss(N);
  if (fabs(y[250] - exp(-0.5)) > 1e-12) { printf("bad\n"); return 1; }
  printf("gauss ok\n");
  return 0;
}
