// The views of `pacer comm`: measured message times per size, and a fitted
// communication model with its residuals; in text and JSON.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "templates/comm/comm_fit.hpp"

namespace pacer::cli {

std::string comm_points_text(const std::vector<CommPoint>& points);
nlohmann::ordered_json comm_fit_json(const std::string& file, const CommFit& f);
std::string comm_fit_text(const std::string& file, size_t points, const CommFit& f);

}  // namespace pacer::cli
