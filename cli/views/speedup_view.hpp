// The views of `pacer speedup fit | predict | best`: a law's fitted
// parameters beside Amdahl's, a law over the grid of configurations, and the
// best configuration by speedup, time and energy; in text, JSON and CSV.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "templates/speedup/speedup_data.hpp"
#include "templates/speedup/speedup_fit.hpp"
#include "templates/speedup/speedup_grid.hpp"

namespace pacer::cli {

nlohmann::ordered_json fit_json(const std::string& file, const SpeedupData& data, const std::string& optimizer,
                                const LawFitReport& r);
std::string fit_text(const std::string& file, const SpeedupData& data, const std::string& optimizer,
                     const LawFitReport& r);

nlohmann::ordered_json grid_json(const ResolvedLaw& law, double mem_hz, const std::vector<GridPoint>& grid);
std::string grid_csv(const std::vector<GridPoint>& grid);
std::string grid_text(const ResolvedLaw& law, const std::vector<GridPoint>& grid);

nlohmann::ordered_json best_json(const ResolvedLaw& law, const BestConfigurations& best,
                                 const std::optional<PowerModel>& power);
std::string best_text(const ResolvedLaw& law, size_t configurations, const BestConfigurations& best,
                      const std::optional<PowerModel>& power);

}  // namespace pacer::cli
