/* Each 3-vector divided by its length: a square root and divisions per point, 256 Ki points (6 MiB, level 3). */
#include <math.h>
#include <stdio.h>
#define N (256 * 1024)
static double v[N][3];
void normalize(long n) {
  for (long i = 0; i < n; i++) {
    double len = sqrt(v[i][0] * v[i][0] + v[i][1] * v[i][1] + v[i][2] * v[i][2]);
    v[i][0] /= len; v[i][1] /= len; v[i][2] /= len;
  }
}
int main(void) {
  for (long i = 0; i < N; i++) v[i][0] = 1 + i % 5, v[i][1] = 2 + i % 3, v[i][2] = 3;
  normalize(N);
  double l = v[77][0] * v[77][0] + v[77][1] * v[77][1] + v[77][2] * v[77][2];
  if (fabs(l - 1) > 1e-12) { printf("bad %g\n", l); return 1; }
  printf("normalize ok\n");
  return 0;
}
