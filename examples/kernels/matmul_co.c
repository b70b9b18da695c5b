/* Dense matrix multiplication C = A B in double precision, the
 * cache-oblivious algorithm of "Cache-Oblivious Algorithms" (Frigo,
 * Leiserson, Prokop and Ramachandran) as used in "ICE: A General and
 * Validated Energy Complexity Model for Multithreaded Algorithms" (Table 6:
 * Work Theta(2nmp), Span Theta(2nmp/N) on N cores, as for the basic
 * algorithm of matmul_basic.c). A is n x m, B m x p and C n x p, all
 * row-major. The rows of C are split into N blocks, one per core; within a
 * block the product is halved along its largest dimension until all three
 * are at most CO_BASE, so at some depth the pieces fit any cache without
 * knowing its size: I/O O(n + m + p + (nm + mp + np) / B + nmp / (B sqrt(Z)))
 * for a cache of Z words in lines of B words, where the basic loop loads B
 * once per row of C, about nmp / B.
 *
 *   matmul_co [n (256)] [m (n)] [p (m)]
 *
 * matmul_basic.c builds the same A and B, and the products are exact, so the
 * two print the same checksum. */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "matmul_input.h"

#define CO_BASE 16

/* The base case, C += A B on at most CO_BASE^3 multiply-adds; the i, k, j
 * order runs along rows of B and C. lda, ldb and ldc are the row lengths of
 * the whole matrices. */
static void co_base(int n, int m, int p, const double *a, int lda, const double *b, int ldb, double *c, int ldc) {
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++) {
      double aik = a[i * lda + k];
      for (int j = 0; j < p; j++) c[i * ldc + j] += aik * b[k * ldb + j];
    }
}

/* C += A B, A n x m, B m x p, halving the largest dimension: n splits A and
 * C by rows, p splits B and C by columns, and m splits A by columns and B by
 * rows, whose two products add into the same C one after the other. */
static void co_rec(int n, int m, int p, const double *a, int lda, const double *b, int ldb, double *c, int ldc) {
  if (n <= CO_BASE && m <= CO_BASE && p <= CO_BASE) {
    co_base(n, m, p, a, lda, b, ldb, c, ldc);
  } else if (n >= m && n >= p) {
    int h = n / 2;
    co_rec(h, m, p, a, lda, b, ldb, c, ldc);
    co_rec(n - h, m, p, a + h * lda, lda, b, ldb, c + h * ldc, ldc);
  } else if (p >= m) {
    int h = p / 2;
    co_rec(n, m, h, a, lda, b, ldb, c, ldc);
    co_rec(n, m, p - h, a, lda, b + h, ldb, c + h, ldc);
  } else {
    int h = m / 2;
    co_rec(n, h, p, a, lda, b, ldb, c, ldc);
    co_rec(n, m - h, p, a + h, lda, b + h * ldb, ldb, c, ldc);
  }
}

#ifdef _OPENMP
/* The OpenMP runtime's, declared here rather than through omp.h, which not
 * every compiler that accepts -fopenmp finds (Debian's clang 14 without
 * libomp-dev). */
int omp_get_max_threads(void);
#endif

static int thread_count(void) {
#ifdef _OPENMP
  return omp_get_max_threads();
#else
  return 1;
#endif
}

/* C = A B, A n x m, B m x p, C n x p: one block of rows of C per thread. */
void matmul_co(int n, int m, int p, const double *a, const double *b, double *c) {
  int blocks = thread_count();
  if (blocks > n) blocks = n;
#ifdef _OPENMP
#pragma omp parallel for schedule(static)
#endif
  for (int t = 0; t < blocks; t++) {
    int lo = n * t / blocks, hi = n * (t + 1) / blocks;
    for (int e = lo * p; e < hi * p; e++) c[e] = 0.0;
    co_rec(hi - lo, m, p, a + lo * m, m, b, p, c + lo * p, p);
  }
}

int main(int argc, char **argv) {
  long n = arg(argc, argv, 1, 256);
  long m = arg(argc, argv, 2, n);
  long p = arg(argc, argv, 3, m);
  if (argc > 4 || n < 1 || m < 1 || p < 1 || n > MAX_DIM || m > MAX_DIM || p > MAX_DIM) {
    fprintf(stderr, "usage: matmul_co [n (256)] [m (n)] [p (m)], each 1..%d\n", MAX_DIM);
    return 2;
  }
  double *a, *b, *c = xcalloc((size_t)n * p, sizeof *c);
  make_inputs((int)n, (int)m, (int)p, &a, &b);
  matmul_co((int)n, (int)m, (int)p, a, b, c);
  if (check((int)n, (int)m, (int)p, a, b, c, "matmul_co")) return 1;
  printf("matmul_co: n=%ld m=%ld p=%ld checksum=%016" PRIx64 "\n", n, m, p, fnv1a(c, (size_t)n * p));
  free(a);
  free(b);
  free(c);
  return 0;
}
