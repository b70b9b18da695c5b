/* The input of matmul_basic.c and matmul_co.c, one copy so that the two
 * multiply the same matrices, and the reference the results are checked by. */
#ifndef MATMUL_INPUT_H
#define MATMUL_INPUT_H
#include "kernel_common.h"

#define MAX_DIM 8192

/* A (n x m) holds integers in -4..4 and B (m x p) integers in -3..3, so
 * every partial sum is an exact double whatever the order of summation. */
static void make_inputs(int n, int m, int p, double **a, double **b) {
  uint64_t s = 20161213;
  *a = xcalloc((size_t)n * m, sizeof **a);
  *b = xcalloc((size_t)m * p, sizeof **b);
  for (size_t e = 0; e < (size_t)n * m; e++) (*a)[e] = (double)((int)(lcg_next(&s) % 9) - 4);
  for (size_t e = 0; e < (size_t)m * p; e++) (*b)[e] = (double)((int)(lcg_next(&s) % 7) - 3);
}

/* The reference: a plain dot product per entry, for every entry while that
 * is under 2^26 multiply-adds, else for a grid of rows and columns. */
static int check(int n, int m, int p, const double *a, const double *b, const double *c, const char *name) {
  int all = (double)n * m * p <= (double)(1 << 26);
  int di = all ? 1 : 17, dj = all ? 1 : 13;
  for (int i = 0; i < n; i += di)
    for (int j = 0; j < p; j += dj) {
      double want = 0.0;
      for (int k = 0; k < m; k++) want += a[(size_t)i * m + k] * b[(size_t)k * p + j];
      if (c[(size_t)i * p + j] != want) {
        printf("%s: c[%d][%d] = %g, expected %g\n", name, i, j, c[(size_t)i * p + j], want);
        return 1;
      }
    }
  return 0;
}

#endif
