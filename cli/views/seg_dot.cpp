#include "cli/views/seg_dot.hpp"

#include <sstream>

namespace pacer::cli {

namespace {

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

class DotWriter {
 public:
  explicit DotWriter(std::ostringstream& os) : os_(os) {}

  // Draws a chain; returns its first and last node (empty when the chain is).
  std::pair<std::string, std::string> chain(const Seg& seg, const std::string& scope) {
    std::string first, last;
    for (const SegNode* n : seg.sequence()) {
      auto [in, out] = node(*n, scope);
      if (first.empty()) first = in;
      if (!last.empty()) edge(last, in, "");
      last = out;
    }
    return {first, last};
  }

 private:
  std::pair<std::string, std::string> node(const SegNode& n, const std::string& scope) {
    std::string name = quoted(scope + "/" + n.id);
    std::string lines = n.source.empty() ? "" : "\\nlines " + std::to_string(n.source.line) +
                                                     (n.source.end_line > n.source.line ? "-" + std::to_string(n.source.end_line) : "");
    switch (n.kind) {
      case NodeKind::Compute:
        os_ << "  " << name << " [shape=box label=\"t(v_" << n.vector << ")" << lines << "\"];\n";
        return {name, name};
      case NodeKind::Call:
        os_ << "  " << name << " [shape=box peripheries=2 label=\"T(" << n.callee << ")" << lines << "\"];\n";
        return {name, name};
      case NodeKind::Loop: {
        os_ << "  " << name << " [shape=hexagon label=" << quoted(n.id + "\n× " + to_string(n.trips, Notation::Paper))
            << "];\n";
        auto [first, last] = chain(*n.body, scope + "/" + n.id);
        if (!first.empty()) {
          edge(name, first, "");
          os_ << "  " << last << " -> " << name << " [style=dashed label=\"repeat\"];\n";
        }
        return {name, name};
      }
      case NodeKind::Branch: return branch(n, name, scope);
    }
    return {name, name};
  }

  std::pair<std::string, std::string> branch(const SegNode& n, const std::string& name, const std::string& scope) {
    os_ << "  " << name << " [shape=diamond label=" << quoted(n.id) << "];\n";
    std::string join = quoted(scope + "/" + n.id + "/join");
    os_ << "  " << join << " [shape=point];\n";
    for (size_t k = 0; k < n.arms.size(); ++k) {
      std::string p = to_string(arm_probability(n, n.arms[k]), Notation::Paper);
      auto [first, last] = chain(*n.arms[k].body, scope + "/" + n.id + "/arm" + std::to_string(k));
      if (first.empty()) {
        edge(name, join, p);
        continue;
      }
      edge(name, first, p);
      edge(last, join, "");
    }
    if (!has_else(n)) edge(name, join, to_string(sub(constant(1), explicit_probability(n)), Notation::Paper));
    return {name, join};
  }

  void edge(const std::string& from, const std::string& to, const std::string& label) {
    os_ << "  " << from << " -> " << to;
    if (!label.empty()) os_ << " [label=" << quoted(label) << "]";
    os_ << ";\n";
  }

  std::ostringstream& os_;
};

void function_cluster(std::ostringstream& os, const Task& t, const char* role, size_t index) {
  os << " subgraph cluster_" << index << " {\n  label=" << quoted(std::string(role) + " " + t.name) << ";\n";
  std::string start = quoted(t.name + "/start"), end = quoted(t.name + "/end");
  os << "  " << start << " [shape=circle label=\"\" width=0.2 style=filled fillcolor=black];\n";
  os << "  " << end << " [shape=doublecircle label=\"\" width=0.15];\n";
  DotWriter w(os);
  auto [first, last] = w.chain(t.seg, t.name);
  if (first.empty()) {
    os << "  " << start << " -> " << end << ";\n";
  } else {
    os << "  " << start << " -> " << first << ";\n  " << last << " -> " << end << ";\n";
  }
  os << " }\n";
}

}  // namespace

std::string seg_dot(const ApplicationModel& m) {
  std::ostringstream os;
  os << "digraph " << quoted(m.name) << " {\n node [fontname=\"Helvetica\" fontsize=10];\n"
     << " edge [fontname=\"Helvetica\" fontsize=9];\n";
  size_t index = 0;
  for (const auto& t : m.tasks) function_cluster(os, t, "task", index++);
  for (const auto& f : m.functions) function_cluster(os, f, "function", index++);
  os << "}\n";
  return os.str();
}

}  // namespace pacer::cli
