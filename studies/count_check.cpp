#include "studies/count_check.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "resource_models/prediction.hpp"

namespace pacer {

// Counts are whole numbers; the model's are products of profiled means,
// exact up to rounding.
bool NodeCount::agrees() const { return std::abs(modelled - measured) <= 1e-6 * std::max(1.0, measured); }

std::size_t CountCheck::agreeing() const {
  return std::size_t(std::count_if(nodes.begin(), nodes.end(), [](const NodeCount& n) { return n.agrees(); }));
}

namespace {

// The function (task or not) whose graph holds each node.
std::map<const SegNode*, std::string> owners(const ApplicationModel& model) {
  std::map<const SegNode*, std::string> out;
  auto own = [&](const Task& t) { for_each_node(t.seg, [&](const SegNode& n) { out[&n] = t.name; }); };
  for (const auto& t : model.tasks) own(t);
  for (const auto& f : model.functions) own(f);
  return out;
}

// A node and its copies are one piece of code: their executions add up.
std::string counted_id(const SegNode& n) { return n.copy_of.empty() ? n.id : n.copy_of; }

// Sum over the tasks, each run as often as the counters saw it entered, and
// over the call sites within them.
std::map<std::string, double> modelled_counts(const ApplicationModel& model, const Profile& p, CountCheck& out) {
  std::map<std::string, double> modelled;
  const auto owner = owners(model);
  try {
    const Predictor predictor(model);
    for (const NodeExecutions& e : predictor.node_executions({})) {
      const auto entries = p.counts.find(e.task);
      const auto fn = owner.find(e.term->node);
      if (entries == p.counts.end() || fn == owner.end()) continue;
      modelled[fn->second + "/" + counted_id(*e.term->node)] += entries->second * e.executions;
    }
  } catch (const InputError& e) {
    out.notes.push_back(std::string("the model's counts cannot be evaluated: ") + e.what());
  }
  return modelled;
}

}  // namespace

CountCheck check_counts(const ApplicationModel& model, const Profile& p) {
  CountCheck out;
  out.stopped = p.stopped;
  const std::map<std::string, double> modelled = modelled_counts(model, p, out);
  std::set<std::string> seen;
  auto visit = [&](const Task& t) {
    if (!seen.insert(t.name).second) return;
    for_each_node(t.seg, [&](const SegNode& n) {
      const std::string key = t.name + "/" + n.id;
      const auto measured = p.counts.find(key);
      if (n.kind != NodeKind::Compute || !n.copy_of.empty() || measured == p.counts.end()) return;
      const auto m = modelled.find(key);
      out.nodes.push_back({t.name, n.id, n.where, measured->second, m == modelled.end() ? 0.0 : m->second,
                           m != modelled.end()});
    });
  };
  for (const auto& t : model.tasks) visit(t);
  for (const auto& f : model.functions) visit(f);
  return out;
}

}  // namespace pacer
