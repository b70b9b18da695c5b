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

#include "matmul_input.h"

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
