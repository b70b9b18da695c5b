// Speedup laws as parallel templates: the sequential prediction of a task on
// a machine becomes a time on p cores at a processor frequency F_cpu and a
// memory frequency F_mem (`pacer predict --template memwall|amdahl|gustafson`).
//
// The resource model prices the task at the machine's clock F_ref. The law's
// own assumptions carry it to another frequency: one instruction costs t_c =
// 1 / F_cpu and the run's cycles per instruction are CPI(phi) (Eq. 3 of "When
// parallel speedups hit the memory wall"), so
//   T_s(F) = T_ref * (F_ref / F) * CPI(F / F_mem) / CPI(F_ref / F_mem),
//   T_p(F) = T_s(F) / S_p(phi).
#pragma once
#include <vector>

#include "framework/application_model.hpp"
#include "resource_models/resource_model.hpp"
#include "templates/speedup/speedup_law.hpp"

namespace pacer {

struct SpeedupTemplateOptions {
  const SpeedupLaw* law = nullptr;
  std::vector<double> params;
  std::vector<int> cores;      // default {1}
  std::vector<double> cpu_hz;  // default: the machine's clock
  double mem_hz = 0;           // 0: the machine's memory.mem_frequency
};

struct SpeedupTemplatePoint {
  int cores = 1;
  double cpu_hz = 0, phi = 0, speedup = 1, sequential_seconds = 0, total_seconds = 0;
  bool memory_bound = false;
};

struct SpeedupTemplatePrediction {
  double reference_seconds = 0;  // the resource model's sequential time at the clock
  double clock_hz = 0, mem_hz = 0;
  std::vector<SpeedupTemplatePoint> points;
};

SpeedupTemplatePrediction predict_with_speedup_law(const ApplicationModel& m, const Hardware& hw,
                                                   const ResourceModel& rm, const ParamValues& params,
                                                   const SpeedupTemplateOptions& o);

}  // namespace pacer
