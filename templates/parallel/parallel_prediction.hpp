// A task's time on P processors: a parallel template's pattern, its phases
// priced by a resource model through the application model's mapping, its
// messages by the machine's communication model.
#pragma once
#include <string>
#include <vector>

#include "framework/application_model.hpp"
#include "framework/hardware.hpp"
#include "resource_models/resource_model.hpp"
#include "templates/parallel/parallel_template.hpp"

namespace pacer {

struct ParallelPrediction {
  std::string hardware, model, template_name, comm_model;
  std::vector<int> procs;
  std::vector<ParallelTime> times;  // aligned with procs
};

// Throws InputError when the model has no mapping for the template, the
// mapping lacks a phase or message the template needs, a P does not fit the
// template, or the machine has no communication model and messages are sent.
ParallelPrediction predict_parallel(const ApplicationModel& m, const Hardware& hw, const ResourceModel& rm,
                                    const ParamValues& params, const ParallelTemplate& t, const std::vector<int>& procs);

// The mapping used for `t`: the model's own, or for `sequential` the whole
// application as one phase. Checked against what the template needs.
TemplateMapping mapping_for(const ApplicationModel& m, const ParallelTemplate& t);

}  // namespace pacer
