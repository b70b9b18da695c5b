// HLLC beyond the paper, still at the language level: Eq. 4's cost vector
// and construct counts, with the facts of the compiled loop that Eq. 4
// cannot see (issue "Accuracy beyond the paper", item 4):
// - a loop the compiler vectorises does its constructs a vector at a time:
//   the counts are divided by the vector width the compiler reports;
// - a core issues the constructs of different pipelines (integer, floating
//   add, floating multiply, load, store) in the same cycles, as far as
//   pacer calibrate measured them to (pipelines.hpp); a description without
//   those measurements adds them, as Eq. 4 does;
// - a loop whose iterations wait on a loop-carried chain (a sum, a search,
//   a pointer chase) runs at least at the chain's latency: each recurrence
//   of the optimised IR (resource_models/intcc/ir_code.hpp), its classes
//   mapped to the constructs that measure them (ir_classes.hpp), priced at
//   the constructs' chained (dependent) costs;
//   core = max(issued(T), max_k c_dep^T f_k), T_p = sum_{i in p} c_i f_i / lanes;
// - what no construct cost can say, the loop's data traffic over the cache
//   levels and its mispredicted branches, comes from the terms ICC and
//   IntCC share (icc/memory_term.hpp): the three models then differ only in
//   where the in-core time comes from (C constructs, IR classes, machine
//   code).
// The paper's plain Eq. 4 stays the `hllc` model, and both are reported
// side by side.
#include "framework/constructs.hpp"
#include "resource_models/icc/compiled_model.hpp"
#include "resource_models/icc/memory_term.hpp"
#include "resource_models/hllc.hpp"
#include "resource_models/intcc/ir_classes.hpp"
#include "resource_models/pipelines.hpp"
#include "resource_models/resource_model.hpp"

#include <algorithm>

namespace pacer {

namespace {

class HllcPlus : public ResourceModel {
 public:
  std::string name() const override { return "hllc+"; }
  std::string title() const override { return "HLLC with vector widths and loop-carried chains (beyond the paper)"; }
  // The construct counts and, beside them, the compiler's report (the IR
  // RUV): a model with no code compiled for the machine is left to `hllc`.
  std::vector<std::string> reads() const override { return {ruv_kind::ir}; }
  std::vector<std::string> sections() const override { return {"hllc", "icc", "memory"}; }
  NodeCost price(const SegNode& node, const Hardware& hw) const override {
    const Ruv& f = require_ruv(node, ruv_kind::constructs, "hllc+");
    const Ruv& ir = require_ruv(node, ruv_kind::ir, "hllc+");
    const double lanes = std::max(1.0, ir.get(ir_vector_lanes));
    PipelineWork work;
    NodeCost unpriced = construct_cost(f, hw, "hllc+", lanes, &work);  // each pipeline's share; what no cost prices
    const double core = std::max(work.issued(hw), longest_chain(ir, *hw.section("hllc"), hw, unpriced));
    NodeCost cost = with_memory_and_branches(core, ir, hw, "hllc+");
    for (const auto& [name, count] : unpriced.unpriced) cost.unpriced[name] += count;
    return cost;
  }
  bool prepares(const ApplicationModel& m) const override { return !m.sources.empty(); }
  Prepared prepare(const ApplicationModel& m, const Hardware& hw, const ParamValues& bound) const override {
    return prepare_compiled(m, hw, bound, true, name());
  }

 private:
  // The slowest recurrence, each of its IR classes at the chained cost of
  // the construct that measures it.
  static double longest_chain(const Ruv& ir, const HwSection& costs, const Hardware& hw, NodeCost& cost) {
    std::map<std::string, double> chains;
    std::map<std::string, std::vector<std::string>> chain_classes;
    for (const auto& [name, count] : ir) {
      if (name.rfind("recurrence", 0) != 0 || count == 0) continue;
      const size_t dot = name.find('.');
      const std::string cls = name.substr(dot + 1);
      if (free_class(cls)) continue;
      const IrClass* k = find_ir_class(scalar_class(cls));
      const Figure* c = k && !k->construct.empty() ? construct_figure(costs, k->construct) : nullptr;
      if (!c) {
        cost.unpriced["chain: " + cls] += count;
        continue;
      }
      chains[name.substr(0, dot)] += (c->dependent >= 0 ? c->dependent : c->value) * count;
      chain_classes[name.substr(0, dot)].push_back(cls);
    }
    double longest = 0;
    for (const auto& [k, t] : chains) longest = std::max(longest, t + fp_crossing(chain_classes[k], hw));
    return longest;
  }
};

}  // namespace

std::unique_ptr<ResourceModel> make_hllc_plus() { return std::make_unique<HllcPlus>(); }

}  // namespace pacer
