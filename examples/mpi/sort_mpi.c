/* Merge sort of 128K floats, the sort kernel of "An analysis of processor
 * resource models for use in performance prediction", parallelised as the
 * paper does with the butterfly template, as the hypercube bitonic
 * merge-split sort (P a power of two, d = log2 P).
 *
 *   mpirun -np P sort_mpi [n, a multiple of P (131072)] [reps (5)]    (or --reps R)
 *
 * Each process holds m = n / P floats. Computation: it sorts them with the
 * bottom-up merge sort of examples/kernels/sort.c. Then, for i = 0 .. d - 1 and
 * j = i down to 0, one stage: the partner is rank XOR 2^j; the two exchange
 * their m floats in one MPI_Sendrecv (one message of 4m bytes each way), both
 * merge the two sorted blocks, and the one whose bit i + 1 equals its bit j
 * keeps the lower m, the other the upper m (a merge of m steps). That is
 * d (d + 1) / 2 stages, each one message of 4 n / P bytes in each direction
 * between every pair of partners, all pairs at once; P = 2: 1 stage, P = 4: 3,
 * P = 8: 6. The last d stages of the butterfly alone (j = d - 1 .. 0) are not
 * enough: only the bitonic ordering of stages leaves the blocks globally
 * sorted. With P = 1 there is no communication.
 *
 * Outside the timing: rank 0 generates the n floats with sort.c's linear
 * congruential generator and scatters them in blocks once; each repetition
 * starts from a copy of the block, and gathers the result to rank 0, which
 * checks that it is sorted, has the same sum as before (exact: the floats are
 * multiples of 2^-16 below 256) and equals the sequential merge sort's result.
 *
 * Rank 0 prints per repetition
 *   sort P=<P> n=<n> seconds=<s> compute=<s> comm=<s>
 * the largest over the ranks of the time from the barrier to the end, in
 * sorting and merging and in MPI_Sendrecv; then "sort: correct" (else a
 * message and exit 1). Exit 2 on bad arguments. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpi_kernel.h"

#define MAX_N (1L << 26)

/* ---- The kernel, as in sort.c ---- */

/* Merges the sorted runs a[lo, mid) and a[mid, hi). Elements left in the
 * right run are already in place, so only the left run has a tail. */
void merge(float *a, float *tmp, int lo, int mid, int hi) {
  int i = lo, j = mid, k = 0;
  while (i < mid && j < hi) {
    if (a[i] <= a[j]) tmp[k++] = a[i++];
    else tmp[k++] = a[j++];
  }
  while (i < mid) tmp[k++] = a[i++];
  for (int m = 0; m < k; m++) a[lo + m] = tmp[m];
}

void merge_sort(float *a, float *tmp, int n) {
  for (int width = 1; width < n; width *= 2)
    for (int lo = 0; lo < n - width; lo += 2 * width) {
      int hi = lo + 2 * width < n ? lo + 2 * width : n;
      merge(a, tmp, lo, lo + width, hi);
    }
}

/* ---- Merge-split: the compare-exchange of the butterfly, for blocks ---- */

/* out = the m smallest of the sorted blocks mine and theirs. Having taken
 * k < m elements, neither block can be used up, so no bounds tests. */
static void keep_low(const float *mine, const float *theirs, float *out, int m) {
  int i = 0, j = 0;
  for (int k = 0; k < m; k++) out[k] = mine[i] <= theirs[j] ? mine[i++] : theirs[j++];
}

/* out = the m largest, taken from the top down. */
static void keep_high(const float *mine, const float *theirs, float *out, int m) {
  int i = m - 1, j = m - 1;
  for (int k = m - 1; k >= 0; k--) out[k] = mine[i] > theirs[j] ? mine[i--] : theirs[j--];
}

/* ---- The input and the check (rank 0) ---- */

