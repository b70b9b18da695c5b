#include <stdio.h>
#define N (4 * 1024 * 1024)
static double x[N], y[N];
void axpy_stride2(long n, double a) {
  for (long i = 0; i < n; i += 2) y[i] += a * x[i];
}
int main(void) {
  for (long i = 0; i < N; i++) x[i] = (double)(i % 7), y[i] = 1;
  axpy_stride2(N, 2.0);
  for (long i = 0; i < N; i += 1001)
    if (y[i] != (i % 2 ? 1.0 : 1.0 + 2.0 * (double)(i % 7))) { printf("bad %ld\n", i); return 1; }
  printf("stride2 ok\n");
  return 0;
}
