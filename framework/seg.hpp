// Software Execution Graph (SEG), after Software Performance Engineering as
// used in Papaefstathiou et al. 1994 Figure 4: compute segments (boxes), loops with trip
// counts, branches with probabilities, and calls. Each graph is one level
// of control flow, a chain that is a Boost.Graph graph whose edges are the
// sequence; loops and branch arms own sub-graphs, so every level is a chain
// and reduction applies the series, loop and branch rules level by level.
#pragma once
#include <boost/graph/graph_traits.hpp>
#include <boost/iterator/counting_iterator.hpp>
#include <boost/iterator/transform_iterator.hpp>
#include <boost/container/flat_map.hpp>
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

// The fields are in the order the walks over a model read them: what every
// walk reads (the kind, the sub-graphs, the trip count) first, then the id
// and callee (validation, assembly), then what views read. A large file's
// model is tens of megabytes walked node by node, and a node's fields far
// apart cost a cache line each.
struct SegNode {
  NodeKind kind = NodeKind::Compute;
  std::shared_ptr<Seg> body;    // Loop
  std::vector<Arm> arms;        // Branch
  Expr trips;                   // Loop: iterations per entry (the mean, when it varies)
  std::string id;               // unique within its task
  std::string callee;           // Call: a task or function of the model

  // Compute: RUVs by kind (ruv_kind::constructs, flops, time). `vector` is
  // the RUV's name in formulas, t(v_<vector>); nodes that reuse another
  // node's RUV (v_assign twice in Eq. 1) share it.
  std::string vector;
  boost::container::flat_map<std::string, Ruv> ruvs;
  SourceRange source;       // the C code the node stands for, when known
  std::string label;        // optional human description
  // Compute: its references to memory, for ICC's cache simulation
  // (resource_models/icc/cache_traffic.hpp).
  MemoryReferences memory;

  // Loop whose count follows an enclosing loop's counter (a triangular
  // loop): the count as a formula of those counters; null otherwise.
  Expr trips_at;
  // Loop with a counter i = start, start + step, ...: the counter's name in
  // trips_at formulas of the loops inside, its first value and its step.
  std::string induction;
  Expr induction_start;
  double induction_step = 0;
  SourceLocation where;     // model file or C source line
  // Compute: the node of the same code that this one repeats, when the
  // frontend modelled that code twice (the code from a label entered by a
  // goto from elsewhere). Its executions are that node's; empty otherwise.
  std::string copy_of;
};

// A Seg's nodes in order, as pointers, read in place: walking a large
// model's SEGs makes no list per sub-graph.
template <class Node>
class NodeRange {
 public:
  class iterator {
   public:
    explicit iterator(Node* n) : n_(n) {}
    Node* operator*() const { return n_; }
    iterator& operator++() {
      ++n_;
      return *this;
    }
    bool operator==(const iterator& o) const { return n_ == o.n_; }

   private:
    Node* n_;
  };
  NodeRange(Node* first, size_t size) : first_(first), size_(size) {}
  iterator begin() const { return iterator(first_); }
  iterator end() const { return iterator(first_ + size_); }
  size_t size() const { return size_; }
  Node* operator[](size_t i) const { return first_ + i; }

 private:
  Node* first_;
  size_t size_;
};

// One level of control flow: a chain, node i followed by node i + 1. It is
// a Boost.Graph graph (the VertexListGraph, IncidenceGraph and
// EdgeListGraph concepts, below) whose edges follow from the order rather
// than being stored: an adjacency_list kept two allocations an edge (its
// out-edge vector and a heap-held empty edge property), and a large file's
// SEGs have tens of thousands of nodes.
class Seg {
 public:
  using Vertex = size_t;

  // Appends a node after the current last one.
  Vertex append(SegNode&& node) {
    nodes_.push_back(std::move(node));
    return nodes_.size() - 1;
  }

  // Nodes in control-flow order (a topological order of the chain).
  NodeRange<const SegNode> sequence() const { return {nodes_.data(), nodes_.size()}; }
  // The same, for changing nodes in place (binding a profile to a model).
  NodeRange<SegNode> mutable_sequence() { return {nodes_.data(), nodes_.size()}; }
  size_t size() const { return nodes_.size(); }
  bool empty() const { return nodes_.empty(); }
  // The node of a vertex (Boost.Graph's bundled property, g[v]).
  const SegNode& operator[](Vertex v) const { return nodes_[v]; }

 private:
  std::vector<SegNode> nodes_;
};

// Boost.Graph's access to a Seg, found by argument-dependent lookup. An
// edge is the pair (from, to) of consecutive nodes.
using SegEdge = std::pair<Seg::Vertex, Seg::Vertex>;
struct SegEdgeOf {
  SegEdge operator()(Seg::Vertex v) const { return {v, v + 1}; }
};
using SegVertexIterator = boost::counting_iterator<Seg::Vertex>;
using SegEdgeIterator = boost::transform_iterator<SegEdgeOf, SegVertexIterator>;

inline std::pair<SegVertexIterator, SegVertexIterator> vertices(const Seg& g) { return {0, g.size()}; }
inline size_t num_vertices(const Seg& g) { return g.size(); }
inline size_t num_edges(const Seg& g) { return g.empty() ? 0 : g.size() - 1; }
inline std::pair<SegEdgeIterator, SegEdgeIterator> edges(const Seg& g) {
  return {SegEdgeIterator(0, SegEdgeOf{}), SegEdgeIterator(num_edges(g), SegEdgeOf{})};
}
inline size_t out_degree(Seg::Vertex v, const Seg& g) { return v + 1 < g.size() ? 1 : 0; }
inline std::pair<SegEdgeIterator, SegEdgeIterator> out_edges(Seg::Vertex v, const Seg& g) {
  return {SegEdgeIterator(v, SegEdgeOf{}), SegEdgeIterator(v + out_degree(v, g), SegEdgeOf{})};
}
inline Seg::Vertex source(const SegEdge& e, const Seg&) { return e.first; }
inline Seg::Vertex target(const SegEdge& e, const Seg&) { return e.second; }

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

namespace boost {

template <>
struct graph_traits<pacer::Seg> {
  using vertex_descriptor = pacer::Seg::Vertex;
  using edge_descriptor = pacer::SegEdge;
  using directed_category = directed_tag;
  using edge_parallel_category = disallow_parallel_edge_tag;
  struct traversal_category : incidence_graph_tag, vertex_list_graph_tag, edge_list_graph_tag {};
  using vertex_iterator = pacer::SegVertexIterator;
  using out_edge_iterator = pacer::SegEdgeIterator;
  using edge_iterator = pacer::SegEdgeIterator;
  using vertices_size_type = std::size_t;
  using edges_size_type = std::size_t;
  using degree_size_type = std::size_t;
  static vertex_descriptor null_vertex() { return SIZE_MAX; }
};

}  // namespace boost
