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

// The folds of a 3-fold cross-validation: sample order[i] is held out in fold i % 3.
struct Fold {
  Set fit, held;
};
std::vector<Fold> folds_of(const Set& all, const std::vector<std::size_t>& order) {
  const std::size_t n = all.x.size(), count = std::min<std::size_t>(3, n);
  std::vector<Fold> folds(count);
  for (std::size_t k = 0; k < count; ++k)
    for (std::size_t i = 0; i < n; ++i) {
      Set& to = i % count == k ? folds[k].held : folds[k].fit;
      to.x.push_back(all.x[order[i]]);
      to.y.push_back(all.y[order[i]]);
    }
  return folds;
}

// dlib's fill_lisf (linearly_independent_subset_finder.h), draw for draw,
// except that a sample which failed to enter the basis is not projected
// again in the same round. Within a round the basis only grows, so the
// sample's projection error only falls and it would fail again. dlib
// re-projects such samples (each round ends after 2000 failures), which was
// nine tenths of KRR's time with 170 samples; the basis found is the same.
void fill_basis(dlib::linearly_independent_subset_finder<Kernel>& lisf, const std::vector<Sample>& samples) {
  constexpr int sampling_size = 2000;  // fill_lisf's default
  if (samples.empty()) return;
  dlib::rand rnd;
  double tol = 0;
  for (int i = 0; i < sampling_size; ++i) {
    const double e = lisf.projection_error(samples[rnd.get_random_32bit_number() % samples.size()]);
    if (e > tol) tol = e;
  }
  const double min_tol = lisf.minimum_tolerance();
  std::vector<char> failed(samples.size());
  while (tol >= min_tol && lisf.size() < lisf.max_dictionary_size()) {
    tol *= 0.5;
    lisf.set_minimum_tolerance(std::max(tol, min_tol));
    std::fill(failed.begin(), failed.end(), 0);
    int failures = 0;
    while (lisf.size() < lisf.max_dictionary_size() && failures < sampling_size) {
      const std::size_t i = rnd.get_random_32bit_number() % samples.size();
      if (failed[i] || !lisf.add(samples[i])) failed[i] = 1, ++failures;
    }
  }
  lisf.set_minimum_tolerance(min_tol);
}

// Kernel ridge regression on one training set at one gamma, as dlib's
// krr_trainer computes it, with what does not depend on alpha done once:
// the basis (a linearly independent subset), the projection onto it and the
// eigendecomposition of the ridge system (rr_trainer's). Each alpha then
// costs a matrix product, and its predictions are krr_trainer's, operation
// for operation.
class RidgeSystem {
 public:
  RidgeSystem(double gamma, const Set& s) {
    dlib::linearly_independent_subset_finder<Kernel> lisf(Kernel(gamma), 400);  // krr_trainer's basis size
    fill_basis(lisf, s.x);
    ekm_.load(lisf);
    std::vector<Column> x;
    for (const auto& v : s.x) x.push_back(ekm_.project(v));
    dims_ = x.front().size();
    // rr_trainer: C = A'A and L = A'y, with a 1 appended to every sample for the bias.
    Square c;
    Column sum;
    for (std::size_t i = 0; i < x.size(); ++i) {
      c += x[i] * dlib::trans(x[i]);
      l_ += s.y[i] * x[i];
      sum += x[i];
    }
    c = dlib::join_cols(dlib::join_rows(c, sum),
                        dlib::join_rows(dlib::trans(sum), dlib::uniform_matrix<double>(1, 1, double(x.size()))));
    l_ = dlib::join_cols(l_, dlib::uniform_matrix<double>(1, 1, dlib::sum(dlib::mat(s.y))));
    const dlib::eigenvalue_decomposition<Square> eig(dlib::make_symmetric(c));
    v_ = eig.get_pseudo_v();
    d_ = eig.get_real_eigenvalues();
  }

