// The view of `pacer predict --template`: per machine and resource model, a
// table of the template's points (P with compute and communication; threads
// with the loop's time, speedup and imbalance; cores and frequencies with
// the law's speedup and bound), energy beside when asked, in text and JSON;
// and for message-passing templates a plot of time against P.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "templates/template_prediction.hpp"

namespace pacer::cli {

std::string template_text(const ApplicationModel& m, const TemplateRequest& r, const TemplatePredictions& p);
nlohmann::ordered_json template_json(const ApplicationModel& m, const TemplateRequest& r, const ParamValues& params,
                                     const TemplatePredictions& p);
// Time against P into a PNG (message-passing templates).
void plot_template(const std::string& png, const TemplatePredictions& p, bool several_hw);

}  // namespace pacer::cli
