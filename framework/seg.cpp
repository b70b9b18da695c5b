#include "framework/seg.hpp"

#include <boost/graph/topological_sort.hpp>
#include <iterator>

namespace pacer {

const char* kind_name(NodeKind kind) {
  switch (kind) {
    case NodeKind::Compute: return "segment";
    case NodeKind::Loop: return "loop";
    case NodeKind::Branch: return "branch";
    case NodeKind::Call: return "call";
  }
  return "?";
}

Seg::Vertex Seg::append(SegNode node) {
  Vertex v = boost::add_vertex(std::move(node), graph_);
  if (!order_.empty()) boost::add_edge(order_.back(), v, graph_);
  order_.push_back(v);
  return v;
}

std::vector<const SegNode*> Seg::sequence() const {
  // The graph, not the insertion list, is the truth: a topological sort of
  // its edges gives the control-flow order.
  std::vector<Vertex> reversed;
  boost::topological_sort(graph_, std::back_inserter(reversed));
  std::vector<const SegNode*> out;
  out.reserve(reversed.size());
  for (auto it = reversed.rbegin(); it != reversed.rend(); ++it) out.push_back(&graph_[*it]);
  return out;
}

std::vector<SegNode*> Seg::mutable_sequence() {
  std::vector<SegNode*> out;
  for (const SegNode* n : sequence()) out.push_back(const_cast<SegNode*>(n));  // nodes owned by this graph
  return out;
}

}  // namespace pacer
