// What `pacer schedule simulate` and `optimise` study on one workload: one
// strategy against static scheduling, and the best schedule (the oracle's,
// the genetic algorithm's of the loop-scheduling paper's Algorithm 1) against
// every strategy.
#pragma once
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "templates/scheduling/genetic_algorithm.hpp"
#include "templates/scheduling/instance.hpp"
#include "templates/scheduling/oracle.hpp"

namespace pacer::sched {

struct SimulationReport {
  Trace trace;
  Metrics metrics;
  double static_makespan = 0;
  std::optional<double> lower_bound;  // identical threads only
};
SimulationReport simulate_against_static(const Instance& w, const Strategy& s);

struct OptimisationReport {
  OracleResult best;
  std::optional<GeneticResult> genetic;                      // unless skipped
  std::vector<std::pair<std::string, Metrics>> strategies;  // default_comparison(), in order
};
// InputError for a machine with unequal threads or scheduling overhead.
OptimisationReport optimise_schedule(const Instance& w, const OracleOptions& oracle,
                                     const std::optional<GeneticOptions>& genetic);

}  // namespace pacer::sched
