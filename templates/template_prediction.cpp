#include "templates/template_prediction.hpp"

#include <optional>

#include "framework/error.hpp"
#include "templates/parallel/parallel_template.hpp"

namespace pacer {

namespace {

// The energy at each of a prediction's speedups, when asked for.
std::vector<ProgramEnergy> energies(const std::optional<Predictor>& predictor, const ParamValues& params,
                                    const Hardware& hw, const TemplateRequest& r, const std::vector<double>& speedups) {
  std::vector<ProgramEnergy> out;
  if (!r.energy) return out;
  for (double s : speedups) {
    EnergyOptions eo = *r.energy;
    eo.parallelism = s;
    out.push_back(predict_energy(*predictor, params, hw, eo));
  }
  return out;
}

}  // namespace

TemplatePredictions predict_with_template(const ApplicationModel& m, const std::vector<Hardware>& machines,
                                          const std::vector<const ResourceModel*>& models, const ParamValues& params,
                                          const TemplateRequest& r) {
  TemplatePredictions out;
  out.kind = template_kind(r.name);
  if (out.kind == TemplateKind::MessagePassing && r.energy)
    throw InputError("--energy does not combine with the " + find_parallel_template(r.name)->name() + " template yet");
  if (out.kind == TemplateKind::SpeedupLaw && !r.law.law)
    throw InputError("--template " + r.name + " needs its parameters: --template-params NAME=VALUE,... or --template-fit DATA.csv");
  std::optional<Predictor> predictor;
  if (r.energy) predictor.emplace(m);
  for (const auto& hw : machines)
    for (const ResourceModel* rm : models) {
      out.hardware.push_back(hw.name);
      out.models.push_back(rm->name());
      std::vector<double> speedups;
      switch (out.kind) {
        case TemplateKind::MessagePassing:
          out.parallel.push_back(predict_parallel(m, hw, *rm, params, *find_parallel_template(r.name), r.procs));
          break;
        case TemplateKind::Loop: {
          const OmpLoopOptions o{r.loop, r.schedule, r.threads, r.overhead, r.iteration_weights};
          out.loops.push_back(predict_omp_loop(m, hw, *rm, params, o));
          for (const auto& p : out.loops.back().points) speedups.push_back(p.speedup);
          break;
        }
        case TemplateKind::SpeedupLaw: {
          const SpeedupTemplateOptions o{r.law.law, r.law.params, r.cores, r.cpu_hz, r.mem_hz};
          out.laws.push_back(predict_with_speedup_law(m, hw, *rm, params, o));
          for (const auto& p : out.laws.back().points) speedups.push_back(p.speedup);
          break;
        }
      }
      out.energy.push_back(energies(predictor, params, hw, r, speedups));
    }
  return out;
}

}  // namespace pacer
