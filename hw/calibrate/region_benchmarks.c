/* What a timed region costs the code around it, for component timing (CT):
 * `pacer calibrate` builds this program twice with pacer's instrumenter, once
 * with only the chosen shape's function timed and once with every function
 * and loop timed, and runs the two in turn. The second's excess over the
 * first, per region entered inside the function, is the cost of one region
 * in context, which CT then subtracts. The shapes are the loop nests CT
 * meets in real code: short and long inner loops, independent and
 * dependent arithmetic, streaming memory, calls and a deep nest. Each
 * checks its own result, so the compiler keeps the work.
 * Usage: region_benchmarks SHAPE */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 1 << 21 };
static double g_big[N];
static volatile double v_scale = 0.999;

/* Short inner loops of independent work: 16 multiply-adds each. */
static double shape_short(int outer) {
  double a[16], s = 0;
  for (int j = 0; j < 16; j++) a[j] = j;
  for (int i = 0; i < outer; i++) {
    for (int j = 0; j < 16; j++) a[j] = a[j] * v_scale + 1.0;
    s += a[i & 15];
  }
  return s;
}

/* A dependent chain inside each inner loop: the timer's reads overlap little. */
static double shape_chain(int outer) {
  double x = 1.0, y = v_scale;
  for (int i = 0; i < outer; i++)
    for (int j = 0; j < 48; j++) x = x * y + 0.001;
  return x;
}

/* Streaming over 16 MiB, 256 elements per inner loop. */
static double shape_stream(int outer) {
  double s = 0;
  for (int i = 0; i < outer; i++) {
    const double* row = g_big + (long)(i % (N / 256)) * 256;
    for (int j = 0; j < 256; j++) s += row[j];
  }
  return s;
}

/* A call per iteration to a function with a loop: two regions per call. */
__attribute__((noinline)) static double leaf(int k) {
  double s = 0;
  for (int j = 0; j < 24; j++) s += (double)(k ^ j) * 0.5;
  return s;
}
static double shape_calls(int outer) {
  double s = 0;
  for (int i = 0; i < outer; i++) s += leaf(i);
  return s;
}

/* A three-deep nest, as matrix products have. */
static double g_a[64][64], g_b[64][64], g_c[64][64];
static double shape_nest(int outer) {
  for (int r = 0; r < outer; r++)
    for (int i = 0; i < 64; i++)
      for (int j = 0; j < 64; j++) {
        double s = g_c[i][j];
        for (int k = 0; k < 64; k++) s += g_a[i][k] * g_b[k][j];
        g_c[i][j] = s * 0.5;
      }
  return g_c[3][5];
}

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  for (int i = 0; i < N; i++) g_big[i] = i & 7;
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 64; j++) g_a[i][j] = g_b[i][j] = (i + j) & 3, g_c[i][j] = 0;
  double r;
  if (!strcmp(argv[1], "short")) r = shape_short(60000);
  else if (!strcmp(argv[1], "chain")) r = shape_chain(10000);
  else if (!strcmp(argv[1], "stream")) r = shape_stream(8000);
  else if (!strcmp(argv[1], "calls")) r = shape_calls(50000);
  else if (!strcmp(argv[1], "nest")) r = shape_nest(2);
  else return 2;
  printf("%g\n", r);
  return r == r ? 0 : 1;
}
