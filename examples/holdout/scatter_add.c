/* hist[key[i]] += w[i]: 2 Mi random increments of a 2 MiB table (level 3), keys and weights
 * (24 MiB) streaming from memory. */
#include <stdint.h>
#include <stdio.h>
#define N (2 * 1024 * 1024)
#define H (256 * 1024)
static double hist[H], w[N];
static int key[N];
void scatter_add(long n) {
  for (long i = 0; i < n; i++) hist[key[i]] += w[i];
}
int main(void) {
  uint64_t s = 23;
  for (long h = 0; h < H; h++) hist[h] = 0;
  for (long i = 0; i < N; i++) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    key[i] = (int)((s >> 33) % H), w[i] = 1;
  }
  scatter_add(N);
  double sum = 0;
  for (long h = 0; h < H; h++) sum += hist[h];
  if (sum != (double)N) { printf("bad %g\n", sum); return 1; }
  printf("scatter_add ok\n");
  return 0;
}
