/* The measuring side of `pacer calibrate`: compiled with the compiler and
 * flags being characterised, run pinned to one core, and writing raw timings
 * (seconds per repetition, several repetitions each) to the file named on
 * its command line. pacer inserts the construct benchmarks it generates
 * from its construct table where the marker below stands, and does all the
 * arithmetic (baselines, medians, spreads) itself.
 *
 * Every benchmark is a function `double f(long reps)` returning the seconds
 * `reps` repetitions took. The barriers below make a value opaque to the
 * compiler without costing an instruction: each operation is really done,
 * in a register, and never folded or hoisted (after Saavedra-Barrera's
 * abstract-machine benchmarks, which the paper's HLLC measurements follow). */
#define _GNU_SOURCE
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#define BI(v) __asm__ volatile("" : "+r"(v))
#if defined(__aarch64__)
#define BF(v) __asm__ volatile("" : "+w"(v)) /* a SIMD and floating-point register */
#else
#define BF(v) __asm__ volatile("" : "+x"(v)) /* an SSE register */
#endif
#define BM(v) __asm__ volatile("" : "+r"(v) : : "memory")
#if defined(__aarch64__)
#define BFM(v) __asm__ volatile("" : "+w"(v) : : "memory")
#else
#define BFM(v) __asm__ volatile("" : "+x"(v) : : "memory")
#endif

/* The vectors of one 16-byte register (SSE2, NEON): IntCC's vector classes. */
typedef double pacer_v2d __attribute__((vector_size(16)));
typedef float pacer_v4f __attribute__((vector_size(16)));
typedef int pacer_v4i __attribute__((vector_size(16)));

/* Wider vectors, timed only where the flags give registers that hold them
   whole (AVX: 32 bytes, AVX-512: 64). */
#if defined(__AVX512F__)
#define PACER_REGISTER_BYTES 64
#elif defined(__AVX__)
#define PACER_REGISTER_BYTES 32
#else
#define PACER_REGISTER_BYTES 16
#endif
typedef double pacer_v4d __attribute__((vector_size(32)));
typedef float pacer_v8f __attribute__((vector_size(32)));
typedef double pacer_v8d __attribute__((vector_size(64)));
typedef float pacer_v16f __attribute__((vector_size(64)));

/* A vector's square root, lane by lane: Clang's builtin (one vector
   instruction), else a loop over the lanes, each at its own precision. */
#if defined(__has_builtin)
#if __has_builtin(__builtin_elementwise_sqrt)
#define VSQRT(v) __builtin_elementwise_sqrt(v)
#endif
#endif
#ifndef VSQRT
#define VSQRT(v)                                                                       \
  __extension__({                                                                      \
    __typeof__(v) r_ = (v);                                                            \
    for (unsigned k_ = 0; k_ < sizeof r_ / sizeof r_[0]; k_++)                      \
      r_[k_] = _Generic(r_[0], float: sqrtf, default: sqrt)(r_[k_]);                \
    r_;                                                                                \
  })
#endif

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Seeds the compiler cannot see through. */
static volatile int v_int = 123456789, v_one = 1, v_zero = 0, v_prime = 1000003;
static volatile float v_float = 1.5f, v_float_one = 1.0f, v_float_small = 1e-3f;
static volatile double v_double = 1.5, v_double_one = 1.0, v_double_small = 1e-3, v_half = 0.5;
static int g_array[64];
static pacer_v2d g_vectors[4];
static void* g_chase[8];

__attribute__((noinline)) static int pacer_callee(int v) {
  BI(v);
  return v;
}

/* @CONSTRUCT_BENCHMARKS@ */

/* ---- memory hierarchy ------------------------------------------------- */

static char* g_buffer;
static size_t g_size;

/* The buffer's cache lines in a random order (Fisher-Yates, xorshift). */
static size_t* shuffled_lines(size_t lines) {
  size_t* order = malloc(lines * sizeof *order);
  for (size_t i = 0; i < lines; i++) order[i] = i;
  uint64_t state = 88172645463325252ull;
  for (size_t i = lines - 1; i > 0; i--) {
    state ^= state << 13, state ^= state >> 7, state ^= state << 17;
    size_t j = state % (i + 1), t = order[i];
    order[i] = order[j], order[j] = t;
  }
  return order;
}

/* A random cyclic chain through every cache line of the buffer, so that
 * each load depends on the last and no prefetcher can guess the next. */
static void build_chase(size_t size) {
  size_t lines = size / 64;
  size_t* order = shuffled_lines(lines);
  for (size_t i = 0; i < lines; i++)
    *(void**)(g_buffer + order[i] * 64) = g_buffer + order[(i + 1) % lines] * 64;
  free(order);
}

static double latency(long reps) {
  void* p = g_buffer;
  double t0 = now();
  for (long r = 0; r < reps; r++) p = *(void**)p;
  double t = now() - t0;
  BM(p);
  return t;
}

