#include "templates/scheduling/pair_balance.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>

namespace pacer::sched {

namespace {

using Clock = std::chrono::steady_clock;

// All 2^n subset sums of w[0..n), ascending, with the mask of each: every
// item doubles the list by merging it with itself shifted by the item.
struct SubsetSums {
  std::vector<double> sum;
  std::vector<uint32_t> mask;
};

void sorted_subset_sums(const double* w, std::size_t n, SubsetSums& out, SubsetSums& scratch) {
  out.sum.assign(1, 0.0);
  out.mask.assign(1, 0);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t k = out.sum.size();
    const uint32_t bit = uint32_t(1) << i;
    scratch.sum.resize(2 * k);
    scratch.mask.resize(2 * k);
    std::size_t a = 0, b = 0, o = 0;
    while (a < k && b < k) {
      const double shifted = out.sum[b] + w[i];
      if (out.sum[a] <= shifted) scratch.sum[o] = out.sum[a], scratch.mask[o++] = out.mask[a++];
      else scratch.sum[o] = shifted, scratch.mask[o++] = out.mask[b++] | bit;
    }
    for (; a < k; ++a) scratch.sum[o] = out.sum[a], scratch.mask[o++] = out.mask[a];
    for (; b < k; ++b) scratch.sum[o] = out.sum[b] + w[i], scratch.mask[o++] = out.mask[b] | bit;
    std::swap(out, scratch);
  }
}

class PairBalancer {
 public:
  PairBalancer(const std::vector<double>& loads, std::vector<int>& thread_of, std::vector<double>& busy)
      : loads_(loads), thread_of_(thread_of), busy_(busy), items_(busy.size()) {
    for (std::size_t i = 0; i < loads.size(); ++i) items_[std::size_t(thread_of[i])].push_back(uint32_t(i));
  }

  std::size_t run(Clock::time_point deadline) {
    std::size_t pairs = 0;
    std::vector<std::size_t> order(busy_.size());
    while (Clock::now() < deadline) {
      const std::size_t h = std::size_t(std::max_element(busy_.begin(), busy_.end()) - busy_.begin());
      std::iota(order.begin(), order.end(), 0);
      std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return busy_[a] < busy_[b]; });
      bool improved = false;
      for (std::size_t t : order)
        if (t != h && (improved = rebalance(h, t))) break;
      if (!improved) break;
      ++pairs;
    }
    return pairs;
  }

 private:
  // Splits the two threads' iterations anew; true (and applied) when the
  // larger of the two loads falls below h's by more than rounding.
  bool rebalance(std::size_t h, std::size_t t) {
    std::vector<uint32_t> both = items_[h];
    both.insert(both.end(), items_[t].begin(), items_[t].end());
    const std::size_t m = std::min(both.size(), kPairMovable);
    if (both.size() > m)
      std::nth_element(both.begin(), both.begin() + std::ptrdiff_t(m), both.end(),
                       [&](uint32_t a, uint32_t b) { return loads_[a] < loads_[b]; });
    double fixed_h = 0, fixed_t = 0, movable = 0;
    for (std::size_t k = m; k < both.size(); ++k) (std::size_t(thread_of_[both[k]]) == h ? fixed_h : fixed_t) += loads_[both[k]];
    std::vector<double> w(m);
    for (std::size_t k = 0; k < m; ++k) movable += w[k] = loads_[both[k]];
    // h's share s of the movable work that levels the two threads.
    const double target = (fixed_t + movable - fixed_h) / 2;
    const std::size_t half = m / 2;
    sorted_subset_sums(w.data(), half, lo_, scratch_);
    sorted_subset_sums(w.data() + half, m - half, hi_, scratch_);
    uint64_t chosen = closest_sum(target, half);
    double new_h = fixed_h, new_t = fixed_t;
    for (std::size_t k = 0; k < m; ++k) ((chosen >> k) & 1 ? new_h : new_t) += w[k];
    if (!(std::max(new_h, new_t) < busy_[h] * (1 - 1e-12))) return false;
    for (std::size_t k = 0; k < m; ++k) thread_of_[both[k]] = int((chosen >> k) & 1 ? h : t);
    items_[h].clear(), items_[t].clear();
    for (uint32_t i : both) items_[std::size_t(thread_of_[i])].push_back(i);
    busy_[h] = sum_of(items_[h]), busy_[t] = sum_of(items_[t]);
    return true;
  }

  // The subset (bits 0..half of the low half, then the high half) whose sum
  // is nearest `target`: lo ascending against hi descending.
  uint64_t closest_sum(double target, std::size_t half) const {
    std::size_t a = 0, b = hi_.sum.size() - 1, best_a = 0, best_b = 0;
    double best = INFINITY;
    while (a < lo_.sum.size()) {
      const double d = lo_.sum[a] + hi_.sum[b] - target;
      if (std::abs(d) < best) best = std::abs(d), best_a = a, best_b = b;
      if (d < 0) ++a;
      else if (d > 0 && b > 0) --b;
      else break;  // exact, or every remaining pair is larger still
    }
    return uint64_t(lo_.mask[best_a]) | (uint64_t(hi_.mask[best_b]) << half);
  }

  double sum_of(const std::vector<uint32_t>& items) const {
    double s = 0;
    for (uint32_t i : items) s += loads_[i];
    return s;
  }

  const std::vector<double>& loads_;
  std::vector<int>& thread_of_;
  std::vector<double>& busy_;
  std::vector<std::vector<uint32_t>> items_;
  SubsetSums lo_, hi_, scratch_;
};

}  // namespace

std::size_t balance_pairs(const std::vector<double>& loads, std::vector<int>& thread_of, std::vector<double>& busy,
                          Clock::time_point deadline) {
  if (busy.size() < 2) return 0;
  return PairBalancer(loads, thread_of, busy).run(deadline);
}

}  // namespace pacer::sched
