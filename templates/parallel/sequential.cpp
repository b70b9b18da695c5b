// The plain sequential template: the task on one processor, whatever P.
#include "templates/parallel/parallel_template.hpp"

namespace pacer {

namespace {

class Sequential : public ParallelTemplate {
 public:
  std::string name() const override { return "sequential"; }
  std::string title() const override { return "sequential: one processor does all the work"; }
  std::vector<std::string> phases() const override { return {"compute"}; }
  std::vector<std::string> messages() const override { return {}; }
  ParallelTime time(const TemplateContext& c) const override { return {c.phase_seconds("compute", {}), 0}; }
};

}  // namespace

std::unique_ptr<ParallelTemplate> make_sequential_template() { return std::make_unique<Sequential>(); }

}  // namespace pacer