/* One repetition loads every line of the buffer once, in a random order the
 * index array gives, each load independent of the others: no prefetcher
 * follows them, so each line is a demand miss and the time per line is the
 * level's latency over the misses the core keeps in flight. The order is
 * random within windows of 1 MiB taken one after another, so that the pages
 * in use at a time stay within the second-level TLB, as the pages of a
 * column walk do: the figure is the cache's, not the page walker's. */
enum { SCATTER_WINDOW_LINES = 16384 };
static uint32_t* g_scatter; /* line numbers in the buffer, in the order loaded */
static size_t g_scatter_count;
static double scattered_lines(long reps) {
  size_t lines = g_scatter_count;
  uint64_t s = 0;
  double t0 = now();
  for (long r = 0; r < reps; r++) {
    for (size_t i = 0; i < lines; i++) s += *(const uint64_t*)(g_buffer + (size_t)g_scatter[i] * 64);
    BM(s);
  }
  double t = now() - t0;
  BM(s);
  return t;
}

/* The same walk with stores: each line is written, so each fill into a
 * crowded set evicts a line the walk wrote, which goes back to level 2
 * before the set takes the next. */
static double scattered_stores(long reps) {
  size_t lines = g_scatter_count;
  double t0 = now();
  for (long r = 0; r < reps; r++) {
    for (size_t i = 0; i < lines; i++) *(uint64_t*)(g_buffer + (size_t)g_scatter[i] * 64) = (uint64_t)i;
    __asm__ volatile("" : : : "memory");  /* the stores happen, every repetition */
  }
  return now() - t0;
}

/* One repetition reads the whole buffer once, in 32-byte vectors (split into
 * the widest loads the flags allow: 16 bytes with SSE2 or NEON, 32 with
 * AVX2), so that the figure is the rate the level delivers to code the
 * compiler vectorised, not the rate of one 8-byte load after another. */
typedef uint64_t pacer_v4u __attribute__((vector_size(32)));
static double read_bandwidth(long reps) {
  const pacer_v4u* a = (const pacer_v4u*)g_buffer;
  size_t n = g_size / sizeof *a;
  pacer_v4u s0 = {0}, s1 = {0}, s2 = {0}, s3 = {0};
  double t0 = now();
  for (long r = 0; r < reps; r++) {
    for (size_t i = 0; i < n; i += 4) s0 += a[i], s1 += a[i + 1], s2 += a[i + 2], s3 += a[i + 3];
    __asm__ volatile("" : : "r"(&s0) : "memory");
  }
  double t = now() - t0;
  s0 += s1 + s2 + s3;
  uint64_t sum = s0[0] + s0[1] + s0[2] + s0[3];
  BM(sum);
  return t;
}

/* ---- a stream beside independent work ----------------------------------- */

/* One repetition reads the buffer as read_bandwidth does (`stream`) or a
 * 1 KiB block of it in level 1 as often (the core's work alone), and beside
 * every four vectors runs g_overlap_work groups of four independent integer
 * additions. Against the stream alone, the two say how far the level's
 * transfers overlap the core's independent work: ECM's overlap, full on a
 * core that keeps loading while its other units work. */
static long g_overlap_work = 1;
static double stream_beside_work(long reps, int stream) {
  const pacer_v4u* a = (const pacer_v4u*)g_buffer;
  size_t n = g_size / sizeof *a, mask = stream ? ~(size_t)0 : 31;
  pacer_v4u s0 = {0}, s1 = {0}, s2 = {0}, s3 = {0};
  uint64_t c0 = 1, c1 = 2, c2 = 3, c3 = 4;
  double t0 = now();
  for (long r = 0; r < reps; r++) {
    for (size_t i = 0; i < n; i += 4) {
      const size_t j = i & mask;
      s0 += a[j], s1 += a[j + 1], s2 += a[j + 2], s3 += a[j + 3];
      for (long k = 0; k < g_overlap_work; k++) {
        c0 += k, c1 += k, c2 += k, c3 += k;
        BI(c0);
        BI(c1);
        BI(c2);
        BI(c3);
      }
    }
    __asm__ volatile("" : : "r"(&s0) : "memory");
  }
  double t = now() - t0;
  s0 += s1 + s2 + s3;
  uint64_t sum = s0[0] + s0[1] + s0[2] + s0[3] + c0 + c1 + c2 + c3;
  BM(sum);
  return t;
}
static double stream_and_work(long reps) { return stream_beside_work(reps, 1); }
static double work_alone(long reps) { return stream_beside_work(reps, 0); }

