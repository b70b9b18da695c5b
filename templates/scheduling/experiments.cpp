#include "templates/scheduling/experiments.hpp"

#include "framework/error.hpp"
#include "templates/scheduling/strategy.hpp"

namespace pacer::sched {

SimulationReport simulate_against_static(const Instance& w, const Strategy& s) {
  SimulationReport r;
  r.trace = simulate(w.loads, s, w.machine);
  r.metrics = measure(r.trace);
  r.static_makespan = simulate(w.loads, *make_strategy("static"), w.machine).makespan;
  if (w.machine.speeds.empty()) r.lower_bound = makespan_lower_bound(w.loads, w.machine.threads);
  return r;
}

OptimisationReport optimise_schedule(const Instance& w, const OracleOptions& oracle,
                                     const std::optional<GeneticOptions>& genetic) {
  if (!w.machine.speeds.empty() || w.machine.overhead > 0)
    throw InputError("optimise assumes identical threads without overhead: drop --speeds and --overhead");
  OptimisationReport r;
  r.best = optimal_schedule(w.loads, w.machine.threads, oracle);
  if (genetic) r.genetic = genetic_search(w.loads, w.machine.threads, *genetic);
  for (const auto& name : default_comparison())
    r.strategies.emplace_back(name, measure_times(simulate(w.loads, *make_strategy(name), w.machine).thread_times));
  return r;
}

}  // namespace pacer::sched
