/* A memory-bound OpenMP program for `pacer speedup measure`: the STREAM
 * triad a[i] = b[i] + s * c[i] over arrays larger than the caches, repeated,
 * followed by a compute-bound phase (a polynomial per element) so the run has
 * both kinds of instruction the memory-wall model separates. It checks its
 * own result and exits non-zero if it is wrong.
 *
 *   triad [N elements (4000000)] [R repetitions (20)]
 */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
  const long n = argc > 1 ? atol(argv[1]) : 4000000;
  const int reps = argc > 2 ? atoi(argv[2]) : 20;
  if (n < 1 || reps < 1) {
    fprintf(stderr, "usage: triad [N > 0] [R > 0]\n");
    return 2;
  }
  double* a = malloc((size_t)n * sizeof *a);
  double* b = malloc((size_t)n * sizeof *b);
  double* c = malloc((size_t)n * sizeof *c);
  if (!a || !b || !c) {
    fprintf(stderr, "triad: out of memory for %ld elements\n", n);
    return 1;
  }
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; ++i) {
    a[i] = 0;
    b[i] = 1.0;
    c[i] = 2.0;
  }
  const double s = 0.5;
  for (int r = 0; r < reps; ++r) {
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; ++i) a[i] = b[i] + s * c[i];
  }
  double sum = 0;
#pragma omp parallel for schedule(static) reduction(+ : sum)
  for (long i = 0; i < n; ++i) {
    double x = a[i], y = 0;
    for (int k = 0; k < 32; ++k) y = y * 0.5 + x;  /* converges to 2x */
    sum += y;
  }
  const double expected = 2.0 * 2.0 * (double)n * (1.0 - pow(0.5, 32));
  if (fabs(sum - expected) > 1e-9 * expected) {
    fprintf(stderr, "triad: wrong result %.17g, expected %.17g\n", sum, expected);
    return 1;
  }
  printf("triad: %ld elements, %d repetitions, %d threads, checksum %.6g\n", n, reps, omp_get_max_threads(), sum);
  free(a);
  free(b);
  free(c);
  return 0;
}