/* One repetition is 2 * 256 flops of y = a x + y on data in level 1. */
static double flops_axpy(long reps) {
  static double x[256], y[256];
  double a = v_half;
  for (int i = 0; i < 256; i++) x[i] = i, y[i] = 0;
  double t0 = now();
  for (long r = 0; r < reps; r++) {
    for (int i = 0; i < 256; i++) y[i] = a * x[i] + y[i];
    BM(a);
  }
  double t = now() - t0;
  BM(y[7]);
  return t;
}

/* ---- branches ----------------------------------------------------------- */

/* One repetition is BRANCHES branches on bytes that are all 1 (always
   taken) or random (taken half the time, unpredictably); the barrier inside
   the branch keeps the compiler from turning it into a conditional move.
   The bytes are read in order, so the branch is decided as soon as it is
   fetched, as a branch on data in level 1 is. The table is longer than any
   predictor learns: one of 65536 bytes, read again each repetition, was
   partly learnt, by how much depending on where the code fell (3.0 ns a miss
   in one build of this harness and 5.6 in the next, on a Zen 4). */
enum { BRANCHES = 1 << 23 }; /* pacer calibrate divides by it */
static unsigned char *g_random_bits, *g_ones;

static double branches(const unsigned char* bits, long reps) {
  int x = v_one, y = v_one;
  double t0 = now();
  for (long r = 0; r < reps; r++)
    for (int i = 0; i < BRANCHES; i++)
      if (bits[i]) {
        x += y;
        BI(x);
      }
  double t = now() - t0;
  BI(x);
  return t;
}
static double branch_random(long reps) { return branches(g_random_bits, reps); }
static double branch_taken(long reps) { return branches(g_ones, reps); }

/* ---- the core's window and width (x86-64) -------------------------------- */

/* Two pointer chases through memory, A and B, each step a miss; after A's
 * load come N instructions, then B's load, then N more. While the core
 * holds A's N, B's load still enters and both misses overlap; past what it
 * can hold, B waits for A and a step costs two latencies. The N where the
 * time per step jumps is the capacity of what the N fill: the window with
 * nops; the integer queue with additions waiting for
 * A; the load and store queues with loads and stores to level 1, which
 * are done at once but hold their entries until they retire, after A.
 * Then independent work of every kind at once, whose instructions per
 * cycle the dispatch width bounds. pacer does the arithmetic. */
#if defined(__x86_64__)
static void** g_window_a;
static void** g_window_b;
static long g_window_line[16] __attribute__((aligned(64)));
static void window_chains(void) {
  if (g_window_a) return;
  size_t size = (size_t)64 << 20, lines = size / 64;
  char* buffer = malloc(size);
  size_t* order = shuffled_lines(lines);
  for (size_t i = 0; i < lines; i++) *(void**)(buffer + order[i] * 64) = buffer + order[(i + 1) % lines] * 64;
  g_window_a = (void**)(buffer + order[0] * 64), g_window_b = (void**)(buffer + order[lines / 2] * 64);
  free(order);
}
#define WINDOW_BENCH(kind, n)                                                                          \
  static double window_##kind##_##n(long reps) {                                                       \
    void *a = g_window_a, *b = g_window_b;                                                             \
    double t0 = now();                                                                                 \
    for (long r = 0; r < reps; r++)                                                                    \
      __asm__ volatile("mov (%0), %0\n movq %0, %%xmm0\n .rept " #n "\n " kind##_FILL "\n .endr\n"     \
                       "mov (%1), %1\n movq %1, %%xmm2\n .rept " #n "\n " kind##_FILL "\n .endr\n"     \
                       : "+r"(a), "+r"(b)                                                              \
                       : "r"(g_window_line)                                                            \
                       : "rcx", "xmm0", "xmm1", "xmm2", "memory");                                     \
    double t = now() - t0;                                                                             \
    g_window_a = a, g_window_b = b;                                                                    \
    return t;                                                                                          \
  }
/* The floating-point queue the same way does not step: ops waiting there do
 * not stop the next load from entering (the vector side takes them into a
 * queue of its own), so its sweep is another: one miss, N shuffles waiting
 * for it, then a chain of 128 independent additions whose end the next
 * address waits for. While the queue has room the chain runs during the
 * miss; once the N fill it, the chain's additions wait behind them for the
 * miss, and a step costs the chain's length more. */
#define FP_QUEUE_BENCH(kind, n)                                                                             \
  static double window_fp_##n(long reps) {                                                                  \
    void* a = g_window_a;                                                                                   \
    double t0 = now();                                                                                      \
    for (long r = 0; r < reps; r++)                                                                         \
      __asm__ volatile("xorpd %%xmm3, %%xmm3\n xorpd %%xmm4, %%xmm4\n mov (%0), %0\n movq %0, %%xmm0\n"     \
                       " .rept " #n "\n pshufd $0x4e, %%xmm0, %%xmm1\n .endr\n"                              \
                       " .rept 128\n addsd %%xmm4, %%xmm3\n .endr\n"                                         \
                       " movq %%xmm3, %%rcx\n and $0, %%rcx\n add %%rcx, %0\n"                               \
                       : "+r"(a)                                                                            \
                       :                                                                                    \
                       : "rcx", "xmm0", "xmm1", "xmm3", "xmm4", "cc", "memory");                            \
    double t = now() - t0;                                                                                  \
    g_window_a = a;                                                                                         \
    return t;                                                                                               \
  }
