/* One pass of a radix sort on 2 Mi keys: a histogram of the low byte, its prefix sums, then each key stored to its bucket's next slot (256 scattered streams). */
#include <stdint.h>
#include <stdio.h>
#define N (2 * 1024 * 1024)
static uint32_t keys[N], out[N];
static long count[256];
void radix_pass(long n) {
  for (int b = 0; b < 256; b++) count[b] = 0;
  for (long i = 0; i < n; i++) count[keys[i] & 0xFF]++;
  long sum = 0;
  for (int b = 0; b < 256; b++) {
    const long c = count[b];
    count[b] = sum;
    sum += c;
  }
  for (long i = 0; i < n; i++) out[count[keys[i] & 0xFF]++] = keys[i];
}
int main(void) {
  uint32_t s = 7;
  for (long i = 0; i < N; i++) s = s * 1664525u + 1013904223u, keys[i] = s;
  radix_pass(N);
  for (long i = 1; i < N; i++)
    if ((out[i] & 0xFF) < (out[i - 1] & 0xFF)) { printf("bad at %ld\n", i); return 1; }
  printf("radix ok\n");
  return 0;
}
