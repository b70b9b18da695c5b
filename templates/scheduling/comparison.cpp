#include "templates/scheduling/comparison.hpp"

#include <cmath>
#include <memory>

#include "framework/error.hpp"
#include "framework/process_group.hpp"
#include "templates/scheduling/oracle.hpp"
#include "templates/scheduling/strategy.hpp"

namespace pacer::sched {

namespace {

using Strategies = std::vector<std::unique_ptr<Strategy>>;

// One workload (a loop size and a seed): what the comparison keeps of it, as
// a flat list that the ranks of an MPI job can send (process_group.hpp):
// [iterations, lower bound, static's makespan, then per row its makespan,
// imbalance and imbalance over the mean].
std::vector<double> run_workload(const ComparisonRequest& o, size_t n, uint64_t seed, const Strategies& strategies) {
  const MachineModel& machine = o.machine;
  const std::vector<double> loads = o.loads(n, seed);
  std::vector<double> out{double(loads.size()), machine.speeds.empty() ? makespan_lower_bound(loads, machine.threads) : 0,
                          simulate(loads, *make_strategy("static"), machine).makespan};
  auto add = [&](const Metrics& m) { out.insert(out.end(), {m.makespan, m.imbalance, m.imbalance_over_mean}); };
  for (const auto& s : strategies) add(measure(simulate(loads, *s, machine)));
  if (o.oracle) {
    OracleOptions search;
    search.node_limit = o.oracle_nodes;
    add(measure_times(optimal_schedule(loads, machine.threads, search).thread_loads));
  }
  return out;
}

// Adds one workload's numbers to its size's result (workloads in seed order).
void record(ComparisonAtSize& r, const std::vector<std::string>& rows, const std::vector<double>& w) {
  r.iterations = size_t(w[0]);
  const double bound = w[1], static_mk = w[2];
  std::map<std::string, double> mk;
  double best_dynamic = INFINITY;
  for (size_t k = 0; k < rows.size(); ++k) {
    const std::string& name = rows[k];
    const double makespan = w[3 + 3 * k];
    if (r.makespan[name].empty()) r.rows.push_back(name);
    mk[name] = makespan;
    r.makespan[name].push_back(makespan);
    r.imbalance[name].push_back(w[4 + 3 * k]);
    r.over_mean[name].push_back(w[5 + 3 * k]);
    r.over_static[name].push_back(static_mk / makespan);
    if (bound > 0) r.over_bound[name].push_back(makespan / bound - 1);
    if (name.rfind("dynamic", 0) == 0) best_dynamic = std::min(best_dynamic, makespan);
  }
  if (!mk.count("srr")) return;
  for (const auto& [name, value] : mk)
    if (name != "srr") r.srr_gain[name].push_back((value / mk["srr"] - 1) * 100);
  if (std::isfinite(best_dynamic)) r.srr_gain[best_dynamic_row].push_back((best_dynamic / mk["srr"] - 1) * 100);
}

}  // namespace

std::vector<ComparisonAtSize> compare_strategies(const ComparisonRequest& o) {
  if (o.oracle && (!o.machine.speeds.empty() || o.machine.overhead > 0))
    throw InputError("--oracle assumes identical threads without overhead: drop --speeds and --overhead");
  Strategies strategies;
  std::vector<std::string> rows;
  for (const auto& name : o.strategies.empty() ? default_comparison() : o.strategies) {
    strategies.push_back(make_strategy(name));
    rows.push_back(strategies.back()->name());
  }
  if (o.oracle) rows.push_back("oracle");
  // Workloads size-major, seeds inner; under mpirun they are spread over the ranks.
  const size_t seeds = o.seeds.size();
  const ItemResults workloads = share_items(o.sizes.size() * seeds, [&](const std::vector<size_t>& mine) {
    ItemResults out;
    for (size_t i : mine) out.push_back(run_workload(o, o.sizes[i / seeds], o.seeds[i % seeds], strategies));
    return out;
  });
  if (!root_process()) return {};
  std::vector<ComparisonAtSize> out(o.sizes.size());
  for (size_t si = 0; si < o.sizes.size(); ++si) {
    out[si].seeds = o.seeds;
    for (size_t k = 0; k < seeds; ++k) record(out[si], rows, workloads[si * seeds + k]);
  }
  return out;
}

}  // namespace pacer::sched
