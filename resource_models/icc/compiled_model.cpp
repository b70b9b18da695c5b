#include "resource_models/icc/compiled_model.hpp"

#include "resource_models/icc/cache_traffic.hpp"
#include "resource_models/icc/machine_costs.hpp"

namespace pacer {

void share_machine_terms(ApplicationModel& model) {
  static const char* const kEntries[] = {"mispredicts",     "mispredict_restart", "waits_l3", "waits_mem",
                                         "branch_waits_l3", "branch_waits_mem", "lines_scattered_from_l2",
                                         "lines_scattered_from_l3", "lines_scattered_from_mem"};
  auto share = [](SegNode& n) {
    // The loops' steps too, so that both models walk the caches alike: the
    // IR has no counted run to say which copy of a loop ran most.
    if (n.kind == NodeKind::Loop) {
      const auto machine = n.ruvs.find(ruv_kind::machine);
      if (machine != n.ruvs.end())
        for (const char* e : {loop_vector_iterations, loop_unrolled_away})
          if (machine->second.has(e)) n.ruvs[ruv_kind::ir].set(e, machine->second.get(e));
      return;
    }
    const auto ir = n.ruvs.find(ruv_kind::ir);
    if (ir == n.ruvs.end()) return;
    const auto machine = n.ruvs.find(ruv_kind::machine);
    for (const char* e : kEntries) {
      const double v = machine == n.ruvs.end() ? 0 : machine->second.get(e);
      if (v != 0 || ir->second.get(e) != 0) ir->second.set(e, v);
    }
  };
  for (auto* list : {&model.tasks, &model.functions})
    for (auto& t : *list) for_each_node_mutable(t.seg, share);
}

ResourceModel::Prepared prepare_compiled(const ApplicationModel& m, const Hardware& hw, const ParamValues& bound,
                                         bool intermediate, const std::string& who) {
  const char* kind = intermediate ? ruv_kind::ir : ruv_kind::machine;
  bool attached = false;
  auto seen = [&](const SegNode& n) { attached = attached || n.ruvs.count(kind); };
  for (const auto& t : m.tasks) for_each_node(t.seg, seen);
  if (m.sources.empty() || attached) return {};
  auto copy = std::make_shared<ApplicationModel>(deep_copy(m));
  copy->sources.clear();  // prepared: its RUVs are this machine's
  try {
    MachineCostOptions options = machine_cost_options(hw, m.compile_flags, who);
    options.intermediate = intermediate;
    auto notes = attach_machine_costs(*copy, m.sources, options, bound);
    if (intermediate) {  // the machine code's branch and wait terms beside the IR (ICC reports its own notes)
      options.intermediate = false;
      attach_machine_costs(*copy, m.sources, options, bound);
      share_machine_terms(*copy);
    }
    for (auto& n : attach_cache_traffic(*copy, hw, bound, 1e6, {kind})) notes.push_back(std::move(n));
    return {std::move(copy), std::move(notes)};
  } catch (const MissingFigure&) {
    throw;
  } catch (const InputError& e) {
    // The code cannot be compiled or priced for this machine (no compiler,
    // no cross headers, C the target rejects): like a missing figure.
    throw MissingFigure(e.what());
  }
}

}  // namespace pacer