  dlib::decision_function<Kernel> solve(double alpha) const {
    const Column scale = 1.0 / (d_ + alpha);
    const Square g = dlib::scale_columns(v_, scale) * dlib::trans(v_);
    Column w = g * l_;
    const double b = w(dims_);
    w = dlib::colm(w, 0, dims_);
    dlib::decision_function<Kernel> df = ekm_.convert_to_decision_function(w);
    df.b = -b;
    return df;
  }

 private:
  using Column = dlib::matrix<double, 0, 1>;
  using Square = dlib::matrix<double, 0, 0>;
  dlib::empirical_kernel_map<Kernel> ekm_;
  Square v_;
  Column d_, l_;
  long dims_ = 0;
};

// Cross-validated squared errors of kernel ridge regression for every
// alpha at one gamma, summed over the folds.
std::vector<double> krr_cv_errors(double gamma, const std::vector<double>& alphas, const std::vector<Fold>& folds) {
  std::vector<double> sse(alphas.size(), 0.0);
  for (const Fold& fold : folds) {
    const RidgeSystem system(gamma, fold.fit);
    for (std::size_t a = 0; a < alphas.size(); ++a) {
      const auto df = system.solve(alphas[a]);
      for (std::size_t i = 0; i < fold.held.x.size(); ++i) {
        const double e = df(fold.held.x[i]) - fold.held.y[i];
        sse[a] += e * e;
      }
    }
  }
  return sse;
}

// The cross-validated MSE of one grid point, or infinity once the folds so
// far exceed `best`: the point can then no longer be chosen, and the
// trainings left are skipped (at C = 1000 and gamma = 1, the grid's worst
// point on smooth data, one SMO training costs more than the rest of the
// grid together). The choice is the same as with every fold evaluated.
double cv_mse(const Trainer& train, const std::vector<Fold>& folds, std::size_t n, double best) {
  double sse = 0;
  for (const Fold& fold : folds) {
    if (sse / double(n) > best) return std::numeric_limits<double>::infinity();
    const auto predict = train(fold.fit);
    for (std::size_t i = 0; i < fold.held.x.size(); ++i) {
      const double e = predict(fold.held.x[i]) - fold.held.y[i];
      sse += e * e;
    }
  }
  return sse / double(n);
}

std::vector<std::size_t> shuffled(std::size_t n, std::uint64_t seed) {
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), std::mt19937_64(seed));
  return order;
}

// Grid search by 3-fold cross-validation, then a final fit on all of `s`.
std::function<double(const Sample&)> best_of_grid(const std::vector<Trainer>& grid, const Set& s, std::uint64_t seed) {
  const std::vector<Fold> folds = folds_of(s, shuffled(s.x.size(), seed));
  std::size_t best = 0;
  double best_mse = std::numeric_limits<double>::infinity();
  for (std::size_t g = 0; g < grid.size(); ++g) {
    const double m = cv_mse(grid[g], folds, s.x.size(), best_mse);
    if (m < best_mse) best_mse = m, best = g;
  }
  return grid[best](s);
}

// The same for kernel ridge regression over the paper's (alpha, gamma)
// grid, in the same order (alpha outer), with every alpha of a gamma
// cross-validated at once.
std::function<double(const Sample&)> best_krr(const Set& s, std::uint64_t seed) {
  const std::vector<Fold> folds = folds_of(s, shuffled(s.x.size(), seed));
  std::vector<std::vector<double>> mse(kGammas.size());  // [gamma][alpha]
  for (std::size_t g = 0; g < kGammas.size(); ++g) {
    mse[g] = krr_cv_errors(kGammas[g], kKrrAlpha, folds);
    for (double& e : mse[g]) e /= double(s.x.size());
  }
  std::size_t best_a = 0, best_g = 0;
  double best_mse = std::numeric_limits<double>::infinity();
  for (std::size_t a = 0; a < kKrrAlpha.size(); ++a)
    for (std::size_t g = 0; g < kGammas.size(); ++g)
      if (mse[g][a] < best_mse) best_mse = mse[g][a], best_a = a, best_g = g;
  return RidgeSystem(kGammas[best_g], s).solve(kKrrAlpha[best_a]);
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
    predict = best_krr(s, seed);
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
