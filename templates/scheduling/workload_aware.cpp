// The workload-aware strategies read every iteration's load before the
// loop starts: Smart Round-Robin and LPT. Their assignments come from the
// run-time header, so a simulated schedule is the one a program runs.
#include "templates/scheduling/strategies.hpp"

namespace pacer::sched {

namespace {

// Each thread fetches its precomputed list once.
std::vector<size_t> one_dispatch_each(const Assignment& a) {
  std::vector<size_t> d(static_cast<size_t>(a.threads));
  for (int t = 0; t < a.threads; ++t) d[t] = a.end(t) > a.begin(t) ? 1 : 0;
  return d;
}

class SmartRoundRobin final : public Strategy {
 public:
  std::string name() const override { return "srr"; }
  bool planned() const override { return true; }
  Plan plan(const std::vector<double>& loads, int threads, const std::vector<double>&) const override {
    Plan p{smart_round_robin(loads.data(), loads.size(), threads), {}};
    p.dispatches = one_dispatch_each(p.assignment);
    return p;
  }
};

class LongestProcessingTime final : public Strategy {
 public:
  std::string name() const override { return "lpt"; }
  bool planned() const override { return true; }
  Plan plan(const std::vector<double>& loads, int threads, const std::vector<double>& speeds) const override {
    Plan p{longest_processing_time(loads.data(), loads.size(), threads, speeds.empty() ? nullptr : speeds.data()),
           {}};
    p.dispatches = one_dispatch_each(p.assignment);
    return p;
  }
};

}  // namespace

std::unique_ptr<Strategy> make_smart_round_robin(size_t) { return std::make_unique<SmartRoundRobin>(); }
std::unique_ptr<Strategy> make_longest_processing_time(size_t) {
  return std::make_unique<LongestProcessingTime>();
}

}  // namespace pacer::sched
