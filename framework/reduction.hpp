// Graph reduction: a SEG to its timing formula (Papaefstathiou et al. 1994 Eq. 1, Table 3),
// by the rules of Software Performance Engineering: a sequence sums its
// nodes, a loop multiplies its body by the trip count, a branch weights each
// arm by its probability, a call stands for the callee's formula.
#pragma once
#include <string>
#include <vector>

#include "framework/application_model.hpp"

namespace pacer {

// One compute node reached from a task, with how often it executes per run
// of the task. Nodes inside called functions appear once per call site,
// with ids "call_id/node_id".
struct NodeTerm {
  std::string id;
  const SegNode* node = nullptr;
  Expr executions;
};

// A value that must stay in range for the formula to mean anything: trip
// counts are non-negative, probabilities lie in [0, 1].
struct Guard {
  enum class Kind { TripCount, Probability } kind;
  Expr expr;
  std::string node_id;
  SourceLocation where;
};

struct TaskFormula {
  std::string task;
  Expr formula;   // with T(f) for calls, as printed
  Expr inlined;   // calls replaced by their bodies, ready to evaluate
  std::vector<NodeTerm> terms;
  std::vector<Guard> guards;
};

TaskFormula reduce(const ApplicationModel& model, const Task& task);
// Only the formula as printed, with T(f) for calls: linear in the model's
// size, where inlining grows with the number of call paths.
Expr printed_formula(const ApplicationModel& model, const Task& task);
std::vector<TaskFormula> reduce_all(const ApplicationModel& model);  // tasks then functions

// Whether a guard's value is in range (trip count >= 0, probability in [0, 1]).
bool guard_holds(Guard::Kind kind, double value);
// Checks every guard at one point; throws InputError naming the node.
void check_guards(const std::vector<Guard>& guards, const Bindings& b);

}  // namespace pacer
