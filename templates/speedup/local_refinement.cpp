// Part of the dlib module (templates/dlib_module.hpp).
#include "templates/speedup/local_refinement.hpp"

#include <dlib/optimization.h>

#include <algorithm>

#include "framework/every_core.hpp"

namespace pacer {

namespace {

using Column = dlib::matrix<double, 0, 1>;

constexpr long most_evaluations = 4000;  // per descent
constexpr double final_radius = 1e-9;    // of the unit box: far below any parameter's meaning
constexpr int most_rounds = 8;

// One descent from `start`, in the unit box of `b` (its scales), returning
// the best point evaluated.
OptimResult descend(const Objective& f, const Bounds& b, const std::vector<double>& start) {
  const std::size_t n = b.size();
  std::vector<double> x = start;
  OptimResult best{x, f(x.data()), 1, 0};
  // The objective in unit coordinates, keeping the best point it has seen:
  // BOBYQA may stop by throwing when it can make no progress.
  const auto unit_objective = [&](const Column& u) {
    from_unit(b, &u(0), x.data());
    const double v = f(x.data());
    ++best.evaluations;
    if (v < best.value) best.value = v, best.x = x;
    return v;
  };
  Column u(static_cast<long>(n)), lower = dlib::zeros_matrix<double>(long(n), 1), upper = dlib::ones_matrix<double>(long(n), 1);
  std::vector<double> unit(n);
  to_unit(b, start.data(), unit.data());
  for (std::size_t i = 0; i < n; ++i) u(long(i)) = unit[i];
  try {
    if (n == 1) {
      double t = u(0);
      const auto line = [&](double v) {
        Column c(1);
        c(0) = v;
        return unit_objective(c);
      };
      dlib::find_min_single_variable(line, t, 0.0, 1.0, final_radius, most_evaluations);
    } else {
      // 2n + 1 interpolation points, as Powell recommends; a first trust
      // region of a tenth of the box.
      dlib::find_min_bobyqa(unit_objective, u, long(2 * n + 1), lower, upper, 0.1, final_radius, most_evaluations);
    }
  } catch (const dlib::error&) {
    // No further progress from here (bobyqa_failure, optimize_single_variable_failure):
    // the best point seen stands.
  }
  return best;
}

}  // namespace

OptimResult refine_locally(const Objective& f, const Bounds& b, const std::vector<double>& start) {
  OptimResult best{start, f(start.data()), 1, 0};
  // Each start is descended in the box of the parameters' declared scales
  // and, when one is geometric, in the linear box too: a geometric box has
  // fine steps near the lower bound and coarse ones near the upper, where
  // some optima sit (splash2x-volrend: m2 = 1).
  Bounds linear = b;
  linear.scales.clear();
  std::vector<const Bounds*> maps = {&linear};
  if (std::any_of(b.scales.begin(), b.scales.end(), [](Scale s) { return s != Scale::linear; })) maps.push_back(&b);
  std::vector<std::vector<double>> starts = {start};
  for (int round = 0; round < most_rounds; ++round) {
    for (std::size_t i = 0; i < b.size(); ++i)
      for (double face : {b.lower[i], b.upper[i]})
        if (best.x[i] != face) starts.push_back(best.x), starts.back()[i] = face;
    std::vector<OptimResult> found(starts.size() * maps.size());
    on_every_core(found.size(), [&](std::size_t s) { found[s] = descend(f, *maps[s % maps.size()], starts[s / maps.size()]); });
    const double before = best.value;
    for (const OptimResult& r : found) {  // in order: the result does not depend on the cores
      best.evaluations += r.evaluations;
      if (r.value < best.value) best.value = r.value, best.x = r.x;
    }
    if (!(best.value < before)) break;
    starts.clear();  // the best point is a descent's end: only its faces are new
  }
  return best;
}

}  // namespace pacer
