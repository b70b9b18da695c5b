#include "framework/application_model.hpp"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/depth_first_search.hpp>
#include <cmath>
#include <cstdint>
#include <exception>
#include <map>
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
  std::unordered_set<std::string_view> parameters, segs;  // views of the model's names
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

// A node's own errors: parameters its formulas use that the model does not
// declare, a callee it does not define.
void check_node(const DeclaredNames& declared, const SegNode& n) {
  if (n.kind == NodeKind::Loop) check_expression_params(declared, n.trips, n, "trips");
  for (const auto& arm : n.arms)
    if (arm.probability) check_expression_params(declared, arm.probability, n, "probability");
  if (n.kind == NodeKind::Call && !declared.segs.count(n.callee))
    throw InputError(n.where, "callee", "call '" + n.id + "' names '" + n.callee +
                                            "', which is neither a task nor a function of the model");
}

// Each node's errors in the walk's order, a repeated id among them, so the
// error reported is the first one met, as a reader of the file meets it.
// One walk, as a large model's nodes are far apart in memory: it gathers
// the ids (as views, sorted afterwards: a set of them cost an allocation a
// node) and the task's callees, for check_recursion, and keeps the first
// other error, to weigh its place against the first repeated id's.
void check_seg(const DeclaredNames& declared, const Task& t, std::vector<std::string_view>& callees) {
  struct Id {
    std::string_view id;
    size_t at;
    const SegNode* node;
    bool operator<(const Id& o) const { return std::tie(id, at) < std::tie(o.id, o.at); }
  };
  std::vector<Id> ids;
  std::exception_ptr error;
  size_t error_at = SIZE_MAX;
  for_each_node(t.seg, [&](const SegNode& n) {
    ids.push_back({n.id, ids.size(), &n});
    if (n.kind == NodeKind::Call) callees.push_back(n.callee);
    if (error) return;
    try {
      check_node(declared, n);
    } catch (const InputError&) {
      error = std::current_exception();
      error_at = ids.size() - 1;
    }
  });
  std::sort(ids.begin(), ids.end());
  const Id* repeat = nullptr;
  for (size_t i = 1; i < ids.size(); ++i)
    if (ids[i].id == ids[i - 1].id && (!repeat || ids[i].at < repeat->at)) repeat = &ids[i];
  if (repeat && repeat->at < error_at)
    throw InputError(repeat->node->where, "id", "node id '" + repeat->node->id + "' appears twice in '" + t.name + "'");
  if (error) std::rethrow_exception(error);
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

// `callees`: each task's and then each function's calls, in the model's
// order (check_seg gathers them).
void check_recursion(const ApplicationModel& m, const std::vector<std::vector<std::string_view>>& callees) {
  using CallGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, std::string>;
  CallGraph g;
  std::map<std::string_view, CallGraph::vertex_descriptor> vertex;
  for (const auto* list : {&m.tasks, &m.functions})
    for (const auto& t : *list) vertex[t.name] = boost::add_vertex(t.name, g);
  size_t caller = 0;
  for (const auto* list : {&m.tasks, &m.functions})
    for (const auto& t : *list)
      for (std::string_view callee : callees[caller++]) boost::add_edge(vertex[t.name], vertex[callee], g);
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
  std::set<std::string_view> names;  // views of the model's names
  const DeclaredNames declared(m);
  std::vector<std::vector<std::string_view>> callees;
  for (const auto* list : {&m.tasks, &m.functions})
    for (const auto& t : *list) {
      if (!names.insert(t.name).second)
        throw InputError(t.where, "name", "'" + t.name + "' is defined twice");
      if (t.seg.empty()) throw InputError(t.where, "name", "'" + t.name + "' has an empty SEG");
      check_seg(declared, t, callees.emplace_back());
    }
  check_recursion(m, callees);
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
