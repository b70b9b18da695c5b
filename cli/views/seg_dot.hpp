// The SEG drawn for Graphviz in the notation of Papaefstathiou et al. 1994 Figure 4: compute
// segments as boxes, loops as hexagons with their trip count and a return
// edge, branches as diamonds with their probabilities, calls as double boxes.
#pragma once
#include <string>

#include "framework/application_model.hpp"

namespace pacer::cli {

std::string seg_dot(const ApplicationModel& model);

}  // namespace pacer::cli
