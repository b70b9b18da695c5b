#include "templates/speedup/sampling_study.hpp"
#include "templates/speedup/local_refinement.hpp"

#include <algorithm>
#include <chrono>
#include <exception>
#include <cmath>
#include <numeric>
#include <random>

#include "framework/error.hpp"
#include "framework/process_group.hpp"
#include "templates/speedup/regressors.hpp"
#include "templates/speedup/speedup_fit.hpp"

namespace pacer {
namespace {

std::vector<SpeedupPoint> pick(const std::vector<SpeedupPoint>& all, const std::vector<std::size_t>& idx) {
  std::vector<SpeedupPoint> out;
  out.reserve(idx.size());
  for (std::size_t i : idx) out.push_back(all[i]);
  return out;
}

double test_mse(const std::string& model, const std::vector<SpeedupPoint>& train,
                const std::vector<SpeedupPoint>& test, const CsaOptions& csa, std::uint64_t seed) {
  if (is_regressor(model)) {
    const auto predicted = fit_predict_regressor(model, train, test, seed);
    double sse = 0;
    for (std::size_t i = 0; i < test.size(); ++i) sse += (predicted[i] - test[i].speedup) * (predicted[i] - test[i].speedup);
    return sse / double(test.size());
  }
  const SpeedupLaw& law = speedup_law(model);
  FitOptions fo;
  fo.csa = csa;
  fo.csa.seed = seed;
  fo.csa.restarts = 1;
  // Below one point per parameter a fit is undetermined; the study still
  // scores it, as the paper does from 4 points on.
  const SpeedupColumns tc = columns_of(train);
  const Bounds b = law_bounds(law, {});
  const double n = double(tc.size());
  const Objective mse = [&](const double* x) { return law.sum_squared_error(x, tc) / n; };
  // Finished by the local refinement, as every fit is (speedup_fit.cpp).
  const OptimResult r = refine_locally(mse, b, coupled_simulated_annealing(mse, b, fo.csa).x);
  return mean_squared_error(law, r.x, columns_of(test));
}

void summarise(StudyCell& c) {
  std::vector<double> v = c.mse;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  c.median = n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
  c.mean = std::accumulate(v.begin(), v.end(), 0.0) / double(n);
  double sq = 0;
  for (double x : v) sq += (x - c.mean) * (x - c.mean);
  c.sd = n > 1 ? std::sqrt(sq / double(n - 1)) : 0.0;
}

}  // namespace

void StudyOptions::validate() const {
  if (repeats < 1) throw InputError("--repeats must be at least 1 (got " + std::to_string(repeats) + ")");
  if (models.empty()) throw InputError("--models: no model to study");
  for (const auto& m : models)
    if (!is_regressor(m)) (void)speedup_law(m);
  csa.validate();
}

std::vector<std::string> study_model_names() {
  std::vector<std::string> out = speedup_law_names();
  for (const auto& r : regressor_names()) out.push_back(r);
  return out;
}

std::vector<std::size_t> study_sizes(std::size_t points) {
  std::vector<std::size_t> sizes;
  for (std::size_t s = 4; s < points; s *= 2) sizes.push_back(s);
  return sizes;
}

Split random_split(std::size_t points, std::size_t size, std::uint64_t seed) {
  std::vector<std::size_t> idx(points);
  std::iota(idx.begin(), idx.end(), 0);
  std::mt19937_64 rng(seed);
  for (std::size_t i = 0; i < size; ++i) {  // partial Fisher-Yates
    std::uniform_int_distribution<std::size_t> d(i, points - 1);
    std::swap(idx[i], idx[d(rng)]);
  }
  Split s{{idx.begin(), idx.begin() + std::ptrdiff_t(size)}, {idx.begin() + std::ptrdiff_t(size), idx.end()}};
  std::sort(s.train.begin(), s.train.end());
  std::sort(s.test.begin(), s.test.end());
  return s;
}

StudyResult run_sampling_study(const std::vector<SpeedupPoint>& points, const StudyOptions& o) {
  o.validate();
  StudyResult r;
  r.sizes = study_sizes(points.size());
  if (r.sizes.empty())
    throw InputError("the study needs more than 4 speedup points (got " + std::to_string(points.size()) +
                     "): the smallest training set has 4 and the test set the rest");
  r.models = o.models;
  for (std::size_t s : r.sizes)
    for (const auto& m : r.models) r.cells.push_back({m, s, std::vector<double>(std::size_t(o.repeats)), 0, 0, 0});
  // A task is one random training set: every model's test error on it.
  // Under mpirun the tasks are spread over the ranks, each rank's over its cores.
  const std::size_t tasks = r.sizes.size() * std::size_t(o.repeats);
  const auto start = std::chrono::steady_clock::now();
  const ItemResults mse = share_items(tasks, [&](const std::vector<std::size_t>& mine) {
    ItemResults out(mine.size());
    std::size_t done = 0;
    std::exception_ptr failure;
#pragma omp parallel for schedule(dynamic)
    for (std::size_t k = 0; k < mine.size(); ++k) {
      const std::size_t t = mine[k], si = t / std::size_t(o.repeats);
      const std::uint64_t seed = restart_seed(o.seed, int(t));
      try {
        const Split split = random_split(points.size(), r.sizes[si], seed);
        const auto train = pick(points, split.train), test = pick(points, split.test);
        for (const auto& model : r.models) out[k].push_back(test_mse(model, train, test, o.csa, seed));
      } catch (...) {
#pragma omp critical(pacer_study_failure)
        if (!failure) failure = std::current_exception();
      }
#pragma omp critical(pacer_study_progress)
      if (o.progress) o.progress(++done, mine.size());
    }
    if (failure) std::rethrow_exception(failure);
    return out;
  });
  if (!root_process()) return {};
  for (std::size_t t = 0; t < tasks; ++t) {
    const std::size_t si = t / std::size_t(o.repeats), rep = t % std::size_t(o.repeats);
    for (std::size_t mi = 0; mi < r.models.size(); ++mi) r.cells[si * r.models.size() + mi].mse[rep] = mse[t][mi];
  }
  for (auto& c : r.cells) summarise(c);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

}  // namespace pacer
