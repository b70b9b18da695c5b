#include "hw/calibrate/core_window.hpp"

#include <algorithm>
#include <cstdlib>

namespace pacer::calibrate {

const std::vector<WindowKind>& window_kinds() {
  // The window first: a queue that never steps is bounded by it.
  static const std::vector<WindowKind> kinds = {
      {"nop", "reorder_buffer", "nops", 3, "the two misses and a move"},
      {"fp", "fp_queue", "shuffles waiting", 1, "the move to the vector side"},
      {"int", "int_queue", "additions waiting", 0, ""},
      {"load", "load_queue", "loads from level 1", 2, "the two misses"},
      {"store", "store_queue", "stores to level 1", 0, ""},
  };
  return kinds;
}

std::vector<WindowPoint> window_points(const std::map<std::string, std::vector<double>>& timings,
                                       const std::string& kind) {
  const std::string prefix = "window:" + kind + ":";
  std::vector<WindowPoint> out;
  for (const auto& [name, seconds] : timings) {
    if (name.rfind(prefix, 0) != 0 || seconds.empty()) continue;
    out.push_back({std::atoi(name.c_str() + prefix.size()), *std::min_element(seconds.begin(), seconds.end())});
  }
  std::sort(out.begin(), out.end(), [](const WindowPoint& a, const WindowPoint& b) { return a.waiting < b.waiting; });
  return out;
}

WindowStep window_step(const std::vector<WindowPoint>& points) {
  WindowStep step;
  if (points.empty()) return step;
  // The step is where the time doubles and stays doubled: a point slowed
  // by a neighbour, with faster ones after it, is not one.
  const double overlapped = points.front().seconds;
  size_t first = points.size();
  while (first > 0 && points[first - 1].seconds >= 1.6 * overlapped) --first;
  if (first < points.size()) step.upper = points[first].waiting;
  if (first > 0) step.lower = points[first - 1].waiting;
  return step;
}

}  // namespace pacer::calibrate
