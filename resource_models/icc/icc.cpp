// Instruction level characterisation (Papaefstathiou et al. 1994 section 4.2.3). Two forms:
// - Eq. 7, for descriptions that give instruction cycle counts (the T800):
//   t = (n_ex + n_in_mem + e n_ex_mem + (e - 3)/2 n_inst - n_fpu_ovr) t_cyc;
// - compiled code (machine_costs.hpp; a model analysed from C is compiled
//   for each machine on first use, prepare()): the cycles LLVM MCA gives the node's
//   machine instructions, overlapped with the time its bytes take from the
//   cache level its loop's working set fits in, as Kerncraft's ECM model
//   does for the fully overlapping case: t = max(cycles t_cyc, bytes / bandwidth);
//   MCA does not model branch prediction, so a node ending in a conditional
//   branch the compiler kept adds its expected mispredictions times their
//   measured cost (machine_costs.cpp says how they are expected).
#include "resource_models/resource_model.hpp"
#include "resource_models/icc/cache_traffic.hpp"
#include "resource_models/icc/machine_costs.hpp"

#include <algorithm>

namespace pacer {

namespace {

double eq7(const Ruv& r, const Hardware& hw) {
  const double e = hw.require("icc", "e", "icc (Eq. 7)").value;
  return (r.get("n_ex") + r.get("n_in_mem") + e * r.get("n_ex_mem") + (e - 3) / 2 * r.get("n_inst") -
          r.get("n_fpu_ovr")) * cycle_time(hw, "icc");
}

// The bandwidth of the first level the working set fits in.
double level_bandwidth(double working_set, const Hardware& hw) {
  for (const char* level : {"l1", "l2", "l3"}) {
    const std::string size = std::string(level) + "_size", bw = std::string(level) + "_bandwidth";
    if (hw.has("memory", size) && hw.has("memory", bw) && working_set <= hw.require("memory", size, "icc").value)
      return hw.require("memory", bw, "icc").value;
  }
  return hw.require("memory", "mem_bandwidth", "icc (the working set exceeds every cache level given)").value;
}

// The simulated lines each level sends (cache_traffic.hpp), each over that
// level's bandwidth, and the bytes used over level 1's: the slowest transfer
// bounds the node, as in the ECM model's fully overlapping form. A level
// whose bandwidth the description does not give (not published for a
// machine not in hand) is left out and reported, as HLLC reports a construct
// it has no cost for: the time is then a lower bound, not an error.
double transfer_time(const Ruv& r, const Hardware& hw, NodeCost& cost) {
  double t = 0;
  auto over = [&](const std::string& level, double bytes) {
    const std::string figure = level + "_bandwidth";
    if (hw.has("memory", figure)) t = std::max(t, bytes / hw.require("memory", figure, "icc").value);
    else cost.unpriced["memory/" + figure + " (bytes from " + level + ")"] += bytes;
  };
  if (hw.has("memory", "l1_bandwidth")) over("l1", r.get("bytes"));
  for (const auto& [name, bytes] : r)
    if (name.rfind("bytes_from_", 0) == 0 && bytes > 0) over(name.substr(11), bytes);
  return t;
}

NodeCost compiled(const Ruv& r, const Hardware& hw) {
  NodeCost cost;
  double core = r.get("cycles") * cycle_time(hw, "icc");
  if (r.get("mispredicts") > 0)
    core += r.get("mispredicts") * hw.require("icc", "mispredict", "icc (the node ends in an unpredictable branch)").value;
  if (r.get("traffic") > 0) cost.seconds = std::max(core, transfer_time(r, hw, cost));
  else if (r.get("bytes") <= 0 || !hw.sections.count("memory")) cost.seconds = core;
  else cost.seconds = std::max(core, r.get("bytes") / level_bandwidth(r.get("working_set"), hw));
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
    return {eq7(require_ruv(node, ruv_kind::instructions, "icc"), hw), {}};
  }
  bool prepares(const ApplicationModel& m) const override { return !m.sources.empty(); }
  Prepared prepare(const ApplicationModel& m, const Hardware& hw, const ParamValues& bound) const override {
    if (m.sources.empty() || attached(m)) return {};
    auto copy = std::make_shared<ApplicationModel>(deep_copy(m));
    copy->sources.clear();  // prepared: its RUVs are this machine's
    try {
      auto notes = attach_machine_costs(*copy, m.sources, machine_cost_options(hw, m.compile_flags), bound);
      for (auto& n : attach_cache_traffic(*copy, hw, bound)) notes.push_back(std::move(n));
      return {std::move(copy), std::move(notes)};
    } catch (const MissingFigure&) {
      throw;
    } catch (const InputError& e) {
      // The code cannot be compiled or priced for this machine (no compiler,
      // no cross headers, C the target rejects): like a missing figure, a
      // model chosen as "all" is then left out on it, with this reason.
      throw MissingFigure(e.what());
    }
  }

 private:
  // Validation attaches them itself, for the machine it measures.
  static bool attached(const ApplicationModel& m) {
    bool any = false;
    auto seen = [&](const SegNode& n) { any = any || n.ruvs.count(ruv_kind::machine); };
    for (const auto& t : m.tasks) for_each_node(t.seg, seen);
    return any;
  }
};

}  // namespace

std::unique_ptr<ResourceModel> make_icc() { return std::make_unique<Icc>(); }

}  // namespace pacer
