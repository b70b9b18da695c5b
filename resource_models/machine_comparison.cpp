#include "resource_models/machine_comparison.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pacer {

namespace {

constexpr double unknown = std::numeric_limits<double>::quiet_NaN();

// The machines' predictions by one model; null where it did not price.
std::vector<const Prediction*> by_machine(const std::vector<Prediction>& ps, const std::vector<std::string>& files,
                                          const std::string& model) {
  std::vector<const Prediction*> out(files.size(), nullptr);
  for (const auto& p : ps)
    if (p.model == model)
      for (size_t m = 0; m < files.size(); ++m)
        if (files[m] == p.hardware_file + "\n" + p.hardware) out[m] = &p;
  return out;
}

double seconds_of(const Prediction& p, const std::string& task, const std::string& node);
bool lower_bound_of(const Prediction& p, const std::string& task, const std::string& node);

ComparedRow row(const std::string& model, const std::string& task, const std::string& node,
                const std::vector<const Prediction*>& on) {
  ComparedRow r{model, task, node, {}, {}, {}};
  for (const Prediction* p : on) {
    r.seconds.push_back(p ? seconds_of(*p, task, node) : unknown);
    r.lower_bound.push_back(p && lower_bound_of(*p, task, node));
  }
  for (double s : r.seconds) r.ratio.push_back(r.seconds.front() > 0 ? s / r.seconds.front() : unknown);
  return r;
}

bool lower_bound_of(const Prediction& p, const std::string& task, const std::string& node) {
  if (task.empty())
    return std::any_of(p.unpriced.begin(), p.unpriced.end(), [](const auto& u) { return u.second > 0; });
  return std::any_of(p.nodes.begin(), p.nodes.end(), [&](const NodePrediction& n) {
    return n.task == task && (node.empty() || n.id == node) && !n.unpriced.empty() && n.executions > 0;
  });
}

double seconds_of(const Prediction& p, const std::string& task, const std::string& node) {
  if (task.empty()) return p.total_seconds;
  if (node.empty()) {
    for (const auto& t : p.tasks)
      if (t.name == task) return t.total_seconds;
    return unknown;
  }
  for (const auto& n : p.nodes)
    if (n.task == task && n.id == node) return n.total_seconds;
  return unknown;
}

// The nodes of a task that take most of its time, largest first.
std::vector<std::string> main_nodes(const Prediction& p, const std::string& task, double task_seconds, double share,
                                    size_t most) {
  std::vector<const NodePrediction*> nodes;
  for (const auto& n : p.nodes)
    if (n.task == task && n.total_seconds >= share * task_seconds && n.total_seconds > 0) nodes.push_back(&n);
  std::stable_sort(nodes.begin(), nodes.end(),
                   [](const NodePrediction* a, const NodePrediction* b) { return a->total_seconds > b->total_seconds; });
  std::vector<std::string> out;
  for (size_t i = 0; i < nodes.size() && i < most; ++i) out.push_back(nodes[i]->id);
  return out;
}

}  // namespace

MachineComparison compare_machines(const std::vector<Prediction>& ps, double share, size_t most) {
  MachineComparison out;
  std::vector<std::string> files, models;
  for (const auto& p : ps) {
    const std::string key = p.hardware_file + "\n" + p.hardware;
    if (std::find(files.begin(), files.end(), key) == files.end()) {
      files.push_back(key);
      out.machines.push_back(p.hardware);
    }
    if (std::find(models.begin(), models.end(), p.model) == models.end()) models.push_back(p.model);
  }
  for (const auto& model : models) {
    const auto on = by_machine(ps, files, model);
    out.rows.push_back(row(model, "", "", on));
    const Prediction* first = on.front();
    if (!first) continue;  // no reference: only the total row, without ratios
    for (const auto& t : first->tasks) {
      out.rows.push_back(row(model, t.name, "", on));
      for (const auto& n : main_nodes(*first, t.name, t.total_seconds, share, most))
        out.rows.push_back(row(model, t.name, n, on));
    }
  }
  return out;
}

}  // namespace pacer
