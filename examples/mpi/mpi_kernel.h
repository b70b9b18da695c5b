/* What the three MPI kernels share: their arguments and the line each
 * repetition prints, so that their output reads the same. */
#ifndef MPI_KERNEL_H
#define MPI_KERNEL_H
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Takes "--reps R" wherever it is and up to two positionals, the size and the
 * repetitions; *size and *reps keep their defaults when absent. Every rank
 * parses the same arguments, so all agree on whether to go on. */
static int split_args(int argc, char **argv, const char **size, const char **reps) {
  int npos = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--reps") == 0) {
      if (++i == argc) return 0;
      *reps = argv[i];
    } else if (npos == 0) {
      *size = argv[i];
      npos++;
    } else if (npos == 1) {
      *reps = argv[i];
      npos++;
    } else {
      return 0;
    }
  }
  return 1;
}

/* The argument as a whole number in lo..hi, or -1. */
static long whole_number(const char *s, long lo, long hi) {
  char *end;
  long v = strtol(s, &end, 10);
  return end == s || *end || v < lo || v > hi ? -1 : v;
}

/* Maximum over the ranks of t[0..2] onto rank 0: measurement, not timed. */
static void print_times(const char *name, int nprocs, const char *size, const double t[3]) {
  double max[3];
  MPI_Reduce(t, max, 3, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    printf("%s P=%d n=%s seconds=%.6e compute=%.6e comm=%.6e\n", name, nprocs, size, max[0], max[1], max[2]);
}

#endif
