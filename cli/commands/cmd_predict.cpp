// pacer predict MODEL.xml|FILE.c --hw HW.xml --model poc|hllc|dbc|all: the time of
// every node, task and the total, per resource model and machine.
#include <cmath>
#include <iostream>
#include <sstream>

#include "framework/sweep.hpp"
#include "cli/commands/application_source.hpp"
#include "cli/commands/commands.hpp"
#include "cli/commands/composition_prediction.hpp"
#include "frontends/xml/composition_io.hpp"
#include "cli/views/report.hpp"
#include "cli/commands/template_prediction.hpp"
#include "resource_models/energy/node_energy.hpp"
#include "resource_models/prediction.hpp"

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

// With --energy on a machine of energy figures only, a template still needs
// a time model for its speedup: keep the models every machine can price.
std::vector<const ResourceModel*> pricing_everywhere(const ApplicationModel& m, const std::vector<Hardware>& machines,
                                                     const std::vector<const ResourceModel*>& models,
                                                     const ParamValues& params) {
  Predictor predictor(m);
  std::vector<const ResourceModel*> out;
  for (const ResourceModel* rm : models) {
    try {
      for (const auto& hw : machines) predictor.predict(hw, *rm, params);
      out.push_back(rm);
    } catch (const MissingFigure& e) {
      std::cerr << "pacer: note: " << rm->name() << " left out: " << e.what() << '\n';
    }
  }
  if (out.empty())
    throw InputError("--template needs a time model for its speedup, and none can price on every machine given (a "
                     "platform of the ICE paper's Table 3 has energy figures only); drop --template and use "
                     "--energy-parallelism, or give a machine with time figures");
  return out;
}

// "all" means every model that can price this application: a model analysed
// from C has no design estimates for DBC, and that is said, not failed.
std::vector<const ResourceModel*> selected_models(const std::vector<std::string>& names, const ApplicationModel& m,
                                                  std::vector<std::string>& notes) {
  std::vector<const ResourceModel*> out;
  for (const auto& n : names) {
    if (n != "all") {
      out.push_back(&find_resource_model(n));
      continue;
    }
    for (const auto& rm : resource_models()) {
      if (can_price(*rm, m)) out.push_back(rm.get());
      else notes.push_back(rm->name() + " left out: not every node has the RUV it reads (" + rm->reads().front() + ")");
    }
  }
  return out;
}

std::string column_name(const Prediction& p, bool several_hw) {
  return several_hw ? p.hardware + "/" + p.model : p.model;
}

json prediction_json(const Prediction& p) {
  json j{{"hardware", p.hardware}, {"hardware_file", p.hardware_file}, {"model", p.model}};
  if (p.has_sweep) j["total_seconds"] = p.sweep.total_seconds;
  else j["total_seconds"] = p.total_seconds;
  j["lower_bound"] = !p.unpriced.empty();
  json tasks = json::array();
  for (const auto& t : p.tasks) tasks.push_back({{"name", t.name}, {"total_seconds", t.total_seconds}});
  if (!p.has_sweep) j["tasks"] = tasks;
  json nodes = json::array();
  for (const auto& n : p.nodes) {
    json jn{{"id", n.id}, {"task", n.task}, {"vector", n.vector}, {"line", n.where.line},
            {"seconds", n.seconds}};
    if (!p.has_sweep) {
      jn["executions"] = n.executions;
      jn["total_seconds"] = n.total_seconds;
    }
    if (!n.unpriced.empty()) jn["unpriced"] = n.unpriced;
    nodes.push_back(jn);
  }
  j["nodes"] = nodes;
  if (!p.unpriced.empty()) j["unpriced"] = p.unpriced;
  j["notes"] = p.notes;
  return j;
}

json predictions_json(const ApplicationModel& m, const std::vector<Prediction>& ps, const std::vector<std::string>& left_out) {
  json out{{"application", m.name}, {"file", m.file}};
  if (!left_out.empty()) out["models_left_out"] = left_out;
  if (!ps.empty()) {
    json params = json::object();
    for (const auto& [k, v] : ps.front().parameters) params[k] = v;
    out["parameters"] = params;
    if (ps.front().has_sweep) {
      json axes = json::array();
      for (const auto& a : ps.front().sweep.axes) axes.push_back(a.name);
      out["sweep"] = {{"parameters", axes}, {"points", ps.front().sweep.points}};
    }
  }
  json list = json::array();
  for (const auto& p : ps) list.push_back(prediction_json(p));
  out["predictions"] = list;
  return out;
}

