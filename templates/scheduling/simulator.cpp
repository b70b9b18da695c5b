#include "templates/scheduling/simulator.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>
#include <queue>

#include "framework/error.hpp"
#include "templates/scheduling/workload.hpp"

namespace pacer::sched {

namespace {

double speed_of(const MachineModel& m, int t) { return m.speeds.empty() ? 1.0 : m.speeds[size_t(t)]; }

Trace run_plan(const std::vector<double>& loads, const Plan& p, const MachineModel& m) {
  const Assignment& a = p.assignment;
  Trace tr;
  tr.thread_of.assign(loads.size(), -1);
  tr.thread_loads.assign(size_t(m.threads), 0.0);
  tr.thread_times.assign(size_t(m.threads), 0.0);
  tr.dispatches = p.dispatches;
  for (int t = 0; t < m.threads; ++t) {
    double sum = 0;
    for (size_t k = a.begin(t); k < a.end(t); ++k) {
      sum += loads[a.iterations[k]];
      tr.thread_of[a.iterations[k]] = t;
    }
    tr.thread_loads[t] = sum;
    tr.thread_times[t] = sum / speed_of(m, t) + double(p.dispatches[t]) * m.overhead;
  }
  return tr;
}

// The idle thread with the earliest clock, ties to the lowest number: a
// linear scan for the thread counts of a node, a heap beyond.
class ThreadClocks {
 public:
  explicit ThreadClocks(size_t T) : clock_(T, 0.0) {
    if (T > 32)
      for (size_t t = 0; t < T; ++t) heap_.emplace(0.0, t);
  }
  size_t earliest() {
    if (heap_.empty()) return size_t(std::min_element(clock_.begin(), clock_.end()) - clock_.begin());
    size_t t = heap_.top().second;
    heap_.pop();
    return t;
  }
  void advance(size_t t, double by) {
    clock_[t] += by;
    if (clock_.size() > 32) heap_.emplace(clock_[t], t);
  }
  const std::vector<double>& clocks() const { return clock_; }

 private:
  using Slot = std::pair<double, size_t>;
  std::vector<double> clock_;
  std::priority_queue<Slot, std::vector<Slot>, std::greater<Slot>> heap_;
};

Trace run_self_scheduled(const std::vector<double>& loads, const Strategy& s, const MachineModel& m) {
  size_t n = loads.size(), T = size_t(m.threads);
  Trace tr;
  tr.thread_of.resize(n);
  tr.thread_loads.assign(T, 0.0);
  tr.dispatches.assign(T, 0);
  std::unique_ptr<ChunkRule> rule = s.chunks(n, m.threads);
  ThreadClocks clocks(T);
  for (size_t next = 0; next < n;) {
    size_t t = clocks.earliest();
    size_t size = std::max<size_t>(1, rule->next(n - next));
    size_t end = std::min(n, next + size);
    double work = 0;
    for (size_t i = next; i < end; ++i) {
      work += loads[i];
      tr.thread_of[i] = int(t);
    }
    next = end;
    tr.thread_loads[t] += work;
    ++tr.dispatches[t];
    clocks.advance(t, work / speed_of(m, int(t)) + m.overhead);
  }
  tr.thread_times = clocks.clocks();
  return tr;
}

}  // namespace

void check_machine(const MachineModel& m) {
  if (m.threads < 1 || m.threads > 65535) throw InputError("the number of threads must lie in [1, 65535]");
  if (!std::isfinite(m.overhead) || m.overhead < 0)
    throw InputError("the scheduling overhead must be finite and non-negative");
  if (!m.speeds.empty() && m.speeds.size() != size_t(m.threads))
    throw InputError("give one speed per thread: " + std::to_string(m.speeds.size()) + " speeds for " +
                     std::to_string(m.threads) + " threads");
  for (double v : m.speeds)
    if (!(v > 0) || !std::isfinite(v)) throw InputError("thread speeds must be positive and finite");
}

Trace simulate(const std::vector<double>& loads, const Strategy& s, const MachineModel& m) {
  check_machine(m);
  check_loads(loads, "simulate");
  Trace tr = s.planned() ? run_plan(loads, s.plan(loads, m.threads, m.speeds), m) : run_self_scheduled(loads, s, m);
  tr.makespan = *std::max_element(tr.thread_times.begin(), tr.thread_times.end());
  return tr;
}

Metrics measure_times(const std::vector<double>& busy) {
  Metrics r;
  auto [lo, hi] = std::minmax_element(busy.begin(), busy.end());
  double total = std::accumulate(busy.begin(), busy.end(), 0.0);
  double mean = total / double(busy.size());
  double var = 0;
  for (double b : busy) var += (b - mean) * (b - mean);
  r.makespan = *hi;
  r.imbalance_abs = *hi - *lo;
  r.imbalance = total > 0 ? r.imbalance_abs / total : 0;
  r.imbalance_over_mean = mean > 0 ? r.imbalance_abs / mean : 0;
  r.cv = mean > 0 ? std::sqrt(var / double(busy.size())) / mean : 0;
  return r;
}

Metrics measure(const Trace& t) { return measure_times(t.thread_times); }

double makespan_lower_bound(const std::vector<double>& loads, int threads) {
  double total = std::accumulate(loads.begin(), loads.end(), 0.0);
  double bound = total / threads;
  std::vector<double> top(loads);
  size_t k = std::min(top.size(), size_t(threads) + 1);
  std::partial_sort(top.begin(), top.begin() + std::ptrdiff_t(k), top.end(), std::greater<>());
  bound = std::max(bound, top.front());
  if (top.size() > size_t(threads)) bound = std::max(bound, top[size_t(threads) - 1] + top[size_t(threads)]);
  return bound;
}

}  // namespace pacer::sched
