// The views of `pacer validate`: one function's Table 6 shape (every node by
// every model, the measurement and each model's error) and a suite's Table 7
// shape (each kernel, the error statistics per model, with CT's error
// subtracted), in text and JSON, and Figure 12's accuracy bounds as a plot.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "studies/fleet.hpp"
#include "studies/validation.hpp"

namespace pacer::cli {

nlohmann::ordered_json validation_json(const Validation& v);
std::string validation_text(const Validation& v);

nlohmann::ordered_json suite_json(const std::string& dir, const std::vector<ValidationOutcome>& ks);
std::string suite_text(const std::vector<ValidationOutcome>& ks);
// The suite on every machine of an MPI job: each machine's Table 7 shape.
nlohmann::ordered_json fleet_json(const std::string& dir, const std::vector<MachineStudy>& machines);
std::string fleet_text(const std::vector<MachineStudy>& machines);
// False when no kernel was judged, so there is nothing to draw.
bool plot_bounds(const std::string& png, const std::vector<ValidationOutcome>& ks);

}  // namespace pacer::cli
