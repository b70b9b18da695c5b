/* All-pairs gravitational accelerations of 1024 bodies (level 1): a square root and a division per pair. */
#include <math.h>
#include <stdio.h>
#define N 1024
static double px[N], py[N], pz[N], m[N], ax[N], ay[N], az[N];
void nbody(int n) {
  for (int i = 0; i < n; i++) {
    double sx = 0, sy = 0, sz = 0;
    for (int j = 0; j < n; j++) {
      double dx = px[j] - px[i], dy = py[j] - py[i], dz = pz[j] - pz[i];
      double r2 = dx * dx + dy * dy + dz * dz + 1e-3;
      double w = m[j] / (r2 * sqrt(r2));
      sx += dx * w, sy += dy * w, sz += dz * w;
    }
    ax[i] = sx, ay[i] = sy, az[i] = sz;
  }
}
int main(void) {
  for (int i = 0; i < N; i++) px[i] = (i % 32) * 0.5, py[i] = (i / 32) * 0.5, pz[i] = (i % 7) * 0.25, m[i] = 1.0 + (i % 3);
  nbody(N);
  double s = 0;
  for (int i = 0; i < N; i++) s += ax[i] * m[i];
  if (fabs(s) > 1e-6 * N) { printf("bad %g\n", s); return 1; } /* momentum: the forces cancel */
  printf("nbody ok\n");
  return 0;
}
