#include "hw/calibrate/core_window.hpp"

#include <algorithm>
#include <cstdlib>

namespace pacer::calibrate {

const std::vector<WindowKind>& window_kinds() {
  // The window first: a queue that never steps is bounded by it.
  static const char* two_misses = "two misses overlap";
  // A chain of 128 additions takes a third of a miss or more: 1.2 times
  // the miss alone is a step, not noise, when every later point has it too.
  static const std::vector<WindowKind> kinds = {
      {"nop", "reorder_buffer", two_misses, "nops between them", 3, "the two misses and a move"},
      {"fp", "fp_queue", "a chain of additions runs during a miss", "shuffles waiting for the miss ahead of it", 2,
       "the move to the vector side and the chain's next addition", 1.2},
      {"int", "int_queue", two_misses, "additions waiting between them", 0, ""},
      {"load", "load_queue", two_misses, "loads from level 1 between them", 2, "the two misses"},
      {"store", "store_queue", two_misses, "stores to level 1 between them", 0, ""},
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

WindowStep window_step(const std::vector<WindowPoint>& points, double jump) {
  WindowStep step;
  if (points.empty()) return step;
  // The step is where the time jumps and stays up: a point slowed by a
  // neighbour, with faster ones after it, is not one. The overlapped time
  // is the fastest point's: a neighbour that slowed the first point alone
  // would otherwise hide the step (the window went unmeasured on a
  // calibration with the other core busy).
  const double overlapped =
      std::min_element(points.begin(), points.end(), [](const WindowPoint& a, const WindowPoint& b) {
        return a.seconds < b.seconds;
      })->seconds;
  size_t first = points.size();
  while (first > 0 && points[first - 1].seconds >= jump * overlapped) --first;
  if (first < points.size()) step.upper = points[first].waiting;
  if (first > 0) step.lower = points[first - 1].waiting;
  return step;
}

}  // namespace pacer::calibrate
