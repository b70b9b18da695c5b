// Algorithm complexity files and input-set files of the ICE energy model
// (docs/energy.md gives their format).
#pragma once
#include <string>
#include <vector>

#include "resource_models/energy/algorithm_complexity.hpp"

namespace pacer {

AlgorithmComplexity read_algorithm_file(const std::string& path);
AlgorithmComplexity read_algorithm_string(const std::string& xml, const std::string& name);
std::vector<InputSet> read_input_sets_file(const std::string& path);

}  // namespace pacer
