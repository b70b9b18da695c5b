// pacer energy compare | list | measure: the ICE energy model of "ICE: A
// General and Validated Energy Complexity Model for Multithreaded Algorithms"
// on its algorithms and platforms, and measured energy where the machine
// has counters.
#include <algorithm>

#include "framework/number.hpp"
#include "cli/commands/application_source.hpp"
#include "cli/commands/commands.hpp"
#include "cli/views/energy_view.hpp"
#include "cli/views/report.hpp"
#include "frontends/xml/catalogue.hpp"
#include "framework/names.hpp"
#include "frontends/xml/algorithm_io.hpp"
#include "resource_models/energy/rapl.hpp"

namespace pacer::cli {

namespace {

struct EnergyCompareOptions {
  std::vector<std::string> platforms, algos, matrices, params;
  std::string inputs;
  bool json = false;
};

// The input sets named by --matrix (all: every one) from the file given or Table 7's.
std::vector<InputSet> chosen_inputs(const EnergyCompareOptions& o) {
  if (o.matrices.empty()) return {};
  const std::vector<InputSet> sets = read_input_sets_file(o.inputs.empty() ? table7_inputs_file() : o.inputs);
  std::vector<InputSet> chosen;
  for (const auto& m : o.matrices) {
    if (m == "all") {
      chosen.insert(chosen.end(), sets.begin(), sets.end());
      continue;
    }
    auto it = std::find_if(sets.begin(), sets.end(), [&](const InputSet& s) { return s.name == m; });
    if (it == sets.end()) {
      std::vector<std::string> known;
      for (const auto& s : sets) known.push_back(s.name);
      throw InputError("unknown matrix '" + m + "' (Table 7: " + join_names(known, ", ") + ", or all)");
    }
    chosen.push_back(*it);
  }
  return chosen;
}

void run_energy_compare(const EnergyCompareOptions& o) {
  if (o.algos.empty()) throw InputError("give at least one --algo");
  std::vector<AlgorithmComplexity> algos;
  for (const auto& a : o.algos) algos.push_back(load_algorithm(a));
  const auto params = parse_assignments(o.params);
  check_energy_params(params, algos);
  std::vector<Hardware> platforms;
  for (const auto& p : o.platforms) platforms.push_back(load_platform(p));
  const std::vector<InputSet> inputs = chosen_inputs(o);
  std::vector<const InputSet*> chosen;
  for (const auto& s : inputs) chosen.push_back(&s);
  const auto cases = compare_energy(platforms, algos, chosen, params);
  if (o.json) emit(energy_comparison_json(cases));
  else emit(energy_comparison_text(cases));
}

void add_compare(CLI::App& energy) {
  auto o = std::make_shared<EnergyCompareOptions>();
  CLI::App* cmd = energy.add_subcommand("compare", "Energy of algorithms on a platform by the ICE model: static, "
                                                   "operations, I/O, CPU- or memory-bound, and their ratio");
  cmd->add_option("--platform", o->platforms, "Platform: a shipped name (pacer hw list) or a hardware file; repeatable")
      ->required();
  cmd->add_option("--algo", o->algos, "Algorithm: " + join_names(algorithm_names(), ", ") + " or a "
                                      "file; repeat to compare (ratio is first over second)")
      ->required();
  cmd->add_option("--matrix", o->matrices, "Input matrix of Table 7 (e.g. bone010), or all; repeatable");
  cmd->add_option("--inputs", o->inputs, "Input-set file for --matrix (default: the shipped Table 7)");
  cmd->add_option("--param", o->params, "Bind a parameter: NAME=VALUE (repeatable; overrides the matrix and B, Z, N)");
  cmd->add_flag("--json", o->json, "Print JSON");
  cmd->callback([o] { run_energy_compare(*o); });
}

void add_list(CLI::App& energy) {
  auto as_json = std::make_shared<bool>(false);
  CLI::App* cmd = energy.add_subcommand("list", "List the shipped ICE algorithms, input matrices and platforms");
  cmd->add_flag("--json", *as_json, "Print JSON");
  cmd->callback([as_json] {
    std::vector<AlgorithmComplexity> algos;
    for (const auto& name : algorithm_names()) algos.push_back(load_algorithm(name));
    const auto sets = read_input_sets_file(table7_inputs_file());
    const auto platforms = ice_platform_names();
    if (*as_json) return emit(energy_list_json(algos, sets, platforms));
    emit(energy_list_text(energy_dir(), algos, sets, platforms));
  });
}

struct EnergyMeasureOptions {
  std::string root = "/sys/class/powercap";
  double tick = 0.1;
  bool json = false;
};

void run_energy_measure(const EnergyMeasureOptions& o) {
  const std::vector<std::string>& argv = compile_flags();  // everything after `--`: here the program
  if (argv.empty()) throw InputError("give the program to measure after --: pacer energy measure -- PROG ARGS");
  if (!(o.tick > 0) || o.tick > 60) throw InputError("--tick must be a positive number of seconds, at most 60");
  const PowercapProbe probe = probe_powercap(o.root);
  const EnergyMeasurement m = measure_energy(argv, probe, o.tick);
  if (!m.run.ok())
    throw InputError("'" + argv.front() + "' failed (" + m.run.describe() + "): no energy recorded");
  json domains = json::array();
  Table t({"domain", "name", "energy", "mean power"});
  for (const auto& d : m.domains) {
    domains.push_back({{"id", d.domain.id}, {"name", d.domain.name}, {"joules", d.joules}});
    t.add({d.domain.id, d.domain.name, format_joules(d.joules), format_number(d.joules / m.run.seconds) + " W"});
  }
  if (o.json)
    return emit(json{{"program", argv}, {"seconds", m.run.seconds}, {"energy_joules", m.package_joules},
                     {"source", "RAPL through " + o.root}, {"samples", m.samples}, {"domains", domains}});
  emit("energy of '" + argv.front() + "' (RAPL through " + o.root + ", " + std::to_string(m.samples) +
       " samples): " + format_joules(m.package_joules) + " in " + format_seconds(m.run.seconds) + "\n" + t.text());
}

void add_measure(CLI::App& energy) {
  auto o = std::make_shared<EnergyMeasureOptions>();
  CLI::App* cmd = energy.add_subcommand("measure", "Measure a program's energy with RAPL counters (powercap): "
                                                   "measure [...] -- PROG ARGS");
  cmd->add_option("--powercap-root", o->root, "Where the powercap interface is")->capture_default_str();
  cmd->add_option("--tick", o->tick, "Seconds between counter samples (a counter must not wrap twice between them)")
      ->capture_default_str();
  cmd->add_flag("--json", o->json, "Print JSON");
  cmd->callback([o] { run_energy_measure(*o); });
}

}  // namespace

void add_energy_command(CLI::App& app) {
  CLI::App* energy = app.add_subcommand("energy", "Energy by the ICE model (compare, list) and by RAPL (measure)");
  energy->require_subcommand(1);
  add_compare(*energy);
  add_list(*energy);
  add_measure(*energy);
}

}  // namespace pacer::cli
