/* Streaming copy, b = a, over 2 x 64 MiB: beyond the last cache level, so
 * its time is memory bandwidth (the STREAM copy kernel) */
#include <stdio.h>

#define N (8 * 1024 * 1024)

static double a[N], b[N];

void copy(long n) {
  for (long i = 0; i < n; i++) b[i] = a[i];
}

int main(void) {
  for (long i = 0; i < N; i++) a[i] = (double)(i & 1023), b[i] = -1; /* b touched: no page faults timed */
  copy(N);
  for (long i = 0; i < N; i += 4099)
    if (b[i] != (double)(i & 1023)) {
      printf("copy: b[%ld] = %g\n", i, b[i]);
      return 1;
    }
  printf("copy: %d doubles\n", N);
  return 0;
}
