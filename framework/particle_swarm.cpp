#include "framework/particle_swarm.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include "framework/error.hpp"

namespace pacer {
namespace {

struct Swarm {
  std::size_t n, d;
  std::vector<double> x, v, best_x, best_e;  // unit box
  std::vector<double> global_x;
  double global_e = std::numeric_limits<double>::infinity();
};

OptimResult run_swarm(const Objective& f, const Bounds& b, const PsoOptions& o, std::uint64_t seed) {
  const std::size_t n = static_cast<std::size_t>(o.particles), d = b.size();
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  Swarm s{n, d, std::vector<double>(n * d), std::vector<double>(n * d), {}, std::vector<double>(n), std::vector<double>(d)};
  std::vector<double> x(d);
  std::uint64_t evaluations = 0;
  auto evaluate = [&](std::size_t i) {
    from_unit(b, &s.x[i * d], x.data());
    ++evaluations;
    const double e = f(x.data());
    return std::isnan(e) ? std::numeric_limits<double>::max() : e;
  };
  auto remember = [&](std::size_t i, double e) {
    if (e < s.best_e[i]) {
      s.best_e[i] = e;
      std::copy_n(s.x.begin() + std::ptrdiff_t(i * d), d, s.best_x.begin() + std::ptrdiff_t(i * d));
    }
    if (e < s.global_e) {
      s.global_e = e;
      std::copy_n(s.x.begin() + std::ptrdiff_t(i * d), d, s.global_x.begin());
    }
  };
  for (std::size_t i = 0; i < n * d; ++i) {
    s.x[i] = u(rng);
    s.v[i] = u(rng) - s.x[i];  // towards another random point, as Clerc and Kennedy start
  }
  s.best_x = s.x;
  std::fill(s.best_e.begin(), s.best_e.end(), std::numeric_limits<double>::infinity());
  for (std::size_t i = 0; i < n; ++i) remember(i, evaluate(i));
  const double chi = o.constriction();
  for (int k = 0; k < o.iterations; ++k) {
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = 0; j < d; ++j) {
        const std::size_t ij = i * d + j;
        double& v = s.v[ij];
        v = chi * (v + o.c1 * u(rng) * (s.best_x[ij] - s.x[ij]) + o.c2 * u(rng) * (s.global_x[j] - s.x[ij]));
        double next = s.x[ij] + v;
        if (next < 0.0 || next > 1.0) {  // bounce off the wall
          next = next < 0.0 ? -next : 2.0 - next;
          next = std::clamp(next, 0.0, 1.0);
          v = -v;
        }
        s.x[ij] = next;
      }
      remember(i, evaluate(i));
    }
  }
  OptimResult r;
  r.x.resize(d);
  from_unit(b, s.global_x.data(), r.x.data());
  r.value = s.global_e;
  r.evaluations = evaluations;
  return r;
}

}  // namespace

double PsoOptions::constriction() const {
  const double phi = c1 + c2;
  return 2.0 / std::fabs(2.0 - phi - std::sqrt(phi * phi - 4.0 * phi));
}

void PsoOptions::validate() const {
  if (particles < 2) throw InputError("PSO needs at least 2 particles (got " + std::to_string(particles) + ")");
  if (iterations < 1) throw InputError("PSO iterations must be positive (got " + std::to_string(iterations) + ")");
  if (!(c1 >= 0 && c2 >= 0 && c1 + c2 > 4))
    throw InputError("PSO constriction needs c1, c2 >= 0 and c1 + c2 > 4 (got " + std::to_string(c1 + c2) + ")");
}

OptimResult particle_swarm(const Objective& f, const Bounds& bounds, const PsoOptions& options) {
  bounds.validate();
  options.validate();
  return best_of_restarts(options.restarts, options.seed,
                          [&](std::uint64_t seed) { return run_swarm(f, bounds, options, seed); });
}

}  // namespace pacer
