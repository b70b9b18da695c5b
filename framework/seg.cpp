#include "framework/seg.hpp"

#include <algorithm>
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

std::shared_ptr<Seg> clone(const Seg& seg) {
  auto out = std::make_shared<Seg>();
  for (const SegNode* n : seg.sequence()) {
    SegNode copy = *n;
    if (copy.body) copy.body = clone(*copy.body);
    for (auto& arm : copy.arms) arm.body = clone(*arm.body);
    out->append(std::move(copy));
  }
  return out;
}

Expr explicit_probability(const SegNode& branch) {
  Expr taken = constant(0);
  for (const auto& arm : branch.arms)
    if (arm.probability) taken = add(taken, arm.probability);
  return taken;
}

Expr arm_probability(const SegNode& branch, const Arm& arm) {
  return arm.probability ? arm.probability : sub(constant(1), explicit_probability(branch));
}

bool has_else(const SegNode& branch) {
  return std::any_of(branch.arms.begin(), branch.arms.end(), [](const Arm& a) { return !a.probability; });
}

}  // namespace pacer
