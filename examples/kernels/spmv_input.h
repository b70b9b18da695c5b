/* The input of spmv_csr.c, spmv_csc.c and spmv_csb.c, one copy so that the
 * three build the same matrix and x: a coordinate list, and the reference
 * product it gives. */
#ifndef SPMV_INPUT_H
#define SPMV_INPUT_H
#include "kernel_common.h"

#define BAND 3    /* half-width of the band */
#define SCATTER 3 /* tries at an entry off the band, per row */

/* The matrix as a coordinate list. */
typedef struct {
  int n, nz;
  int *row, *col;
  double *val;
} coo_t;

/* Values are integers in -4..4 without 0 and x holds integers in -3..3, so
 * every partial sum is an exact double whatever the order of summation. */
static void coo_add(coo_t *a, int i, int j, uint64_t r) {
  int v = (int)(r % 8) - 4;
  a->row[a->nz] = i;
  a->col[a->nz] = j;
  a->val[a->nz] = v >= 0 ? v + 1 : v;
  a->nz++;
}

static int seen(const int *cols, int count, int j) {
  for (int t = 0; t < count; t++)
    if (cols[t] == j) return 1;
  return 0;
}

/* Row by row: the band |i - j| <= BAND, then up to SCATTER columns drawn at
 * random, skipping those on the band or drawn before (no duplicates). */
static coo_t make_matrix(int n) {
  size_t cap = (size_t)n * (2 * BAND + 1 + SCATTER);
  coo_t a = {n, 0, xcalloc(cap, sizeof(int)), xcalloc(cap, sizeof(int)), xcalloc(cap, sizeof(double))};
  uint64_t s = 20160901;
  for (int i = 0; i < n; i++) {
    for (int j = i - BAND; j <= i + BAND; j++)
      if (j >= 0 && j < n) coo_add(&a, i, j, lcg_next(&s));
    int drawn[SCATTER], count = 0;
    for (int t = 0; t < SCATTER; t++) {
      int j = (int)(lcg_next(&s) % (uint64_t)n);
      if (abs(j - i) <= BAND || seen(drawn, count, j)) continue;
      drawn[count++] = j;
      coo_add(&a, i, j, lcg_next(&s));
    }
  }
  return a;
}

static double *make_x(int n) {
  double *x = xcalloc((size_t)n, sizeof *x);
  for (int j = 0; j < n; j++) x[j] = (double)((5 * j + 2) % 7 - 3);
  return x;
}

/* The reference: y = A x straight from the coordinate list. */
static int check(const coo_t *a, const double *x, const double *y, const char *name) {
  double *want = xcalloc((size_t)a->n, sizeof *want);
  for (int k = 0; k < a->nz; k++) want[a->row[k]] += a->val[k] * x[a->col[k]];
  int bad = 0;
  for (int i = 0; i < a->n && !bad; i++)
    if (y[i] != want[i]) {
      printf("%s: y[%d] = %g, expected %g\n", name, i, y[i], want[i]);
      bad = 1;
    }
  free(want);
  return bad;
}

#endif
