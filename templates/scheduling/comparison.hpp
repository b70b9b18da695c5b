// The strategy comparison of the loop-scheduling paper (section 6.3, Figure
// 8): every strategy simulated on many workloads (loop sizes x seeds) of one
// machine, with each one's makespan, imbalance, distance from the lower
// bound and speedup over static per workload, and Smart Round-Robin's gain
// over each other strategy.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "templates/scheduling/simulator.hpp"

namespace pacer::sched {

struct ComparisonRequest {
  std::vector<size_t> sizes;
  std::vector<uint64_t> seeds;
  MachineModel machine;
  std::vector<std::string> strategies;  // as make_strategy spells them; empty: default_comparison()
  bool oracle = false;                  // add the best schedule of each workload (identical threads, no overhead)
  // Its search, in nodes rather than seconds, so that the comparison gives
  // the same figures on every run and every rank (about 50 ms here).
  size_t oracle_nodes = 2'000'000;
  // The loads of the workload of n iterations drawn with `seed`.
  std::function<std::vector<double>(size_t n, uint64_t seed)> loads;
};

// The row of SRR's gain over the best chunk size of dynamic.
inline constexpr const char* best_dynamic_row = "dynamic (best chunk)";

struct ComparisonAtSize {
  size_t iterations = 0;
  std::vector<std::string> rows;  // strategies, then "oracle" when asked
  std::vector<uint64_t> seeds;
  std::map<std::string, std::vector<double>> makespan, imbalance, over_mean, over_bound, over_static;
  // SRR's gain in percent, (makespan_X / makespan_srr - 1) x 100, per seed.
  std::map<std::string, std::vector<double>> srr_gain;
};

// One result per size, in the request's order. Under mpirun the workloads
// are spread over the ranks; rank 0 gets the results, the others none.
std::vector<ComparisonAtSize> compare_strategies(const ComparisonRequest& request);

}  // namespace pacer::sched
