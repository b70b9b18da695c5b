/* Sparse matrix-vector multiplication y = A x with A in compressed sparse
 * column (CSC) form: an SpMV kernel of "ICE: A General and Validated Energy
 * Complexity Model for Multithreaded Algorithms" (Table 5: Work Theta(nz),
 * I/O O(nz), Span O(nc + log n), nc the most nonzeros in one column).
 * Columns run in parallel, each adding its column times x[j] into y; two
 * columns may hit the same y[i], so every update is atomic, and the updates
 * land at random places in y.
 *
 *   spmv_csc [n rows (20000)]
 *
 * spmv_csr.c and spmv_csb.c build the same matrix and x, and the products
 * are exact, so the three print the same checksum. */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "spmv_input.h"

/* y = A x, A given by col_ptr (n + 1 offsets), row and val. */
void spmv_csc(int n, const int *col_ptr, const int *row, const double *val, const double *x, double *y) {
#ifdef _OPENMP
#pragma omp parallel for schedule(static)
#endif
  for (int i = 0; i < n; i++) y[i] = 0.0;
#ifdef _OPENMP
#pragma omp parallel for schedule(static)
#endif
  for (int j = 0; j < n; j++) {
    double xj = x[j];
    for (int k = col_ptr[j]; k < col_ptr[j + 1]; k++) {
#ifdef _OPENMP
#pragma omp atomic
#endif
      y[row[k]] += val[k] * xj;
    }
  }
}

/* ---- CSC ---- */

/* Counting sort of the entries by column; the entries of a column keep
 * their order, which is by row. */
static void to_csc(const coo_t *a, int **col_ptr, int **row, double **val) {
  int *ptr = xcalloc((size_t)a->n + 1, sizeof *ptr), *next = xcalloc((size_t)a->n, sizeof *next);
  *row = xcalloc((size_t)a->nz, sizeof **row);
  *val = xcalloc((size_t)a->nz, sizeof **val);
  for (int k = 0; k < a->nz; k++) ptr[a->col[k] + 1]++;
  for (int j = 0; j < a->n; j++) ptr[j + 1] += ptr[j];
  for (int j = 0; j < a->n; j++) next[j] = ptr[j];
  for (int k = 0; k < a->nz; k++) {
    int at = next[a->col[k]]++;
    (*row)[at] = a->row[k];
    (*val)[at] = a->val[k];
  }
  free(next);
  *col_ptr = ptr;
}

int main(int argc, char **argv) {
  long n = arg(argc, argv, 1, 20000);
  if (argc > 2 || n < 1 || n > 100000000) {
    fprintf(stderr, "usage: spmv_csc [n rows, 1..1e8 (20000)]\n");
    return 2;
  }
  coo_t a = make_matrix((int)n);
  double *x = make_x(a.n), *y = xcalloc((size_t)a.n, sizeof *y);
  int *col_ptr, *row;
  double *val;
  to_csc(&a, &col_ptr, &row, &val);
  spmv_csc(a.n, col_ptr, row, val, x, y);
  if (check(&a, x, y, "spmv_csc")) return 1;
  printf("spmv_csc: n=%d nz=%d checksum=%016" PRIx64 "\n", a.n, a.nz, fnv1a(y, (size_t)a.n));
  free(col_ptr);
  free(row);
  free(val);
  free(a.row);
  free(a.col);
  free(a.val);
  free(x);
  free(y);
  return 0;
}
