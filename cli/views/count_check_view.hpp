// The differential check of `pacer profile --check`: each compute node's
// count by the model against the counters', disagreements first.
#pragma once
#include <string>

#include "cli/views/report.hpp"
#include "studies/count_check.hpp"

namespace pacer::cli {

std::string count_check_text(const CountCheck& c);
json count_check_json(const CountCheck& c);

}  // namespace pacer::cli
