// pacer schedule simulate|compare|optimise: the loop-scheduling simulator,
// the comparison of strategies over many workloads, and the search for the
// best schedule of one workload (genetic algorithm and oracle).
#include <cmath>
#include <numeric>
#include <sstream>

#include "cli/commands/commands.hpp"
#include "cli/views/json_text.hpp"
#include "cli/views/report.hpp"
#include "cli/commands/schedule_options.hpp"
#include "templates/scheduling/genetic_algorithm.hpp"
#include "templates/scheduling/oracle.hpp"

namespace pacer::cli {

namespace {

using namespace pacer::sched;

std::string percent(double fraction) { return digits(std::round(fraction * 1e4) / 1e2) + "%"; }

// ---- simulate ----

struct SimulateOptions {
  WorkloadOptions workload;
  MachineOptions machine;
  std::string strategy;
  bool json = false;
};

json simulate_json(const Instance& w, const Strategy& s, const Trace& tr, double static_makespan) {
  Metrics m = measure(tr);
  json j = instance_json(w);
  j["strategy"] = s.name();
  j["makespan"] = m.makespan;
  j["imbalance"] = m.imbalance;
  j["imbalance_abs"] = m.imbalance_abs;
  j["imbalance_over_mean"] = m.imbalance_over_mean;
  j["cv"] = m.cv;
  j["speedup_over_static"] = static_makespan / m.makespan;
  j["lower_bound"] = w.machine.speeds.empty() ? json(makespan_lower_bound(w.loads, w.machine.threads)) : json();
  j["thread_loads"] = tr.thread_loads;
  j["thread_times"] = tr.thread_times;
  j["dispatches"] = tr.dispatches;
  return j;
}

std::string simulate_text(const Instance& w, const Strategy& s, const Trace& tr, double static_makespan) {
  Metrics m = measure(tr);
  std::ostringstream os;
  os << "workload: " << w.description << '\n'
     << "strategy: " << s.name() << " on " << w.machine.threads << " threads" << machine_note(w.machine) << "\n\n";
  std::vector<int> count(size_t(w.machine.threads), 0);
  for (int t : tr.thread_of) ++count[size_t(t)];
  Table t({"thread", "iterations", "load", "busy time", "chunks"});
  for (size_t k = 0; k < count.size(); ++k)
    t.add({std::to_string(k), std::to_string(count[k]), digits(tr.thread_loads[k]),
           digits(tr.thread_times[k]), std::to_string(tr.dispatches[k])});
  os << t.text() << '\n';
  os << "makespan: " << digits(m.makespan);
  if (w.machine.speeds.empty()) {
    double lb = makespan_lower_bound(w.loads, w.machine.threads);
    os << " (lower bound " << digits(lb) << ", " << percent(m.makespan / lb - 1) << " above)";
  }
  os << "\nimbalance: max - min = " << digits(m.imbalance_abs) << ", " << percent(m.imbalance)
     << " of the total, " << percent(m.imbalance_over_mean) << " of the mean; cv " << digits(m.cv) << '\n'
     << "speedup over static: " << digits(static_makespan / m.makespan) << '\n';
  if (tr.thread_of.size() <= 400) {
    os << "assignment (thread of each iteration):";
    for (int th : tr.thread_of) os << ' ' << th;
    os << '\n';
  } else {
    os << "assignment: " << tr.thread_of.size() << " iterations; --json lists them\n";
  }
  return os.str();
}

void run_simulate(const SimulateOptions& o) {
  std::unique_ptr<Strategy> s = make_strategy(o.strategy);
  Instance w = single_instance(o.workload, o.machine);
  Trace tr = simulate(w.loads, *s, w.machine);
  double static_makespan = simulate(w.loads, *make_strategy("static"), w.machine).makespan;
  if (o.json) emit(json_text(simulate_json(w, *s, tr, static_makespan),
                             {column("assignment", tr.thread_of), column("loads", w.loads)}));
  else emit(simulate_text(w, *s, tr, static_makespan));
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
  Instance w = single_instance(o.workload, o.machine);
  if (!w.machine.speeds.empty() || w.machine.overhead > 0)
    throw InputError("optimise assumes identical threads without overhead: drop --speeds and --overhead");
  OracleResult best = optimal_schedule(w.loads, w.machine.threads, o.oracle);
  json j = instance_json(w);
  j["makespan"] = best.makespan;
  j["lower_bound"] = best.lower_bound;
  j["optimal"] = best.optimal;
  j["gap_to_lower_bound"] = best.gap;
  j["oracle_seconds"] = best.seconds;
  j["oracle_nodes"] = best.nodes;
  j["thread_loads"] = best.thread_loads;
  j["assignment"] = best.thread_of;
  Table t({"schedule", "makespan", "above best", "imbalance"});
  t.add({best.optimal ? "oracle (optimal)" : "oracle (best found)", digits(best.makespan), "0%",
         percent(measure_times(best.thread_loads).imbalance)});
  auto row = [&](const std::string& name, const std::vector<double>& busy) {
    Metrics m = measure_times(busy);
    t.add({name, digits(m.makespan), percent(m.makespan / best.makespan - 1), percent(m.imbalance)});
    return json{{"makespan", m.makespan}, {"imbalance", m.imbalance},
                {"above_best_percent", (m.makespan / best.makespan - 1) * 100}};
  };
  if (!o.no_ga) {
    GeneticResult ga = genetic_search(w.loads, w.machine.threads, o.ga);
    json g = row("genetic algorithm", ga.thread_loads);
    g["generations"] = ga.generations;
    g["seconds"] = ga.seconds;
    j["genetic_algorithm"] = g;
  }
  json strategies = json::array();
  for (const auto& name : default_comparison()) {
    Trace tr = simulate(w.loads, *make_strategy(name), w.machine);
    json s = row(name, tr.thread_times);
    s["name"] = name;
    strategies.push_back(s);
  }
  j["strategies"] = strategies;
  if (o.json) return emit(j);
  std::ostringstream os;
  os << "workload: " << w.description << "\nthreads: " << w.machine.threads << "\n\n"
     << "lower bound: " << digits(best.lower_bound) << "\nbest makespan: " << digits(best.makespan)
     << (best.optimal ? " (proven optimal)" : " (not proven optimal: " + percent(best.gap) + " above the lower bound)")
     << "\n\n" << t.text() << "\n";
  emit(os.str());
}

}  // namespace

void add_schedule_command(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand("schedule", "Loop scheduling: simulate, compare and optimise schedules");
  cmd->require_subcommand(1);

  auto sim = std::make_shared<SimulateOptions>();
  CLI::App* s = cmd->add_subcommand("simulate", "Simulate one strategy on one workload");
  add_workload_options(*s, sim->workload, false);
  add_machine_options(*s, sim->machine);
  s->add_option("--strategy", sim->strategy, "static[,k], dynamic[,k], guided[,k], tss[,k], fac2[,k], srr or lpt")
      ->required();
  s->add_flag("--json", sim->json, "Print JSON");
  s->callback([sim] { run_simulate(*sim); });

  add_schedule_compare_command(*cmd);

  auto opt = std::make_shared<OptimiseOptions>();
  CLI::App* o = cmd->add_subcommand("optimise", "Best schedule of one workload: oracle, genetic algorithm, strategies");
  add_workload_options(*o, opt->workload, false);
  add_machine_options(*o, opt->machine);
  o->add_option("--time-limit", opt->oracle.time_limit_seconds, "Seconds for the oracle's branch and bound (0.05)");
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
