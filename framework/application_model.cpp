#include "framework/application_model.hpp"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/depth_first_search.hpp>
#include <cmath>
#include <cstdint>
#include <set>
#include <string_view>
#include <tuple>
#include <unordered_set>
#include <sstream>

namespace pacer {

ApplicationModel deep_copy(const ApplicationModel& model) {
  ApplicationModel copy = model;
  for (auto& t : copy.tasks) t.seg = *clone(t.seg);
  for (auto& f : copy.functions) f.seg = *clone(f.seg);
  return copy;
}

const char* kind_name(ParamKind kind) {
  switch (kind) {
    case ParamKind::Count: return "count";
    case ParamKind::Probability: return "probability";
    case ParamKind::Real: return "real";
  }
  return "?";
}

const Parameter* ApplicationModel::find_parameter(const std::string& n) const {
  for (const auto& p : parameters)
    if (p.name == n) return &p;
  return nullptr;
}

const Task* ApplicationModel::find_seg(const std::string& n) const {
  for (const auto& t : tasks)
    if (t.name == n) return &t;
  for (const auto& f : functions)
    if (f.name == n) return &f;
  return nullptr;
}

namespace {

// The names a model declares, looked up once per check rather than by a
// scan of the model per reference (a large C file has thousands of each).
struct DeclaredNames {
  std::unordered_set<std::string> parameters, segs;
  explicit DeclaredNames(const ApplicationModel& m) {
    for (const auto& p : m.parameters) parameters.insert(p.name);
    for (const auto* list : {&m.tasks, &m.functions})
      for (const auto& t : *list) segs.insert(t.name);
  }
};

// The first parameter, in reading order, that the model does not declare.
void check_expression_params(const DeclaredNames& declared, const Expr& e, const SegNode& node, const char* field) {
  for_each_param(e, [&](const std::string& name) {
    if (!declared.parameters.count(name))
      throw InputError(node.where, field,
                       "node '" + node.id + "' uses parameter '" + name + "', which the model does not declare");
  });
}

// The walk's position of the first node whose id an earlier node of the
// task has, or none: the ids as views, sorted with their positions (a set
// of them cost an allocation a node).
constexpr size_t kNoRepeat = SIZE_MAX;
size_t first_repeated_id(const Task& t) {
  struct Id {
    std::string_view id;
    size_t at;
    bool operator<(const Id& o) const { return std::tie(id, at) < std::tie(o.id, o.at); }
  };
  std::vector<Id> ids;
  for_each_node(t.seg, [&](const SegNode& n) { ids.push_back({n.id, ids.size()}); });
  std::sort(ids.begin(), ids.end());
  size_t first = kNoRepeat;
  for (size_t i = 1; i < ids.size(); ++i)
    if (ids[i].id == ids[i - 1].id) first = std::min(first, ids[i].at);
  return first;
}

// Each node's errors in the walk's order, a repeated id among them, so the
// error reported is the first one met, as a reader of the file meets it.
void check_seg(const DeclaredNames& declared, const Task& t) {
  const size_t repeat = first_repeated_id(t);
  size_t at = 0;
  for_each_node(t.seg, [&](const SegNode& n) {
    if (at++ == repeat) throw InputError(n.where, "id", "node id '" + n.id + "' appears twice in '" + t.name + "'");
    if (n.kind == NodeKind::Loop) check_expression_params(declared, n.trips, n, "trips");
    for (const auto& arm : n.arms)
      if (arm.probability) check_expression_params(declared, arm.probability, n, "probability");
    if (n.kind == NodeKind::Call && !declared.segs.count(n.callee))
      throw InputError(n.where, "callee", "call '" + n.id + "' names '" + n.callee +
                                              "', which is neither a task nor a function of the model");
  });
}

// Recursion has no finite timing formula; find it as a back edge of the call
// graph.
struct CycleFinder : boost::default_dfs_visitor {
  explicit CycleFinder(std::vector<std::string>* found) : found_(found) {}
  template <class Edge, class Graph>
  void back_edge(Edge e, const Graph& g) {
    if (found_->empty()) {
      found_->push_back(g[boost::source(e, g)]);
      found_->push_back(g[boost::target(e, g)]);
    }
  }
  std::vector<std::string>* found_;
};

void check_recursion(const ApplicationModel& m) {
  using CallGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, std::string>;
  CallGraph g;
  std::map<std::string, CallGraph::vertex_descriptor> vertex;
  auto add_all = [&](const std::vector<Task>& list) {
    for (const auto& t : list) vertex[t.name] = boost::add_vertex(t.name, g);
  };
  add_all(m.tasks);
  add_all(m.functions);
  auto add_calls = [&](const std::vector<Task>& list) {
    for (const auto& t : list)
      for_each_node(t.seg, [&](const SegNode& n) {
        if (n.kind == NodeKind::Call) boost::add_edge(vertex[t.name], vertex[n.callee], g);
      });
  };
  add_calls(m.tasks);
  add_calls(m.functions);
  std::vector<std::string> cycle;
  CycleFinder finder(&cycle);
  boost::depth_first_search(g, boost::visitor(finder));
  if (!cycle.empty())
    throw InputError(SourceLocation{m.file, 0}, "callee",
                     "recursion: '" + cycle[0] + "' calls '" + cycle[1] +
                         "' which leads back to it; a SEG needs a finite call depth "
                         "(model the recursion as a loop with a trip-count parameter)");
}

}  // namespace

void validate(const ApplicationModel& m) {
  if (m.tasks.empty()) throw InputError(SourceLocation{m.file, 0}, "task", "the model has no task");
  std::set<std::string> names;
  const DeclaredNames declared(m);
  for (const auto* list : {&m.tasks, &m.functions})
    for (const auto& t : *list) {
      if (!names.insert(t.name).second)
        throw InputError(t.where, "name", "'" + t.name + "' is defined twice");
      if (t.seg.empty()) throw InputError(t.where, "name", "'" + t.name + "' has an empty SEG");
      check_seg(declared, t);
    }
  check_recursion(m);
}

const TemplatePhase* TemplateMapping::phase(const std::string& n) const {
  for (const auto& p : phases)
    if (p.name == n) return &p;
  return nullptr;
}

const TemplateMessage* TemplateMapping::message(const std::string& n) const {
  for (const auto& m : messages)
    if (m.name == n) return &m;
  return nullptr;
}

const TemplateMapping* ApplicationModel::find_template(const std::string& n) const {
  for (const auto& t : templates)
    if (t.name == n) return &t;
  return nullptr;
}

void check_parameter_value(const Parameter& p, double value) {
  auto fail = [&](const std::string& why) {
    std::ostringstream os;
    os << "parameter '" << p.name << "' = " << value << ": " << why;
    throw InputError(p.where, p.name, os.str());
  };
  if (!std::isfinite(value)) fail("not a finite number");
  if (p.kind == ParamKind::Count && value < 0) fail("a count cannot be negative");
  if (p.kind == ParamKind::Probability && (value < 0 || value > 1))
    fail("a probability must lie in [0, 1]");
}

ParamValues bind_parameters(const ApplicationModel& m, const ParamValues& overrides,
                            const std::vector<std::string>& needed) {
  ParamValues values;
  for (const auto& p : m.parameters)
    if (p.default_value) values[p.name] = *p.default_value;
  for (const auto& [name, v] : overrides) {
    const Parameter* p = m.find_parameter(name);
    if (!p) {
      std::string known;
      for (const auto& q : m.parameters) known += (known.empty() ? "" : ", ") + q.name;
      throw InputError("unknown parameter '" + name + "' (the model declares: " + known + ")");
    }
    values[name] = v;
  }
  for (const auto& [name, v] : values) check_parameter_value(*m.find_parameter(name), v);
  for (const auto& n : needed)
    if (!values.count(n))
      throw InputError(m.find_parameter(n) ? m.find_parameter(n)->where : SourceLocation{m.file, 0}, n,
                       "parameter '" + n + "' has no default and no value; give it with --param " + n +
                           "=VALUE");
  return values;
}

}  // namespace pacer
