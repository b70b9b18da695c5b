// Which resource models price an application, on which machines, and what is
// left out and why: the policy behind `pacer predict --model`. "all" (or no
// name) means every registered model that can price the application: one
// analysed from C has no design estimates for DBC, and that is said, not
// failed. A model named by the user must price, or the prediction fails.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "framework/sweep.hpp"
#include "resource_models/energy/node_energy.hpp"
#include "resource_models/prediction.hpp"

namespace pacer {

struct ModelChoice {
  std::vector<const ResourceModel*> models;
  std::vector<std::string> left_out;  // "<model> left out: <why>"
  bool all = false;                   // chosen as "all": a machine lacking a model's figure leaves it out
};

// Names from the registry, or "all"; throws InputError for an unknown name.
ModelChoice choose_models(const std::vector<std::string>& names, const ApplicationModel& model);

// A template with --energy needs a time model on every machine for its
// speedup: keeps the chosen models that price on all of them, and adds to
// left_out the ones it dropped, with why.
ModelChoice pricing_everywhere(const ModelChoice& chosen, const ApplicationModel& model,
                               const std::vector<Hardware>& machines, const ParamValues& params);

struct PredictionRequest {
  std::vector<Hardware> machines;
  ModelChoice models;
  ParamValues params;
  std::vector<SweepAxis> sweep;         // empty: one point
  std::optional<EnergyOptions> energy;  // the ICE energy of each node beside the times
};

struct PredictionSet {
  std::vector<Prediction> predictions;  // machine by machine, model by model
  std::vector<ProgramEnergy> energies;  // one per machine, with energy
  std::vector<std::string> left_out;
  ParamValues bound;                    // the parameters as bound, with energy and no time model
  size_t machines = 0;
};

PredictionSet predict_all(const ApplicationModel& model, const PredictionRequest& request);

}  // namespace pacer
