// pacer speedup generate|fit|predict|best: the speedup laws of "When parallel
// speedups hit the memory wall" (Amdahl, Gustafson and the variable-delay
// model) made from, fitted to and evaluated on measurements of cores and
// frequencies. `study` and `measure` are in their own files.
#include <algorithm>
#include <iostream>
#include <optional>
#include <sstream>

#include "framework/names.hpp"
#include "framework/error.hpp"
#include "cli/commands/commands.hpp"
#include "cli/views/report.hpp"
#include "frontends/xml/catalogue.hpp"
#include "cli/views/speedup_view.hpp"
#include "cli/commands/speedup_options.hpp"
#include "templates/speedup/paper_table.hpp"
#include "templates/speedup/speedup_data.hpp"
#include "templates/speedup/speedup_generate.hpp"
#include "templates/speedup/speedup_grid.hpp"

namespace pacer::cli {
namespace {

// ---- generate ----

struct GenerateCmd {
  std::string model = "memwall", params, table_row, out, cores, cpu_freq, mem_freq = "1.066GHz";
  double noise = 0, instructions = 1e10;
  std::uint64_t seed = 1;
  bool speedup = false;
};

void run_generate(const GenerateCmd& c) {
  const SpeedupLaw& law = speedup_law(c.model);
  if (c.params.empty() == c.table_row.empty())
    throw InputError("give the " + c.model + " parameters to generate from: --params NAME=VALUE,... or --table-row PROGRAM");
  if (!c.table_row.empty() && law.name() != "memwall")
    throw InputError("--table-row gives memwall parameters (Table 1); drop --model " + c.model);
  const auto params = c.table_row.empty() ? parse_law_params(law, c.params)
                                          : [&] {
                                              const PaperFit& row = paper_table1_row(c.table_row);
                                              return std::vector<double>(row.memwall, row.memwall + 4);
                                            }();
  GenerateOptions g;
  if (!c.cores.empty()) g.cores = parse_core_list(c.cores, "--cores");
  // Speedups are relative to one core: generate its runs even when not listed.
  if (c.speedup && !g.cores.empty() && std::find(g.cores.begin(), g.cores.end(), 1) == g.cores.end())
    g.cores.insert(g.cores.begin(), 1);
  if (!c.cpu_freq.empty()) g.cpu_hz = parse_frequency_list(c.cpu_freq, "--cpu-freq");
  g.mem_hz = parse_frequency(c.mem_freq, "--mem-freq");
  g.noise = c.noise;
  g.seed = c.seed;
  g.instructions = c.instructions;
  const auto runs = generate_measurements(law, params, g);
  const std::string csv = c.speedup ? speedups_csv(speedups_from_times(runs, "generated").points) : measurements_csv(runs);
  if (c.out.empty()) {
    emit(csv);
    return;
  }
  write_atomically(c.out, csv, "the generated data");
  std::cerr << "speedup generate: " << runs.size() << " runs of " << law.name() << " (" << params_text(law, params)
            << "), noise " << c.noise << ", seed " << c.seed << " -> " << c.out << '\n';
}

// ---- fit ----

struct FitCmd {
  std::string file, model = "memwall";
  OptimizerOptions optimizer;
  bool json = false;
};

void run_fit(const FitCmd& c) {
  const SpeedupLaw& law = speedup_law(c.model);
  const SpeedupData data = read_speedup_csv(c.file);
  const FitOptions fo = c.optimizer.fit_options();
  const LawFitReport report = fit_against_amdahl(law, data.columns(), fo);
  if (c.json) emit(fit_json(c.file, data, fo.optimizer, report));
  else emit(fit_text(c.file, data, fo.optimizer, report));
}

// ---- predict and best ----

struct GridCmd {
  LawOptions law;
  std::string cores = "1-24", cpu_freq = "1.2GHz:2.5GHz:0.1GHz", mem_freq = "1.066GHz";
  std::string hw;  // best: power parameters for the energy ranking
  bool json = false, csv = false;
};

std::vector<GridPoint> grid_of(const ResolvedLaw& r, const GridCmd& c) {
  const auto cores = parse_core_list(c.cores, "--cores");  // in this order: the first bad option is named
  const auto cpus = parse_frequency_list(c.cpu_freq, "--cpu-freq");
  const double mem = parse_frequency(c.mem_freq, "--mem-freq");
  return evaluate_grid(*r.law, r.params, cores, cpus, mem);
}

void run_predict(const GridCmd& c) {
  const ResolvedLaw r = resolve_law(c.law);
  const auto grid = grid_of(r, c);
  if (c.json) emit(grid_json(r, parse_frequency(c.mem_freq, "--mem-freq"), grid));
  else if (c.csv) emit(grid_csv(grid));
  else emit(grid_text(r, grid));
}

void run_best(const GridCmd& c) {
  const ResolvedLaw r = resolve_law(c.law);
  const auto grid = grid_of(r, c);
  std::optional<PowerModel> power;
  if (!c.hw.empty()) power = power_model(load_hardware(c.hw));
  const BestConfigurations best = best_configurations(grid, power);
  if (c.json) emit(best_json(r, best, power));
  else emit(best_text(r, grid.size(), best, power));
}

void add_grid_options(CLI::App* s, GridCmd& c) {
  add_law_options(*s, c.law, true);
  s->add_option("--cores", c.cores, "core counts, e.g. 1-24 or 1,2,4,8")->capture_default_str();
  s->add_option("--cpu-freq", c.cpu_freq, "processor frequencies, e.g. 1.2GHz:2.5GHz:0.1GHz or 2.1e9,2.4e9")
      ->capture_default_str();
  s->add_option("--mem-freq", c.mem_freq, "memory frequency")->capture_default_str();
  s->add_flag("--json", c.json, "Print JSON");
}

}  // namespace

void add_speedup_command(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand("speedup", "Speedup laws with the memory wall: generate, fit, predict, best, study, measure");
  cmd->require_subcommand(1);

  auto gen = std::make_shared<GenerateCmd>();
  CLI::App* g = cmd->add_subcommand("generate", "Make measurements from a law on the paper's grid (1-24 cores, 1.2-2.5 GHz)");
  g->add_option("--model", gen->model, join_names(speedup_law_names()))->capture_default_str();
  g->add_option("--params", gen->params, "the law's parameters, e.g. f=0.99,k=1.7,m1=0.002,m2=0.28");
  g->add_option("--table-row", gen->table_row, "memwall parameters of a program of the paper's Table 1, e.g. parsec-x264");
  g->add_option("--noise", gen->noise, "relative standard deviation of each time (0.02 = 2%)")->capture_default_str();
  g->add_option("--seed", gen->seed, "random seed")->capture_default_str();
  g->add_option("--cores", gen->cores, "core counts (1-24)");
  g->add_option("--cpu-freq", gen->cpu_freq, "processor frequencies (1.2GHz:2.5GHz:0.1GHz)");
  g->add_option("--mem-freq", gen->mem_freq, "memory frequency")->capture_default_str();
  g->add_option("--instructions", gen->instructions, "instructions W of the run (sets the time scale)")->capture_default_str();
  g->add_flag("--speedup", gen->speedup, "write speedups rather than times");
  g->add_option("--out", gen->out, "CSV file to write (default: stdout)");
  g->callback([gen] { run_generate(*gen); });

  auto fit = std::make_shared<FitCmd>();
  CLI::App* f = cmd->add_subcommand("fit", "Fit a law to measurements by minimising the MSE of the speedups");
  f->add_option("data", fit->file, "CSV: cores,cpu_freq_hz,mem_freq_hz,time_s (or speedup)")->required();
  f->add_option("--model", fit->model, join_names(speedup_law_names()))->capture_default_str();
  add_optimizer_options(*f, fit->optimizer);
  f->add_flag("--json", fit->json, "Print JSON");
  f->callback([fit] { run_fit(*fit); });

  auto pred = std::make_shared<GridCmd>();
  CLI::App* p = cmd->add_subcommand("predict", "Speedup and relative time of a law over cores and frequencies");
  add_grid_options(p, *pred);
  p->add_flag("--csv", pred->csv, "Print CSV");
  p->callback([pred] { run_predict(*pred); });

  auto best = std::make_shared<GridCmd>();
  CLI::App* b = cmd->add_subcommand("best", "The configuration of cores and frequency with the highest speedup, "
                                            "the shortest time and (with --hw) the lowest energy");
  add_grid_options(b, *best);
  b->add_option("--hw", best->hw, "hardware description with a power section, for the energy ranking");
  b->callback([best] { run_best(*best); });

  add_speedup_study_command(*cmd);
  add_speedup_measure_command(*cmd);
}

}  // namespace pacer::cli
