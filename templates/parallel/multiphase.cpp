// The multiphase template (the integration kernel, after [17] of
// Papaefstathiou et al. 1994): the domain is cut into P parts, every
// processor computes its part, and the partial results are combined by a
// binomial tree: ceil(log2 P) rounds, in round k a message of `result` bytes
// between processors whose numbers differ in bit k.
#include "templates/parallel/parallel_template.hpp"

namespace pacer {

namespace {

class Multiphase : public ParallelTemplate {
 public:
  std::string name() const override { return "multiphase"; }
  std::string title() const override { return "multiphase: compute a 1/P share, combine by a binomial tree"; }
  std::vector<std::string> phases() const override { return {"compute"}; }
  std::vector<std::string> messages() const override { return {"result"}; }
  ParallelTime time(const TemplateContext& c) const override {
    ParallelTime t{c.phase_seconds("compute", {}), 0};
    const double bytes = c.message_bytes("result", {});
    for (int k = 0; k < ceil_log2(c.procs()); ++k) t.comm += c.message_seconds(bytes, mesh_distance(c.procs(), k));
    return t;
  }
};

}  // namespace

std::unique_ptr<ParallelTemplate> make_multiphase_template() { return std::make_unique<Multiphase>(); }

}  // namespace pacer