static void *xmalloc(size_t bytes) {
  void *p = malloc(bytes ? bytes : 1);
  if (!p) {
    fprintf(stderr, "sort_mpi: out of memory (%zu bytes)\n", bytes);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  return p;
}

/* sort.c's generator, continued past 128K when n is larger. */
static double generate(float *a, long n) {
  unsigned state = 12345u;
  double sum = 0;
  for (long i = 0; i < n; i++) {
    state = state * 1103515245u + 12345u;
    a[i] = (float)(state >> 8) / 65536.0f;
    sum += a[i];
  }
  return sum;
}

/* The gathered result: sorted, the same sum, and the sequential result. */
static int check(const float *a, const float *want, long n, double sum_before) {
  double sum = 0;
  for (long i = 0; i < n; i++) {
    sum += a[i];
    if (i > 0 && a[i - 1] > a[i]) {
      printf("sort: a[%ld] = %g > a[%ld] = %g\n", i - 1, a[i - 1], i, a[i]);
      return 1;
    }
  }
  if (sum != sum_before) {
    printf("sort: the elements changed (sum %.17g, was %.17g)\n", sum, sum_before);
    return 1;
  }
  if (memcmp(a, want, (size_t)n * sizeof *a) != 0) {
    printf("sort: the result differs from the sequential merge sort's\n");
    return 1;
  }
  return 0;
}

/* ---- The parallel program ---- */

typedef struct {
  int rank, nprocs, m;
  float *block, *other, *out, *tmp; /* m floats each */
} sorter_t;

/* One stage: exchange blocks with partner, then keep the lower or upper m. */
static void stage(sorter_t *s, int partner, int low, double *compute, double *comm) {
  double t0 = MPI_Wtime();
  MPI_Sendrecv(s->block, s->m, MPI_FLOAT, partner, 0, s->other, s->m, MPI_FLOAT, partner, 0, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
  double t1 = MPI_Wtime();
  if (low) keep_low(s->block, s->other, s->out, s->m);
  else keep_high(s->block, s->other, s->out, s->m);
  float *kept = s->out; /* the merged block becomes the held one */
  s->out = s->block;
  s->block = kept;
  *comm += t1 - t0;
  *compute += MPI_Wtime() - t1;
}

/* One repetition from the unsorted block: t[0] elapsed, t[1] computing,
 * t[2] communicating. The hypercube bitonic sort: at stage (i, j) the
 * process keeps the low half when its bit i + 1 equals its bit j. */
static void run(sorter_t *s, const float *unsorted, double t[3]) {
  memcpy(s->block, unsorted, (size_t)s->m * sizeof *s->block);
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime(), compute = 0, comm = 0;
  merge_sort(s->block, s->tmp, s->m);
  compute += MPI_Wtime() - t0;
  for (int i = 0; (1 << i) < s->nprocs; i++)
    for (int j = i; j >= 0; j--)
      stage(s, s->rank ^ (1 << j), ((s->rank >> (i + 1)) & 1) == ((s->rank >> j) & 1), &compute, &comm);
  t[0] = MPI_Wtime() - t0;
  t[1] = compute;
  t[2] = comm;
}

/* Rank 0 makes the input, its sum and the sequential result; all get a block. */
static double distribute(long n, float *unsorted, int m, float **want) {
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double sum = 0;
  float *all = NULL;
  if (rank == 0) {
    all = xmalloc((size_t)n * sizeof *all);
    *want = xmalloc((size_t)n * sizeof **want);
    float *tmp = xmalloc((size_t)n * sizeof *tmp);
    sum = generate(all, n);
    memcpy(*want, all, (size_t)n * sizeof *all);
    merge_sort(*want, tmp, (int)n);
    free(tmp);
  }
  MPI_Scatter(all, m, MPI_FLOAT, unsorted, m, MPI_FLOAT, 0, MPI_COMM_WORLD);
  free(all);
  return sum;
}

static int usage(int rank, const char *why) {
  if (rank == 0)
    fprintf(stderr, "sort_mpi: %s\nusage: mpirun -np P sort_mpi [n, a multiple of P up to %ld (131072)] [reps (5)]\n"
                    "  P a power of two\n", why, MAX_N);
  MPI_Finalize();
  return 2;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, nprocs;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  const char *size = "131072", *reps_arg = "5";
  if (!split_args(argc, argv, &size, &reps_arg)) return usage(rank, "bad arguments");
  long n = whole_number(size, 1, MAX_N), reps = whole_number(reps_arg, 1, 1000000);
  if (n < 0 || reps < 0) return usage(rank, "bad n or reps");
  if (nprocs & (nprocs - 1)) return usage(rank, "the bitonic merge-split needs P a power of two");
  if (n % nprocs) return usage(rank, "n must be a multiple of P");
  sorter_t s = {rank, nprocs, (int)(n / nprocs), NULL, NULL, NULL, NULL};
  size_t bytes = (size_t)s.m * sizeof(float);
  float *unsorted = xmalloc(bytes), *want = NULL, *result = rank == 0 ? xmalloc((size_t)n * sizeof(float)) : NULL;
  s.block = xmalloc(bytes);
  s.other = xmalloc(bytes);
  s.out = xmalloc(bytes);
  s.tmp = xmalloc(bytes);
  double sum_before = distribute(n, unsorted, s.m, &want);
  char shown[32];
  snprintf(shown, sizeof shown, "%ld", n);
  int bad = 0;
  for (long r = 0; r < reps; r++) {
    double t[3];
    run(&s, unsorted, t);
    print_times("sort", nprocs, shown, t);
    MPI_Gather(s.block, s.m, MPI_FLOAT, result, s.m, MPI_FLOAT, 0, MPI_COMM_WORLD);
    if (rank == 0) bad |= check(result, want, n, sum_before);
  }
  if (rank == 0 && !bad) printf("sort: correct\n");
  MPI_Bcast(&bad, 1, MPI_INT, 0, MPI_COMM_WORLD);
  free(unsorted);
  free(want);
  free(result);
  free(s.block);
  free(s.other);
  free(s.out);
  free(s.tmp);
  MPI_Finalize();
  return bad;
}
