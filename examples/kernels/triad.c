/* Streaming triad, a = b + s c, over 3 x 32 MiB (the STREAM triad kernel):
 * two loads and a store with write-allocate per element, from memory; two
 * passes. Three times the 32 MiB last level: at 3 x 8 MiB the arrays fitted
 * in a last level shared with other tenants, and the time followed how much
 * of it they left (by up to 20% between studies). */
#include <stdio.h>

#define N (4 * 1024 * 1024)

static double a[N], b[N], c[N];

void triad(long n, double s, int passes) {
  for (int p = 0; p < passes; p++)
    for (long i = 0; i < n; i++) a[i] = b[i] + s * c[i];
}

int main(void) {
  for (long i = 0; i < N; i++) b[i] = (double)(i % 100), c[i] = (double)(i % 7), a[i] = -1;
  triad(N, 3.0, 2);
  for (long i = 0; i < N; i += 997)
    if (a[i] != (double)(i % 100) + 3.0 * (double)(i % 7)) {
      printf("triad: a[%ld] = %g\n", i, a[i]);
      return 1;
    }
  printf("triad: %d elements\n", N);
  return 0;
}