Table node_table(const std::vector<Prediction>& ps, bool several_hw, bool per_run) {
  std::vector<std::string> header = {"node"};
  if (per_run) header.push_back("executions");
  for (const auto& p : ps) header.push_back(column_name(p, several_hw));
  Table t(header);
  const Prediction& first = ps.front();
  for (size_t i = 0; i < first.nodes.size(); ++i) {
    std::vector<std::string> row = {first.nodes[i].task + "/" + first.nodes[i].id};
    if (per_run) row.push_back(format_number(first.nodes[i].executions));
    for (const auto& p : ps) row.push_back(format_seconds(per_run ? p.nodes[i].total_seconds : p.nodes[i].seconds));
    t.add(row);
  }
  if (per_run) {
    for (size_t k = 0; k < first.tasks.size() && first.tasks.size() > 1; ++k) {
      std::vector<std::string> row = {"task " + first.tasks[k].name, ""};
      for (const auto& p : ps) row.push_back(format_seconds(p.tasks[k].total_seconds));
      t.add(row);
    }
    std::vector<std::string> row = {"total", ""};
    for (const auto& p : ps) row.push_back(format_seconds(p.total_seconds) + (p.unpriced.empty() ? "" : " (>=)"));
    t.add(row);
  }
  return t;
}

Table sweep_table(const std::vector<Prediction>& ps, bool several_hw, bool raw) {
  std::vector<std::string> header;
  for (const auto& a : ps.front().sweep.axes) header.push_back(a.name);
  for (const auto& p : ps) header.push_back(column_name(p, several_hw) + (raw ? "_seconds" : ""));
  Table t(header);
  const auto& points = ps.front().sweep.points;
  for (size_t i = 0; i < points.size(); ++i) {
    std::vector<std::string> row;
    for (double v : points[i]) row.push_back(format_number(v));
    for (const auto& p : ps)
      row.push_back(raw ? format_number(p.sweep.total_seconds[i]) : format_seconds(p.sweep.total_seconds[i]));
    t.add(row);
  }
  return t;
}

json energy_json(const ProgramEnergy& e) {
  json nodes = json::array();
  for (const auto& n : e.nodes)
    nodes.push_back({{"id", n.id}, {"task", n.task}, {"executions", n.executions}, {"work", n.workload.work},
                     {"io", n.workload.io}, {"span", n.workload.span}, {"energy_joules", n.energy.total()},
                     {"static", n.energy.static_joules}, {"ops", n.energy.ops_joules}, {"io_energy", n.energy.io_joules},
                     {"bound", bound_name(n.energy.bound)}});
  return {{"hardware", e.hardware},
          {"model", "ICE (Tran and Ha 2016), each node a phase"},
          {"energy_joules", e.total_joules()},
          {"static", e.static_joules},
          {"ops", e.ops_joules},
          {"io", e.io_joules},
          {"cache_model", {{"access_bytes", e.access_bytes}, {"line_bytes", e.line_bytes}}},
          {"parallelism", e.parallelism},
          {"nodes", nodes},
          {"notes", e.notes}};
}

std::string energy_text(const ProgramEnergy& e) {
  std::ostringstream os;
  os << "energy on " << e.hardware << " (ICE; each node a phase; I/O = accesses x " << format_number(e.access_bytes)
     << " B / " << format_number(e.line_bytes) << " B lines; Span = Work / " << format_number(e.parallelism) << "):\n";
  Table t({"node", "work", "I/O", "static", "ops", "I/O energy", "energy", "bound"});
  for (const auto& n : e.nodes)
    t.add({n.task + "/" + n.id, digits(n.workload.work, 6), digits(n.workload.io, 6),
           format_joules(n.energy.static_joules), format_joules(n.energy.ops_joules),
           format_joules(n.energy.io_joules), format_joules(n.energy.total()), bound_name(n.energy.bound)});
  t.add({"total", "", "", format_joules(e.static_joules), format_joules(e.ops_joules), format_joules(e.io_joules),
         format_joules(e.total_joules()), ""});
  os << t.text();
  for (const auto& n : e.notes) os << "note: " << n << "\n";
  return os.str();
}

std::string predictions_text(const ApplicationModel& m, const std::vector<Prediction>& ps, bool several_hw,
                             const std::vector<std::string>& left_out) {
  std::ostringstream os;
  os << m.name << " (" << m.file << ")\n";
  std::string last_file;
  for (const auto& p : ps) {
    if (p.hardware_file != last_file) os << "hardware: " << p.hardware << " (" << p.hardware_file << ")\n";
    last_file = p.hardware_file;
  }
  os << "parameters:";
  for (const auto& [k, v] : ps.front().parameters) os << ' ' << k << '=' << format_number(v);
  os << "\n\n";
  if (ps.front().has_sweep) {
    os << "total time over the sweep:\n" << sweep_table(ps, several_hw, false).text();
  } else {
    os << "time of one execution of each node, t(v):\n" << node_table(ps, several_hw, false).text();
    os << "\ntime per run of the task (executions x t(v)):\n" << node_table(ps, several_hw, true).text();
  }
  for (const auto& p : ps)
    for (const auto& n : p.notes) os << "\nnote: " << n;
  for (const auto& n : left_out) os << "\nnote: " << n;
  if (!left_out.empty() || std::any_of(ps.begin(), ps.end(), [](const Prediction& p) { return !p.notes.empty(); }))
    os << '\n';
  return os.str();
}

