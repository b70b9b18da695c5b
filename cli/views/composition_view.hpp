// The view of `pacer predict APP.xml` for an application of several tasks:
// each task on its machine at its P, per resource model, and the totals, in
// text and JSON.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "templates/composition.hpp"

namespace pacer::cli {

std::string composition_text(const Composition& c, const ParamValues& shared, const ApplicationPrediction& p);
nlohmann::ordered_json composition_json(const Composition& c, const ParamValues& shared, const ApplicationPrediction& p);

}  // namespace pacer::cli
