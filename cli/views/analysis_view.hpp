// The view of `pacer analyse`: each function's SEG with the RUV of every
// compute node, its timing formula, the parameters and the frontend's
// diagnostics, in text and JSON (the XML and Graphviz forms are the model
// writer's and seg_dot's).
#pragma once
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

#include "frontends/clang/c_frontend.hpp"

namespace pacer::cli {

// The JSON text, written value by value with no tree (a large file's
// analysis is millions of values) and handed to `out` in chunks as it goes.
void write_analysis_json(std::ostream& out, const CAnalysis& a);
std::string analysis_text(const CAnalysis& a);

}  // namespace pacer::cli
