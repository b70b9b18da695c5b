#include "templates/speedup_template.hpp"

#include "framework/error.hpp"
#include "resource_models/prediction.hpp"
#include "templates/speedup/speedup_grid.hpp"

namespace pacer {

SpeedupTemplatePrediction predict_with_speedup_law(const ApplicationModel& m, const Hardware& hw,
                                                   const ResourceModel& rm, const ParamValues& params,
                                                   const SpeedupTemplateOptions& o) {
  const SpeedupLaw& law = *o.law;
  const std::string who = "the " + law.name() + " template";
  SpeedupTemplatePrediction r;
  r.clock_hz = hw.require("cpu", "clock", who).value;
  if (o.mem_hz > 0)
    r.mem_hz = o.mem_hz;
  else if (law.uses_frequencies())
    r.mem_hz = hw.require("memory", "mem_frequency", who + " (or give --mem-freq)").value;
  else
    r.mem_hz = hw.has("memory", "mem_frequency") ? hw.require("memory", "mem_frequency", who).value : r.clock_hz;
  r.reference_seconds = Predictor(m).predict(hw, rm, params).total_seconds;
  const double* x = o.params.data();
  const double cpi_ref = law.sequential_cycles_per_instruction(x, r.clock_hz / r.mem_hz);
  const std::vector<int> cores = o.cores.empty() ? std::vector<int>{1} : o.cores;
  const std::vector<double> freqs = o.cpu_hz.empty() ? std::vector<double>{r.clock_hz} : o.cpu_hz;
  for (int p : cores)
    if (p < 1) throw InputError(who + ": core counts must be positive (got " + std::to_string(p) + ")");
  for (const GridPoint& g : evaluate_grid(law, o.params, cores, freqs, r.mem_hz)) {
    SpeedupTemplatePoint pt;
    pt.cores = g.cores;
    pt.cpu_hz = g.cpu_hz;
    pt.phi = g.phi;
    pt.speedup = g.speedup;
    pt.sequential_seconds = r.reference_seconds * (r.clock_hz / g.cpu_hz) * g.cpi / cpi_ref;
    pt.total_seconds = pt.sequential_seconds / pt.speedup;
    pt.memory_bound = g.memory_bound;
    r.points.push_back(pt);
  }
  return r;
}

}  // namespace pacer
