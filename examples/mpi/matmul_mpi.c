/* Matrix multiplication C = A B, 256 x 256 single precision, the matmul
 * kernel of "An analysis of processor resource models for use in performance
 * prediction", parallelised as the paper does with the row-column broadcast
 * template (the broadcast algorithm also known as SUMMA).
 *
 *   mpirun -np P matmul_mpi [n (256)] [reps (5)]     (or --reps R)
 *
 * The P processes form a pr x pc grid, pr the largest divisor of P with
 * pr <= sqrt(P): q x q when P = q^2 (1, 4, 16, ...), 1 x 2 for P = 2, 2 x 4
 * for P = 8. n must be a multiple of pr and of pc. Process (i, j) owns the
 * (n/pr) x (n/pc) blocks A_ij, B_ij and C_ij, filled from the global indices
 * as examples/kernels/matmul.c fills A and B, so nothing is distributed.
 *
 * The inner dimension is cut into L = lcm(pr, pc) panels of w = n / L columns
 * of A (rows of B); L = q on a q x q grid, where a panel is a whole block.
 * Step k = 0 .. L - 1: the process column holding A's panel k broadcasts it
 * along each process row (MPI_Bcast of (n/pr) w floats, 4 (n/pr) w bytes,
 * among pc processes), the process row holding B's panel k broadcasts it
 * along each process column (4 w (n/pc) bytes among pr processes), and every
 * process adds the panels' product to its C_ij. On a q x q grid: q steps,
 * each one broadcast of 4 (n/q)^2 bytes in every process row and one of the
 * same size in every process column (a binomial tree: ceil(log2 q) stages
 * of point-to-point messages of that size). On a 1 x 2 grid: 2 steps, each
 * a broadcast of 4 n (n/2) bytes between the two processes, and none along
 * the columns. The root broadcasts straight from its block (an MPI vector
 * type), so no copying. With P = 1 there is no communication.
 *
 * The local product is matmul.c's: one float dot product per entry of C_ij
 * per step, of length w, added into C_ij.
 *
 * Rank 0 prints per repetition
 *   matmul P=<P> n=<n> seconds=<s> compute=<s> comm=<s>
 * the largest over the ranks of the time from the barrier to the end, in the
 * local products and in MPI_Bcast; then gathers C (untimed) and compares it
 * with a double-precision recomputation, every entry for n <= 256 and every
 * 17th row and 13th column above; prints "matmul: correct" (else a message
 * and exit 1). The entries are sums of small integers, exact in float. Exit 2
 * on bad arguments. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpi_kernel.h"

#define MAX_N 8192

/* The entries of A and B at (i, j), as matmul.c fills them. */
static float a_at(long i, long j) { return (float)((i + 2 * j) % 7) - 3.0f; }
static float b_at(long i, long j) { return (float)((3 * i + j) % 5) - 2.0f; }

/* ---- The kernel: matmul.c's dot products, on panels ---- */

/* c (mr x mc, leading dimension mc) += a (mr x w, lda) . b (w x mc, ldb). */
void matmul_panel(int mr, int mc, int w, const float *a, int lda, const float *b, int ldb, float *c) {
  for (int row = 0; row < mr; row++)
    for (int col = 0; col < mc; col++) {
      float sum = 0.0f;
      for (int r = 0; r < w; r++) sum += a[row * lda + r] * b[r * ldb + col];
      c[row * mc + col] += sum;
    }
}

/* ---- The grid ---- */

typedef struct {
  int n, pr, pc, row, col; /* grid shape, this process's place */
  int mr, mc, w, steps;    /* block rows and columns, panel width, panels */
  MPI_Comm row_comm, col_comm;
  MPI_Datatype a_panel;    /* w columns of an A block, in place */
  float *a, *b, *c, *a_buf, *b_buf;
} grid_t;

