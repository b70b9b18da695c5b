/* MPI point-to-point ping-pong: the message-passing calibration that "An
 * analysis of processor resource models for use in performance prediction"
 * needs next to its processor models, one-way time against message size
 * between two neighbouring processes.
 *
 *   mpirun -np 2 pingpong REPS SIZE [SIZE ...]
 *
 * Ranks 0 and 1 take part; any others wait at the closing barrier. For each
 * SIZE (bytes): WARMUP round trips, a check that rank 1 echoed the bytes rank 0
 * sent, a calibration pass that doubles ITER from 1 until ITER round trips take
 * at least MIN_BATCH seconds, then REPS timed batches of ITER round trips.
 * A batch's one-way time is its elapsed time / (2 ITER). Rank 0 prints
 *
 *   bytes,distance,seconds
 *   SIZE,1,SECONDS           (one line per batch, seconds as %.9e)
 *
 * distance is 1: ranks 0 and 1 are taken to be neighbours. Before each batch
 * rank 0 tells rank 1 how many round trips follow, in one untimed message;
 * 0 ends the size. Exit 2 on bad arguments, 1 when an echo is wrong. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WARMUP 5
#define MIN_BATCH 1e-3     /* seconds: well above MPI_Wtime's resolution */
#define MAX_ITER (1L << 30)
#define MAX_SIZE (1L << 30) /* bytes; rank 0 holds two buffers of it */
#define MAX_REPS 1000000L

enum { TAG_CTRL = 1, TAG_PING, TAG_PONG };

/* The argument as a number in lo..hi, or -1. */
static long number(const char *s, long lo, long hi) {
  char *end;
  long v = strtol(s, &end, 10);
  return end == s || *end || v < lo || v > hi ? -1 : v;
}

/* Every rank parses the same arguments, so all agree on whether to go on
 * without having to talk about it. */
static int valid_args(int argc, char **argv, int nprocs) {
  if (argc < 3 || nprocs < 2 || number(argv[1], 1, MAX_REPS) < 0) return 0;
  for (int i = 2; i < argc; i++)
    if (number(argv[i], 1, MAX_SIZE) < 0) return 0;
  return 1;
}

static void *xmalloc(size_t bytes) {
  void *p = malloc(bytes);
  if (!p) {
    fprintf(stderr, "pingpong: out of memory (%zu bytes)\n", bytes);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  return p;
}

/* A pattern that differs from byte to byte and from size to size, so a
 * stale or shifted buffer does not pass the check. */
static void fill(unsigned char *buf, long size) {
  for (long i = 0; i < size; i++) buf[i] = (unsigned char)((i + 13 * size) % 251);
}

/* Rank 0: iter round trips, announced to rank 1 first (untimed). */
static double batch(unsigned char *out, unsigned char *in, long size, long iter) {
  MPI_Send(&iter, 1, MPI_LONG, 1, TAG_CTRL, MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  for (long k = 0; k < iter; k++) {
    MPI_Send(out, (int)size, MPI_BYTE, 1, TAG_PING, MPI_COMM_WORLD);
    MPI_Recv(in, (int)size, MPI_BYTE, 1, TAG_PONG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  return MPI_Wtime() - t0;
}

/* Rank 0: warm up, check the echo, calibrate ITER, then the timed batches. */
static void measure(unsigned char *out, unsigned char *in, long size, long reps) {
  fill(out, size);
  memset(in, 0, (size_t)size);
  batch(out, in, size, WARMUP);
  if (memcmp(out, in, (size_t)size) != 0) {
    fprintf(stderr, "pingpong: the %ld-byte message came back changed\n", size);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  long iter = 1;
  while (batch(out, in, size, iter) < MIN_BATCH && iter < MAX_ITER) iter *= 2;
  for (long r = 0; r < reps; r++) printf("%ld,1,%.9e\n", size, batch(out, in, size, iter) / (2.0 * iter));
  long done = 0;
  MPI_Send(&done, 1, MPI_LONG, 1, TAG_CTRL, MPI_COMM_WORLD);
}

/* Rank 1: echo what arrives, batch after batch, until rank 0 sends 0. */
static void echo(unsigned char *buf, long size) {
  for (;;) {
    long iter;
    MPI_Recv(&iter, 1, MPI_LONG, 0, TAG_CTRL, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (iter == 0) return;
    for (long k = 0; k < iter; k++) {
      MPI_Recv(buf, (int)size, MPI_BYTE, 0, TAG_PING, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(buf, (int)size, MPI_BYTE, 0, TAG_PONG, MPI_COMM_WORLD);
    }
  }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, nprocs;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  if (!valid_args(argc, argv, nprocs)) {
    if (rank == 0)
      fprintf(stderr, "usage: mpirun -np N pingpong REPS SIZE [SIZE ...]\n"
                      "  N >= 2 (ranks 0 and 1 take part), REPS 1..%ld, SIZE in bytes 1..%ld\n",
              MAX_REPS, MAX_SIZE);
    MPI_Finalize();
    return 2;
  }
  long reps = number(argv[1], 1, MAX_REPS), max = 0;
  for (int i = 2; i < argc; i++) {
    long s = number(argv[i], 1, MAX_SIZE);
    if (s > max) max = s;
  }
  unsigned char *out = rank < 2 ? xmalloc((size_t)max) : NULL, *in = rank == 0 ? xmalloc((size_t)max) : NULL;
  if (rank == 0) printf("bytes,distance,seconds\n");
  for (int i = 2; i < argc; i++) {
    long size = number(argv[i], 1, MAX_SIZE);
    if (rank == 0) measure(out, in, size, reps);
    else if (rank == 1) echo(out, size);
  }
  fflush(stdout);
  MPI_Barrier(MPI_COMM_WORLD);
  free(out);
  free(in);
  MPI_Finalize();
  return 0;
}
