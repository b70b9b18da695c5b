/* c[i] = a[i] * b[i] on arrays of complex numbers held as structs (3 x 256 KiB, level 2), 200 passes. */
#include <stdio.h>
#define N (16 * 1024)
struct cplx { double re, im; };
static struct cplx a[N], b[N], c[N];
void cmul(int n, int passes) {
  for (int p = 0; p < passes; p++)
    for (int i = 0; i < n; i++) {
      c[i].re = a[i].re * b[i].re - a[i].im * b[i].im;
      c[i].im = a[i].re * b[i].im + a[i].im * b[i].re;
    }
}
int main(void) {
  for (int i = 0; i < N; i++) a[i].re = 1, a[i].im = 2, b[i].re = 3, b[i].im = i % 5, c[i].re = c[i].im = 0;
  cmul(N, 200);
  if (c[7].re != 3 - 2 * 2 || c[7].im != 1 * 2 + 2 * 3) { printf("bad\n"); return 1; }
  printf("cmul ok\n");
  return 0;
}
