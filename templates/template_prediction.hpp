// `pacer predict --template NAME`: an application's sequential prediction,
// by each resource model on each machine, composed through a parallel
// template of one of three kinds (template_registry.hpp): a message-passing
// template on P processors, the omp_loop template (a loop run by threads
// under a schedule), or a speedup law (the whole task on p cores at a
// processor and memory frequency). With energy, the ICE energy of the
// application at every point, Span = Work / the template's speedup there.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "resource_models/energy/node_energy.hpp"
#include "templates/omp_loop.hpp"
#include "templates/parallel/parallel_prediction.hpp"
#include "templates/speedup/speedup_fit.hpp"
#include "templates/speedup_template.hpp"
#include "templates/template_registry.hpp"

namespace pacer {

struct TemplateRequest {
  std::string name;
  // Loop (omp_loop).
  std::string schedule = "static";
  std::vector<int> threads = {1};
  std::string loop;                       // empty: the first top-level loop
  double overhead = 0;                    // seconds per chunk
  std::vector<double> iteration_weights;  // empty: the model's own costs
  // Speedup laws.
  ResolvedLaw law;
  std::vector<int> cores;       // empty: {1}
  std::vector<double> cpu_hz;   // empty: the machine's clock
  double mem_hz = 0;            // 0: the machine's memory frequency
  // Message-passing templates.
  std::vector<int> procs = {1};
  std::optional<EnergyOptions> energy;
};

struct TemplatePredictions {
  TemplateKind kind = TemplateKind::MessagePassing;
  // One per machine and resource model, in that order, of the request's kind.
  std::vector<std::string> hardware, models;
  std::vector<OmpLoopPrediction> loops;
  std::vector<SpeedupTemplatePrediction> laws;
  std::vector<ParallelPrediction> parallel;
  // With energy: per prediction, per point.
  std::vector<std::vector<ProgramEnergy>> energy;
};

// Throws InputError as the templates do (a model without the template's
// mapping, a loop that cannot be found, a law without parameters, energy
// with a message-passing template).
TemplatePredictions predict_with_template(const ApplicationModel& m, const std::vector<Hardware>& machines,
                                          const std::vector<const ResourceModel*>& models, const ParamValues& params,
                                          const TemplateRequest& request);

}  // namespace pacer
