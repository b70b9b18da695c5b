// dlib lives in this one translation unit: its headers are heavy to compile.
// Part of the dlib module (templates/dlib_module.hpp).
#include "templates/speedup/regressors.hpp"

#include <dlib/random_forest.h>
#include <dlib/svm.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>

#include "framework/error.hpp"
#include "framework/names.hpp"

namespace pacer {
namespace {

using Sample = dlib::matrix<double, 3, 1>;
using Kernel = dlib::radial_basis_kernel<Sample>;

// The paper's grids (section IV-C).
const std::vector<double> kGammas{1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1.0};
const std::vector<double> kSvrC{100, 1000};
const std::vector<double> kKrrAlpha{1.0, 1e-1, 1e-2, 1e-3};

struct Standardiser {
  double mean[3]{}, scale[3]{1, 1, 1};
  explicit Standardiser(const std::vector<SpeedupPoint>& train) {
    for (int j = 0; j < 3; ++j) {
      double s = 0, sq = 0;
      for (const auto& p : train) s += raw(p, j);
      mean[j] = s / double(train.size());
      for (const auto& p : train) sq += (raw(p, j) - mean[j]) * (raw(p, j) - mean[j]);
      const double sd = std::sqrt(sq / double(train.size()));
      scale[j] = sd > 0 ? sd : 1.0;
    }
  }
  static double raw(const SpeedupPoint& p, int j) { return j == 0 ? p.cores : j == 1 ? p.cpu_hz : p.mem_hz; }
  Sample operator()(const SpeedupPoint& p) const {
    Sample s;
    for (int j = 0; j < 3; ++j) s(j) = (raw(p, j) - mean[j]) / scale[j];
    return s;
  }
};

struct Set {
  std::vector<Sample> x;
  std::vector<double> y;
};

// A trainer for one grid point: takes a training set, gives a predictor.
using Trainer = std::function<std::function<double(const Sample&)>(const Set&)>;

Trainer svr(double c, double gamma) {
  return [=](const Set& s) -> std::function<double(const Sample&)> {
    dlib::svr_trainer<Kernel> t;
    t.set_kernel(Kernel(gamma));
    t.set_c(c);
    t.set_epsilon_insensitivity(0.1);  // scikit-learn's default, which the paper used
    return t.train(s.x, s.y);
  };
}

Trainer krr(double alpha, double gamma) {
  return [=](const Set& s) -> std::function<double(const Sample&)> {
    dlib::krr_trainer<Kernel> t;
    t.set_kernel(Kernel(gamma));
    t.set_lambda(alpha);
    return t.train(s.x, s.y);
  };
}

double cv_mse(const Trainer& train, const Set& all, const std::vector<std::size_t>& order) {
  const std::size_t n = all.x.size(), folds = std::min<std::size_t>(3, n);
  double sse = 0;
  for (std::size_t k = 0; k < folds; ++k) {
    Set fit, held;
    for (std::size_t i = 0; i < n; ++i) {
      Set& to = i % folds == k ? held : fit;
      to.x.push_back(all.x[order[i]]);
      to.y.push_back(all.y[order[i]]);
    }
    const auto predict = train(fit);
    for (std::size_t i = 0; i < held.x.size(); ++i) {
      const double e = predict(held.x[i]) - held.y[i];
      sse += e * e;
    }
  }
  return sse / double(n);
}

// Grid search by 3-fold cross-validation, then a final fit on all of `s`.
std::function<double(const Sample&)> best_of_grid(const std::vector<Trainer>& grid, const Set& s, std::uint64_t seed) {
  std::vector<std::size_t> order(s.x.size());
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), std::mt19937_64(seed));
  std::size_t best = 0;
  double best_mse = std::numeric_limits<double>::infinity();
  for (std::size_t g = 0; g < grid.size(); ++g) {
    const double m = cv_mse(grid[g], s, order);
    if (m < best_mse) best_mse = m, best = g;
  }
  return grid[best](s);
}

std::function<double(const Sample&)> forest(const Set& s, std::uint64_t seed) {
  dlib::random_forest_regression_trainer<dlib::dense_feature_extractor> t;
  t.set_num_trees(100);
  t.set_min_samples_per_leaf(1);
  t.set_feature_subsampling_fraction(1.0);
  t.set_seed(std::to_string(seed));
  std::vector<dlib::matrix<double, 0, 1>> x;
  for (const auto& v : s.x) x.emplace_back(v);
  auto f = t.train(x, s.y);
  return [f](const Sample& v) { return f(dlib::matrix<double, 0, 1>(v)); };
}

}  // namespace

std::vector<double> fit_predict_regressor(const std::string& name, const std::vector<SpeedupPoint>& train,
                                          const std::vector<SpeedupPoint>& test, std::uint64_t seed) {
  if (train.size() < 2) throw InputError("a regressor needs at least 2 training points");
  const Standardiser scale(train);
  Set s;
  for (const auto& p : train) {
    s.x.push_back(scale(p));
    s.y.push_back(p.speedup);
  }
  std::function<double(const Sample&)> predict;
  std::vector<Trainer> grid;
  if (name == "svr") {
    for (double c : kSvrC)
      for (double g : kGammas) grid.push_back(svr(c, g));
    predict = best_of_grid(grid, s, seed);
  } else if (name == "krr") {
    for (double a : kKrrAlpha)
      for (double g : kGammas) grid.push_back(krr(a, g));
    predict = best_of_grid(grid, s, seed);
  } else if (name == "forest") {
    predict = forest(s, seed);
  } else {
    throw InputError("unknown regressor '" + name + "' (known: " + join_names(regressor_names(), ", ") + ")");
  }
  std::vector<double> out;
  out.reserve(test.size());
  for (const auto& p : test) out.push_back(predict(scale(p)));
  return out;
}

}  // namespace pacer
