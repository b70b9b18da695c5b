#include "cli/views/prediction_view.hpp"

#include "cli/views/comparison_view.hpp"

#include <algorithm>
#include <sstream>

#include "cli/views/report.hpp"

namespace pacer::cli {

namespace {

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
    if (!n.bound.empty()) jn["bound"] = n.bound;
    if (!n.terms.empty()) jn["terms"] = n.terms;
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

std::string terms_text(const NodePrediction& n) {
  std::string out;
  for (const auto& [name, seconds] : n.terms) out += (out.empty() ? "" : ", ") + name + " " + format_seconds(seconds);
  return out;
}

}  // namespace

std::string prediction_bounds_text(const PredictionSet& set) {
  std::ostringstream os;
  for (const auto& p : set.predictions) {
    if (p.has_sweep) continue;
    std::vector<const NodePrediction*> nodes;
    for (const auto& n : p.nodes)
      if (!n.bound.empty() && n.total_seconds > 0) nodes.push_back(&n);
    if (nodes.empty()) continue;
    std::stable_sort(nodes.begin(), nodes.end(),
                     [](const NodePrediction* a, const NodePrediction* b) { return a->total_seconds > b->total_seconds; });
    Table t({"node", "share", "bound", "terms of one execution"});
    for (const NodePrediction* n : nodes)
      t.add({n->task + "/" + n->id, p.total_seconds > 0 ? digits(100 * n->total_seconds / p.total_seconds, 3) + "%" : "",
             n->bound, terms_text(*n)});
    os << "\nwhat each node's time is made of (" << p.model << " on " << p.hardware
       << "; the time is the larger of the core's and the slowest transfer's, a gather's scattered lines "
          "added to its stream):\n"
       << t.text();
  }
  return os.str();
}

bool compares_machines(const PredictionSet& set) {
  return set.machines > 1 && !set.predictions.empty() && !set.predictions.front().has_sweep;
}

json prediction_set_json(const ApplicationModel& m, const PredictionSet& set) {
  json out = predictions_json(m, set.predictions, set.left_out);
  if (compares_machines(set)) out["comparison"] = comparison_json(compare_machines(set.predictions));
  if (set.energies.empty()) return out;
  json list = json::array();
  for (const auto& e : set.energies) list.push_back(energy_json(e));
  out["energy"] = list;
  if (set.predictions.empty()) out["parameters"] = set.bound;
  return out;
}

std::string prediction_set_csv(const PredictionSet& set) {
  const auto& ps = set.predictions;
  const bool several_hw = set.machines > 1;
  return ps.front().has_sweep ? sweep_table(ps, several_hw, true).csv() : node_table(ps, several_hw, true).csv();
}

std::string prediction_set_text(const ApplicationModel& m, const PredictionSet& set) {
  const auto& ps = set.predictions;
  const bool several_hw = set.machines > 1;
  std::string text = ps.empty() ? m.name + " (" + m.file + ")\n" : predictions_text(m, ps, several_hw, set.left_out);
  if (ps.empty())
    for (const auto& n : set.left_out) text += "note: " + n + "\n";
  if (compares_machines(set)) text += "\n" + comparison_text(compare_machines(ps));
  for (const auto& e : set.energies) text += "\n" + energy_text(e);
  return text;
}

}  // namespace pacer::cli
