// pacer schedule simulate|compare|optimise: the loop-scheduling simulator,
// the comparison of strategies over many workloads, and the search for the
// best schedule of one workload (genetic algorithm and oracle).
#include <optional>

#include "cli/commands/commands.hpp"
#include "cli/views/json_text.hpp"
#include "cli/views/report.hpp"
#include "cli/views/schedule_view.hpp"
#include "cli/commands/schedule_options.hpp"
#include "templates/scheduling/experiments.hpp"

namespace pacer::cli {

namespace {

using namespace pacer::sched;

// ---- simulate ----

struct SimulateOptions {
  WorkloadOptions workload;
  MachineOptions machine;
  std::string strategy;
  bool json = false;
};

void run_simulate(const SimulateOptions& o) {
  std::unique_ptr<Strategy> s = make_strategy(o.strategy);
  Instance w = single_instance(o.workload, o.machine);
  const SimulationReport r = simulate_against_static(w, *s);
  if (o.json) emit(json_text(simulate_json(w, *s, r), {column("assignment", r.trace.thread_of), column("loads", w.loads)}));
  else emit(simulate_text(w, *s, r));
}

// ---- optimise ----

struct OptimiseOptions {
  WorkloadOptions workload;
  MachineOptions machine;
  OracleOptions oracle;
  GeneticOptions ga;
  bool no_ga = false;
  bool json = false;
};

void run_optimise(const OptimiseOptions& o) {
  const Instance w = single_instance(o.workload, o.machine);
  const OptimisationReport r = optimise_schedule(w, o.oracle, o.no_ga ? std::nullopt : std::optional(o.ga));
  if (o.json) emit(optimise_json(w, r));
  else emit(optimise_text(w, r));
}

}  // namespace

void add_schedule_command(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand("schedule", "Loop scheduling: simulate, compare and optimise schedules");
  cmd->require_subcommand(1);

  auto sim = std::make_shared<SimulateOptions>();
  CLI::App* s = cmd->add_subcommand("simulate", "Simulate one strategy on one workload");
  add_workload_options(*s, sim->workload, false);
  add_machine_options(*s, sim->machine);
  s->add_option("--strategy", sim->strategy, strategy_spellings())
      ->required();
  s->add_flag("--json", sim->json, "Print JSON");
  s->callback([sim] { run_simulate(*sim); });

  add_schedule_compare_command(*cmd);

  auto opt = std::make_shared<OptimiseOptions>();
  CLI::App* o = cmd->add_subcommand("optimise", "Best schedule of one workload: oracle, genetic algorithm, strategies");
  add_workload_options(*o, opt->workload, false);
  add_machine_options(*o, opt->machine);
  o->add_option("--time-limit", opt->oracle.time_limit_seconds, "Seconds for the oracle's branch and bound (0.05)");
  o->add_option("--node-limit", opt->oracle.node_limit,
                "Branch-and-bound nodes for the oracle instead of a time limit: the same schedule on any machine");
  o->add_option("--population", opt->ga.population, "GA population (100)");
  o->add_option("--stall", opt->ga.stall_generations, "GA stops after this many generations without progress (10000)");
  o->add_option("--max-generations", opt->ga.max_generations, "GA generation limit (1000000)");
  o->add_option("--ga-seed", opt->ga.seed, "GA random seed (1)");
  o->add_option("--ga-time-limit", opt->ga.time_limit_seconds, "GA stops after this many seconds (60)");
  o->add_flag("--no-ga", opt->no_ga, "Skip the genetic algorithm");
  o->add_flag("--json", opt->json, "Print JSON");
  o->callback([opt] { run_optimise(*opt); });
}

}  // namespace pacer::cli