// With --energy, a time model the machine gives no figures for is left out
// (an ICE platform of Table 3 has energy figures only), unless it was named.
bool try_predict(const Predictor& predictor, const Hardware& hw, const ResourceModel& rm, const ParamValues& params,
                 bool may_skip, std::vector<Prediction>& out, std::vector<std::string>& left_out) {
  try {
    out.push_back(predictor.predict(hw, rm, params));
    return true;
  } catch (const MissingFigure& e) {
    if (!may_skip) throw;
    left_out.push_back(rm.name() + " left out on " + hw.name + ": " + e.what());
    return false;
  }
}

void run_predict(const PredictOptions& o) {
  if (o.source.path.ends_with(".xml") && is_composition(o.source.path)) {
    if (!o.parallel.name.empty() || !o.sweeps.empty() || o.csv || o.energy)
      throw InputError(o.source.path + " is an application of several tasks: each names its template, P and machine; "
                       "--template, --sweep, --csv and --energy do not apply");
    return emit_composition({o.source.path, o.hw, o.models, parse_assignments(o.params), o.json});
  }
  ApplicationModel m = load_application(o.source);
  if (o.hw.empty()) throw InputError("--hw is required: the machine to predict on");
  std::vector<Hardware> machines;
  for (const auto& h : o.hw) machines.push_back(load_hardware(h));
  std::vector<std::string> left_out;
  const bool all_models = o.models.empty() || o.models == std::vector<std::string>{"all"};
  std::vector<const ResourceModel*> models =
      selected_models(o.models.empty() ? std::vector<std::string>{"all"} : o.models, m, left_out);
  ParamValues params = parse_assignments(o.params);
  std::vector<SweepAxis> axes;
  for (const auto& s : o.sweeps) axes.push_back(parse_sweep(s));

  if (models.empty() && !o.energy) throw InputError("no resource model can price " + m.file + ": " + left_out.front());
  if (o.energy && (!axes.empty() || o.csv))
    throw InputError("--energy does not combine with --sweep or --csv yet");
  const EnergyOptions energy = energy_options(o);
  if (!o.parallel.name.empty()) {
    if (!axes.empty() || o.csv) throw InputError("--template does not combine with --sweep or --csv");
    TemplateOptions parallel = o.parallel;
    if (o.energy) parallel.energy = energy;
    if (o.energy && all_models) models = pricing_everywhere(m, machines, models, params);
    return emit_template_predictions(parallel, m, machines, models, params, o.json);
  }
  Predictor predictor(m);
  std::vector<Prediction> ps;
  std::vector<ProgramEnergy> energies;
  for (const auto& hw : machines) {
    for (const ResourceModel* rm : models) {
      if (!axes.empty()) ps.push_back(predictor.predict_sweep(hw, *rm, params, SweepGrid(axes)));
      else try_predict(predictor, hw, *rm, params, o.energy && all_models, ps, left_out);
    }
    if (o.energy) energies.push_back(predict_energy(predictor, params, hw, energy));
  }
  bool several_hw = machines.size() > 1;
  if (o.json) {
    json out = predictions_json(m, ps, left_out);
    if (o.energy) {
      json list = json::array();
      for (const auto& e : energies) list.push_back(energy_json(e));
      out["energy"] = list;
      if (ps.empty()) {
        ParamValues bound;
        predictor.node_executions(params, &bound);
        out["parameters"] = bound;
      }
    }
    emit(out);
  } else if (o.csv) {
    emit(axes.empty() ? node_table(ps, several_hw, true).csv() : sweep_table(ps, several_hw, true).csv());
  } else {
    std::string text = ps.empty() ? m.name + " (" + m.file + ")\n" : predictions_text(m, ps, several_hw, left_out);
    if (ps.empty())
      for (const auto& n : left_out) text += "note: " + n + "\n";
    for (const auto& e : energies) text += "\n" + energy_text(e);
    emit(text);
  }
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
  cmd->add_option("--model", opt->models, "Resource model: dbc, poc, hllc or all (default all); repeatable")
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
  cmd->add_flag("--csv", opt->csv, "Print CSV")->excludes(j);
  cmd->callback([opt] { run_predict(*opt); });
}

}  // namespace pacer::cli
