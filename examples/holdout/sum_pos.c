/* The sum of the positive ones of 1 Mi random doubles (8 MiB, level 3), a branch half taken at
 * random, four passes. */
#include <stdint.h>
#include <stdio.h>
#define N (1024 * 1024)
static double v[N];
double sum_pos(long n, int passes) {
  double s = 0;
  for (int p = 0; p < passes; p++)
    for (long i = 0; i < n; i++)
      if (v[i] > 0) s += v[i];
  return s;
}
int main(void) {
  uint64_t r = 7;
  double want = 0;
  for (long i = 0; i < N; i++) {
    r ^= r << 13, r ^= r >> 7, r ^= r << 17;
    v[i] = (double)(int64_t)(r % 2001) - 1000;
    if (v[i] > 0) want += v[i];
  }
  if (sum_pos(N, 4) != 4 * want) { printf("bad\n"); return 1; }
  printf("sum_pos ok\n");
  return 0;
}
