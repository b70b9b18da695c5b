/* A sum reduction over 256 KiB (level 2), repeated: a floating-point sum
 * the compiler may not reorder, so a chain of dependent additions. */
#include <stdio.h>

#define N (32 * 1024)

static double x[N];

double reduce(int repeats, int n) {
  double s = 0;
  for (int r = 0; r < repeats; r++)
    for (int i = 0; i < n; i++) s += x[i];
  return s;
}

int main(void) {
  for (int i = 0; i < N; i++) x[i] = (double)(i % 16);
  double s = reduce(100, N);
  double want = 100.0 * (N / 16) * 120.0; /* 0 + 1 + ... + 15 = 120 per 16 */
  if (s != want) {
    printf("reduction: %.17g, expected %.17g\n", s, want);
    return 1;
  }
  printf("reduction: %g\n", s);
  return 0;
}
