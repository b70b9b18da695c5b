#include "resource_models/prediction.hpp"

#include <algorithm>
#include <sstream>

#include "framework/process_group.hpp"

namespace pacer {

struct Predictor::Prepared {
  std::shared_ptr<const ApplicationModel> model;
  std::vector<std::string> notes;
  std::unique_ptr<Predictor> predictor;
};

Predictor::Predictor(const ApplicationModel& model)
    : model_(model),
      prepared_(std::make_shared<std::map<std::string, std::shared_ptr<const Prepared>>>()),
      prepared_lock_(std::make_shared<std::mutex>()) {
  validate(model);
  for (const auto& t : model.tasks) tasks_.push_back(reduce(model, t));
}

Expr Predictor::total_formula() const {
  Expr total = constant(0);
  for (const auto& t : tasks_) total = add(total, t.inlined);
  return total;
}

std::vector<std::string> Predictor::needed_parameters(const std::vector<std::string>& except) const {
  std::vector<std::string> names;
  for (const auto& t : tasks_) {
    collect_params(t.inlined, names);
    for (const auto& g : t.guards) collect_params(g.expr, names);
  }
  names.erase(std::remove_if(names.begin(), names.end(),
                             [&](const std::string& n) {
                               return std::find(except.begin(), except.end(), n) != except.end();
                             }),
              names.end());
  return names;
}

Prediction Predictor::base(const Hardware& hw, const ResourceModel& rm, const ParamValues& values,
                           Bindings& b) const {
  Prediction p;
  p.hardware = hw.name;
  p.hardware_file = hw.file;
  p.model = rm.name();
  p.parameters = values;
  b.params = values;
  for (const auto& t : tasks_) {
    for (const auto& term : t.terms) {
      NodeCost cost = rm.price(*term.node, hw);
      b.times[term.node->vector] = cost.seconds;
      NodePrediction n;
      n.task = t.task;
      n.id = term.id;
      n.vector = term.node->vector;
      n.where = term.node->where;
      n.seconds = cost.seconds;
      n.unpriced = std::move(cost.unpriced);
      n.terms = std::move(cost.terms);
      n.bound = std::move(cost.bound);
      p.nodes.push_back(std::move(n));
    }
  }
  return p;
}

namespace {

void add_unpriced_note(Prediction& p) {
  if (p.unpriced.empty()) return;
  std::ostringstream os;
  os << "lower bound: " << p.hardware << " gives no " << p.model << " cost for ";
  bool first = true;
  for (const auto& [construct, count] : p.unpriced) {
    os << (first ? "" : ", ") << construct;
    first = false;
  }
  os << "; they were priced at zero";
  p.notes.push_back(os.str());
}

}  // namespace

const Predictor::Prepared* Predictor::prepared(const Hardware& hw, const ResourceModel& rm,
                                               const ParamValues& values) const {
  if (!rm.prepares(model_)) return nullptr;
  std::ostringstream key;
  key.precision(17);
  key << rm.name() << '\n' << hw.file << '\n' << hw.name;
  for (const auto& [name, value] : values) key << '\n' << name << '=' << value;
  std::lock_guard<std::mutex> hold(*prepared_lock_);
  auto& slot = (*prepared_)[key.str()];
  if (!slot) {
    ResourceModel::Prepared p = rm.prepare(model_, hw, values);
    auto made = std::make_shared<Prepared>();
    if (p.model) made->predictor = std::make_unique<Predictor>(*p.model);
    made->model = std::move(p.model);
    made->notes = std::move(p.notes);
    slot = made;
  }
  return slot->predictor ? slot.get() : nullptr;
}

Prediction Predictor::predict(const Hardware& hw, const ResourceModel& rm, const ParamValues& overrides) const {
  ParamValues values = bind_parameters(model_, overrides, needed_parameters({}));
  if (const Prepared* p = prepared(hw, rm, values)) {
    Prediction out = p->predictor->predict(hw, rm, overrides);
    out.notes.insert(out.notes.begin(), p->notes.begin(), p->notes.end());
    return out;
  }
  Bindings b;
  Prediction p = base(hw, rm, values, b);
  size_t k = 0;
  for (const auto& t : tasks_) {
    check_guards(t.guards, b);
    double total = evaluate(t.inlined, b);
    p.tasks.push_back({t.task, total});
    p.total_seconds += total;
    for (const auto& term : t.terms) {
      NodePrediction& n = p.nodes[k++];
      n.executions = evaluate(term.executions, b);
      n.total_seconds = n.seconds * n.executions;
      for (const auto& [c, count] : n.unpriced) p.unpriced[c] += count * n.executions;
    }
  }
  add_unpriced_note(p);
  return p;
}

std::vector<NodeExecutions> Predictor::node_executions(const ParamValues& overrides, ParamValues* bound) const {
  Bindings b;
  b.params = bind_parameters(model_, overrides, needed_parameters({}));
  if (bound) *bound = b.params;
  std::vector<NodeExecutions> out;
  for (const auto& t : tasks_) {
    check_guards(t.guards, b);
    for (const auto& term : t.terms) out.push_back({t.task, &term, evaluate(term.executions, b)});
  }
  return out;
}

Prediction Predictor::predict_sweep(const Hardware& hw, const ResourceModel& rm, const ParamValues& overrides,
                                    const SweepGrid& grid) const {
  std::vector<std::string> swept;
  ParamValues at_first = overrides;
  for (const auto& axis : grid.axes()) {
    const Parameter* param = model_.find_parameter(axis.name);
    if (!param) throw InputError("--sweep names '" + axis.name + "', which the model does not declare");
    if (overrides.count(axis.name))
      throw InputError("'" + axis.name + "' is given both with --param and --sweep");
    check_parameter_value(*param, axis.from);
    check_parameter_value(*param, axis.value(axis.count() - 1));
    swept.push_back(axis.name);
    at_first[axis.name] = axis.from;
  }
  // The per-node table is given at the sweep's first point.
  Prediction p = predict(hw, rm, at_first);
  p.has_sweep = true;
  p.sweep.axes = grid.axes();

  VariableSet vars;
  CompiledFormula total(total_formula(), vars);
  std::vector<double> uniform(vars.size(), 0.0);
  Bindings b;
  b.params = p.parameters;
  for (const auto& n : p.nodes) b.times[n.vector] = n.seconds;
  for (size_t i = 0; i < vars.size(); ++i) {
    const std::string& key = vars.keys()[i];
    if (key.rfind("t(v_", 0) == 0) uniform[i] = b.times.at(key.substr(4, key.size() - 5));
    else if (b.params.count(key)) uniform[i] = b.params.at(key);
  }

  // Guards that depend on a swept parameter are checked at every point.
  for (const auto& t : tasks_)
    for (const auto& g : t.guards) {
      std::vector<std::string> names;
      collect_params(g.expr, names);
      bool depends = std::any_of(names.begin(), names.end(), [&](const std::string& n) {
        return std::find(swept.begin(), swept.end(), n) != swept.end();
      });
      if (!depends) continue;
      VariableSet gv = vars;
      CompiledFormula gf(g.expr, gv);
      std::vector<double> gu = uniform;
      gu.resize(gv.size(), 0.0);
      std::vector<double> values = grid.evaluate(gf, gv, gu);
      for (size_t i = 0; i < values.size(); ++i) {
        if (guard_holds(g.kind, values[i])) continue;
        Bindings at = b;
        for (size_t k = 0; k < grid.axes().size(); ++k) at.params[grid.axes()[k].name] = grid.value(i, k);
        check_guards({g}, at);  // throws with the message for this point
      }
    }

  // The points in blocks; under mpirun the blocks are spread over the ranks
  // and rank 0 gets every total (the others none).
  const bool prepared = rm.prepares(model_);
  const size_t block = prepared ? 1 : size_t(1) << 16;
  const ItemResults totals = share_items((grid.size() + block - 1) / block, [&](const std::vector<size_t>& mine) {
    ItemResults out;
    for (size_t b : mine) {
      const size_t begin = b * block, end = std::min(grid.size(), begin + block);
      out.emplace_back(end - begin);
      if (!prepared) {
        grid.evaluate(total, vars, uniform, begin, end, out.back().data());
        continue;
      }
      // A model prepared for the machine (ICC) has per-execution costs that
      // depend on the trip counts (working set, loops unrolled away): each
      // point is priced at its own values, from the code compiled once.
      ParamValues at = overrides;
      for (size_t k = 0; k < grid.axes().size(); ++k) at[grid.axes()[k].name] = grid.value(begin, k);
      out.back()[0] = predict(hw, rm, at).total_seconds;
    }
    return out;
  });
  for (const auto& t : totals) p.sweep.total_seconds.insert(p.sweep.total_seconds.end(), t.begin(), t.end());
  p.sweep.points.resize(grid.size());
  for (size_t i = 0; i < grid.size(); ++i) {
    p.sweep.points[i].resize(grid.axes().size());
    for (size_t k = 0; k < grid.axes().size(); ++k) p.sweep.points[i][k] = grid.value(i, k);
  }
  return p;
}

}  // namespace pacer
