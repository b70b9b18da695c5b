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

// Stable LSD radix sort of (key, index) by key, one byte per pass; passes
// where every key has the same byte are skipped.
inline std::vector<std::uint32_t> radix_order(const double* loads, std::size_t n) {
  std::vector<std::uint64_t> keys(n), keys2(n);
  std::vector<std::uint32_t> idx(n), idx2(n);
  std::vector<std::size_t> count(8 * 256, 0);
  for (std::size_t i = 0; i < n; ++i) {
    keys[i] = key_of(loads[i]);
    idx[i] = static_cast<std::uint32_t>(i);
    for (int b = 0; b < 8; ++b) ++count[b * 256 + ((keys[i] >> (8 * b)) & 0xff)];
  }
  for (int b = 0; b < 8; ++b) {
    std::size_t* c = &count[static_cast<std::size_t>(b) * 256];
    if (*std::max_element(c, c + 256) == n) continue;
    std::size_t sum = 0;
    for (int d = 0; d < 256; ++d) sum += std::exchange(c[d], sum);
    for (std::size_t i = 0; i < n; ++i) {
      std::size_t pos = c[(keys[i] >> (8 * b)) & 0xff]++;
      keys2[pos] = keys[i];
      idx2[pos] = idx[i];
    }
    keys.swap(keys2);
    idx.swap(idx2);
  }
  return idx;
}

}  // namespace detail

// Iterations by ascending load, equal loads by index. Loads must be finite
// and non-negative.
inline std::vector<std::uint32_t> ascending_order(const double* loads, std::size_t n) {
  if (n >= 1024) return detail::radix_order(loads, n);
  std::vector<std::uint32_t> idx(n);
  for (std::size_t i = 0; i < n; ++i) idx[i] = static_cast<std::uint32_t>(i);
  std::sort(idx.begin(), idx.end(), [loads](std::uint32_t a, std::uint32_t b) {
    return loads[a] < loads[b] || (loads[a] == loads[b] && a < b);
  });
  return idx;
}

// Smart Round-Robin (Algorithm 2): sort ascending, then deal pairs of the
// lightest and heaviest unassigned iterations to threads in turn. With an
// odd count the lightest iteration goes alone to thread 0 first, so every
// iteration is assigned exactly once.
inline Assignment smart_round_robin(const double* loads, std::size_t n, int threads) {
  detail::check(n, threads);
  std::vector<std::uint32_t> order = ascending_order(loads, n);
  std::vector<std::pair<int, std::size_t>> sequence;
  sequence.reserve(n);
  std::size_t b = 0, d = 1;
  if (n % 2 == 1) {
    sequence.emplace_back(0, order[0]);
    b = 1;
    d = 0;
  }
  int j = 0;
  for (std::size_t i = b; i + d <= n / 2; ++i) {
    sequence.emplace_back(j, order[i]);
    sequence.emplace_back(j, order[n - i - d]);
    j = (j + 1) % threads;
  }
  return Assignment::from_sequence(threads, sequence);
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
