/* What the energy case-study kernels share: allocation that fails loudly,
 * size arguments, one random stream on every platform, and the checksum by
 * which a test compares the results of different formats and algorithms. */
#ifndef KERNEL_COMMON_H
#define KERNEL_COMMON_H
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

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

/* 64-bit FNV-1a over the bytes of count doubles. */
static uint64_t fnv1a(const double *v, size_t count) {
  const unsigned char *q = (const unsigned char *)v;
  uint64_t h = 14695981039346656037ULL;
  for (size_t b = 0; b < count * sizeof *v; b++) h = (h ^ q[b]) * 1099511628211ULL;
  return h;
}

#endif
