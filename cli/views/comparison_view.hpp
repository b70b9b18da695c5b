// The view of a comparison of machines (resource_models/machine_comparison.hpp):
// a table of each model's total, tasks and main nodes on every machine with
// the ratio to the first, as text, JSON and CSV, and bars drawn by gnuplot.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "resource_models/machine_comparison.hpp"

namespace pacer::cli {

std::string comparison_text(const MachineComparison& c);
nlohmann::ordered_json comparison_json(const MachineComparison& c);
std::string comparison_csv(const MachineComparison& c);
// Each model's total on each machine, as a ratio to the first machine.
void plot_comparison(const std::string& png, const MachineComparison& c);

}  // namespace pacer::cli
