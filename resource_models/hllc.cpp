// High level language characterisation (Papaefstathiou et al. 1994 section 3.3.3, Eq. 4):
// t = c^T f, the inner product of the machine's cost vector c and the node's
// construct counts f. A construct the machine gives no cost for is priced at
// zero and reported, so the caller can say the time is a lower bound.
#include "resource_models/hllc.hpp"

#include "framework/constructs.hpp"

namespace pacer {

NodeCost construct_cost(const Ruv& constructs, const Hardware& hw, const std::string& model, double divisor,
                        PipelineWork* work) {
  const HwSection* costs = hw.section("hllc");
  if (!costs)
    throw MissingFigure(SourceLocation{hw.file, 0}, model,
                        "the " + model + " model needs an <hllc> cost vector, which '" + hw.name + "' does not give");
  NodeCost cost;
  for (const auto& [construct, count] : constructs) {
    if (count == 0) continue;
    const Figure* c = construct_figure(*costs, construct);
    if (!c) {
      cost.unpriced[construct] += count;
      continue;
    }
    const double seconds = c->value * count / divisor;
    cost.seconds += seconds;
    if (const Construct* k = work ? find_construct(construct) : nullptr) work->add(k->pipeline, seconds);
  }
  return cost;
}

namespace {

class Hllc : public ResourceModel {
 public:
  std::string name() const override { return "hllc"; }
  std::string title() const override { return "high level language characterisation (C constructs)"; }
  std::vector<std::string> reads() const override { return {ruv_kind::constructs}; }
  std::vector<std::string> sections() const override { return {"hllc"}; }
  NodeCost price(const SegNode& node, const Hardware& hw) const override {
    return construct_cost(require_ruv(node, ruv_kind::constructs, "hllc"), hw, "hllc");
  }
};

}  // namespace

std::unique_ptr<ResourceModel> make_hllc() { return std::make_unique<Hllc>(); }

}  // namespace pacer
