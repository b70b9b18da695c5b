// An NPB-style integer sort (the IS kernel as the loop-scheduling paper's
// section 6.4 runs it): keys drawn from a skewed Beta distribution fall into
// buckets of uneven size, then each bucket is sorted by counting sort in a
// parallel loop over buckets. The cost of a bucket grows with the keys in
// it, so the schedule of that loop matters; SRR and LPT get the bucket
// sizes as their workload through pacer/omp_schedule.hpp, the way the paper
// feeds omp_loop_srr_set_workload.
//
// Usage: integer_sort [--keys N] [--buckets B] [--threads T] [--runs R]
// Prints the median time of the bucket-sorting loop per schedule and
// checks the result; exits 1 if any schedule sorts wrongly.
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "pacer/omp_schedule.hpp"

namespace {

constexpr unsigned kKeyBits = 20;  // keys in [0, 2^20)

struct Buckets {
  unsigned count = 0;
  unsigned range = 0;                 // keys per bucket
  std::vector<size_t> start;          // count + 1 offsets into keys
  std::vector<unsigned> keys;         // keys grouped by bucket
};

std::vector<unsigned> make_keys(size_t n, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::gamma_distribution<double> x(2.0, 1.0), y(5.0, 1.0);  // Beta(2, 5): a long right tail
  std::vector<unsigned> keys(n);
  for (auto& k : keys) {
    double gx = x(rng), gy = y(rng);
    k = std::min((1u << kKeyBits) - 1, unsigned(gx / (gx + gy) * double(1u << kKeyBits)));
  }
  return keys;
}

Buckets bucket(const std::vector<unsigned>& keys, unsigned count) {
  Buckets b;
  b.count = count;
  b.range = (1u << kKeyBits) / count;
  b.start.assign(count + 1, 0);
  for (unsigned k : keys) ++b.start[k / b.range + 1];
  for (unsigned i = 0; i < count; ++i) b.start[i + 1] += b.start[i];
  std::vector<size_t> next(b.start.begin(), b.start.end() - 1);
  b.keys.resize(keys.size());
  for (unsigned k : keys) b.keys[next[k / b.range]++] = k;
  return b;
}

// Counting sort of one bucket into its place in `out`.
void sort_bucket(const Buckets& b, unsigned i, std::vector<unsigned>& out) {
  std::vector<unsigned> count(b.range, 0);
  unsigned base = i * b.range;
  for (size_t k = b.start[i]; k < b.start[i + 1]; ++k) ++count[b.keys[k] - base];
  size_t pos = b.start[i];
  for (unsigned v = 0; v < b.range; ++v)
    for (unsigned c = 0; c < count[v]; ++c) out[pos++] = base + v;
}

double sort_all(const std::string& schedule, const Buckets& b, int threads, std::vector<unsigned>& out) {
  long n = long(b.count);
  auto start = std::chrono::steady_clock::now();
  if (schedule == "static") {
#pragma omp parallel for schedule(static) num_threads(threads)
    for (long i = 0; i < n; ++i) sort_bucket(b, unsigned(i), out);
  } else if (schedule == "dynamic,1") {
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
    for (long i = 0; i < n; ++i) sort_bucket(b, unsigned(i), out);
  } else if (schedule == "guided") {
#pragma omp parallel for schedule(guided) num_threads(threads)
    for (long i = 0; i < n; ++i) sort_bucket(b, unsigned(i), out);
  } else {
    // The workload: a bucket's cost is its keys plus a scan of its range.
    std::vector<double> loads(b.count);
    for (unsigned i = 0; i < b.count; ++i) loads[i] = double(b.start[i + 1] - b.start[i] + b.range);
    pacer::sched::WorkloadAwareLoop loop;
    loop.set_workload(loads.data(), loads.size(),
                      schedule == "srr" ? pacer::sched::WorkloadAwareLoop::Strategy::SmartRoundRobin
                                        : pacer::sched::WorkloadAwareLoop::Strategy::LongestProcessingTime,
                      threads);
    loop.parallel_for([&](size_t i) { sort_bucket(b, unsigned(i), out); });
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

long option(int argc, char** argv, const char* name, long fallback) {
  for (int i = 1; i + 1 < argc; ++i)
    if (!std::strcmp(argv[i], name)) return std::atol(argv[i + 1]);
  return fallback;
}

}  // namespace

int main(int argc, char** argv) {
  size_t n = size_t(option(argc, argv, "--keys", 1L << 25));
  unsigned nb = unsigned(option(argc, argv, "--buckets", 32));
  int threads = int(option(argc, argv, "--threads", omp_get_max_threads()));
  int runs = int(option(argc, argv, "--runs", 7));
  if (n < 1 || nb < 1 || nb > (1u << kKeyBits) || (1u << kKeyBits) % nb != 0 || threads < 1 || runs < 1) {
    std::fprintf(stderr, "integer_sort: keys, threads and runs must be positive; buckets a power of two up to 2^20\n");
    return 2;
  }
  omp_set_dynamic(0);
  std::vector<unsigned> keys = make_keys(n, 1);
  Buckets b = bucket(keys, nb);
  std::vector<unsigned> expected(keys);
  std::sort(expected.begin(), expected.end());
  size_t largest = 0, smallest = n;
  for (unsigned i = 0; i < nb; ++i)
    largest = std::max(largest, b.start[i + 1] - b.start[i]), smallest = std::min(smallest, b.start[i + 1] - b.start[i]);
  std::printf("integer sort: %zu keys of %u bits, %u buckets (%zu to %zu keys), %d threads, median of %d runs\n", n,
              kKeyBits, nb, smallest, largest, threads, runs);
  std::printf("%-10s %12s %10s\n", "schedule", "median ms", "vs srr");
  bool ok = true;
  std::vector<std::pair<std::string, double>> medians;
  for (const char* schedule : {"static", "dynamic,1", "guided", "lpt", "srr"}) {
    std::vector<double> times;
    for (int r = 0; r < runs; ++r) {
      std::vector<unsigned> out(n, 0);
      times.push_back(sort_all(schedule, b, threads, out));
      ok = ok && out == expected;
    }
    std::sort(times.begin(), times.end());
    medians.emplace_back(schedule, times[times.size() / 2]);
  }
  double srr = medians.back().second;
  for (const auto& [name, t] : medians)
    std::printf("%-10s %12.2f %9.1f%%\n", name.c_str(), t * 1e3, (t / srr - 1) * 100);
  std::printf("result: %s\n", ok ? "sorted correctly under every schedule" : "WRONG: a schedule missorted");
  return ok ? 0 : 1;
}
