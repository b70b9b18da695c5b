#include "templates/scheduling/oracle.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>
#include <queue>

#include <boost/dynamic_bitset.hpp>

#include "framework/error.hpp"
#include "pacer/omp_schedule.hpp"
#include "templates/scheduling/pair_balance.hpp"
#include "templates/scheduling/simulator.hpp"
#include "templates/scheduling/workload.hpp"

namespace pacer::sched {

namespace {

using Clock = std::chrono::steady_clock;

struct Schedule {
  std::vector<int> thread_of;
  std::vector<double> busy;
  double makespan() const { return *std::max_element(busy.begin(), busy.end()); }
};

Schedule from_thread_of(const std::vector<double>& loads, int T, std::vector<int> thread_of) {
  Schedule s{std::move(thread_of), std::vector<double>(size_t(T), 0.0)};
  for (size_t i = 0; i < loads.size(); ++i) s.busy[size_t(s.thread_of[i])] += loads[i];
  return s;
}

// Largest differencing method for k sets: every item starts as a partial
// partition (w, 0, ..., 0); the two partitions with the largest spread are
// merged, largest subset with smallest, until one remains.
Schedule largest_differencing(const std::vector<double>& loads, int T) {
  struct Partial {
    std::vector<double> sums;               // descending
    std::vector<std::vector<uint32_t>> sets;  // items of each sum
    double spread() const { return sums.front() - sums.back(); }
  };
  auto less_spread = [](const Partial* a, const Partial* b) { return a->spread() < b->spread(); };
  std::vector<Partial> store(loads.size());
  std::priority_queue<Partial*, std::vector<Partial*>, decltype(less_spread)> queue(less_spread);
  for (size_t i = 0; i < loads.size(); ++i) {
    store[i].sums.assign(size_t(T), 0.0);
    store[i].sets.resize(size_t(T));
    store[i].sums[0] = loads[i];
    store[i].sets[0].push_back(uint32_t(i));
    queue.push(&store[i]);
  }
  while (queue.size() > 1) {
    Partial* a = queue.top();
    queue.pop();
    Partial* b = queue.top();
    queue.pop();
    for (size_t k = 0; k < size_t(T); ++k) {
      size_t j = size_t(T) - 1 - k;
      a->sums[k] += b->sums[j];
      a->sets[k].insert(a->sets[k].end(), b->sets[j].begin(), b->sets[j].end());
    }
    std::vector<size_t> order(static_cast<size_t>(T));
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](size_t x, size_t y) { return a->sums[x] > a->sums[y]; });
    Partial merged;
    for (size_t k : order) merged.sums.push_back(a->sums[k]), merged.sets.push_back(std::move(a->sets[k]));
    *a = std::move(merged);
    queue.push(a);
  }
  std::vector<int> thread_of(loads.size());
  const Partial& last = *queue.top();
  for (size_t t = 0; t < size_t(T); ++t)
    for (uint32_t i : last.sets[t]) thread_of[i] = int(t);
  return from_thread_of(loads, T, std::move(thread_of));
}

// Moves of one item and swaps of two between the busiest thread and
// another, while one lowers the larger of the two threads' loads.
void improve(const std::vector<double>& loads, Schedule& s) {
  size_t n = loads.size();
  for (bool changed = true; changed;) {
    changed = false;
    size_t hi = size_t(std::max_element(s.busy.begin(), s.busy.end()) - s.busy.begin());
    double best = s.busy[hi];
    size_t move_a = n, move_b = n;
    for (size_t a = 0; a < n; ++a) {
      if (size_t(s.thread_of[a]) != hi) continue;
      for (size_t b = 0; b < n; ++b) {
        size_t t = size_t(s.thread_of[b]);
        if (t == hi) continue;
        double delta = loads[a] - loads[b];
        if (delta > 0 && std::max(s.busy[hi] - delta, s.busy[t] + delta) < best)
          best = std::max(s.busy[hi] - delta, s.busy[t] + delta), move_a = a, move_b = b;
      }
    }
    for (size_t a = 0; a < n; ++a) {
      if (size_t(s.thread_of[a]) != hi) continue;
      for (size_t t = 0; t < s.busy.size(); ++t)
        if (t != hi && std::max(s.busy[hi] - loads[a], s.busy[t] + loads[a]) < best)
          best = std::max(s.busy[hi] - loads[a], s.busy[t] + loads[a]), move_a = a, move_b = n + t;
    }
    if (move_a == n) break;
    changed = true;
    if (move_b < n) {
      size_t t = size_t(s.thread_of[move_b]);
      double delta = loads[move_a] - loads[move_b];
      s.busy[hi] -= delta, s.busy[t] += delta;
      std::swap(s.thread_of[move_a], s.thread_of[move_b]);
    } else {
      size_t t = move_b - n;
      s.busy[hi] -= loads[move_a], s.busy[t] += loads[move_a];
      s.thread_of[move_a] = int(t);
    }
  }
}