#define nop_FILL "nop"
#define int_FILL "lea 1(%0), %%rcx"
#define load_FILL "mov (%2), %%rcx"
#define store_FILL "mov %%rcx, 64(%2)"
#define QUEUE_POINTS(X, kind) X(kind, 16) X(kind, 32) X(kind, 48) X(kind, 64) X(kind, 80) X(kind, 96) X(kind, 112) \
  X(kind, 128) X(kind, 144) X(kind, 160) X(kind, 192) X(kind, 224) X(kind, 256) X(kind, 320) X(kind, 384)
#define WINDOW_POINTS(X) X(nop, 64) X(nop, 128) X(nop, 192) X(nop, 256) X(nop, 320) X(nop, 352) X(nop, 384) \
  X(nop, 416) X(nop, 448) X(nop, 480) X(nop, 512) X(nop, 576) X(nop, 640) X(nop, 768)
#define ALL_WINDOW_POINTS(X) WINDOW_POINTS(X) QUEUE_POINTS(X, int) QUEUE_POINTS(X, load) QUEUE_POINTS(X, store)
ALL_WINDOW_POINTS(WINDOW_BENCH)
QUEUE_POINTS(FP_QUEUE_BENCH, fp)
#define WINDOW_ENTRY(kind, n) {"window:" #kind ":" #n, window_##kind##_##n},
static const struct {
  const char* name;
  double (*run)(long);
} window_benchmarks[] = {ALL_WINDOW_POINTS(WINDOW_ENTRY) QUEUE_POINTS(WINDOW_ENTRY, fp)};

/* One repetition: 32 integer additions on 8 registers, 16 vector ANDs on 4,
 * 8 loads from level 1, and the loop's fused decrement and branch: 57
 * instructions, none waiting long for another, that no one kind of unit
 * limits before eight a cycle do. How the loop's bytes fall on fetch
 * lines changes what the front end delivers (7.0 or 7.8 a cycle on a Zen
 * 5), so it runs at four offsets and pacer takes the fastest. */
