// Instruction level characterisation (Papaefstathiou et al. 1994 section 4.2.3). Two forms:
// - Eq. 7, for descriptions that give instruction cycle counts (the T800):
//   t = (n_ex + n_in_mem + e n_ex_mem + (e - 3)/2 n_inst - n_fpu_ovr) t_cyc;
// - compiled code (machine_costs.hpp; a model analysed from C is compiled
//   for each machine on first use, prepare()): the cycles LLVM MCA gives the node's
//   machine instructions, with the memory and branch terms that MCA leaves
//   out (memory_term.hpp): t = max(cycles t_cyc + mispredictions, transfers).
#include "resource_models/resource_model.hpp"
#include "framework/constructs.hpp"
#include "resource_models/icc/compiled_model.hpp"
#include "resource_models/icc/machine_costs.hpp"
#include "resource_models/icc/memory_term.hpp"

namespace pacer {

namespace {

double eq7(const Ruv& r, const Hardware& hw) {
  const double e = hw.require("icc", "e", "icc (Eq. 7)").value;
  return (r.get("n_ex") + r.get("n_in_mem") + e * r.get("n_ex_mem") + (e - 3) / 2 * r.get("n_inst") -
          r.get("n_fpu_ovr")) * cycle_time(hw, "icc");
}

// Calls at their constructs' measured (independent) costs: MCA's run leaves
// calls and returns out and cannot see into the C library's code.
double calls(const Ruv& r, const Hardware& hw, NodeCost& cost) {
  double seconds = 0;
  const HwSection* hllc = hw.section("hllc");
  for (const auto& [name, count] : r) {
    if (!name.starts_with(kCall) || count <= 0) continue;
    const std::string construct = name.substr(kCall.size());
    if (const Figure* f = hllc ? construct_figure(*hllc, construct) : nullptr) {
      seconds += count * f->value;
      continue;
    }
    cost.unpriced["hllc/" + construct + " (calls, which MCA leaves out)"] += count;
  }
  return seconds;
}

NodeCost compiled(const Ruv& r, const Hardware& hw) {
  NodeCost unpriced;
  const double called = calls(r, hw, unpriced), cycles = r.get("cycles") * cycle_time(hw, "icc");
  NodeCost cost = with_memory_and_branches(cycles + called, r, hw, "icc");
  for (const auto& [what, n] : unpriced.unpriced) cost.unpriced[what] += n;
  if (called > 0) {  // shown beside the machine code's cycles, as the chain waits are
    cost.terms["core"] = cycles;
    cost.add_term("calls", called);
  }
  return cost;
}

class Icc : public ResourceModel {
 public:
  std::string name() const override { return "icc"; }
  std::string title() const override { return "instruction level characterisation (machine code)"; }
  std::vector<std::string> reads() const override { return {ruv_kind::machine, ruv_kind::instructions}; }
  std::vector<std::string> sections() const override { return {"icc", "cpu", "memory"}; }
  NodeCost price(const SegNode& node, const Hardware& hw) const override {
    if (auto it = node.ruvs.find(ruv_kind::machine); it != node.ruvs.end()) return compiled(it->second, hw);
    return NodeCost::of(eq7(require_ruv(node, ruv_kind::instructions, "icc"), hw));
  }
  bool prepares(const ApplicationModel& m) const override { return !m.sources.empty(); }
  Prepared prepare(const ApplicationModel& m, const Hardware& hw, const ParamValues& bound) const override {
    return prepare_compiled(m, hw, bound, false, name());
  }
};

}  // namespace

std::unique_ptr<ResourceModel> make_icc() { return std::make_unique<Icc>(); }

}  // namespace pacer
