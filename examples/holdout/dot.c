#include <stdio.h>
#define N (512 * 1024)
static double a[N], b[N];
double dot(long n, int passes) {
  double s = 0;
  for (int p = 0; p < passes; p++)
    for (long i = 0; i < n; i++) s += a[i] * b[i];
  return s;
}
int main(void) {
  for (long i = 0; i < N; i++) a[i] = (double)(i % 5), b[i] = (double)(i % 3);
  double s = dot(N, 8);
  printf("dot: %g\n", s);
  return s > 0 ? 0 : 1;
}