// Depth-first branch and bound over items in descending order; threads
// with equal loads are interchangeable, so only the first is tried.
class BranchAndBound {
 public:
  BranchAndBound(const std::vector<double>& loads, int T, Schedule& best, double bound, Clock::time_point deadline,
                 size_t node_limit)
      : loads_(loads), best_(best), best_makespan_(best.makespan()), bound_(bound), deadline_(deadline),
        node_limit_(node_limit), busy_(size_t(T), 0.0),
        thread_of_(loads.size(), -1), order_(loads.size()) {
    std::iota(order_.begin(), order_.end(), 0);
    std::stable_sort(order_.begin(), order_.end(), [&](size_t a, size_t b) { return loads[a] > loads[b]; });
    suffix_.assign(loads.size() + 1, 0.0);
    for (size_t k = loads.size(); k-- > 0;) suffix_[k] = suffix_[k + 1] + loads[order_[k]];
  }
  // True when the search finished: the best schedule is then optimal.
  bool run() {
    dfs(0);
    return !timed_out_;
  }
  size_t nodes() const { return nodes_; }

 private:
  double target() const { return best_makespan_ * (1 - 1e-12); }
  void dfs(size_t k) {
    if (stop()) return;
    if (k == order_.size()) {
      best_ = Schedule{thread_of_, busy_};
      best_makespan_ = best_.makespan();
      return;
    }
    double room = 0;
    for (double b : busy_) room += std::max(0.0, target() - b);
    if (room < suffix_[k]) return;
    double w = loads_[order_[k]];
    for (size_t t = 0; t < busy_.size(); ++t) {
      bool seen = false;
      for (size_t u = 0; u < t && !seen; ++u) seen = busy_[u] == busy_[t];
      if (seen || busy_[t] + w >= target()) continue;
      busy_[t] += w;
      thread_of_[order_[k]] = int(t);
      dfs(k + 1);
      busy_[t] -= w;
      if (stop()) return;
    }
  }
  bool stop() {
    if (best_makespan_ <= bound_ * (1 + 1e-12)) return true;
    ++nodes_;
    if (node_limit_ > 0 ? nodes_ >= node_limit_ : (nodes_ & 1023) == 0 && Clock::now() > deadline_) timed_out_ = true;
    return timed_out_;
  }

  const std::vector<double>& loads_;
  Schedule& best_;
  double best_makespan_;
  double bound_;
  Clock::time_point deadline_;
  size_t node_limit_;
  std::vector<double> busy_;
  std::vector<int> thread_of_;
  std::vector<size_t> order_;
  std::vector<double> suffix_;
  size_t nodes_ = 0;
  bool timed_out_ = false;
};

// The largest q of which every load is a whole multiple (loads of 0.25,
// 0.5, 1.75 give 0.25), by Euclid's algorithm on exact remainders; 0 when
// the loads have no common step worth using.
double common_step(const std::vector<double>& loads) {
  double largest = *std::max_element(loads.begin(), loads.end());
  double g = 0;
  for (double w : loads) {
    double a = std::max(g, w), b = std::min(g, w);
    while (b > 1e-9 * largest) a = std::fmod(a, b), std::swap(a, b);
    g = a;
    if (g <= 1e-9 * largest) return 0;
  }
  return g;
}

