// Intermediate code characterisation (Papaefstathiou et al. 1994 section 3.3.4, Table 2):
// between the language and the instruction level, the compiler's
// intermediate code, here optimised LLVM IR (ir_code.hpp), counted per SEG
// node by class and priced with the machine's cost per class
// (ir_classes.hpp): t = c^T f as HLLC's Eq. 4, over IR instructions instead
// of C constructs, so that the compiler's optimisations (vectorisation,
// unrolling, if-conversion, hoisting) are in the counts; a loop whose
// iterations wait on a recurrence (ir_code.hpp) runs at least at its
// latency: t = max(c^T f, c_dep^T f_chain) over the node's recurrences.
// Beyond the paper, c^T f is summed per pipeline of the classes' constructs
// and the pipelines overlap as calibration measured them to (pipelines.hpp),
// as in HLLC+. The memory and branch terms are ICC's (memory_term.hpp):
// IntCC differs from ICC only in where the in-core time comes from.
#include "resource_models/icc/compiled_model.hpp"
#include "resource_models/icc/machine_costs.hpp"
#include "resource_models/icc/memory_term.hpp"
#include "resource_models/intcc/ir_classes.hpp"
#include "resource_models/pipelines.hpp"
#include "resource_models/resource_model.hpp"

#include <algorithm>

namespace pacer {

namespace {

// The pipeline of the construct whose benchmark measures a class.
Pipeline pipeline_of(const std::string& ir_class) {
  const IrClass* k = find_ir_class(scalar_class(ir_class));
  const Construct* c = k && !k->construct.empty() ? find_construct(k->construct) : nullptr;
  return c ? c->pipeline : Pipeline::Integer;
}

class Intcc : public ResourceModel {
 public:
  std::string name() const override { return "intcc"; }
  std::string title() const override { return "intermediate code characterisation (LLVM IR)"; }
  std::vector<std::string> reads() const override { return {ruv_kind::ir}; }
  std::vector<std::string> sections() const override { return {"intcc", "hllc", "icc", "memory"}; }
  NodeCost price(const SegNode& node, const Hardware& hw) const override {
    const Ruv& r = require_ruv(node, ruv_kind::ir, "intcc");
    if (!hw.section("intcc") && !hw.section("hllc"))
      throw MissingFigure(SourceLocation{hw.file, 0}, "intcc",
                          "the intcc model needs an <intcc> cost vector, or the <hllc> construct costs that measure "
                          "its classes, which '" + hw.name + "' does not give (pacer calibrate measures both; pacer hw "
                          "derive derives them)");
    PipelineWork throughput;
    std::map<std::string, double> unpriced, chains;  // chains: latency of each recurrence
    std::map<std::string, std::vector<std::string>> chain_classes;
    for (const auto& [name, count] : r) {
      if (count == 0 || is_memory_or_branch_entry(name) || name == ir_vector_lanes) continue;
      if (name.rfind("recurrence", 0) == 0) {
        const size_t dot = name.find('.');
        if (const Figure* f = ir_class_cost(name.substr(dot + 1), hw))
          chains[name.substr(0, dot)] += (f->dependent >= 0 ? f->dependent : f->value) * count;
        chain_classes[name.substr(0, dot)].push_back(name.substr(dot + 1));
        continue;
      }
      if (free_class(name)) continue;  // emits no instruction of its own
      if (const Figure* f = ir_class_cost(name, hw)) throughput.add(pipeline_of(name), f->value * count);
      else unpriced[name] += count;
    }
    // The loop's next iteration waits for the longest recurrence: the node
    // runs at its instructions' throughput, the pipelines issuing together
    // as far as calibration measured them to (pipelines.hpp), or that
    // chain's latency.
    double core = throughput.issued(hw);
    for (const auto& [k, latency] : chains) core = std::max(core, latency + fp_crossing(chain_classes[k], hw));
    NodeCost out = with_memory_and_branches(core, r, hw, "intcc");
    for (auto& [name, count] : unpriced) out.unpriced[name] += count;
    return out;
  }
  bool prepares(const ApplicationModel& m) const override { return !m.sources.empty(); }
  Prepared prepare(const ApplicationModel& m, const Hardware& hw, const ParamValues& bound) const override {
    return prepare_compiled(m, hw, bound, true, name());
  }
};

}  // namespace

std::unique_ptr<ResourceModel> make_intcc() { return std::make_unique<Intcc>(); }

}  // namespace pacer
