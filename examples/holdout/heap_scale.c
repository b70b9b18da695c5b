/* y = a x into a buffer malloc'd by main and first written by the task. */
#include <stdio.h>
#include <stdlib.h>
#define N (1 << 20)
void scale(const double *x, double *y, long n, double a) {
  for (long i = 0; i < n; i++) y[i] = a * x[i];
}
int main(void) {
  double *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
  if (!x || !y) return 1;
  for (long i = 0; i < N; i++) x[i] = (double)(i % 13);
  scale(x, y, N, 3.0);
  for (long i = 0; i < N; i += 997) if (y[i] != 3.0 * (double)(i % 13)) { printf("bad\n"); return 1; }
  printf("heap_scale ok\n");
  free(x); free(y);
  return 0;
}