static void *xmalloc(size_t bytes) {
  void *p = malloc(bytes ? bytes : 1);
  if (!p) {
    fprintf(stderr, "matmul_mpi: out of memory (%zu bytes)\n", bytes);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  return p;
}

static int gcd(int x, int y) { return y ? gcd(y, x % y) : x; }

/* pr: the largest divisor of P at most sqrt(P), so the grid is as square as
 * P allows and the broadcasts along rows and columns as even. */
static int grid_rows(int nprocs) {
  int pr = 1;
  for (int d = 1; d * d <= nprocs; d++)
    if (nprocs % d == 0) pr = d;
  return pr;
}

/* Places this process, splits the row and column communicators (rank in a
 * row communicator = grid column, in a column one = grid row) and fills the
 * blocks of A and B. */
static void grid_init(grid_t *g, int n, int rank, int nprocs) {
  g->n = n;
  g->pr = grid_rows(nprocs);
  g->pc = nprocs / g->pr;
  g->row = rank / g->pc;
  g->col = rank % g->pc;
  g->mr = n / g->pr;
  g->mc = n / g->pc;
  g->steps = g->pr / gcd(g->pr, g->pc) * g->pc;
  g->w = n / g->steps;
  MPI_Comm_split(MPI_COMM_WORLD, g->row, g->col, &g->row_comm);
  MPI_Comm_split(MPI_COMM_WORLD, g->col, g->row, &g->col_comm);
  MPI_Type_vector(g->mr, g->w, g->mc, MPI_FLOAT, &g->a_panel);
  MPI_Type_commit(&g->a_panel);
  size_t block = (size_t)g->mr * g->mc;
  g->a = xmalloc(block * sizeof(float));
  g->b = xmalloc(block * sizeof(float));
  g->c = xmalloc(block * sizeof(float));
  g->a_buf = xmalloc((size_t)g->mr * g->w * sizeof(float));
  g->b_buf = xmalloc((size_t)g->w * g->mc * sizeof(float));
  for (int i = 0; i < g->mr; i++)
    for (int j = 0; j < g->mc; j++) {
      g->a[i * g->mc + j] = a_at((long)g->row * g->mr + i, (long)g->col * g->mc + j);
      g->b[i * g->mc + j] = b_at((long)g->row * g->mr + i, (long)g->col * g->mc + j);
    }
}

static void grid_free(grid_t *g) {
  MPI_Type_free(&g->a_panel);
  MPI_Comm_free(&g->row_comm);
  MPI_Comm_free(&g->col_comm);
  free(g->a);
  free(g->b);
  free(g->c);
  free(g->a_buf);
  free(g->b_buf);
}

/* ---- The parallel program ---- */

/* Step k: the two broadcasts, then the local product. The owner of a panel
 * uses it in place; the others receive it into a_buf, b_buf. */
static void step(grid_t *g, int k, double *compute, double *comm) {
  int k0 = k * g->w, a_root = k0 / g->mc, b_root = k0 / g->mr;
  const float *a = g->a_buf, *b = g->b_buf;
  int lda = g->w;
  double t0 = MPI_Wtime();
  if (g->col == a_root) {
    a = g->a + k0 % g->mc;
    lda = g->mc;
    if (g->pc > 1) MPI_Bcast(g->a + k0 % g->mc, 1, g->a_panel, a_root, g->row_comm);
  } else {
    MPI_Bcast(g->a_buf, g->mr * g->w, MPI_FLOAT, a_root, g->row_comm);
  }
  if (g->row == b_root) {
    b = g->b + (size_t)(k0 % g->mr) * g->mc;
    if (g->pr > 1) MPI_Bcast(g->b + (size_t)(k0 % g->mr) * g->mc, g->w * g->mc, MPI_FLOAT, b_root, g->col_comm);
  } else {
    MPI_Bcast(g->b_buf, g->w * g->mc, MPI_FLOAT, b_root, g->col_comm);
  }
  double t1 = MPI_Wtime();
  matmul_panel(g->mr, g->mc, g->w, a, lda, b, g->mc, g->c);
  *comm += t1 - t0;
  *compute += MPI_Wtime() - t1;
}

/* One repetition: t[0] elapsed, t[1] computing, t[2] communicating. */
static void run(grid_t *g, double t[3]) {
  memset(g->c, 0, (size_t)g->mr * g->mc * sizeof *g->c);
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime(), compute = 0, comm = 0;
  for (int k = 0; k < g->steps; k++) step(g, k, &compute, &comm);
  t[0] = MPI_Wtime() - t0;
  t[1] = compute;
  t[2] = comm;
}

/* Rank 0: entry (i, j) of the gathered blocks, held in rank order. */
static float gathered(const grid_t *g, const float *all, int i, int j) {
  int owner = i / g->mr * g->pc + j / g->mc;
  return all[(size_t)owner * g->mr * g->mc + (size_t)(i % g->mr) * g->mc + j % g->mc];
}

/* Rank 0: the gathered C against a double-precision recomputation. */
static int check(const grid_t *g, const float *all) {
  int n = g->n, di = n <= 256 ? 1 : 17, dj = n <= 256 ? 1 : 13;
  for (int i = 0; i < n; i += di)
    for (int j = 0; j < n; j += dj) {
      double want = 0;
      for (int r = 0; r < n; r++) want += (double)a_at(i, r) * (double)b_at(r, j);
      float got = gathered(g, all, i, j);
      if (fabs(want - got) > 1e-6) {
        printf("matmul: c[%d][%d] = %g, expected %g\n", i, j, got, want);
        return 1;
      }
    }
  return 0;
}

static int usage(int rank, const char *why) {
  if (rank == 0)
    fprintf(stderr, "matmul_mpi: %s\nusage: mpirun -np P matmul_mpi [n (256)] [reps (5)]\n"
                    "  n up to %d, a multiple of both sides of the process grid (P = 2: 1 x 2, 8: 2 x 4)\n",
            why, MAX_N);
  MPI_Finalize();
  return 2;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, nprocs;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  const char *size = "256", *reps_arg = "5";
  if (!split_args(argc, argv, &size, &reps_arg)) return usage(rank, "bad arguments");
  long n = whole_number(size, 1, MAX_N), reps = whole_number(reps_arg, 1, 1000000);
  if (n < 0 || reps < 0) return usage(rank, "bad n or reps");
  int pr = grid_rows(nprocs), pc = nprocs / pr;
  if (n % pr || n % pc) return usage(rank, "n is not a multiple of both sides of the grid");
  grid_t g;
  grid_init(&g, (int)n, rank, nprocs);
  float *all = rank == 0 ? xmalloc((size_t)n * n * sizeof(float)) : NULL;
  char shown[32];
  snprintf(shown, sizeof shown, "%ld", n);
  int bad = 0;
  for (long r = 0; r < reps; r++) {
    double t[3];
    run(&g, t);
    print_times("matmul", nprocs, shown, t);
    MPI_Gather(g.c, g.mr * g.mc, MPI_FLOAT, all, g.mr * g.mc, MPI_FLOAT, 0, MPI_COMM_WORLD);
    if (rank == 0) bad |= check(&g, all);
  }
  if (rank == 0 && !bad) printf("matmul: correct\n");
  MPI_Bcast(&bad, 1, MPI_INT, 0, MPI_COMM_WORLD);
  free(all);
  grid_free(&g);
  MPI_Finalize();
  return bad;
}
