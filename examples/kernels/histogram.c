/* A histogram of 16 Mi random keys (64 MiB) into 4096 bins: indirect
 * increments, whose stores and loads to the same bin depend on each other. */
#include <stdint.h>
#include <stdio.h>

#define N (16 * 1024 * 1024)
#define BINS 4096

static uint32_t keys[N];
static int count[BINS];

void histogram(long n) {
  for (long i = 0; i < n; i++) count[keys[i] % BINS]++;
}

int main(void) {
  uint64_t s = 12345;
  for (long i = 0; i < N; i++) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    keys[i] = (uint32_t)(s >> 33);
  }
  histogram(N);
  long total = 0;
  for (int b = 0; b < BINS; b++) total += count[b];
  int c7 = 0;
  for (long i = 0; i < N; i++) c7 += keys[i] % BINS == 7;
  if (total != N || count[7] != c7) {
    printf("histogram: %ld keys counted, bin 7 has %d, expected %d\n", total, count[7], c7);
    return 1;
  }
  printf("histogram: %d keys, %d bins\n", N, BINS);
  return 0;
}
