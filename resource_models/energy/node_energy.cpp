#include "resource_models/energy/node_energy.hpp"

#include <cmath>

#include "framework/constructs.hpp"

namespace pacer {

namespace {

struct OneExecution {
  double ops = 0;
  double accesses = 0;  // to array elements, globals and pointees
  bool accesses_known = true;
};

bool is_operation(ConstructGroup g) {
  return g != ConstructGroup::Control && g != ConstructGroup::Memory;
}

OneExecution one_execution(const SegNode& node) {
  OneExecution out;
  if (auto c = node.ruvs.find(ruv_kind::constructs); c != node.ruvs.end()) {
    for (const auto& [name, count] : c->second) {
      const Construct* k = find_construct(name);
      if (k && is_operation(k->group)) out.ops += count;
    }
    out.accesses = c->second.get("global_load") + c->second.get("global_store");
    return out;
  }
  if (auto f = node.ruvs.find(ruv_kind::flops); f != node.ruvs.end()) {
    out.ops = f->second.get("flops");
    out.accesses_known = false;
    return out;
  }
  throw InputError(node.where, node.vector,
                   "ICE energy needs the node's operation counts (a constructs or flops RUV); it has neither");
}

}  // namespace

ProgramEnergy predict_energy(const Predictor& predictor, const ParamValues& params, const Hardware& hw,
                             const EnergyOptions& o) {
  if (!(o.parallelism > 0) || !std::isfinite(o.parallelism))
    throw InputError("the parallelism for ICE's Span (Work / Span) must be positive");
  if (!(o.access_bytes > 0) || !std::isfinite(o.access_bytes))
    throw InputError("the bytes per memory access must be a positive number");
  const IcePlatform platform = ice_platform(hw);
  ProgramEnergy out;
  out.hardware = hw.name;
  out.access_bytes = o.access_bytes;
  out.line_bytes = hw.has("memory", "line_size") ? hw.sections.at("memory").params.at("line_size").value : 64;
  if (!hw.has("memory", "line_size"))
    out.notes.push_back("'" + hw.name + "' gives no memory/line_size; 64-byte cache lines assumed");
  out.parallelism = o.parallelism;
  bool unknown_accesses = false;
  for (const auto& ne : predictor.node_executions(params)) {
    const OneExecution one = one_execution(*ne.term->node);
    unknown_accesses = unknown_accesses || !one.accesses_known;
    NodeEnergy n{ne.task, ne.term->id, ne.executions, {}, {}};
    n.workload.work = one.ops * ne.executions;
    n.workload.span = n.workload.work / o.parallelism;
    n.workload.io = one.accesses * ne.executions * o.access_bytes / out.line_bytes;
    n.energy = ice_phase(platform, n.workload, 1 / o.parallelism);
    out.static_joules += n.energy.static_joules;
    out.ops_joules += n.energy.ops_joules;
    out.io_joules += n.energy.io_joules;
    out.nodes.push_back(n);
  }
  if (unknown_accesses)
    out.notes.push_back("nodes with only a flops RUV have no memory accesses to count: their I/O energy is zero");
  return out;
}

}  // namespace pacer
