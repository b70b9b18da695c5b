/* Inclusive prefix sums of 4 Mi 64-bit integers (32 MiB in, 32 MiB out): a
 * loop-carried dependence through memory-streamed data, three passes. At
 * 2 x 16 MiB its arrays filled the 32 MiB level 3 that this machine shares
 * with others, and its time followed how much of it they left. */
#include <stdint.h>
#include <stdio.h>

#define N (4 * 1024 * 1024)

static int64_t x[N], y[N];

void prefix_sum(long n, int passes) {
  for (int p = 0; p < passes; p++) {
    int64_t s = 0;
    for (long i = 0; i < n; i++) {
      s += x[i];
      y[i] = s;
    }
  }
}

int main(void) {
  for (long i = 0; i < N; i++) x[i] = i % 5, y[i] = -1;
  prefix_sum(N, 3);
  for (long i = 0; i < N; i += 4093) {
    int64_t q = (i + 1) / 5, r = (i + 1) % 5, want = q * 10 + r * (r - 1) / 2;
    if (y[i] != want) {
      printf("prefix: y[%ld] = %lld, expected %lld\n", i, (long long)y[i], (long long)want);
      return 1;
    }
  }
  printf("prefix: %d elements\n", N);
  return 0;
}
