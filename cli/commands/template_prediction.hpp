// `pacer predict --template NAME`: the options of every template kind
// (templates/template_registry.hpp), parsed into the library's request
// (templates/template_prediction.hpp) and rendered by cli/views/template_view.
#pragma once
#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "framework/application_model.hpp"
#include "cli/views/report.hpp"
#include "resource_models/energy/node_energy.hpp"
#include "resource_models/resource_model.hpp"

namespace pacer::cli {

struct TemplateOptions {
  std::string name;  // empty: no template
  std::string schedule = "static";
  std::vector<int> threads;
  std::string loop;
  double overhead = 0;
  std::string iteration_weights;  // file, one weight per line
  // Speedup-law templates.
  std::string cores, cpu_freq, mem_freq;
  std::string law_params, law_fit;
  // Message-passing templates on P processors.
  std::string procs;
  std::string plot;  // PNG of time against P
  // --energy: ICE energy at every point, with Span = Work / S, S the
  // template's predicted speedup there.
  std::optional<EnergyOptions> energy;
};

void add_template_options(CLI::App& cmd, TemplateOptions& o);

// Prints the template's prediction for every machine and model.
void emit_template_predictions(const TemplateOptions& o, const ApplicationModel& m,
                               const std::vector<Hardware>& machines, const std::vector<const ResourceModel*>& models,
                               const ParamValues& params, bool as_json);

}  // namespace pacer::cli
