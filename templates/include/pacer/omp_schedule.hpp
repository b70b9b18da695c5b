// Workload-aware loop scheduling at run time, header-only: give the load of
// each iteration, get an assignment of iterations to threads (Smart
// Round-Robin, after "Design methodology for workload-aware loop scheduling
// strategies based on genetic algorithm and simulation", Algorithm 2; or
// Longest Processing Time first), and run an OpenMP loop with it.
//
//   pacer::sched::WorkloadAwareLoop loop;
//   loop.set_workload(bucket_sizes, nbuckets);          // like omp_loop_srr_set_workload
//   loop.parallel_for([&](std::size_t b) { sort_bucket(b); });
//
// pacer's simulator uses the same functions, so a simulated SRR or LPT
// schedule is exactly the one the program runs. Needs C++17; the OpenMP
// part is compiled only with -fopenmp.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <queue>
#include <stdexcept>
#include <utility>
#include <vector>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace pacer::sched {

// The iterations of each thread, in the order the thread runs them.
struct Assignment {
  int threads = 0;
  std::vector<std::size_t> offsets;     // threads + 1 entries
  std::vector<std::size_t> iterations;  // thread t runs iterations[offsets[t] .. offsets[t+1])

  std::size_t begin(int t) const { return offsets[static_cast<std::size_t>(t)]; }
  std::size_t end(int t) const { return offsets[static_cast<std::size_t>(t) + 1]; }

  // The thread of each iteration, indexed by iteration.
  std::vector<int> thread_of() const {
    std::vector<int> out(iterations.size(), -1);
    for (int t = 0; t < threads; ++t)
      for (std::size_t k = begin(t); k < end(t); ++k) out[iterations[k]] = t;
    return out;
  }

  // Builds the CSR form from (thread, iteration) pairs; each thread keeps
  // its iterations in the order the pairs list them.
  static Assignment from_sequence(int threads, const std::vector<std::pair<int, std::size_t>>& sequence) {
    Assignment a;
    a.threads = threads;
    a.offsets.assign(static_cast<std::size_t>(threads) + 1, 0);
    for (const auto& [t, i] : sequence) ++a.offsets[static_cast<std::size_t>(t) + 1];
    for (int t = 0; t < threads; ++t) a.offsets[t + 1] += a.offsets[t];
    a.iterations.resize(sequence.size());
    std::vector<std::size_t> next(a.offsets.begin(), a.offsets.end() - 1);
    for (const auto& [t, i] : sequence) a.iterations[next[t]++] = i;
    return a;
  }
};

namespace detail {

inline void check(std::size_t n, int threads) {
  if (threads < 1) throw std::invalid_argument("pacer::sched: the number of threads must be at least 1");
  if (n > UINT32_MAX) throw std::invalid_argument("pacer::sched: more than 2^32 iterations");
}

// Non-negative doubles order like their bit patterns; -0 becomes +0.
inline std::uint64_t key_of(double load) {
  load += 0.0;
  std::uint64_t k;
  std::memcpy(&k, &load, sizeof k);
  return k;
}

// Stable LSD radix sort of 64-bit words by their upper halves, a byte a
// pass, all histograms counted in one read; a pass where every word has the
// same digit (the sign bit and top of the exponent, usually) is skipped.
inline void radix_sort_upper_half(std::vector<std::uint64_t>& v) {
  std::uint32_t count[4][256] = {};
  for (std::uint64_t x : v)
    for (int p = 0; p < 4; ++p) ++count[p][(x >> (32 + 8 * p)) & 0xff];
  std::vector<std::uint64_t> tmp(v.size());
  for (int p = 0; p < 4; ++p) {
    const int shift = 32 + 8 * p;
    std::uint32_t* c = count[p];
    if (c[(v[0] >> shift) & 0xff] == v.size()) continue;
    std::uint32_t sum = 0;
    for (int d = 0; d < 256; ++d) sum += std::exchange(c[d], sum);
    for (std::uint64_t x : v) tmp[c[(x >> shift) & 0xff]++] = x;
    v.swap(tmp);
  }
}

}  // namespace detail

// Iterations by ascending load, equal loads by index. Loads must be finite
// and non-negative. Each iteration becomes one word: the upper half of its
// load's bit pattern (sign, exponent, 20 bits of mantissa), then its index.
// Words sort as integers (by radix), and the runs whose upper halves tie are
// then put in exact order by the full load, so the order is exact.
inline std::vector<std::uint32_t> ascending_order(const double* loads, std::size_t n) {
  constexpr std::uint64_t upper = ~std::uint64_t(0) << 32, index = ~upper;
  std::vector<std::uint64_t> word(n);
  for (std::size_t i = 0; i < n; ++i) word[i] = (detail::key_of(loads[i]) & upper) | i;
  if (n < 64) std::sort(word.begin(), word.end());
  else detail::radix_sort_upper_half(word);
  auto exact = [&](std::uint64_t x, std::uint64_t y) {
    double lx = loads[x & index] + 0.0, ly = loads[y & index] + 0.0;
    return lx < ly || (lx == ly && (x & index) < (y & index));
  };
  for (std::size_t s = 0; s < n;) {
    std::size_t e = s + 1;
    while (e < n && ((word[e] ^ word[s]) & upper) == 0) ++e;
    if (e - s > 1 && !std::is_sorted(word.begin() + s, word.begin() + e, exact))
      std::sort(word.begin() + s, word.begin() + e, exact);
    s = e;
  }
  std::vector<std::uint32_t> idx(n);
  for (std::size_t i = 0; i < n; ++i) idx[i] = static_cast<std::uint32_t>(word[i] & index);
  return idx;
}

