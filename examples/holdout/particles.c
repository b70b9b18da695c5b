/* A leapfrog step of 64 Ki particles kept as nine arrays of 512 KiB (positions, velocities and forces by
   axis), each a multiple of level 1's span apart, so that a particle's nine lines crowd into one set; ten steps. */
#include <stdio.h>
#define P (64 * 1024)
static double x[P], y[P], z[P], vx[P], vy[P], vz[P], fx[P], fy[P], fz[P];
void leapfrog(int steps, double dt) {
  for (int s = 0; s < steps; s++)
    for (long i = 0; i < P; i++) {
      vx[i] += dt * fx[i], vy[i] += dt * fy[i], vz[i] += dt * fz[i];
      x[i] += dt * vx[i], y[i] += dt * vy[i], z[i] += dt * vz[i];
    }
}
int main(void) {
  for (long i = 0; i < P; i++) fx[i] = (double)(i % 7), fy[i] = (double)(i % 5), fz[i] = 1.0;
  leapfrog(10, 0.5);
  /* after n steps of constant force from rest: v = n dt f, x = dt^2 f n (n + 1) / 2 */
  if (vz[77] != 5.0 || z[77] != 0.25 * 55) { printf("bad %g %g\n", vz[77], z[77]); return 1; }
  printf("particles ok\n");
  return 0;
}
