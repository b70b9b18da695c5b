#include "templates/scheduling/comparison.hpp"

#include <cmath>
#include <memory>

#include "framework/error.hpp"
#include "templates/scheduling/oracle.hpp"
#include "templates/scheduling/strategy.hpp"

namespace pacer::sched {

namespace {


ComparisonAtSize run_size(const ComparisonRequest& o, size_t n, const std::vector<std::unique_ptr<Strategy>>& strategies) {
  const MachineModel& machine = o.machine;
  ComparisonAtSize r;
  r.seeds = o.seeds;
  for (uint64_t seed : o.seeds) {
    const std::vector<double> loads = o.loads(n, seed);
    r.iterations = loads.size();
    double bound = machine.speeds.empty() ? makespan_lower_bound(loads, machine.threads) : 0;
    double static_mk = simulate(loads, *make_strategy("static"), machine).makespan;
    std::map<std::string, double> mk;
    double best_dynamic = INFINITY;
    auto record = [&](const std::string& name, const Metrics& m) {
      if (r.makespan[name].empty()) r.rows.push_back(name);
      mk[name] = m.makespan;
      r.makespan[name].push_back(m.makespan);
      r.imbalance[name].push_back(m.imbalance);
      r.over_mean[name].push_back(m.imbalance_over_mean);
      r.over_static[name].push_back(static_mk / m.makespan);
      if (bound > 0) r.over_bound[name].push_back(m.makespan / bound - 1);
      if (name.rfind("dynamic", 0) == 0) best_dynamic = std::min(best_dynamic, m.makespan);
    };
    for (const auto& s : strategies) record(s->name(), measure(simulate(loads, *s, machine)));
    if (o.oracle) record("oracle", measure_times(optimal_schedule(loads, machine.threads).thread_loads));
    if (!mk.count("srr")) continue;
    for (const auto& [name, value] : mk)
      if (name != "srr") r.srr_gain[name].push_back((value / mk["srr"] - 1) * 100);
    if (std::isfinite(best_dynamic)) r.srr_gain[best_dynamic_row].push_back((best_dynamic / mk["srr"] - 1) * 100);
  }
  return r;
}

}  // namespace

std::vector<ComparisonAtSize> compare_strategies(const ComparisonRequest& o) {
  if (o.oracle && (!o.machine.speeds.empty() || o.machine.overhead > 0))
    throw InputError("--oracle assumes identical threads without overhead: drop --speeds and --overhead");
  std::vector<std::unique_ptr<Strategy>> strategies;
  for (const auto& name : o.strategies.empty() ? default_comparison() : o.strategies)
    strategies.push_back(make_strategy(name));
  std::vector<ComparisonAtSize> out;
  for (size_t n : o.sizes) out.push_back(run_size(o, n, strategies));
  return out;
}

}  // namespace pacer::sched
