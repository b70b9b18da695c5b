/* A D2Q9 BGK collision on 256 x 256 cells: nine distributions read and nine written, 18 streams of 512 KiB (level 3), four steps. */
#include <math.h>
#include <stdio.h>
#define CELLS (256 * 256)
static double f[9][CELLS], g[9][CELLS];
static const double wt[9] = {4.0 / 9, 1.0 / 9, 1.0 / 9, 1.0 / 9, 1.0 / 9, 1.0 / 36, 1.0 / 36, 1.0 / 36, 1.0 / 36};
static const int ex[9] = {0, 1, 0, -1, 0, 1, -1, -1, 1}, ey[9] = {0, 0, 1, 0, -1, 1, 1, -1, -1};
void collide(int steps, double omega) {
  for (int s = 0; s < steps; s++)
    for (long c = 0; c < CELLS; c++) {
      double rho = 0, ux = 0, uy = 0;
      for (int q = 0; q < 9; q++) rho += f[q][c], ux += ex[q] * f[q][c], uy += ey[q] * f[q][c];
      ux /= rho, uy /= rho;
      const double uu = 1.5 * (ux * ux + uy * uy);
      for (int q = 0; q < 9; q++) {
        const double eu = 3.0 * (ex[q] * ux + ey[q] * uy);
        const double feq = wt[q] * rho * (1.0 + eu + 0.5 * eu * eu - uu);
        g[q][c] = f[q][c] - omega * (f[q][c] - feq);
      }
    }
}
int main(void) {
  for (int q = 0; q < 9; q++)
    for (long c = 0; c < CELLS; c++) f[q][c] = wt[q] * (1.0 + 0.01 * ((c * (q + 3)) % 17));
  collide(4, 1.2);
  double m0 = 0, m1 = 0; /* the collision keeps each cell's mass */
  for (int q = 0; q < 9; q++) m0 += f[q][12345], m1 += g[q][12345];
  if (fabs(m0 - m1) > 1e-12) { printf("bad %g %g\n", m0, m1); return 1; }
  printf("lbm ok\n");
  return 0;
}
