/* y[idx[i]] += a x[i]: 4 Mi scattered updates of a 512 KiB table (level 2), x and idx (24 MiB)
 * streaming from memory. */
#include <stdint.h>
#include <stdio.h>
#define N (4 * 1024 * 1024)
#define M (64 * 1024)
static double x[N], y[M];
static int idx[N];
void scatter_axpy(long n, double a) {
  for (long i = 0; i < n; i++) y[idx[i]] += a * x[i];
}
int main(void) {
  uint64_t s = 41;
  for (long j = 0; j < M; j++) y[j] = 0;
  for (long i = 0; i < N; i++) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    idx[i] = (int)((s >> 33) % M), x[i] = 1;
  }
  scatter_axpy(N, 0.5);
  double total = 0; for (long j = 0; j < M; j++) total += y[j];
  if (total != 0.5 * N) { printf("bad\n"); return 1; }
  printf("scatter_axpy ok\n");
  return 0;
}
