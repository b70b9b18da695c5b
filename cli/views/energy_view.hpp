// The views of `pacer energy`: a comparison of algorithms on platforms by
// the ICE model (per platform and input set: Work, Span, I/O, the energy's
// parts, the bound and the ratio) and the list of what ships, in text and JSON.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "resource_models/energy/energy_comparison.hpp"

namespace pacer::cli {

nlohmann::ordered_json energy_comparison_json(const std::vector<EnergyCase>& cases);
std::string energy_comparison_text(const std::vector<EnergyCase>& cases);
nlohmann::ordered_json energy_list_json(const std::vector<AlgorithmComplexity>& algos, const std::vector<InputSet>& sets,
                                        const std::vector<std::string>& platforms);
std::string energy_list_text(const std::string& dir, const std::vector<AlgorithmComplexity>& algos,
                             const std::vector<InputSet>& sets, const std::vector<std::string>& platforms);

}  // namespace pacer::cli
