// pacer predict MODEL.xml|FILE.c|APP.xml --hw HW --model NAME|all: the time of
// every node, task and the total, per resource model and machine.
#include <cmath>
#include <iostream>
#include <sstream>

#include "framework/names.hpp"
#include "framework/process_group.hpp"
#include "framework/sweep.hpp"
#include "cli/commands/application_source.hpp"
#include "cli/commands/commands.hpp"
#include "frontends/xml/composition_io.hpp"
#include "cli/views/comparison_view.hpp"
#include "cli/views/composition_view.hpp"
#include "cli/views/json_text.hpp"
#include "cli/views/prediction_view.hpp"
#include "frontends/application_source.hpp"
#include "cli/views/report.hpp"
#include "frontends/xml/catalogue.hpp"
#include "cli/commands/template_prediction.hpp"
#include "resource_models/energy/node_energy.hpp"
#include "resource_models/model_selection.hpp"

namespace pacer::cli {

namespace {

struct PredictOptions {
  SourceOptions source;
  std::vector<std::string> hw;
  std::vector<std::string> models;
  std::vector<std::string> params;
  std::vector<std::string> sweeps;
  TemplateOptions parallel;
  bool json = false;
  bool csv = false;
  bool compare = false;
  bool explain = false;
  bool energy = false;
  std::optional<double> energy_parallelism, access_bytes;
};

EnergyOptions energy_options(const PredictOptions& o) {
  if (!o.energy && (o.energy_parallelism || o.access_bytes))
    throw InputError("--energy-parallelism and --access-bytes need --energy");
  if (o.energy_parallelism && !o.parallel.name.empty())
    throw InputError("--energy-parallelism does not combine with --template: the template's speedup is the parallelism");
  if (o.energy_parallelism && !(*o.energy_parallelism >= 1 && std::isfinite(*o.energy_parallelism)))
    throw InputError("--energy-parallelism must be a number of at least 1 (the speedup the code reaches)");
  EnergyOptions e;
  if (o.energy_parallelism) e.parallelism = *o.energy_parallelism;
  if (o.access_bytes) e.access_bytes = *o.access_bytes;
  return e;
}

void run_predict(const PredictOptions& o) {
  if (o.source.path.ends_with(".xml") && is_composition(o.source.path)) {
    if (!o.parallel.name.empty() || !o.sweeps.empty() || o.csv || o.energy)
      throw InputError(o.source.path + " is an application of several tasks: each names its template, P and machine; "
                       "--template, --sweep, --csv and --energy do not apply");
    const Composition c = read_composition_file(o.source.path);
    const ParamValues shared = shared_parameters(c, parse_assignments(o.params));
    const auto tasks = load_tasks(c, o.hw, compile_flags(), [](const std::string& n) {
      std::cerr << "pacer: note: " << n << '\n';
    });
    const ApplicationPrediction p = predict_application(tasks, o.models, shared);
    return emit(o.json ? json_text(composition_json(c, shared, p)) : composition_text(c, shared, p));
  }
  ApplicationModel m = load_application(o.source);
  if (o.hw.empty()) throw InputError("--hw is required: the machine to predict on");
  PredictionRequest r;
  for (const auto& h : o.hw) r.machines.push_back(load_hardware(h));
  r.models = choose_models(o.models, m);
  r.params = parse_assignments(o.params);
  for (const auto& s : o.sweeps) r.sweep.push_back(parse_sweep(s));

  if (r.models.models.empty() && !o.energy)
    throw InputError("no resource model can price " + m.file + ": " + r.models.left_out.front());
  if (o.energy && (!r.sweep.empty() || o.csv)) throw InputError("--energy does not combine with --sweep or --csv yet");
  const EnergyOptions energy = energy_options(o);
  if (o.energy) r.energy = energy;
  if (!o.parallel.name.empty()) {
    if (!r.sweep.empty() || o.csv) throw InputError("--template does not combine with --sweep or --csv");
    TemplateOptions parallel = o.parallel;
    if (o.energy) parallel.energy = energy;
    if (r.models.all) {  // as without a template: a model that cannot price on a machine is left out
      const ModelChoice kept = pricing_everywhere(r.models, m, r.machines, r.params);
      for (size_t i = r.models.left_out.size(); i < kept.left_out.size(); ++i)
        std::cerr << "pacer: note: " << kept.left_out[i] << '\n';
      if (kept.models.empty() && o.energy)
        throw InputError("--template needs a time model for its speedup, and none can price on every machine given (a "
                         "platform of the ICE paper's Table 3 has energy figures only); drop --template and use "
                         "--energy-parallelism, or give a machine with time figures");
      if (kept.models.empty())
        throw InputError("no resource model can price " + m.file + " on every machine given: " + kept.left_out.back());
      r.models = kept;
    }
    return emit_template_predictions(parallel, m, r.machines, r.models.models, r.params, o.json);
  }
  const PredictionSet set = predict_all(m, r);
  if (!root_process()) return;  // under mpirun, rank 0 has the whole sweep and prints
  const std::string& png = o.parallel.plot;
  if (!png.empty() && !compares_machines(set))
    throw InputError("--plot draws a template's time against P (give --template) or a comparison of machines (give "
                     "several --hw, without --sweep)");
  if (o.compare && !compares_machines(set)) throw InputError("--compare needs several --hw, without --sweep");
  if (!png.empty()) plot_comparison(png, compare_machines(set.predictions));
  const std::string plotted = png.empty() ? "" : "\nplot: " + png + "\n";
  if (o.compare) {
    const MachineComparison c = compare_machines(set.predictions);
    for (const auto& n : set.left_out) std::cerr << "pacer: note: " << n << '\n';
    return emit(o.json ? json_text(comparison_json(c)) : o.csv ? comparison_csv(c) : comparison_text(c) + plotted);
  }
  if (o.json) emit(prediction_set_json(m, set));
  else if (o.csv) {
    for (const auto& n : set.left_out) std::cerr << "pacer: note: " << n << '\n';  // CSV has no place for them
    emit(prediction_set_csv(set));
  }
  else emit(prediction_set_text(m, set) + (o.explain ? prediction_bounds_text(set) : "") + plotted);
}

}  // namespace

void add_predict_command(CLI::App& app) {
  auto opt = std::make_shared<PredictOptions>();
  CLI::App* cmd = app.add_subcommand("predict", "Predict the time of every node, task and the total");
  cmd->add_option("model", opt->source.path, "Application model (.xml) or C source (.c)")->required();
  add_source_options(*cmd, opt->source);
  cmd->add_option("--hw", opt->hw,
                  "Hardware description (file or shipped name); repeat to compare machines (an application of "
                  "several tasks names its own)");
  cmd->add_option("--model", opt->models, "Resource model: " + join_names(resource_model_names(), ", ") +
                                              " or all (default all); repeatable")
      ->delimiter(',');
  cmd->add_option("--param", opt->params, "Bind a parameter: NAME=VALUE (repeatable)");
  cmd->add_option("--sweep", opt->sweeps, "Sweep a parameter: NAME=FROM:TO:STEP (repeatable)");
  add_template_options(*cmd, opt->parallel);
  cmd->add_flag("--energy", opt->energy, "Add each node's and the total energy by the ICE model (needs <energy> figures)");
  cmd->add_option("--energy-parallelism", opt->energy_parallelism,
                  "--energy without --template: the speedup the code reaches, so Span = Work / this (1)");
  cmd->add_option("--access-bytes", opt->access_bytes,
                  "--energy: bytes moved by one memory access in the cache model (8)");
  auto* j = cmd->add_flag("--json", opt->json, "Print JSON");
  auto* csv = cmd->add_flag("--csv", opt->csv, "Print CSV")->excludes(j);
  cmd->add_flag("--explain", opt->explain,
                "Say what each node's time is made of (ICC, IntCC, HLLC+: the core, mispredictions, each level's "
                "transfer, scattered lines, page walks) and which term set it; --json always carries them")
      ->excludes(j)
      ->excludes(csv);
  cmd->add_flag("--compare", opt->compare,
                "With several --hw: print only the comparison of machines (each model's total, tasks and main nodes, "
                "ratio to the first machine), as text, --json or --csv");
  cmd->callback([opt] { run_predict(*opt); });
}

}  // namespace pacer::cli
