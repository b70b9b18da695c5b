// Component timing (Papaefstathiou et al. 1994 section 3.3.6): each node's time is
// measured by running the instrumented program on the machine itself
// (component_timing.hpp). There is no resource model behind it, so it holds
// only for the machine it was measured on.
#include "resource_models/resource_model.hpp"

namespace pacer {

namespace {

class Ct : public ResourceModel {
 public:
  std::string name() const override { return "ct"; }
  std::string title() const override { return "component timing (measured)"; }
  std::vector<std::string> reads() const override { return {ruv_kind::component_time}; }
  std::vector<std::string> sections() const override { return {}; }
  NodeCost price(const SegNode& node, const Hardware&) const override {
    return NodeCost::of(require_ruv(node, ruv_kind::component_time, "ct").get("seconds"));
  }
};

}  // namespace

std::unique_ptr<ResourceModel> make_ct() { return std::make_unique<Ct>(); }

}  // namespace pacer
