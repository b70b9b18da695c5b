#include "hw/calibrate/region_cost.hpp"

#include <fstream>

#include "framework/error.hpp"
#include "framework/statistics.hpp"
#include "studies/timed_program.hpp"

namespace pacer::calibrate {

namespace fs = std::filesystem;

namespace {

const char* const region_benchmarks_source =
#include "region_benchmarks.inc"
    ;

const std::vector<std::string> kShapes = {"short", "chain", "stream", "calls", "nest"};

std::vector<std::string> timed_functions() {
  std::vector<std::string> out = {"leaf"};
  for (const auto& s : kShapes) out.push_back("shape_" + s);
  return out;
}

// Regions entered inside `f` (every region but its own).
double inner_entries(const TimingRun& t, int f) {
  double n = 0;
  for (const auto& [id, r] : t.regions)
    if (id != f) n += r.entries;
  return n;
}

}  // namespace

RegionCost measure_region_cost(const std::string& compiler, const std::vector<std::string>& flags, int cpu,
                               const fs::path& dir, int pairs,
                               const std::function<void(const std::string&)>& progress) {
  fs::create_directories(dir);
  const fs::path source = fs::absolute(dir / "region_benchmarks.c");
  std::ofstream(source) << region_benchmarks_source;
  TimedBuild b{{source.string()}, timed_functions(), false, {}, compiler, flags, {}};
  const TimedProgram whole(b, dir / "whole");
  b.loops = true;
  const TimedProgram parts(b, dir / "parts");
  RegionCost cost;
  cost.pairs = pairs;
  std::vector<double> shapes;
  for (const auto& shape : kShapes) {
    if (progress) progress("timed regions: " + shape);
    const std::string f = "shape_" + shape;
    std::vector<double> per_region;
    for (int k = 0; k < pairs; ++k) {
      const TimingRun w = whole.run(shape, cpu), p = parts.run(shape, cpu);
      const int pf = parts.function_region(f);
      const double n = inner_entries(p, pf);
      if (n == 0) throw InputError("the region benchmark '" + shape + "' entered no timed region inside " + f);
      per_region.push_back((seconds_per_entry(p, pf) - seconds_per_entry(w, whole.function_region(f))) / n);
    }
    cost.seconds_by_shape[shape] = median(per_region);
    shapes.push_back(cost.seconds_by_shape[shape]);
  }
  cost.seconds = std::max(0.0, median(shapes));
  cost.spread = spread(shapes);
  return cost;
}

}  // namespace pacer::calibrate
