// The view of `pacer speedup study`: the median and standard deviation of
// each model's test MSE per training-set size (the memory-wall paper's
// sampling study), in text and JSON, and as a plot.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "templates/speedup/sampling_study.hpp"

namespace pacer::cli {

nlohmann::ordered_json study_json(const std::string& file, size_t points, const StudyOptions& o, const StudyResult& r);
// `plot`: the picture drawn, named at the end; empty for none.
std::string study_text(const std::string& file, size_t points, const StudyOptions& o, const StudyResult& r,
                       const std::string& plot);
void plot_study(const std::string& png, const StudyResult& r);

}  // namespace pacer::cli
