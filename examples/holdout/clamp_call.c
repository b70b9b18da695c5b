/* y[i] = clamp(x[i]) through a function the compiler may not inline, 2 Mi doubles (16 MiB each way, memory). */
#include <stdio.h>
#define N (2 * 1024 * 1024)
static double x[N], y[N];
__attribute__((noinline)) static double clamp(double v, double lo, double hi) { return v < lo ? lo : v > hi ? hi : v; }
void clamp_all(long n) {
  for (long i = 0; i < n; i++) y[i] = clamp(x[i], -1.0, 1.0);
}
int main(void) {
  for (long i = 0; i < N; i++) x[i] = (double)((i * 7919) % 2001 - 1000) / 500;
  clamp_all(N);
  for (long i = 0; i < N; i += 1013)
    if (y[i] < -1.0 || y[i] > 1.0 || (x[i] > -1 && x[i] < 1 && y[i] != x[i])) { printf("bad %ld\n", i); return 1; }
  printf("clamp_call ok\n");
  return 0;
}