#define DISPATCH_MIX(offset)                                                                                  \
  static double dispatch_mix_##offset(long reps) {                                                            \
    static long line[8] __attribute__((aligned(64)));                                                         \
    long n = reps;                                                                                            \
    const void* p = line;                                                                                     \
    double t0 = now();                                                                                        \
    __asm__ volatile(".p2align 6\n .skip " #offset ", 0x90\n1:\n .rept 4\n"                                   \
                     " add $1, %%r8\n add $1, %%r9\n add $1, %%r10\n add $1, %%r11\n"                          \
                     " add $1, %%r12\n add $1, %%r13\n add $1, %%r14\n add $1, %%r15\n"                        \
                     " pand %%xmm8, %%xmm0\n pand %%xmm8, %%xmm1\n pand %%xmm8, %%xmm2\n pand %%xmm8, %%xmm3\n"  \
                     " mov (%1), %%rax\n mov 8(%1), %%rcx\n"                                                      \
                     " .endr\n dec %0\n jnz 1b\n"                                                                \
                     : "+r"(n)                                                                                \
                     : "r"(p)                                                                                 \
                     : "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "rax", "rcx", "xmm0", "xmm1",    \
                       "xmm2", "xmm3", "cc", "memory");                                                       \
    return now() - t0;                                                                                        \
  }
#define DISPATCH_OFFSETS(X) X(0) X(16) X(32) X(48)
DISPATCH_OFFSETS(DISPATCH_MIX)
#define DISPATCH_ENTRY(offset) {"dispatch:mix:" #offset, dispatch_mix_##offset},
static const struct {
  const char* name;
  double (*run)(long);
} dispatch_benchmarks[] = {DISPATCH_OFFSETS(DISPATCH_ENTRY)};

/* A chain of 16 multiply-add pairs a repetition, `y = y * a + b`, in
 * double and in single precision: what the pair costs beyond a dependent
 * multiply and a dependent add is what a value pays to cross from the
 * multiply pipes to the add pipes and back. */
#define BYPASS_CHAIN(name, type, mul, add, one, small)                                                      \
  static double name(long reps) {                                                                          \
    type y = one, a = one, b = small;                                                                      \
    double t0 = now();                                                                                     \
    for (long r = 0; r < reps; r++)                                                                        \
      __asm__ volatile(".rept 16\n " mul " %1, %0\n " add " %2, %0\n .endr\n" : "+x"(y) : "x"(a), "x"(b)); \
    double t = now() - t0;                                                                                 \
    BF(y);                                                                                                 \
    return t;                                                                                              \
  }
BYPASS_CHAIN(bypass_double, double, "mulsd", "addsd", v_double_one, v_double_small)
BYPASS_CHAIN(bypass_float, float, "mulss", "addss", v_float_one, v_float_small)

/* A chain of 16 bitwise ands of a double with a mask of ones a repetition
 * (a compiled select's blend is made of them), and a chain of 16 add-and
 * pairs: what a pair costs beyond a dependent add and a dependent and is
 * what the add's result pays to reach the logic units. */
static volatile uint64_t v_ones = ~(uint64_t)0;
static double logic_chain(long reps) {
  double y = v_double_one, mask;
  uint64_t ones = v_ones;
  memcpy(&mask, &ones, sizeof mask);
  double t0 = now();
  for (long r = 0; r < reps; r++) __asm__ volatile(".rept 16\n andpd %1, %0\n .endr\n" : "+x"(y) : "x"(mask));
  double t = now() - t0;
  BF(y);
  return t;
}
static double bypass_logic(long reps) {
  double y = v_double_one, b = v_double_small, mask;
  uint64_t ones = v_ones;
  memcpy(&mask, &ones, sizeof mask);
  double t0 = now();
  for (long r = 0; r < reps; r++)
    __asm__ volatile(".rept 16\n addsd %2, %0\n andpd %1, %0\n .endr\n" : "+x"(y) : "x"(mask), "x"(b));
  double t = now() - t0;
  BF(y);
  return t;
}

/* Sixteen independent 16-byte vector loads a repetition from level 1, and
 * the same with eight vector stores among them, two loads and a store at a
 * time as in y[i] += a * x[i] (stores to another line, so no load waits for
 * one): whether a store takes a load's pipe. The loops are the assembly's,
 * aligned, so that the two differ only in their stores. */
static double g_vector_lines[32] __attribute__((aligned(64)));
#define VECTOR_MEMORY_BENCH(name, first_pair, second_pair)                                                  \
  static double name(long reps) {                                                                          \
    if (reps <= 0) return 0; /* the loop counts down to zero */                                            \
    long n = reps;                                                                                         \
    double t0 = now();                                                                                     \
    __asm__ volatile(".p2align 6\n1:\n .rept 4\n movapd (%1), %%xmm0\n movapd 16(%1), %%xmm1\n" first_pair     \
                     " movapd 32(%1), %%xmm2\n movapd 48(%1), %%xmm3\n" second_pair " .endr\n dec %0\n jnz 1b\n" \
                     : "+r"(n) : "r"(g_vector_lines) : "xmm0", "xmm1", "xmm2", "xmm3", "cc", "memory");            \
    return now() - t0;                                                                                     \
  }
VECTOR_MEMORY_BENCH(vector_loads, "", "")
VECTOR_MEMORY_BENCH(vector_loads_stores, " movapd %%xmm4, 128(%1)\n", " movapd %%xmm5, 144(%1)\n")

/* The cycle dispatch:mix is counted in, measured beside it: 32 dependent
 * additions a repetition, one cycle each, in a loop of the same shape. */
static double dispatch_chain(long reps) {
  long n = reps, x = 0;
  double t0 = now();
  __asm__ volatile(".p2align 6\n1:\n .rept 32\n add $1, %1\n .endr\n dec %0\n jnz 1b\n" : "+r"(n), "+r"(x) : : "cc");
  return now() - t0;
}
#endif

/* ---- driver ----------------------------------------------------------- */

enum { REPEATS = 7 };
static double g_target = 0.02; /* seconds per repetition */

/* Doubles the repetition count until one run lasts the target, then times
 * REPEATS runs and writes "name reps seconds..." (seconds per repetition). */
static void measure(FILE* out, const char* name, double (*f)(long), long start) {
  long reps = start;
  f(reps);
  while (f(reps) < g_target && reps < (1L << 40)) reps *= 2;
  fprintf(out, "%s %ld", name, reps);
  for (int k = 0; k < REPEATS; k++) fprintf(out, " %.9e", f(reps) / (double)reps);
  fprintf(out, "\n");
  fflush(out);
}

static int g_done, g_total;
static void progress(const char* what) {
  fprintf(stderr, "\r  [%3d/%3d] %-40s", ++g_done, g_total, what);
  fflush(stderr);
}

/* The fastest of a few single repetitions. */
static double fastest(double (*f)(long)) {
  double best = f(1);
  for (int k = 0; k < 4; k++) {
    const double t = f(1);
    if (t < best) best = t;
  }
  return best;
}

/* The work sized to take about the stream's time, where the comparison is
 * best conditioned, then both timed. */
static void overlap(FILE* out, const char* level, size_t size) {
  char name[64];
  g_overlap_work = 1;
  const double stream = fastest(read_bandwidth), one = fastest(work_alone);
  g_overlap_work = one > 0 && stream > one ? (long)(stream / one + 0.5) : 1;
  snprintf(name, sizeof name, "overlap:work:%s:%zu", level, size);
  progress(name);
  measure(out, name, work_alone, 1);
  snprintf(name, sizeof name, "overlap:both:%s:%zu", level, size);
  measure(out, name, stream_and_work, 1);
}

/* The latency curve (level "curve") needs only the pointer chase, the
   bandwidth curve (level "bwcurve") only the reads. */
static void memory_level(FILE* out, const char* level, size_t size) {
  char name[64];
  int curve = strcmp(level, "curve") == 0, bwcurve = strcmp(level, "bwcurve") == 0;
  g_size = size;
  g_buffer = aligned_alloc(4096, size);
  memset(g_buffer, 1, size);
  if (!curve) {
    snprintf(name, sizeof name, "bandwidth:%s:%zu", level, size);
    progress(name);
    measure(out, name, read_bandwidth, 1);
    if (!bwcurve && strcmp(level, "l1") != 0) overlap(out, level, size);
  }
  if (!curve && !bwcurve) {
    /* Window after window, each shuffled within itself; the last may be
     * shorter, when the level's size is not a whole number of windows. */
    size_t lines = size / 64;
    g_scatter = malloc(lines * sizeof *g_scatter);
    for (size_t base = 0; base < lines; base += SCATTER_WINDOW_LINES) {
      size_t window = lines - base < SCATTER_WINDOW_LINES ? lines - base : SCATTER_WINDOW_LINES;
      size_t* order = shuffled_lines(window);
      for (size_t i = 0; i < window; i++) g_scatter[base + i] = (uint32_t)(base + order[i]);
      free(order);
    }
    g_scatter_count = lines;
    snprintf(name, sizeof name, "scatter:%s:%zu", level, size);
    progress(name);
    measure(out, name, scattered_lines, 1);
    free(g_scatter);
  }
  if (bwcurve) {
    free(g_buffer);
    return;
  }
  build_chase(size);
  snprintf(name, sizeof name, "latency:%s:%zu", level, size);
  progress(name);
  measure(out, name, latency, 1024);
  free(g_buffer);
}

/* What a TLB miss adds: independent loads of one line in each of `pages`
 * pages, the pages in random order (more than the TLB holds, so that every
 * load misses it), against the same loads of the same number of lines packed
 * together (the pages few, the lines as many). Both rows are seconds per
 * repetition of `pages` loads. */
static void page_walks(FILE* out, size_t pages) {
  char name[64];
  size_t page = (size_t)sysconf(_SC_PAGESIZE), per_page = page / 64;
  size_t* order = shuffled_lines(pages);
  g_scatter = malloc(pages * sizeof *g_scatter);
  g_scatter_count = pages;
  g_buffer = aligned_alloc(page, pages * page);
  memset(g_buffer, 1, pages * page);
  /* A different line of each page, so that the lines spread over the sets. */
  for (size_t i = 0; i < pages; i++) g_scatter[i] = (uint32_t)(order[i] * per_page + order[i] % per_page);
  snprintf(name, sizeof name, "walk:spread:%zu", pages);
  progress(name);
  measure(out, name, scattered_lines, 1);
  free(g_buffer);
  g_buffer = aligned_alloc(page, pages * 64);
  memset(g_buffer, 1, pages * 64);
  for (size_t i = 0; i < pages; i++) g_scatter[i] = (uint32_t)order[i];
  snprintf(name, sizeof name, "walk:packed:%zu", pages);
  progress(name);
  measure(out, name, scattered_lines, 1);
  free(g_buffer);
  free(g_scatter);
  free(order);
}

/* The first touch of memory the program has not used, three ways: a page
 * written first (the operating system finds and zero-fills it), read first
 * (it maps its page of zeros) and written after that read (it gives the
 * page a zeroed frame of its own: a second fault). Each repetition maps
 * `pages` fresh pages for each of the two orders and keeps them until the
 * end, reading 64 MiB before each mapping to empty the caches: pages
 * unmapped and mapped again come back warm from the system's free lists,
 * which a program's arrays do not (on a Zen 4 guest, 1.1-1.25 us a fault
 * that way against 1.45 on pages new to the process). The mappings ask for pages of the base size (no transparent huge pages),
 * as a program's static arrays and small allocations get. Rows
 * fault:write:PAGES, fault:read:PAGES and fault:copy:PAGES give seconds per
 * fault by the system's count (-1: nothing mapped; -2: no fault counted). */
static volatile char g_touch_sink;
static long minor_faults(void) {
  struct rusage r;
  getrusage(RUSAGE_SELF, &r);
  return r.ru_minflt;
}
static double per_fault(char* p, size_t bytes, size_t page, int write) {
  const long before = minor_faults();
  const double t = now();
  char s = 0;
  for (size_t at = 0; at < bytes; at += page)
    if (write) p[at] = 1;
    else s += p[at];
  const double seconds = now() - t;
  g_touch_sink = s;
  const long faults = minor_faults() - before;
  return faults < 1 ? -2 : seconds / (double)faults;
}
static void page_faults(FILE* out, size_t pages) {
  char name[3][64];
  const char* kinds[3] = {"write", "read", "copy"};
  for (int k = 0; k < 3; k++) snprintf(name[k], sizeof name[k], "fault:%s:%zu", kinds[k], pages);
  progress(name[0]);
  const size_t page = (size_t)sysconf(_SC_PAGESIZE), bytes = pages * page, evict_bytes = (size_t)64 << 20;
  double each[3][REPEATS];
  char* kept[2 * REPEATS] = {0};
  char* evict = malloc(evict_bytes);
  if (evict) memset(evict, 1, evict_bytes);
  for (int r = 0; r < REPEATS; r++) {
    for (int order = 0; order < 2; order++) {
      char s = 0;
      for (size_t at = 0; evict && at < evict_bytes; at += 64) s += evict[at];
      g_touch_sink = s;
      char* p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (p == MAP_FAILED) {
        if (order == 0) each[0][r] = -1;
        each[1][r] = each[2][r] = -1;
        break;
      }
      madvise(p, bytes, MADV_NOHUGEPAGE);
      kept[2 * r + order] = p;
      if (order == 0) each[0][r] = per_fault(p, bytes, page, 1);
      else each[1][r] = per_fault(p, bytes, page, 0), each[2][r] = per_fault(p, bytes, page, 1);
    }
  }
  for (int k = 0; k < 3; k++) {
    fprintf(out, "%s 1", name[k]);
    for (int r = 0; r < REPEATS; r++) fprintf(out, " %.9e", each[k][r]);
    fprintf(out, "\n");
  }
  fflush(out);
  for (int r = 0; r < 2 * REPEATS; r++)
    if (kept[r]) munmap(kept[r], bytes);
  free(evict);
}

/* Lines from level 2 whose level 1 misses fall into few of its sets: a walk
 * down the columns of rows `stride` bytes apart over `size` bytes, one line
 * per load (each column its own lines), as a column of a matrix whose rows
 * are a multiple of a few lines apart. Level 1's sets hold the lines of
 * a column only in the sets its stride reaches; the time per line is that of
 * as many concurrent fills as those sets take. With `visits` of 8, each
 * column of lines is walked eight times over, as the eight columns of
 * doubles a line holds are (sets:STRIDE:SIZE:x8; with stores,
 * stores:STRIDE:SIZE:x8). */
static void set_walk(FILE* out, size_t stride, size_t size, int visits, int stores) {
  char name[64];
  size_t rows = size / stride, columns = stride / 64;
  g_size = size;
  g_scatter = malloc(rows * columns * visits * sizeof *g_scatter);
  g_scatter_count = rows * columns * visits;
  size_t k = 0;
  for (size_t c = 0; c < columns; c++)
    for (int v = 0; v < visits; v++)
      for (size_t r = 0; r < rows; r++) g_scatter[k++] = (uint32_t)(r * columns + c);
  const char* kind = stores ? "stores" : "sets";
  if (visits == 1) snprintf(name, sizeof name, "%s:%zu:%zu", kind, stride, size);
  else snprintf(name, sizeof name, "%s:%zu:%zu:x%d", kind, stride, size, visits);
  progress(name);
  /* The walk with stores took 5.0 ns a line in some runs and 8.2 in most
   * on one Zen 4 (each run steady in itself), and the walk of loads down
   * rows 1 KiB apart 0.70 in most and 0.85-0.91 in others: where the lines
   * fall in the sets of the physically indexed levels is the pages'. Each
   * walk is timed in five buffers mapped side by side, so that each has
   * pages of its own (a buffer freed and allocated again would get the
   * same), each a line of timings under the one name, which the
   * calibration reads as one sample. */
  enum { kBuffers = 5 };
  char* buffers[kBuffers];
  int count = kBuffers;
  for (int b = 0; b < count; b++) {
    buffers[b] = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (buffers[b] == MAP_FAILED) count = b;
    else memset(buffers[b], 1, size);
  }
  for (int b = 0; b < count; b++) {
    g_buffer = buffers[b];
    measure(out, name, stores ? scattered_stores : scattered_lines, 1);
  }
  for (int b = 0; b < count; b++) munmap(buffers[b], size);
  free(g_scatter);
}

/* argv: OUTFILE TARGET_SECONDS [memory-only] [LEVEL=BYTES ...] for the
   memory levels (walk=PAGES for the TLB, strideS=BYTES for a set walk,
   matrixS=BYTES for one walked as a matrix's columns of doubles are,
   wmatrixS=BYTES for that walk with stores);
   memory-only leaves out the processor's benchmarks. */
int main(int argc, char** argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s OUTFILE TARGET_SECONDS [memory-only] [LEVEL=BYTES ...]\n", argv[0]);
    return 2;
  }
  FILE* out = fopen(argv[1], "w");
  if (!out) {
    perror(argv[1]);
    return 1;
  }
  g_target = atof(argv[2]);
  int first = 3, processor = !(argc > 3 && strcmp(argv[3], "memory-only") == 0);
  if (!processor) first = 4;
  int constructs = (int)(sizeof construct_benchmarks / sizeof construct_benchmarks[0]);
  g_total = processor ? constructs + 3 : 0;
#if defined(__x86_64__)
  if (processor) g_total += (int)(sizeof window_benchmarks / sizeof window_benchmarks[0]) + 1;
#endif
  for (int i = first; i < argc; i++) /* a curve point is one benchmark, a level three */
    g_total += strncmp(argv[i], "curve=", 6) == 0 || strncmp(argv[i], "bwcurve=", 8) == 0 ? 1
               : strncmp(argv[i], "walk=", 5) == 0                                          ? 2
               : strncmp(argv[i], "stride", 6) == 0 || strncmp(argv[i], "matrix", 6) == 0 ||
                       strncmp(argv[i], "wmatrix", 7) == 0 || strncmp(argv[i], "fault=", 6) == 0
                   ? 1
                                                                                            : 4;
  g_chase[0] = g_chase;
  for (int i = 0; processor && i < constructs; i++) {
    progress(construct_benchmarks[i].name);
    if (construct_benchmarks[i].run) /* null: wider than the flags' registers */
      measure(out, construct_benchmarks[i].name, construct_benchmarks[i].run, 1024);
  }
  if (processor) {
    g_random_bits = malloc(BRANCHES), g_ones = malloc(BRANCHES);
    if (!g_random_bits || !g_ones) return 1;
    uint64_t state = 2463534242ull; /* xorshift64 */
    for (int i = 0; i < BRANCHES; i++) {
      state ^= state << 13, state ^= state >> 7, state ^= state << 17;
      g_random_bits[i] = (unsigned char)(state >> 40 & 1), g_ones[i] = 1;
    }
    progress("branch:random");
    measure(out, "branch:random", branch_random, 1);
    progress("branch:taken");
    measure(out, "branch:taken", branch_taken, 1);
    progress("flops:axpy");
    measure(out, "flops:axpy", flops_axpy, 64);
#if defined(__x86_64__)
    window_chains();
    /* A quarter of the usual time a point: the fastest repetition is the
     * figure, and a step doubles it. */
    const double target = g_target;
    g_target = target / 4;
    for (size_t i = 0; i < sizeof window_benchmarks / sizeof window_benchmarks[0]; i++) {
      progress(window_benchmarks[i].name);
      measure(out, window_benchmarks[i].name, window_benchmarks[i].run, 64);
    }
    g_target = target;
    measure(out, "bypass:double", bypass_double, 1024);
    measure(out, "bypass:float", bypass_float, 1024);
    measure(out, "logic:chain", logic_chain, 1024);
    measure(out, "bypass:logic", bypass_logic, 1024);
    measure(out, "vector:loads", vector_loads, 1024);
    measure(out, "vector:loads_stores", vector_loads_stores, 1024);
    progress("dispatch:mix");
    measure(out, "dispatch:chain", dispatch_chain, 1024);
    for (size_t i = 0; i < sizeof dispatch_benchmarks / sizeof dispatch_benchmarks[0]; i++)
      measure(out, dispatch_benchmarks[i].name, dispatch_benchmarks[i].run, 1024);
#endif
  }
  for (int a = first; a < argc; a++) {
    char level[16];
    size_t size;
    if (sscanf(argv[a], "%15[^=]=%zu", level, &size) != 2) return 2;
    if (strcmp(level, "walk") == 0) page_walks(out, size);
    else if (strcmp(level, "fault") == 0) page_faults(out, size);
    else if (strncmp(level, "stride", 6) == 0) set_walk(out, (size_t)atol(level + 6), size, 1, 0);
    else if (strncmp(level, "matrix", 6) == 0) set_walk(out, (size_t)atol(level + 6), size, 8, 0);
    else if (strncmp(level, "wmatrix", 7) == 0) set_walk(out, (size_t)atol(level + 7), size, 8, 1);
    else memory_level(out, level, size);
  }
  fprintf(stderr, "\n");
  return fclose(out) == 0 ? 0 : 1;
}
