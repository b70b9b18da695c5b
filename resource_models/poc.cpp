// Principal operation characterisation (Papaefstathiou et al. 1994 section 3.3.2, Eq. 6):
// t = N_flops / R_fpu, with flops weighted as McMahon proposed (Table 1).
// The flop count is the node's 'flops' RUV when given by hand, or else is
// derived from its construct counts.
#include "framework/constructs.hpp"
#include "resource_models/resource_model.hpp"

namespace pacer {

namespace {

double mcmahon_flops(const SegNode& node) {
  if (auto it = node.ruvs.find(ruv_kind::flops); it != node.ruvs.end()) return it->second.get("flops");
  return mcmahon_flops(require_ruv(node, ruv_kind::constructs, "poc"));
}

class Poc : public ResourceModel {
 public:
  std::string name() const override { return "poc"; }
  std::string title() const override { return "principal operation characterisation (flops)"; }
  std::vector<std::string> reads() const override { return {ruv_kind::flops, ruv_kind::constructs}; }
  std::vector<std::string> sections() const override { return {"poc"}; }
  NodeCost price(const SegNode& node, const Hardware& hw) const override {
    double rate = hw.require("poc", "flop_rate", "poc").value;
    return NodeCost::of(mcmahon_flops(node) / rate);
  }
};

}  // namespace

std::unique_ptr<ResourceModel> make_poc() { return std::make_unique<Poc>(); }

}  // namespace pacer
