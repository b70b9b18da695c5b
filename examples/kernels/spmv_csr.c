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

/* ---- The input: the same in spmv_csr.c, spmv_csc.c and spmv_csb.c ---- */

#define BAND 3    /* half-width of the band */
#define SCATTER 3 /* tries at an entry off the band, per row */

static void *xcalloc(size_t count, size_t size) {
  void *p = calloc(count ? count : 1, size);
  if (!p) {
    fprintf(stderr, "out of memory (%zu x %zu bytes)\n", count, size);
    exit(1);
  }
  return p;
}

/* The i-th argument as a number, def when absent, -1 when not a number. */
static long arg(int argc, char **argv, int i, long def) {
  if (argc <= i) return def;
  char *end;
  long v = strtol(argv[i], &end, 10);
  return end == argv[i] || *end ? -1 : v;
}

/* A 64-bit linear congruential generator (Knuth's MMIX constants): the same
 * stream everywhere, which rand() does not promise. */
static uint64_t lcg_next(uint64_t *s) {
  *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
  return *s >> 33;
}

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

/* 64-bit FNV-1a over the bytes of y. */
static uint64_t fnv1a(const double *y, int n) {
  const unsigned char *p = (const unsigned char *)y;
  uint64_t h = 14695981039346656037ULL;
  for (size_t b = 0; b < (size_t)n * sizeof *y; b++) h = (h ^ p[b]) * 1099511628211ULL;
  return h;
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
  printf("spmv_csr: n=%d nz=%d checksum=%016" PRIx64 "\n", a.n, a.nz, fnv1a(y, a.n));
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
