// What one timed region costs the code around it, measured on pacer's own
// micro-benchmarks (region_benchmarks.c) and never on the program under
// study, so that component timing (CT) stays a prediction: the validation
// study compares CT with a measurement it did not use.
#pragma once
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace pacer::calibrate {

struct RegionCost {
  std::map<std::string, double> seconds_by_shape;  // median over the pairs of runs
  double seconds = 0;                              // the median over shapes
  double spread = 0;                               // max - min over shapes
  int pairs = 0;
};

// Builds the micro-benchmarks with `compiler` and `flags`, and runs their
// whole-function and every-region builds in turn, `pairs` times per shape,
// pinned to `cpu`; `progress` hears each shape's name as it starts. Throws
// InputError when they do not build or run.
RegionCost measure_region_cost(const std::string& compiler, const std::vector<std::string>& flags, int cpu,
                               const std::filesystem::path& dir, int pairs,
                               const std::function<void(const std::string&)>& progress = {});

}  // namespace pacer::calibrate
