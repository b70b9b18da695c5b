/* Adaptive quadrature of the fifth-order polynomial on [0, 100], the
 * integration kernel of "An analysis of processor resource models for use in
 * performance prediction", parallelised as the paper does with the
 * multiphase template: domain decomposition.
 *
 *   mpirun -np P integration_mpi [tol (1e-10)] [reps (5)]     (or --reps R)
 *
 * Phase 1, computation: process r integrates [a + r (b - a) / P,
 * a + (r + 1) (b - a) / P] by the same adaptive method as
 * examples/kernels/integration.c, with no communication.
 * Phase 2, communication: one MPI_Reduce (MPI_SUM) of one double (8 bytes)
 * from every process to rank 0: P - 1 messages of 8 bytes, in ceil(log2 P)
 * stages under a binomial tree. With P = 1 there is no communication.
 *
 * Every process uses the error budget of the whole interval (tol |I| / (b - a)
 * per unit length, I estimated over [a, b]), so the parts meet the sequential
 * program's relative tolerance together; for P a power of two the parts are
 * nodes of the sequential program's bisection tree and the accepted intervals
 * are the same. The work per part is not balanced: the polynomial is harder
 * in some parts than others, and the slowest part sets the time.
 *
 * Rank 0 prints per repetition
 *   integration P=<P> n=<tol> seconds=<s> compute=<s> comm=<s>
 * seconds, compute and comm being the largest over the ranks of the time from
 * the barrier to the end, in integrate() and in MPI_Reduce; then
 * "integration: correct" when the sum is within tol of the exact integral
 * (else a message and exit 1). Exit 2 on bad arguments. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpi_kernel.h"

#define LEVELS 5           /* each estimate uses 2^LEVELS strips */
#define EDGE_WIDTH 1e-3    /* narrower intervals are estimated by one trapezoid */
#define MAX_INTERVALS 4096
#define LO 0.0
#define HI 100.0

static const double coef[6] = {3.0, -1.5, 0.25, 0.02, -0.0004, 0.000003};

#define POLY(x) (((((coef[5] * (x) + coef[4]) * (x) + coef[3]) * (x) + coef[2]) * (x) + coef[1]) * (x) + coef[0])

/* ---- The kernel, as in integration.c ---- */

/* The surface under the polynomial over [lo, hi] by the trapezoid rule. */
double estimate(double lo, double hi, int levels) {
  if (hi - lo < EDGE_WIDTH) return 0.5 * (hi - lo) * (POLY(lo) + POLY(hi));
  int n = 1;
  for (int level = 0; level < levels; level++) n <<= 1;
  double h = (hi - lo) / n, x = lo + h, s = 0.0;
  for (int i = 1; i < n; i++) {
    double y = POLY(x);
    s += y;
    x += h;
  }
  return h * (s + 0.5 * (POLY(lo) + POLY(hi)));
}

/* Splits intervals until the two halves agree with the whole to budget per
 * unit length. integration.c derives the budget from [lo, hi] itself; here
 * the caller passes the whole interval's, so the parts share one tolerance. */
double integrate(double lo, double hi, double budget) {
  double los[MAX_INTERVALS], his[MAX_INTERVALS], total = 0.0;
  int top = 0;
  los[top] = lo;
  his[top++] = hi;
  while (top > 0) {
    top--;
    double a = los[top], b = his[top], m = 0.5 * (a + b);
    double whole = estimate(a, b, LEVELS);
    double halves = estimate(a, m, LEVELS) + estimate(m, b, LEVELS);
    if (fabs(halves - whole) <= budget * (b - a) || top + 2 > MAX_INTERVALS) {
      total += halves + (halves - whole) / 3.0;  /* Richardson: the trapezoid error falls by 4 */
    } else {
      los[top] = a;
      his[top++] = m;
      los[top] = m;
      his[top++] = b;
    }
  }
  return total;
}

/* ---- The parallel program ---- */

/* One repetition: t[0] elapsed, t[1] computing, t[2] communicating. */
static double run(double budget, int rank, int nprocs, double t[3]) {
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime(), width = (HI - LO) / nprocs;
  double lo = LO + rank * width, hi = rank == nprocs - 1 ? HI : LO + (rank + 1) * width;
  double part = integrate(lo, hi, budget), total = part;
  double t1 = MPI_Wtime();
  if (nprocs > 1) MPI_Reduce(&part, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  double t2 = MPI_Wtime();
  t[0] = t2 - t0;
  t[1] = t1 - t0;
  t[2] = t2 - t1;
  return total;
}

/* Rank 0: the sum against the exact integral, to the relative tolerance. */
static int check(double area, double tol) {
  double exact = 0.0;
  for (int k = 0; k < 6; k++) exact += coef[k] * (pow(HI, k + 1) - pow(LO, k + 1)) / (k + 1);
  double error = fabs(area - exact) / fabs(exact);
  if (error <= tol) return 0;
  printf("integration: %.12g, exact %.12g, relative error %.2g above %g\n", area, exact, error, tol);
  return 1;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, nprocs;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  const char *size = "1e-10", *reps_arg = "5";
  char *end = NULL;
  int ok = split_args(argc, argv, &size, &reps_arg);
  double tol = ok ? strtod(size, &end) : 0.0;
  long reps = whole_number(reps_arg, 1, 1000000);
  if (!ok || end == size || *end || !(tol >= 1e-14 && tol <= 0.1) || reps < 0) {
    if (rank == 0) fprintf(stderr, "usage: mpirun -np P integration_mpi [tol, 1e-14..0.1 (1e-10)] [reps (5)]\n");
    MPI_Finalize();
    return 2;
  }
  /* The whole interval's budget, as integration.c computes it; each process
   * works it out itself rather than receive it. */
  double budget = tol * fabs(estimate(LO, HI, LEVELS)) / (HI - LO);
  char shown[32];
  snprintf(shown, sizeof shown, "%g", tol);
  int bad = 0;
  for (long r = 0; r < reps; r++) {
    double t[3], area = run(budget, rank, nprocs, t);
    print_times("integration", nprocs, shown, t);
    if (rank == 0) bad |= check(area, tol);
  }
  if (rank == 0 && !bad) printf("integration: correct\n");
  MPI_Bcast(&bad, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return bad;
}
