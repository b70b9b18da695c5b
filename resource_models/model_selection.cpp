#include "resource_models/model_selection.hpp"

#include <exception>

namespace pacer {

ModelChoice choose_models(const std::vector<std::string>& names, const ApplicationModel& model) {
  ModelChoice out;
  out.all = names.empty() || names == std::vector<std::string>{"all"};
  for (const auto& n : names.empty() ? std::vector<std::string>{"all"} : names) {
    if (n != "all") {
      out.models.push_back(&find_resource_model(n));
      continue;
    }
    for (const auto& rm : resource_models()) {
      if (can_price(*rm, model)) out.models.push_back(rm.get());
      else out.left_out.push_back(rm->name() + " left out: not every node has the RUV it reads (" + rm->reads().front() + ")");
    }
  }
  return out;
}

ModelChoice pricing_everywhere(const ModelChoice& chosen, const ApplicationModel& model,
                               const std::vector<Hardware>& machines, const ParamValues& params) {
  const Predictor predictor(model);
  ModelChoice out = chosen;
  out.models.clear();
  for (const ResourceModel* rm : chosen.models) {
    try {
      for (const auto& hw : machines) predictor.predict(hw, *rm, params);
      out.models.push_back(rm);
    } catch (const MissingFigure& e) {
      out.left_out.push_back(rm->name() + " left out: " + e.what());
    }
  }
  return out;
}

PredictionSet predict_all(const ApplicationModel& model, const PredictionRequest& r) {
  const Predictor predictor(model);
  PredictionSet out;
  out.left_out = r.models.left_out;
  out.machines = r.machines.size();
  std::exception_ptr first_missing;
  for (const auto& hw : r.machines) {
    for (const ResourceModel* rm : r.models.models) {
      // Chosen as "all", a model the machine gives no figures for is left
      // out on that machine (an ICE platform of Table 3 has energy figures
      // only, a published description may give no ICC compiler); a model
      // named by the user must price.
      try {
        out.predictions.push_back(r.sweep.empty() ? predictor.predict(hw, *rm, r.params)
                                                  : predictor.predict_sweep(hw, *rm, r.params, SweepGrid(r.sweep)));
      } catch (const MissingFigure& e) {
        if (!r.models.all) throw;
        if (!first_missing) first_missing = std::current_exception();
        out.left_out.push_back(rm->name() + " left out on " + hw.name + ": " + e.what());
      }
    }
    if (r.energy) out.energies.push_back(predict_energy(predictor, r.params, hw, *r.energy));
  }
  if (out.predictions.empty() && first_missing && !r.energy) std::rethrow_exception(first_missing);
  if (r.energy && out.predictions.empty()) predictor.node_executions(r.params, &out.bound);
  return out;
}

}  // namespace pacer
