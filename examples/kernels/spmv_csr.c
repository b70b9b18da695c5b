/* Sparse matrix-vector multiplication y = A x with A in compressed sparse row
 * (CSR) form: an SpMV kernel of "ICE: A General and Validated Energy
 * Complexity Model for Multithreaded Algorithms" (Table 5: Work Theta(nz),
 * I/O O(nz), Span O(nr + log n), nr the most nonzeros in one row). Rows run
 * in parallel, each a dot product of its nonzeros with x; the reads of x by
 * column index are random, hence one transfer per nonzero.
 *
 *   spmv_csr [n rows (20000)]
 *
 * spmv_csc.c and spmv_csb.c build the same matrix and x, and the products
 * are exact, so the three print the same checksum. */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "spmv_input.h"

/* y = A x, A given by row_ptr (n + 1 offsets), col and val. */
void spmv_csr(int n, const int *row_ptr, const int *col, const double *val, const double *x, double *y) {
#ifdef _OPENMP
#pragma omp parallel for schedule(static)
#endif
  for (int i = 0; i < n; i++) {
    double sum = 0.0;
    for (int k = row_ptr[i]; k < row_ptr[i + 1]; k++) sum += val[k] * x[col[k]];
    y[i] = sum;
  }
}

/* ---- CSR ---- */

/* Counting sort of the entries by row; the order within a row is kept. */
static void to_csr(const coo_t *a, int **row_ptr, int **col, double **val) {
  int *ptr = xcalloc((size_t)a->n + 1, sizeof *ptr), *next = xcalloc((size_t)a->n, sizeof *next);
  *col = xcalloc((size_t)a->nz, sizeof **col);
  *val = xcalloc((size_t)a->nz, sizeof **val);
  for (int k = 0; k < a->nz; k++) ptr[a->row[k] + 1]++;
  for (int i = 0; i < a->n; i++) ptr[i + 1] += ptr[i];
  for (int i = 0; i < a->n; i++) next[i] = ptr[i];
  for (int k = 0; k < a->nz; k++) {
    int at = next[a->row[k]]++;
    (*col)[at] = a->col[k];
    (*val)[at] = a->val[k];
  }
  free(next);
  *row_ptr = ptr;
}

int main(int argc, char **argv) {
  long n = arg(argc, argv, 1, 20000);
  if (argc > 2 || n < 1 || n > 100000000) {
    fprintf(stderr, "usage: spmv_csr [n rows, 1..1e8 (20000)]\n");
    return 2;
  }
  coo_t a = make_matrix((int)n);
  double *x = make_x(a.n), *y = xcalloc((size_t)a.n, sizeof *y);
  int *row_ptr, *col;
  double *val;
  to_csr(&a, &row_ptr, &col, &val);
  spmv_csr(a.n, row_ptr, col, val, x, y);
  if (check(&a, x, y, "spmv_csr")) return 1;
  printf("spmv_csr: n=%d nz=%d checksum=%016" PRIx64 "\n", a.n, a.nz, fnv1a(y, (size_t)a.n));
  free(row_ptr);
  free(col);
  free(val);
  free(a.row);
  free(a.col);
  free(a.val);
  free(x);
  free(y);
  return 0;
}
