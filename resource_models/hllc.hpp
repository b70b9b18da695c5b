// Eq. 4 of HLLC, shared by the paper's model (hllc.cpp) and the one beyond
// it (hllc_plus.cpp): t = c^T f / divisor over the node's construct counts.
#pragma once
#include <string>

#include "framework/hardware.hpp"
#include "framework/ruv.hpp"
#include "resource_models/pipelines.hpp"
#include "resource_models/resource_model.hpp"

namespace pacer {

// The description's <hllc> costs times the counts, over `divisor` (a vector
// width); a construct with no cost is priced at zero and named in
// `unpriced`. MissingFigure, naming `model`, when there is no <hllc>.
// `work`, when given, receives each priced construct's share on its
// pipeline (pipelines.hpp).
NodeCost construct_cost(const Ruv& constructs, const Hardware& hw, const std::string& model, double divisor = 1,
                        PipelineWork* work = nullptr);

}  // namespace pacer
