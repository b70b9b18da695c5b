// The views of `pacer schedule`: one workload and machine, a simulation of
// one strategy, the best schedule against every strategy, and the comparison
// of strategies over sizes and seeds (with Figure 8's plot of SRR's gains);
// in text and JSON.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "templates/scheduling/comparison.hpp"
#include "templates/scheduling/experiments.hpp"

namespace pacer::cli {

// Without the assignment and the loads: the command appends them as columns.
nlohmann::ordered_json simulate_json(const sched::Instance& w, const sched::Strategy& s, const sched::SimulationReport& r);
std::string simulate_text(const sched::Instance& w, const sched::Strategy& s, const sched::SimulationReport& r);

nlohmann::ordered_json optimise_json(const sched::Instance& w, const sched::OptimisationReport& r);
std::string optimise_text(const sched::Instance& w, const sched::OptimisationReport& r);

nlohmann::ordered_json compare_json(const std::string& what, const sched::MachineModel& machine,
                                    const std::vector<sched::ComparisonAtSize>& results, const std::string& plot);
std::string compare_text(const std::string& what, const sched::MachineModel& machine,
                         const std::vector<sched::ComparisonAtSize>& results, const std::string& plot);
// Figure 8's shape: SRR's gain per seed over static and over the best dynamic chunk.
void plot_gains(const std::string& png, const std::vector<sched::ComparisonAtSize>& sizes);

}  // namespace pacer::cli
