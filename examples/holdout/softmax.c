/* Softmax of 1 Mi floats (4 MiB, level 3): expf of each, their sum, then a division of each. */
#include <math.h>
#include <stdio.h>
#define N (1024 * 1024)
static float v[N];
void softmax(long n) {
  float sum = 0;
  for (long i = 0; i < n; i++) sum += v[i] = expf(v[i]);
  for (long i = 0; i < n; i++) v[i] /= sum;
}
int main(void) {
  for (long i = 0; i < N; i++) v[i] = (float)(i % 8) / 8;
  softmax(N);
  double total = 0; for (long i = 0; i < N; i++) total += v[i];
  if (fabs(total - 1) > 1e-2) { printf("bad %g\n", total); return 1; }
  printf("softmax ok\n");
  return 0;
}
