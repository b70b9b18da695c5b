#include "cli/views/analysis_view.hpp"

#include <set>
#include <sstream>

#include "cli/views/report.hpp"
#include "framework/reduction.hpp"

namespace pacer::cli {

namespace {

json nodes_json(const Seg& seg) {
  json out = json::array();
  for (const SegNode* n : seg.sequence()) {
    json j{{"id", n->id}, {"kind", kind_name(n->kind)}, {"line", n->source.line}, {"end_line", n->source.end_line}};
    if (!n->label.empty()) j["label"] = n->label;
    switch (n->kind) {
      case NodeKind::Compute: {
        json ruv = json::object();
        for (const auto& [construct, count] : n->ruvs.at(ruv_kind::constructs)) ruv[construct] = count;
        j["ruv"] = ruv;
        j["flops"] = n->ruvs.at(ruv_kind::flops).get("flops");
        break;
      }
      case NodeKind::Loop:
        j["trip_count"] = to_string(n->trips);
        if (n->trips_at) j["trip_count_per_iteration"] = to_string(n->trips_at);
        if (!n->induction.empty()) j["induction"] = n->induction;
        j["body"] = nodes_json(*n->body);
        break;
      case NodeKind::Branch: {
        json arms = json::array();
        for (const auto& arm : n->arms)
          arms.push_back({{"probability", arm.probability ? json(to_string(arm.probability)) : json(nullptr)},
                          {"body", nodes_json(*arm.body)}});
        j["arms"] = arms;
        break;
      }
      case NodeKind::Call: j["callee"] = n->callee; break;
    }
    out.push_back(j);
  }
  return out;
}

std::set<std::string> unmodelable_kinds(const CAnalysis& a) {
  std::set<std::string> kinds;
  for (const auto& d : a.diagnostics)
    if (d.unmodelable()) kinds.insert(d.kind);
  return kinds;
}

std::string ruv_text(const SegNode& n) {
  std::ostringstream os;
  bool first = true;
  for (const auto& [construct, count] : n.ruvs.at(ruv_kind::constructs)) {
    os << (first ? "" : ", ") << construct << ' ' << format_number(count);
    first = false;
  }
  os << "; flops " << format_number(n.ruvs.at(ruv_kind::flops).get("flops"));
  return os.str();
}

void seg_text(std::ostringstream& os, const Seg& seg, int depth) {
  std::string indent(2 * depth, ' ');
  for (const SegNode* n : seg.sequence()) {
    os << indent << n->id << " (" << kind_name(n->kind) << ", " << n->source.str() << ")";
    if (!n->label.empty()) os << "  " << n->label;
    switch (n->kind) {
      case NodeKind::Compute: os << "\n" << indent << "  " << ruv_text(*n) << '\n'; break;
      case NodeKind::Call: os << "  calls " << n->callee << '\n'; break;
      case NodeKind::Loop:
        os << "  trips " << to_string(n->trips, Notation::Paper);
        if (n->trips_at) os << " (mean of " << to_string(n->trips_at, Notation::Paper) << ")";
        os << '\n';
        seg_text(os, *n->body, depth + 1);
        break;
      case NodeKind::Branch:
        os << '\n';
        for (const auto& arm : n->arms) {
          os << indent << "  arm " << (arm.probability ? to_string(arm.probability, Notation::Paper) : "else") << ":\n";
          seg_text(os, *arm.body, depth + 2);
        }
        break;
    }
  }
}

}  // namespace

json analysis_json(const CAnalysis& a) {
  const ApplicationModel& m = a.model;
  json out{{"application", m.name}, {"files", a.sources}};
  json functions = json::array();
  auto add = [&](const Task& t, const char* role) {
    Expr formula = printed_formula(m, t);
    functions.push_back({{"name", t.name},
                         {"role", role},
                         {"line", t.where.line},
                         {"formula", to_string(formula)},
                         {"formula_paper", to_string(formula, Notation::Paper)},
                         {"nodes", nodes_json(t.seg)}});
  };
  for (const auto& t : m.tasks) add(t, "task");
  for (const auto& f : m.functions) add(f, "function");
  out["functions"] = functions;
  json params = json::array();
  for (const auto& p : m.parameters)
    params.push_back({{"name", p.name}, {"kind", kind_name(p.kind)}, {"description", p.description}});
  out["parameters"] = params;
  json diags = json::array();
  for (const auto& d : a.diagnostics) {
    json jd{{"kind", d.kind}, {"file", d.where.file}, {"line", d.where.line}, {"function", d.function}, {"message", d.message}};
    if (!d.parameter.empty()) jd["parameter"] = d.parameter;
    diags.push_back(jd);
  }
  out["diagnostics"] = diags;
  out["unmodelable"] = unmodelable_kinds(a);
  return out;
}

std::string analysis_text(const CAnalysis& a) {
  const ApplicationModel& m = a.model;
  std::ostringstream os;
  os << m.file << ": " << m.tasks.size() << " task(s), " << m.functions.size() << " called function(s)\n";
  auto function = [&](const Task& t, bool task) {
    os << '\n' << (task ? "task " : "function ") << t.name << " (" << t.where.str() << ")\n";
    seg_text(os, t.seg, 1);
    os << "  " << (task ? "t_x" : "T(" + t.name + ")") << " = " << to_string(printed_formula(m, t), Notation::Paper)
       << '\n';
  };
  for (const auto& t : m.tasks) function(t, true);
  for (const auto& f : m.functions) function(f, false);
  if (!m.parameters.empty()) {
    os << "\nparameters (bind with --param NAME=VALUE or from 'pacer profile'):\n";
    for (const auto& p : m.parameters) os << "  " << p.name << " (" << kind_name(p.kind) << ")  " << p.description << '\n';
  }
  if (!a.diagnostics.empty()) {
    os << "\ndiagnostics:\n";
    for (const auto& d : a.diagnostics) os << "  " << d.where.str() << ": " << d.kind << ": " << d.message << '\n';
  }
  return os.str();
}

}  // namespace pacer::cli
