// Exact rebalancing of two threads, the oracle's last improvement before
// its branch and bound. The iterations of the busiest thread and of one
// other are split anew between the two so that the larger of the two loads
// is as small as it can be: a two-way number partition, solved exactly by
// Horowitz and Sahni's meet in the middle (the subset sums of each half,
// generated in sorted order by merging, then one sweep of two pointers).
// Repeated, busiest thread against the least busy first, it drives every
// thread to within the finest difference the union's subsets can make,
// which for a dozen iterations per thread is far below any load's size:
// the makespan then meets the mean (rounded up to the loads' common step)
// and is proven optimal, or lies a certified hair above it.
#pragma once
#include <chrono>
#include <cstddef>
#include <vector>

namespace pacer::sched {

// Up to this many iterations of the two threads are split anew (the
// smallest ones: the larger stay where they are); 2^(m/2) sums per half.
inline constexpr std::size_t kPairMovable = 32;

// Rebalances pairs of threads in `thread_of` (loads `busy`, updated) until
// no pair with the busiest thread improves it or `deadline` passes.
// Returns the number of pairs rebalanced.
std::size_t balance_pairs(const std::vector<double>& loads, std::vector<int>& thread_of, std::vector<double>& busy,
                          std::chrono::steady_clock::time_point deadline);

}  // namespace pacer::sched
