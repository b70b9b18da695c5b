#include <stdio.h>
#define N (256 * 1024)
static double x[N], y[N];
void horner(long n) {
  for (long i = 0; i < n; i++) {
    double t = x[i];
    y[i] = ((((((((0.5 * t + 1.0) * t - 2.0) * t + 0.25) * t - 1.5) * t + 3.0) * t - 0.75) * t + 2.0) * t) - 1.0;
  }
}
int main(void) {
  for (long i = 0; i < N; i++) x[i] = (double)(i % 100) / 100.0;
  for (int r = 0; r < 8; r++) horner(N);
  printf("horner: %g\n", y[N / 2]);
  return 0;
}
