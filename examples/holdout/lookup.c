/* y[i] = table[key[i]] * w[i]: a 256 KiB table (level 2) looked up at random beside 80 MiB of keys,
 * weights and results streaming from memory, 4 Mi lookups. */
#include <stdint.h>
#include <stdio.h>
#define N (4 * 1024 * 1024)
#define T (32 * 1024)
static double table[T], w[N], y[N];
static int key[N];
void lookup(long n) {
  for (long i = 0; i < n; i++) y[i] = table[key[i]] * w[i];
}
int main(void) {
  uint64_t s = 17;
  for (long t = 0; t < T; t++) table[t] = (double)(t % 7);
  for (long i = 0; i < N; i++) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    key[i] = (int)((s >> 33) % T), w[i] = 2, y[i] = -1;
  }
  lookup(N);
  for (long i = 0; i < N; i += 4099) if (y[i] != 2 * (double)(key[i] % 7)) { printf("bad\n"); return 1; }
  printf("lookup ok\n");
  return 0;
}
