#include "cli/views/analysis_view.hpp"

#include <set>
#include <sstream>

#include "cli/views/json_text.hpp"
#include "cli/views/report.hpp"
#include "framework/reduction.hpp"

namespace pacer::cli {

namespace {

// The references ICC's cache simulation reads: each affine address, and
// how many others no affine address describes.
void write_memory(JsonWriter& w, const MemoryReferences& m) {
  w.begin_object().key("affine").begin_array();
  for (const MemoryAccess& a : m.affine) {
    w.begin_object().member("object", a.object).member("width", a.width).member("store", a.store);
    w.member("offset", to_string(a.offset)).key("strides").begin_object();
    for (const auto& [counter, stride] : a.strides) w.member(counter, to_string(stride));
    w.end_object().end_object();
  }
  w.end_array().member("opaque", m.opaque).end_object();
}

void write_nodes(JsonWriter& w, const Seg& seg) {
  w.begin_array();
  for (const SegNode* n : seg.sequence()) {
    w.begin_object().member("id", n->id).member("kind", kind_name(n->kind));
    w.member("line", n->source.line).member("end_line", n->source.end_line);
    if (!n->label.empty()) w.member("label", n->label);
    switch (n->kind) {
      case NodeKind::Compute: {
        w.key("ruv").begin_object();
        for (const auto& [construct, count] : n->ruvs.at(ruv_kind::constructs)) w.member(construct, count);
        w.end_object().member("flops", n->ruvs.at(ruv_kind::flops).get("flops"));
        if (!n->memory.affine.empty() || n->memory.opaque > 0) write_memory(w.key("memory"), n->memory);
        if (auto ir = n->ruvs.find(ruv_kind::ir); ir != n->ruvs.end()) {
          w.key("intcc").begin_object();
          for (const auto& [name, count] : ir->second) w.member(name, count);
          w.end_object();
        }
        break;
      }
      case NodeKind::Loop:
        w.member("trip_count", to_string(n->trips));
        if (n->trips_at) w.member("trip_count_per_iteration", to_string(n->trips_at));
        if (!n->induction.empty()) w.member("induction", n->induction);
        write_nodes(w.key("body"), *n->body);
        break;
      case NodeKind::Branch:
        w.key("arms").begin_array();
        for (const auto& arm : n->arms) {
          w.begin_object().key("probability");
          arm.probability ? w.value(to_string(arm.probability)) : w.null();
          write_nodes(w.key("body"), *arm.body);
          w.end_object();
        }
        w.end_array();
        break;
      case NodeKind::Call: w.member("callee", n->callee); break;
    }
    w.end_object();
  }
  w.end_array();
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

// IntCC's IR instructions per execution by class, and the bytes they move.
std::string ir_text(const Ruv& ir) {
  std::ostringstream os;
  bool first = true;
  for (const auto& [name, count] : ir) {
    if (count == 0) continue;
    os << (first ? "" : ", ") << name << ' ' << format_number(count);
    first = false;
  }
  return first ? "no instructions of its own" : os.str();
}

void seg_text(std::ostringstream& os, const Seg& seg, int depth) {
  std::string indent(2 * depth, ' ');
  for (const SegNode* n : seg.sequence()) {
    os << indent << n->id << " (" << kind_name(n->kind) << ", " << n->source.str() << ")";
    if (!n->label.empty()) os << "  " << n->label;
    switch (n->kind) {
      case NodeKind::Compute:
        os << "\n" << indent << "  " << ruv_text(*n) << '\n';
        if (auto ir = n->ruvs.find(ruv_kind::ir); ir != n->ruvs.end())
          os << indent << "  intcc: " << ir_text(ir->second) << '\n';
        break;
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

void write_analysis(JsonWriter& w, const CAnalysis& a) {
  const ApplicationModel& m = a.model;
  w.begin_object().member("application", m.name).key("files").begin_array();
  for (const auto& f : a.sources) w.value(f);
  w.end_array().key("functions").begin_array();
  auto add = [&](const Task& t, const char* role) {
    Expr formula = printed_formula(m, t);
    w.begin_object().member("name", t.name).member("role", role).member("line", t.where.line);
    const std::string plain = to_string(formula);
    w.member("formula", plain).member("formula_paper", paper_notation(plain));
    write_nodes(w.key("nodes"), t.seg);
    w.end_object();
  };
  for (const auto& t : m.tasks) add(t, "task");
  for (const auto& f : m.functions) add(f, "function");
  w.end_array().key("parameters").begin_array();
  for (const auto& p : m.parameters)
    w.begin_object().member("name", p.name).member("kind", kind_name(p.kind)).member("description", p.description).end_object();
  w.end_array().key("diagnostics").begin_array();
  for (const auto& d : a.diagnostics) {
    w.begin_object().member("kind", d.kind).member("file", d.where.file.str()).member("line", d.where.line);
    w.member("function", d.function).member("message", d.message);
    if (!d.parameter.empty()) w.member("parameter", d.parameter);
    w.end_object();
  }
  w.end_array().key("unmodelable").begin_array();
  for (const auto& k : unmodelable_kinds(a)) w.value(k);
  w.end_array().end_object();
}

}  // namespace

void write_analysis_json(std::ostream& out, const CAnalysis& a) {
  JsonWriter w(out);
  write_analysis(w, a);
  w.take();
  out.flush();
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
