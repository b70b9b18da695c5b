/* Dense matrix multiplication C = A B in double precision, the basic
 * algorithm of "ICE: A General and Validated Energy Complexity Model for
 * Multithreaded Algorithms" (Figure 3: the i, j, k triple loop; Table 6:
 * Work Theta(2nmp), Span Theta(2nmp/N) on N cores). A is n x m, B m x p and C
 * n x p, all row-major. The rows of C are split into N blocks, one per core
 * (a static schedule gives each thread one contiguous block of rows), and
 * each entry is one dot product of a row of A with a column of B. Every row
 * of C reads all of B, so once B outgrows the cache it is loaded n times:
 * I/O about nmp / B for lines of B words (pacer's reading of section 5.1), where the
 * cache-oblivious algorithm of matmul_co.c needs about nmp / (B sqrt(Z)).
 *
 *   matmul_basic [n (256)] [m (n)] [p (m)]
 *
 * matmul_co.c builds the same A and B, and the products are exact, so the
 * two print the same checksum. */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* C = A B, A n x m, B m x p, C n x p. */
void matmul_basic(int n, int m, int p, const double *a, const double *b, double *c) {
#ifdef _OPENMP
#pragma omp parallel for schedule(static)
#endif
  for (int i = 0; i < n; i++)
    for (int j = 0; j < p; j++) {
      double sum = 0.0;
      for (int k = 0; k < m; k++) sum += a[i * m + k] * b[k * p + j];
      c[i * p + j] = sum;
    }
}

/* ---- The input: the same in matmul_basic.c and matmul_co.c ---- */

#define MAX_DIM 8192

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

/* A (n x m) holds integers in -4..4 and B (m x p) integers in -3..3, so
 * every partial sum is an exact double whatever the order of summation. */
static void make_inputs(int n, int m, int p, double **a, double **b) {
  uint64_t s = 20161213;
  *a = xcalloc((size_t)n * m, sizeof **a);
  *b = xcalloc((size_t)m * p, sizeof **b);
  for (size_t e = 0; e < (size_t)n * m; e++) (*a)[e] = (double)((int)(lcg_next(&s) % 9) - 4);
  for (size_t e = 0; e < (size_t)m * p; e++) (*b)[e] = (double)((int)(lcg_next(&s) % 7) - 3);
}

/* 64-bit FNV-1a over the bytes of C. */
static uint64_t fnv1a(const double *c, size_t count) {
  const unsigned char *q = (const unsigned char *)c;
  uint64_t h = 14695981039346656037ULL;
  for (size_t b = 0; b < count * sizeof *c; b++) h = (h ^ q[b]) * 1099511628211ULL;
  return h;
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

int main(int argc, char **argv) {
  long n = arg(argc, argv, 1, 256);
  long m = arg(argc, argv, 2, n);
  long p = arg(argc, argv, 3, m);
  if (argc > 4 || n < 1 || m < 1 || p < 1 || n > MAX_DIM || m > MAX_DIM || p > MAX_DIM) {
    fprintf(stderr, "usage: matmul_basic [n (256)] [m (n)] [p (m)], each 1..%d\n", MAX_DIM);
    return 2;
  }
  double *a, *b, *c = xcalloc((size_t)n * p, sizeof *c);
  make_inputs((int)n, (int)m, (int)p, &a, &b);
  matmul_basic((int)n, (int)m, (int)p, a, b, c);
  if (check((int)n, (int)m, (int)p, a, b, c, "matmul_basic")) return 1;
  printf("matmul_basic: n=%ld m=%ld p=%ld checksum=%016" PRIx64 "\n", n, m, p, fnv1a(c, (size_t)n * p));
  free(a);
  free(b);
  free(c);
  return 0;
}
