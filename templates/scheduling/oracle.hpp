// The oracle: the best makespan of a workload on T identical threads
// (P||Cmax), proven optimal where the search can prove it, otherwise with
// its distance from the lower bound max(mean, largest load, sum of the
// T-th and (T+1)-th largest loads; when all loads are multiples of a common
// step, such as integers, the mean rounds up to a multiple of it).
// It starts from the better of LPT and the largest differencing method
// (Karmarkar-Karp for k sets), improves it by moves and swaps off the
// busiest thread, then runs a depth-first branch and bound within a time
// budget, or a budget of nodes.
#pragma once
#include <cstddef>
#include <vector>

namespace pacer::sched {

struct OracleOptions {
  double time_limit_seconds = 0.05;  // for the branch and bound
  // When positive, the search stops after this many branch-and-bound nodes
  // instead, at no time limit: the same schedule on any machine and at any
  // load, as a comparison whose figures must reproduce needs.
  size_t node_limit = 0;
};

struct OracleResult {
  std::vector<int> thread_of;
  std::vector<double> thread_loads;
  double makespan = 0;
  double lower_bound = 0;
  bool optimal = false;  // proven: the makespan meets the bound or the search was exhaustive
  double gap = 0;        // makespan / lower_bound - 1
  size_t pairs_rebalanced = 0;  // exact two-thread splits that lowered the busiest thread
  size_t nodes = 0;      // branch-and-bound nodes visited
  double seconds = 0;
};

OracleResult optimal_schedule(const std::vector<double>& loads, int threads, const OracleOptions& o = {});

}  // namespace pacer::sched
