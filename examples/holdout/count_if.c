#include <stdint.h>
#include <stdio.h>
#define N (4 * 1024 * 1024)
static int v[N];
long count_above(long n, int t) {
  long c = 0;
  for (long i = 0; i < n; i++)
    if (v[i] > t) c += v[i] & 7;
  return c;
}
int main(void) {
  uint64_t s = 7;
  for (long i = 0; i < N; i++) { s = s * 6364136223846793005ULL + 1442695040888963407ULL; v[i] = (int)(s >> 40); }
  long c = count_above(N, 1 << 23);
  printf("count_if: %ld\n", c);
  return c > 0 ? 0 : 1;
}
