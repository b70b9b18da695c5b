// The view of `pacer predict` without a template: each node's time per
// resource model and machine (the shape of the paper's Table 6), per run of
// the task and in total, or the total over a sweep; the ICE energy beside.
// On several machines, the text and JSON add the comparison of machines
// (comparison_view.hpp; `--compare` prints only that, in any of the three).
// One result, three renderings: text, JSON and CSV.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "resource_models/model_selection.hpp"

namespace pacer::cli {

nlohmann::ordered_json prediction_set_json(const ApplicationModel& m, const PredictionSet& set);
std::string prediction_set_text(const ApplicationModel& m, const PredictionSet& set);
// For each prediction whose model composes terms (ICC, IntCC, HLLC+): what
// each node's time is made of and the term that set it, the nodes that take
// most of the run first. Empty when no model composes terms.
std::string prediction_bounds_text(const PredictionSet& set);
std::string prediction_set_csv(const PredictionSet& set);
// Several machines at one parameter point.
bool compares_machines(const PredictionSet& set);

}  // namespace pacer::cli
