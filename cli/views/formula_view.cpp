#include "cli/views/formula_view.hpp"

#include <sstream>

#include "cli/views/report.hpp"

namespace pacer::cli {

json formula_json(const ApplicationModel& m, const std::vector<TaskFormula>& formulas) {
  json out;
  out["application"] = m.name;
  out["file"] = m.file;
  json params = json::array();
  for (const auto& p : m.parameters) {
    json jp{{"name", p.name}, {"kind", kind_name(p.kind)}};
    jp["default"] = p.default_value ? json(*p.default_value) : json(nullptr);
    if (!p.description.empty()) jp["description"] = p.description;
    params.push_back(jp);
  }
  out["parameters"] = params;
  json tasks = json::array();
  for (size_t i = 0; i < formulas.size(); ++i) {
    const auto& f = formulas[i];
    json jt{{"name", f.task},
            {"role", i < m.tasks.size() ? "task" : "function"},
            {"formula", to_string(f.formula, Notation::Plain)},
            {"formula_paper", to_string(f.formula, Notation::Paper)},
            {"formula_inlined", to_string(f.inlined, Notation::Plain)}};
    json nodes = json::array();
    for (const auto& t : f.terms)
      nodes.push_back({{"id", t.id}, {"vector", t.node->vector}, {"executions", to_string(t.executions)}});
    jt["nodes"] = nodes;
    tasks.push_back(jt);
  }
  out["tasks"] = tasks;
  return out;
}

std::string formula_text(const ApplicationModel& m, const std::vector<TaskFormula>& formulas) {
  std::ostringstream os;
  os << m.name << " (" << m.file << ")\n";
  if (!m.parameters.empty()) {
    os << "\nparameters:\n";
    for (const auto& p : m.parameters) {
      os << "  " << p.name << " (" << kind_name(p.kind) << ")";
      if (p.default_value) os << " = " << format_number(*p.default_value);
      if (!p.description.empty()) os << "  " << p.description;
      os << '\n';
    }
  }
  for (size_t i = 0; i < formulas.size(); ++i) {
    const auto& f = formulas[i];
    os << '\n' << (i < m.tasks.size() ? "task " : "function ") << f.task << ":\n";
    os << "  " << (i < m.tasks.size() ? "t_x" : "T(" + f.task + ")") << " = "
       << to_string(f.formula, Notation::Paper) << '\n';
  }
  return os.str();
}

}  // namespace pacer::cli
