/* y[i] = x[idx[i]] over 1 Mi indices into 256 Ki doubles (2 MiB), indices and results (12 MiB) in
 * level 3, eight passes: scattered lines beside a stream from level 3. */
#include <stdint.h>
#include <stdio.h>
#define N (1024 * 1024)
#define M (256 * 1024)
static double x[M], y[N];
static int idx[N];
void gather_l3(long n, int passes) {
  for (int p = 0; p < passes; p++)
    for (long i = 0; i < n; i++) y[i] = x[idx[i]];
}
int main(void) {
  uint64_t s = 31;
  for (long i = 0; i < M; i++) x[i] = (double)i;
  for (long i = 0; i < N; i++) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    idx[i] = (int)((s >> 33) % M), y[i] = -1;
  }
  gather_l3(N, 8);
  for (long i = 0; i < N; i += 1013) if (y[i] != (double)idx[i]) { printf("bad\n"); return 1; }
  printf("gather_l3 ok\n");
  return 0;
}
