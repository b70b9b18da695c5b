// Software Execution Graph (SEG), after Software Performance Engineering as
// used in Papaefstathiou et al. 1994 Figure 4: compute segments (boxes), loops with trip
// counts, branches with probabilities, and calls. Each graph is one level
// of control flow, held in a Boost.Graph adjacency list whose edges are the
// sequence; loops and branch arms own sub-graphs, so every level is a chain
// and reduction applies the series, loop and branch rules level by level.
#pragma once
#include <boost/graph/adjacency_list.hpp>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "framework/error.hpp"
#include "framework/expression.hpp"
#include "framework/memory_access.hpp"
#include "framework/ruv.hpp"

namespace pacer {

enum class NodeKind { Compute, Loop, Branch, Call };
const char* kind_name(NodeKind kind);

class Seg;

struct Arm {
  Expr probability;  // null for the else arm: 1 minus the other arms
  std::shared_ptr<Seg> body;
};

struct SegNode {
  NodeKind kind = NodeKind::Compute;
  std::string id;           // unique within its task
  SourceLocation where;     // model file or C source line
  SourceRange source;       // the C code the node stands for, when known
  std::string label;        // optional human description

  // Compute: RUVs by kind (ruv_kind::constructs, flops, time). `vector` is
  // the RUV's name in formulas, t(v_<vector>); nodes that reuse another
  // node's RUV (v_assign twice in Eq. 1) share it.
  std::string vector;
  boost::container::flat_map<std::string, Ruv> ruvs;
  // Compute: its references to memory, for ICC's cache simulation
  // (resource_models/icc/cache_traffic.hpp).
  MemoryReferences memory;

  Expr trips;                   // Loop: iterations per entry (the mean, when it varies)
  std::shared_ptr<Seg> body;    // Loop
  // Loop whose count follows an enclosing loop's counter (a triangular
  // loop): the count as a formula of those counters; null otherwise.
  Expr trips_at;
  // Loop with a counter i = start, start + step, ...: the counter's name in
  // trips_at formulas of the loops inside, its first value and its step.
  std::string induction;
  Expr induction_start;
  double induction_step = 0;
  std::vector<Arm> arms;        // Branch
  std::string callee;           // Call: a task or function of the model
  // Compute: the node of the same code that this one repeats, when the
  // frontend modelled that code twice (the code from a label entered by a
  // goto from elsewhere). Its executions are that node's; empty otherwise.
  std::string copy_of;
};

// A Seg's nodes in order, as pointers, read in place: walking a large
// model's SEGs makes no list per sub-graph.
template <class Node, class Graph>
class NodeRange {
 public:
  using Vertex = typename Graph::vertex_descriptor;
  class iterator {
   public:
    iterator(Graph* g, const Vertex* v) : g_(g), v_(v) {}
    Node* operator*() const { return &(*g_)[*v_]; }
    iterator& operator++() {
      ++v_;
      return *this;
    }
    bool operator==(const iterator& o) const { return v_ == o.v_; }

   private:
    Graph* g_;
    const Vertex* v_;
  };
  NodeRange(Graph& g, const std::vector<Vertex>& order) : g_(&g), order_(&order) {}
  iterator begin() const { return {g_, order_->data()}; }
  iterator end() const { return {g_, order_->data() + order_->size()}; }
  size_t size() const { return order_->size(); }
  Node* operator[](size_t i) const { return &(*g_)[(*order_)[i]]; }

 private:
  Graph* g_;
  const std::vector<Vertex>* order_;
};

class Seg {
 public:
  // Edges in a vector, not Boost's default list: a node's edge to the next
  // is then no allocation of its own (a large file's SEGs have tens of
  // thousands of nodes). Directed only: nothing asks a node for the one
  // before it, and a bidirectional graph kept a second list a node.
  using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, SegNode, boost::no_property,
                                      boost::no_property, boost::vecS>;
  using Vertex = Graph::vertex_descriptor;

  // Boost 1.74's adjacency_list can neither move nor swap without a deep
  // copy (every node's RUV maps), so the graph is held by pointer and a
  // moved Seg hands it over; the one moved from is left empty.
  Seg() = default;
  Seg(const Seg& other) : graph_(std::make_unique<Graph>(*other.graph_)), order_(other.order_) {}
  Seg& operator=(const Seg& other) { return *this = Seg(other); }
  Seg(Seg&& other) noexcept { *this = std::move(other); }
  Seg& operator=(Seg&& other) noexcept {
    graph_.swap(other.graph_);
    order_.swap(other.order_);
    return *this;
  }

  // Appends a node after the current last one.
  Vertex append(SegNode node);

  // Nodes in control-flow order (a topological order of the chain).
  NodeRange<const SegNode, const Graph> sequence() const { return {*graph_, order_}; }
  // The same, for changing nodes in place (binding a profile to a model).
  NodeRange<SegNode, Graph> mutable_sequence() { return {*graph_, order_}; }
  size_t size() const { return order_.size(); }
  bool empty() const { return size() == 0; }
  const Graph& graph() const { return *graph_; }

 private:
  std::unique_ptr<Graph> graph_ = std::make_unique<Graph>();
  std::vector<Vertex> order_;
};

// A deep copy: loop bodies and branch arms are copied too, so the copy can
// be changed without touching the original.
std::shared_ptr<Seg> clone(const Seg& seg);

// Visits every node of a SEG and its sub-graphs, depth first, in order.
template <class F>
void for_each_node(const Seg& seg, F&& f) {
  for (const SegNode* n : seg.sequence()) {
    f(*n);
    if (n->body) for_each_node(*n->body, f);
    for (const auto& arm : n->arms) for_each_node(*arm.body, f);
  }
}

// A branch's probabilities: the explicit arms' sum, and each arm's own (the
// else arm takes 1 minus the sum).
Expr explicit_probability(const SegNode& branch);
Expr arm_probability(const SegNode& branch, const Arm& arm);
bool has_else(const SegNode& branch);

template <class F>
void for_each_node_mutable(Seg& seg, F&& f) {
  for (SegNode* n : seg.mutable_sequence()) {
    f(*n);
    if (n->body) for_each_node_mutable(*n->body, f);
    for (auto& arm : n->arms) for_each_node_mutable(*arm.body, f);
  }
}

}  // namespace pacer
