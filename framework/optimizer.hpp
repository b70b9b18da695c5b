// Bound-constrained global minimisation: what the fitters of pacer share.
// Two methods live beside this header, both as used by "When parallel
// speedups hit the memory wall": Coupled Simulated Annealing with variance
// control of the acceptance temperature (coupled_annealing.hpp) and Particle
// Swarm Optimisation with the constriction coefficient (particle_swarm.hpp).
// Both search the unit box and map it onto the bounds, so one temperature or
// velocity scale fits parameters of any range.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace pacer {

// The function to minimise. It is called from several threads at once when
// restarts run in parallel, so it must not write shared state.
using Objective = std::function<double(const double* x)>;

// How the unit box maps onto a parameter's range. Geometric spreads the box
// over four decades above the lower bound, for parameters whose meaningful
// values span orders of magnitude (a share of memory instructions that is
// 0.0003 in one program and 0.3 in another): a search of the linear box
// gives the first thousandth of the range a thousandth of its effort.
enum class Scale { linear, geometric };

struct Bounds {
  std::vector<std::string> names;
  std::vector<double> lower, upper;
  std::vector<Scale> scales;  // one per parameter; none given: every one linear
  std::size_t size() const { return lower.size(); }
  Scale scale(std::size_t i) const { return i < scales.size() ? scales[i] : Scale::linear; }
  // Throws InputError naming the parameter whose lower bound is above its
  // upper bound, or a bound that is not finite.
  void validate() const;
};

struct OptimResult {
  std::vector<double> x;      // the best point found, inside the bounds
  double value = 0;           // the objective there
  std::uint64_t evaluations = 0;
  int best_restart = 0;       // which restart found it
};

// Restarts are independent runs from different seeds, run in parallel with
// OpenMP (serially when already inside a parallel region). The best of them
// wins; ties go to the lower restart index, so the result does not depend
// on how many threads ran.
OptimResult best_of_restarts(int restarts, std::uint64_t seed,
                             const std::function<OptimResult(std::uint64_t seed)>& run);

// Seeds for restart r of a run seeded with `seed`: decorrelated by SplitMix64.
std::uint64_t restart_seed(std::uint64_t seed, int restart);

// Maps a point of the unit box onto the bounds, and back (a point outside
// the bounds goes to the nearest face).
void from_unit(const Bounds& b, const double* unit, double* x);
void to_unit(const Bounds& b, const double* x, double* unit);

}  // namespace pacer
