#include "framework/coupled_annealing.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <random>

#include "framework/error.hpp"

namespace pacer {
namespace {

double finite_or_max(double e) { return std::isnan(e) ? std::numeric_limits<double>::max() : e; }

// Folds a coordinate back into [0, 1] by mirroring at the walls, so a long
// Cauchy jump lands somewhere inside rather than piling up on a bound.
// Most steps are short once the generation temperature has fallen, so the
// division of fmod is left to the long jumps; the result is the same.
double reflect_into_unit(double y) {
  double t = std::fabs(y);
  if (t <= 1.0) return t;
  if (t >= 2.0) t = std::fmod(t, 2.0);
  return t <= 1.0 ? t : 2.0 - t;
}

struct Ensemble {
  std::size_t dims;
  std::vector<double> state;   // m x dims, unit box
  std::vector<double> energy;  // m
  std::vector<double> best;    // dims
  double best_energy = std::numeric_limits<double>::infinity();
};

class CoupledAnnealer {
 public:
  CoupledAnnealer(const Objective& f, const Bounds& b, const CsaOptions& o, std::uint64_t seed)
      : f_(f), bounds_(b), o_(o), rng_(seed), x_(b.size()) {}

  OptimResult run() {
    const std::size_t m = static_cast<std::size_t>(o_.annealers), d = bounds_.size();
    Ensemble e{d, std::vector<double>(m * d), std::vector<double>(m), std::vector<double>(d)};
    std::uniform_real_distribution<double> u(0.0, 1.0);
    for (std::size_t i = 0; i < m; ++i) {
      for (std::size_t j = 0; j < d; ++j) e.state[i * d + j] = u(rng_);
      e.energy[i] = evaluate(&e.state[i * d]);
      keep_if_best(e, i);
    }
    double t_ac = initial_acceptance_temperature(e.energy);
    std::vector<double> probe(d), prob(m);
    const double desired_variance = 0.99 * double(m - 1) / double(m * m);
    for (int k = 1; k <= o_.iterations; ++k) {
      const double t_gen = o_.generation_temperature / k;
      const double e_max = *std::max_element(e.energy.begin(), e.energy.end());
      double gamma = 0;
      for (std::size_t i = 0; i < m; ++i) gamma += prob[i] = std::exp((e.energy[i] - e_max) / t_ac);
      for (std::size_t i = 0; i < m; ++i) {
        prob[i] /= gamma;
        for (std::size_t j = 0; j < d; ++j)
          probe[j] = reflect_into_unit(e.state[i * d + j] + t_gen * std::tan(std::numbers::pi * (u(rng_) - 0.5)));
        const double ep = evaluate(probe.data());
        if (ep < e.energy[i] || prob[i] > u(rng_)) {
          std::copy(probe.begin(), probe.end(), e.state.begin() + std::ptrdiff_t(i * d));
          e.energy[i] = ep;
          keep_if_best(e, i);
        }
      }
      t_ac *= variance(prob) < desired_variance ? 1.0 - o_.alpha : 1.0 + o_.alpha;
      t_ac = std::max(t_ac, std::numeric_limits<double>::min());
    }
    OptimResult r;
    r.x.resize(d);
    from_unit(bounds_, e.best.data(), r.x.data());
    r.value = e.best_energy;
    r.evaluations = evaluations_;
    return r;
  }

 private:
  double evaluate(const double* unit) {
    from_unit(bounds_, unit, x_.data());
    ++evaluations_;
    return finite_or_max(f_(x_.data()));
  }
  static void keep_if_best(Ensemble& e, std::size_t i) {
    if (e.energy[i] >= e.best_energy) return;
    e.best_energy = e.energy[i];
    std::copy_n(e.state.begin() + std::ptrdiff_t(i * e.dims), e.dims, e.best.begin());
  }
  // Start T_ac on the scale of the energies so the first steps are neither
  // frozen nor random; variance control takes over from there.
  static double initial_acceptance_temperature(const std::vector<double>& energy) {
    double spread = *std::max_element(energy.begin(), energy.end()) - *std::min_element(energy.begin(), energy.end());
    return spread > 0 && std::isfinite(spread) ? spread : 1.0;
  }
  static double variance(const std::vector<double>& p) {
    double mean = 0, sq = 0;
    for (double v : p) mean += v;
    mean /= double(p.size());
    for (double v : p) sq += (v - mean) * (v - mean);
    return sq / double(p.size());
  }

  const Objective& f_;
  const Bounds& bounds_;
  const CsaOptions& o_;
  std::mt19937_64 rng_;
  std::vector<double> x_;
  std::uint64_t evaluations_ = 0;
};

}  // namespace

void CsaOptions::validate() const {
  if (annealers < 2) throw InputError("CSA needs at least 2 annealers (got " + std::to_string(annealers) + ")");
  if (iterations < 1) throw InputError("CSA iterations must be positive (got " + std::to_string(iterations) + ")");
  if (!(generation_temperature > 0)) throw InputError("CSA generation temperature must be positive");
  if (!(alpha > 0 && alpha < 1)) throw InputError("CSA variance-control step must be in (0, 1)");
}

OptimResult coupled_simulated_annealing(const Objective& f, const Bounds& bounds, const CsaOptions& options) {
  bounds.validate();
  options.validate();
  return best_of_restarts(options.restarts, options.seed, [&](std::uint64_t seed) {
    return CoupledAnnealer(f, bounds, options, seed).run();
  });
}

}  // namespace pacer
