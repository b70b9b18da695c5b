// A speedup law's parameters as the speedup commands and templates print
// them, and frequencies in GHz or MHz.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "templates/speedup/speedup_law.hpp"

namespace pacer::cli {

std::string params_text(const SpeedupLaw& law, const std::vector<double>& params);  // "f = 0.99, k = 1.7"
nlohmann::ordered_json params_json(const SpeedupLaw& law, const std::vector<double>& params);
std::string frequency_text(double hz);

}  // namespace pacer::cli
