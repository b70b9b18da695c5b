// Design based characterisation (Papaefstathiou et al. 1994 section 3.3.1): before code
// exists, a performance engineer estimates each node's CPU demand, as in a
// Software Performance Engineering walkthrough. The 'time' RUV holds the
// estimate in seconds, or in cycles of the target's clock, or both (summed).
#include "resource_models/resource_model.hpp"

namespace pacer {

namespace {

class Dbc : public ResourceModel {
 public:
  std::string name() const override { return "dbc"; }
  std::string title() const override { return "design based characterisation (estimates)"; }
  std::vector<std::string> reads() const override { return {ruv_kind::time}; }
  std::vector<std::string> sections() const override { return {"cpu"}; }
  NodeCost price(const SegNode& node, const Hardware& hw) const override {
    const Ruv& estimate = require_ruv(node, ruv_kind::time, "dbc");
    double seconds = estimate.get("seconds");
    if (estimate.has("cycles")) seconds += estimate.get("cycles") / hw.require("cpu", "clock", "dbc").value;
    return NodeCost::of(seconds);
  }
};

}  // namespace

std::unique_ptr<ResourceModel> make_dbc() { return std::make_unique<Dbc>(); }

}  // namespace pacer
