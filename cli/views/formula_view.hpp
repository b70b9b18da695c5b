// The view of `pacer formula`: the application's parameters and each task's
// and function's timing formula (in the paper's notation, plain and with
// calls inlined), with every node's execution count; in text and JSON.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "framework/reduction.hpp"

namespace pacer::cli {

nlohmann::ordered_json formula_json(const ApplicationModel& m, const std::vector<TaskFormula>& formulas);
std::string formula_text(const ApplicationModel& m, const std::vector<TaskFormula>& formulas);

}  // namespace pacer::cli
