#include "framework/optimizer.hpp"

#include <algorithm>
#include <cmath>
#include <omp.h>

#include "framework/error.hpp"

namespace pacer {

void Bounds::validate() const {
  if (lower.size() != upper.size() || lower.empty() || (!scales.empty() && scales.size() != lower.size()))
    throw InputError("bounds: need one lower and one upper bound (and scale, if any) per parameter");
  for (std::size_t i = 0; i < lower.size(); ++i) {
    const std::string name = i < names.size() ? names[i] : "x" + std::to_string(i);
    if (!std::isfinite(lower[i]) || !std::isfinite(upper[i]))
      throw InputError("bounds of '" + name + "' must be finite");
    if (lower[i] > upper[i])
      throw InputError("bounds of '" + name + "': lower bound " + std::to_string(lower[i]) +
                       " is above upper bound " + std::to_string(upper[i]));
  }
}

std::uint64_t restart_seed(std::uint64_t seed, int restart) {
  std::uint64_t z = seed + 0x9e3779b97f4a7c15ULL * static_cast<std::uint64_t>(restart + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

namespace {

constexpr double decades = 1e4;  // the geometric scale's ratio of range to its finest step

}  // namespace

void from_unit(const Bounds& b, const double* unit, double* x) {
  for (std::size_t i = 0; i < b.size(); ++i) {
    const double share = b.scale(i) == Scale::geometric ? (std::pow(decades, unit[i]) - 1) / (decades - 1) : unit[i];
    x[i] = b.lower[i] + share * (b.upper[i] - b.lower[i]);
  }
}

void to_unit(const Bounds& b, const double* x, double* unit) {
  for (std::size_t i = 0; i < b.size(); ++i) {
    const double width = b.upper[i] - b.lower[i];
    const double share = width > 0 ? std::clamp((x[i] - b.lower[i]) / width, 0.0, 1.0) : 0.0;
    unit[i] = b.scale(i) == Scale::geometric ? std::log1p(share * (decades - 1)) / std::log(decades) : share;
  }
}

OptimResult best_of_restarts(int restarts, std::uint64_t seed,
                             const std::function<OptimResult(std::uint64_t seed)>& run) {
  if (restarts < 1) throw InputError("restarts must be at least 1 (got " + std::to_string(restarts) + ")");
  std::vector<OptimResult> results(static_cast<std::size_t>(restarts));
#pragma omp parallel for schedule(dynamic) if (restarts > 1 && !omp_in_parallel())
  for (int r = 0; r < restarts; ++r) results[static_cast<std::size_t>(r)] = run(restart_seed(seed, r));
  std::size_t best = 0;
  std::uint64_t evaluations = 0;
  for (std::size_t r = 0; r < results.size(); ++r) {
    evaluations += results[r].evaluations;
    if (results[r].value < results[best].value) best = r;
  }
  OptimResult out = std::move(results[best]);
  out.evaluations = evaluations;
  out.best_restart = static_cast<int>(best);
  return out;
}

}  // namespace pacer