// A makespan is a sum of loads, so with a common step q it is a multiple
// of q: the mean rounds up to the next one.
double step_aware_bound(const std::vector<double>& loads, int T, double q) {
  double bound = makespan_lower_bound(loads, T);
  if (q > 0) {
    double mean = std::accumulate(loads.begin(), loads.end(), 0.0) / T;
    bound = std::max(bound, std::ceil(mean / q - 1e-9) * q);
  }
  return bound;
}

// Stronger: the busiest thread's load is the sum of some of the loads, so
// with a common step q the smallest such sum at or above the bound is a
// bound too. Loads that are nearly multiples of a coarser step leave gaps
// between the sums that the mean does not see. The sums up to the best
// makespan found, in steps of q, are a bitset.
double reachable_sum_bound(const std::vector<double>& loads, double q, double bound, double best) {
  if (!(q > 0)) return bound;
  const double top = std::round(best / q);
  if (top > double(1 << 22) || double(loads.size()) * (top / 64 + 1) > 5e7) return bound;  // too costly to be worth it
  boost::dynamic_bitset<> reach(size_t(top) + 1);
  reach.set(0);
  for (double w : loads)
    if (size_t k = size_t(std::llround(w / q)); k <= size_t(top)) reach |= reach << k;
  const size_t from = size_t(std::ceil(bound / q - 1e-9));
  if (from > size_t(top)) return bound;
  const size_t s = reach.test(from) ? from : reach.find_next(from);
  return s == boost::dynamic_bitset<>::npos ? bound : std::max(bound, double(s) * q);
}

}  // namespace

OracleResult optimal_schedule(const std::vector<double>& loads, int threads, const OracleOptions& o) {
  check_loads(loads, "oracle");
  if (threads < 1) throw InputError("the number of threads must be at least 1");
  if (!(o.time_limit_seconds >= 0 && o.time_limit_seconds <= 3600))
    throw InputError("the oracle's time limit must lie in [0, 3600] seconds");
  auto start = Clock::now();
  OracleResult r;
  const double step = common_step(loads);
  r.lower_bound = step_aware_bound(loads, threads, step);

  Assignment lpt = longest_processing_time(loads.data(), loads.size(), threads);
  Schedule best = from_thread_of(loads, threads, lpt.thread_of());
  // The refinements cost memory or time that grows with n x T; past these
  // sizes LPT, already within a hair of the bound there, is the answer.
  const double size = double(loads.size()) * threads;
  if (size <= 4e6) {
    Schedule ldm = largest_differencing(loads, threads);
    if (ldm.makespan() < best.makespan()) best = std::move(ldm);
  }
  if (loads.size() <= 1000) improve(loads, best);

  // A budget of nodes replaces the clock altogether (the pair balancing
  // then ends when it finds no better split, as it always does).
  const auto deadline = o.node_limit > 0 ? Clock::time_point::max()
                                         : start + std::chrono::duration_cast<Clock::duration>(
                                                       std::chrono::duration<double>(o.time_limit_seconds));
  r.lower_bound = reachable_sum_bound(loads, step, r.lower_bound, best.makespan());
  bool met = best.makespan() <= r.lower_bound * (1 + 1e-12);
  if (!met) {
    r.pairs_rebalanced = balance_pairs(loads, best.thread_of, best.busy, deadline);
    met = best.makespan() <= r.lower_bound * (1 + 1e-12);
  }
  bool exhaustive = false;
  if (!met && loads.size() <= 5000 && threads <= 256) {
    BranchAndBound bb(loads, threads, best, r.lower_bound, deadline, o.node_limit);
    exhaustive = bb.run();
    r.nodes = bb.nodes();
    met = best.makespan() <= r.lower_bound * (1 + 1e-12);
  }
  r.optimal = met || exhaustive;
  r.thread_of = best.thread_of;
  r.thread_loads = best.busy;
  r.makespan = best.makespan();
  r.gap = r.lower_bound > 0 ? r.makespan / r.lower_bound - 1 : 0;
  r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return r;
}

}  // namespace pacer::sched
