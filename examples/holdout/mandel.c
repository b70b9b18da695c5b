/* The Mandelbrot set on 320 x 240 points, at most 200 steps a point: a loop whose trip count the data decides. */
#include <stdio.h>
#define W 320
#define H 240
#define STEPS 200
static unsigned char steps[H][W];
void mandel(int w, int h) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      double cr = -2.2 + 3.0 * x / w, ci = -1.2 + 2.4 * y / h, zr = 0, zi = 0;
      int k = 0;
      while (k < STEPS && zr * zr + zi * zi <= 4.0) {
        double t = zr * zr - zi * zi + cr;
        zi = 2 * zr * zi + ci;
        zr = t;
        k++;
      }
      steps[y][x] = (unsigned char)k;
    }
}
int main(void) {
  mandel(W, H);
  long inside = 0;
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) inside += steps[y][x] == STEPS;
  if (steps[H / 2][W * 11 / 15] != STEPS || steps[0][0] != 1 || inside < 1000) { printf("bad %ld\n", inside); return 1; }
  printf("mandel ok\n");
  return 0;
}
