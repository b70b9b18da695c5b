/* Sparse matrix-vector multiplication y = A x with A in compressed sparse
 * blocks (CSB), the format of "Parallel Sparse Matrix-Vector and
 * Matrix-Transpose-Vector Multiplication Using Compressed Sparse Blocks": an
 * SpMV kernel of "ICE: A General and Validated Energy Complexity Model for
 * Multithreaded Algorithms" (Table 5: Work Theta(n^2/beta^2 + nz), I/O
 * O(n^2/beta^2 + nz/B), Span O(beta log(n/beta) + n/beta)). The n x n matrix
 * is cut into beta x beta blocks, beta a power of two near sqrt(n); a block
 * stores its nonzeros in Z-Morton order with block-local 16-bit row and
 * column indices, so the beta entries of x and of y it touches stay in
 * cache. Block rows run in parallel, each visiting all of its n/beta blocks,
 * empty or not (the n^2/beta^2 term). The Span above assumes Buluc et al.'s
 * recursive split of a dense block row, which this version leaves out.
 *
 *   spmv_csb [n rows (20000)] [beta, a power of two (nearest sqrt(n))]
 *
 * spmv_csr.c and spmv_csc.c build the same matrix and x, and the products
 * are exact, so the three print the same checksum. */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "spmv_input.h"

/* y = A x. Block (bi, bj) of the nb x nb blocks holds the entries
 * blk_ptr[bi * nb + bj] up to blk_ptr[bi * nb + bj + 1]; rloc and cloc are
 * relative to the block's corner. */
void spmv_csb(int n, int beta, const int *blk_ptr, const unsigned short *rloc, const unsigned short *cloc,
              const double *val, const double *x, double *y) {
  int nb = (n + beta - 1) / beta;
#ifdef _OPENMP
#pragma omp parallel for schedule(static)
#endif
  for (int bi = 0; bi < nb; bi++) {
    int r0 = bi * beta, r1 = r0 + beta < n ? r0 + beta : n;
    for (int i = r0; i < r1; i++) y[i] = 0.0;
    /* Only this task writes y[r0, r1): no atomics. */
    double *yb = y + r0;
    for (int bj = 0; bj < nb; bj++) {
      const double *xb = x + bj * beta;
      int b = bi * nb + bj;
      for (int k = blk_ptr[b]; k < blk_ptr[b + 1]; k++) yb[rloc[k]] += val[k] * xb[cloc[k]];
    }
  }
}

/* ---- CSB ---- */

#define MAX_BETA 32768    /* block-local indices fit in 16 bits */
#define MAX_BLOCKS 100000000 /* nb^2 block offsets */

/* The power of two nearest sqrt(n) on a log scale: beta^2 in [n/2, 2n). */
static int default_beta(long n) {
  int beta = 1;
  while (4LL * beta * beta <= n) beta *= 2;
  if (2LL * beta * beta <= n) beta *= 2;
  return beta;
}

/* The bits of a block-local row and column interleaved, the row's above
 * the column's: in this order a block is walked in Z-Morton order. */
static uint32_t morton(unsigned r, unsigned c) {
  uint32_t z = 0;
  for (int b = 0; b < 16; b++) z |= (r >> b & 1u) << (2 * b + 1) | (c >> b & 1u) << (2 * b);
  return z;
}

typedef struct {
  uint64_t key; /* block index, then Morton code */
  int k;        /* entry in the coordinate list */
} order_t;

static int by_key(const void *p, const void *q) {
  uint64_t a = ((const order_t *)p)->key, b = ((const order_t *)q)->key;
  return (a > b) - (a < b);
}

/* Sorts the entries by block (block rows first) and, within a block, by
 * Morton code; no two entries share a key, so the order is unique. */
static void to_csb(const coo_t *a, int beta, int **blk_ptr, unsigned short **rloc, unsigned short **cloc,
                   double **val) {
  int nb = (a->n + beta - 1) / beta;
  int *ptr = xcalloc((size_t)nb * nb + 1, sizeof *ptr);
  order_t *ord = xcalloc((size_t)a->nz, sizeof *ord);
  *rloc = xcalloc((size_t)a->nz, sizeof **rloc);
  *cloc = xcalloc((size_t)a->nz, sizeof **cloc);
  *val = xcalloc((size_t)a->nz, sizeof **val);
  for (int k = 0; k < a->nz; k++) {
    int r = a->row[k], c = a->col[k];
    size_t b = (size_t)(r / beta) * nb + c / beta;
    ord[k].key = (uint64_t)b << 32 | morton(r % beta, c % beta);
    ord[k].k = k;
    ptr[b + 1]++;
  }
  for (size_t b = 0; b < (size_t)nb * nb; b++) ptr[b + 1] += ptr[b];
  qsort(ord, (size_t)a->nz, sizeof *ord, by_key);
  for (int t = 0; t < a->nz; t++) {
    int k = ord[t].k;
    (*rloc)[t] = (unsigned short)(a->row[k] % beta);
    (*cloc)[t] = (unsigned short)(a->col[k] % beta);
    (*val)[t] = a->val[k];
  }
  free(ord);
  *blk_ptr = ptr;
}

int main(int argc, char **argv) {
  long n = arg(argc, argv, 1, 20000);
  long beta = arg(argc, argv, 2, n >= 1 ? default_beta(n) : 1);
  long nb = beta >= 1 ? (n + beta - 1) / beta : 0;
  if (argc > 3 || n < 1 || n > 100000000 || beta < 1 || beta > MAX_BETA || (beta & (beta - 1)) ||
      nb * nb > MAX_BLOCKS) {
    fprintf(stderr,
            "usage: spmv_csb [n rows, 1..1e8 (20000)] [beta, a power of two up to %d with (n/beta)^2 <= %d "
            "(nearest sqrt(n))]\n",
            MAX_BETA, MAX_BLOCKS);
    return 2;
  }
  coo_t a = make_matrix((int)n);
  double *x = make_x(a.n), *y = xcalloc((size_t)a.n, sizeof *y);
  int *blk_ptr;
  unsigned short *rloc, *cloc;
  double *val;
  to_csb(&a, (int)beta, &blk_ptr, &rloc, &cloc, &val);
  spmv_csb(a.n, (int)beta, blk_ptr, rloc, cloc, val, x, y);
  if (check(&a, x, y, "spmv_csb")) return 1;
  printf("spmv_csb: n=%d nz=%d checksum=%016" PRIx64 "\n", a.n, a.nz, fnv1a(y, (size_t)a.n));
  free(blk_ptr);
  free(rloc);
  free(cloc);
  free(val);
  free(a.row);
  free(a.col);
  free(a.val);
  free(x);
  free(y);
  return 0;
}
