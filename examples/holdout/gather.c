/* y[i] = x[idx[i]] with random indices into 512 Ki doubles (4 MiB, level 3), 2 Mi gathers. */
#include <stdint.h>
#include <stdio.h>
#define N (2 * 1024 * 1024)
#define M (512 * 1024)
static double x[M], y[N];
static int idx[N];
void gather(long n) {
  for (long i = 0; i < n; i++) y[i] = x[idx[i]];
}
int main(void) {
  uint64_t s = 5;
  for (long i = 0; i < M; i++) x[i] = (double)i;
  for (long i = 0; i < N; i++) { s = s * 6364136223846793005ULL + 1442695040888963407ULL; idx[i] = (int)((s >> 33) % M); y[i] = -1; }
  gather(N);
  for (long i = 0; i < N; i += 1009) if (y[i] != (double)idx[i]) { printf("bad\n"); return 1; }
  printf("gather ok\n");
  return 0;
}
