#include "resource_models/icc/compiled_model.hpp"

#include "resource_models/icc/cache_traffic.hpp"
#include "resource_models/icc/machine_costs.hpp"

namespace pacer {

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
