#include "resource_models/pipelines.hpp"

#include <algorithm>

namespace pacer {

double pipeline_overlap(const Hardware& hw, Pipeline p, Pipeline q) {
  const HwSection* costs = hw.section("hllc");
  if (!costs) return 0;
  if (p > q) std::swap(p, q);  // pairs are measured in kPipelines' order
  const std::string_view a = pipeline_representative(p), b = pipeline_representative(q);
  auto ca = costs->params.find(std::string(a)), cb = costs->params.find(std::string(b));
  auto pair = costs->params.find(construct_pair(a, b));
  if (ca == costs->params.end() || cb == costs->params.end() || pair == costs->params.end()) return 0;
  // A representative whose cost its measurement cannot tell from nothing
  // (below the timer's resolution, or within twice its spread) has nothing
  // to hide: the ratio below would be noise over noise.
  const Figure& cheaper = ca->second.value < cb->second.value ? ca->second : cb->second;
  if (cheaper.value <= 2 * std::max(0.0, cheaper.spread)) return 1;
  const double alone = cheaper.value;
  const double hidden = ca->second.value + cb->second.value - pair->second.value;
  return std::clamp(hidden / alone, 0.0, 1.0);
}

double PipelineWork::issued(const Hardware& hw) const {
  constexpr size_t n = std::size(kPipelines);
  std::array<std::array<double, n>, n> overlap{};  // each pair read once
  for (const auto& [p, q] : pipeline_pairs())
    overlap[static_cast<size_t>(p)][static_cast<size_t>(q)] = overlap[static_cast<size_t>(q)][static_cast<size_t>(p)] =
        pipeline_overlap(hw, p, q);
  double slowest = 0;
  for (size_t p = 0; p < n; ++p) {
    double t = busy_[p];
    if (t <= 0) continue;  // an idle pipeline holds nothing up
    for (size_t q = 0; q < n; ++q)
      if (q != p) t += (1 - overlap[p][q]) * busy_[q];
    slowest = std::max(slowest, t);
  }
  return slowest;
}

}  // namespace pacer
