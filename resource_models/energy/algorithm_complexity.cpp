#include "resource_models/energy/algorithm_complexity.hpp"

#include <algorithm>
#include <cmath>

namespace pacer {

namespace {
constexpr double kWordBytes = 8;  // the case studies compute in double precision
}

std::map<std::string, double> platform_parameters(const Hardware& hw) {
  std::map<std::string, double> out;
  if (hw.has("memory", "line_size")) out["B"] = hw.sections.at("memory").params.at("line_size").value / kWordBytes;
  for (const char* level : {"l2_size", "l1_size"})
    if (hw.has("memory", level)) {
      out["Z"] = hw.sections.at("memory").params.at(level).value / kWordBytes;
      break;
    }
  if (hw.has("cpu", "cores")) out["N"] = hw.sections.at("cpu").params.at("cores").value;
  return out;
}

namespace {

std::vector<std::string> params_of(const Expr& e) {
  std::vector<std::string> names;
  collect_params(e, names);
  return names;
}

double evaluate_checked(const ComplexityFormula& f, const std::string& what, const AlgorithmComplexity& a,
                        const Bindings& b) {
  for (const auto& p : params_of(f.expr))
    if (!b.params.count(p))
      throw InputError(a.name + ": " + what + " = " + f.text + " needs the parameter '" + p +
                       "'; give it with --param " + p + "=VALUE");
  double v = evaluate(f.expr, b);
  if (!std::isfinite(v)) throw InputError(a.name + ": " + what + " = " + f.text + " is not finite here");
  return v;
}

// Defaults may use one another: resolve them until nothing changes.
void apply_defaults(const AlgorithmComplexity& a, Bindings& b) {
  for (size_t round = 0; round <= a.parameters.size(); ++round) {
    bool progress = false;
    for (const auto& p : a.parameters) {
      if (b.params.count(p.name) || !p.default_expr) continue;
      auto needs = params_of(p.default_expr);
      if (std::all_of(needs.begin(), needs.end(), [&](const std::string& n) { return b.params.count(n) > 0; })) {
        b.params[p.name] = evaluate(p.default_expr, b);
        progress = true;
      }
    }
    if (!progress) return;
  }
}

}  // namespace

EvaluatedComplexity evaluate_complexity(const AlgorithmComplexity& a, const std::map<std::string, double>& given,
                                        const std::map<std::string, double>& platform) {
  Bindings b;
  for (const auto& [k, v] : given) {
    if (!std::isfinite(v) || v < 0)
      throw InputError(a.name + ": parameter " + k + " = " + std::to_string(v) + " must be zero or positive");
    b.params[k] = v;
  }
  apply_defaults(a, b);
  for (const auto& [k, v] : platform) b.params.emplace(k, v);

  EvaluatedComplexity out;
  out.workload.work = evaluate_checked(a.work, "Work", a, b);
  out.workload.span = evaluate_checked(a.span, "Span", a, b);
  out.workload.io = evaluate_checked(a.io, "I/O", a, b);
  check_workload(out.workload, a.name);
  for (const auto& f : {a.work, a.span, a.io})
    for (const auto& p : params_of(f.expr)) out.parameters[p] = b.params.at(p);
  for (const auto& as : a.assumptions) {
    bool known = true;
    for (const auto& p : params_of(as.positive)) known = known && b.params.count(p);
    if (known && !(evaluate(as.positive, b) > 0)) out.notes.push_back(a.name + ": assumption not met here: " + as.text);
  }
  return out;
}

}  // namespace pacer