// Smart Round-Robin (Algorithm 2): sort ascending, then deal pairs of the
// lightest and heaviest unassigned iterations to threads in turn. With an
// odd count the lightest iteration goes alone to thread 0 first, so every
// iteration is assigned exactly once.
inline Assignment smart_round_robin(const double* loads, std::size_t n, int threads) {
  detail::check(n, threads);
  std::vector<std::uint32_t> order = ascending_order(loads, n);
  const std::size_t T = static_cast<std::size_t>(threads), pairs = n / 2;
  const bool odd = n % 2 == 1;
  Assignment a;
  a.threads = threads;
  a.offsets.assign(T + 1, 0);
  for (std::size_t t = 0; t < T; ++t)
    a.offsets[t + 1] = a.offsets[t] + 2 * (pairs / T + (t < pairs % T ? 1 : 0)) + (odd && t == 0 ? 1 : 0);
  a.iterations.resize(n);
  std::vector<std::size_t> next(a.offsets.begin(), a.offsets.end() - 1);
  std::size_t b = 0, d = 1;
  if (odd) {
    a.iterations[next[0]++] = order[0];
    b = 1;
    d = 0;
  }
  std::size_t j = 0;
  for (std::size_t i = b; i + d <= n / 2; ++i) {
    a.iterations[next[j]++] = order[i];
    a.iterations[next[j]++] = order[n - i - d];
    j = j + 1 == T ? 0 : j + 1;
  }
  return a;
}

// Longest Processing Time first: heaviest iteration to the thread that
// would finish it first. `speeds` (optional, one per thread, > 0) are
// relative thread speeds: a load w takes w / speed on that thread.
inline Assignment longest_processing_time(const double* loads, std::size_t n, int threads,
                                          const double* speeds = nullptr) {
  detail::check(n, threads);
  std::vector<std::uint32_t> order = ascending_order(loads, n);
  std::vector<std::pair<int, std::size_t>> sequence;
  sequence.reserve(n);
  if (!speeds) {
    using Slot = std::pair<double, int>;  // (load so far, thread); ties to the lower thread
    std::priority_queue<Slot, std::vector<Slot>, std::greater<Slot>> free;
    for (int t = 0; t < threads; ++t) free.emplace(0.0, t);
    for (std::size_t k = n; k-- > 0;) {
      auto [load, t] = free.top();
      free.pop();
      sequence.emplace_back(t, order[k]);
      free.emplace(load + loads[order[k]], t);
    }
  } else {
    std::vector<double> busy(static_cast<std::size_t>(threads), 0.0);
    for (std::size_t k = n; k-- > 0;) {
      double w = loads[order[k]];
      int best = 0;
      for (int t = 1; t < threads; ++t)
        if ((busy[t] + w) / speeds[t] < (busy[best] + w) / speeds[best]) best = t;
      busy[best] += w;
      sequence.emplace_back(best, order[k]);
    }
  }
  return Assignment::from_sequence(threads, sequence);
}

#ifdef _OPENMP
// Runs body(i) for every iteration of `a`, each on its assigned thread. If
// the runtime grants fewer threads than asked, thread t also runs the lists
// of threads t + granted, t + 2 granted, ... so no iteration is lost.
template <class Body>
void run(const Assignment& a, Body&& body) {
  if (a.threads < 1) return;  // no workload set: nothing to run
#pragma omp parallel num_threads(a.threads)
  {
    int granted = omp_get_num_threads();
    for (int t = omp_get_thread_num(); t < a.threads; t += granted)
      for (std::size_t k = a.begin(t); k < a.end(t); ++k) body(a.iterations[k]);
  }
}

// The interface of the paper's libgomp extension, as a class: set the
// loads of the next loop, then run it.
class WorkloadAwareLoop {
 public:
  enum class Strategy { SmartRoundRobin, LongestProcessingTime };

  void set_workload(const double* loads, std::size_t n, Strategy s = Strategy::SmartRoundRobin,
                    int threads = omp_get_max_threads()) {
    assignment_ = s == Strategy::SmartRoundRobin ? smart_round_robin(loads, n, threads)
                                                 : longest_processing_time(loads, n, threads);
  }
  template <class Body>
  void parallel_for(Body&& body) const {
    run(assignment_, body);
  }
  const Assignment& assignment() const { return assignment_; }

 private:
  Assignment assignment_;
};
#endif

}  // namespace pacer::sched
