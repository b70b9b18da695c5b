#include "framework/reduction.hpp"

#include <sstream>

namespace pacer {

namespace {

struct Reducer {
  const ApplicationModel& model;
  std::vector<NodeTerm>* terms;
  std::vector<Guard>* guards;

  // The formula of `seg`; every compute node reached is recorded with
  // `executions` times its own multiplicity. `prefix` names the call path.
  Expr seg_formula(const Seg& seg, const Expr& executions, const std::string& prefix, bool expand_calls) {
    std::vector<Expr> parts;
    for (const SegNode* n : seg.sequence()) parts.push_back(node_formula(*n, executions, prefix, expand_calls));
    return sum(parts);
  }

  Expr node_formula(const SegNode& n, const Expr& executions, const std::string& prefix, bool expand_calls) {
    switch (n.kind) {
      case NodeKind::Compute:
        if (terms) terms->push_back({prefix + n.id, &n, executions});
        return node_time(n.vector);
      case NodeKind::Loop:
        if (guards) guards->push_back({Guard::Kind::TripCount, n.trips, prefix + n.id, n.where});
        return mul(n.trips, seg_formula(*n.body, within(executions, n.trips), prefix, expand_calls));
      case NodeKind::Branch: return branch_formula(n, executions, prefix, expand_calls);
      case NodeKind::Call: {
        if (!expand_calls && !terms) return call_time(n.callee);
        const Task* callee = model.find_seg(n.callee);
        Expr body = seg_formula(callee->seg, executions, prefix + n.id + "/", expand_calls);
        return expand_calls ? body : call_time(n.callee);
      }
    }
    return constant(0);
  }

  // The executions of what runs `times` times per execution of a node that
  // runs `executions` times; only the recorded terms read it, so a formula
  // printed without them builds none.
  Expr within(const Expr& executions, const Expr& times) const { return terms ? mul(executions, times) : executions; }

  Expr branch_formula(const SegNode& n, const Expr& executions, const std::string& prefix, bool expand_calls) {
    std::vector<Expr> parts;
    for (const auto& arm : n.arms) {
      Expr p = arm_probability(n, arm);
      if (guards) guards->push_back({Guard::Kind::Probability, p, prefix + n.id, n.where});
      parts.push_back(mul(p, seg_formula(*arm.body, within(executions, p), prefix, expand_calls)));
    }
    // Without an else arm the arms' probabilities must still sum to at most 1.
    if (!has_else(n) && n.arms.size() > 1 && guards)
      guards->push_back({Guard::Kind::Probability, explicit_probability(n), prefix + n.id, n.where});
    return sum(parts);
  }
};

}  // namespace

Expr printed_formula(const ApplicationModel& model, const Task& task) {
  Reducer printed{model, nullptr, nullptr};
  return printed.seg_formula(task.seg, constant(1), "", false);
}

TaskFormula reduce(const ApplicationModel& model, const Task& task) {
  TaskFormula out;
  out.task = task.name;
  out.formula = printed_formula(model, task);
  Reducer full{model, &out.terms, &out.guards};
  out.inlined = full.seg_formula(task.seg, constant(1), "", true);
  return out;
}

std::vector<TaskFormula> reduce_all(const ApplicationModel& model) {
  std::vector<TaskFormula> out;
  for (const auto& t : model.tasks) out.push_back(reduce(model, t));
  for (const auto& f : model.functions) out.push_back(reduce(model, f));
  return out;
}

bool guard_holds(Guard::Kind kind, double v) {
  return kind == Guard::Kind::TripCount ? v >= 0 : v >= -1e-12 && v <= 1 + 1e-12;
}

void check_guards(const std::vector<Guard>& guards, const Bindings& b) {
  for (const auto& g : guards) {
    double v = evaluate(g.expr, b);
    if (guard_holds(g.kind, v)) continue;
    std::ostringstream os;
    if (g.kind == Guard::Kind::TripCount)
      os << "loop '" << g.node_id << "' has trip count " << to_string(g.expr) << " = " << v
         << ", which is negative";
    else
      os << "branch '" << g.node_id << "' has probability " << to_string(g.expr) << " = " << v
         << ", outside [0, 1]";
    throw InputError(g.where, g.kind == Guard::Kind::TripCount ? "trips" : "probability", os.str());
  }
}

}  // namespace pacer
