// Coupled Simulated Annealing with variance control (CSA-M) of
// Xavier-de-Souza, Suykens, Vandewalle and Bolle (IEEE Trans. SMC-B, 2010),
// the fitter of "When parallel speedups hit the memory wall" (10 annealers,
// 30,000 iterations each).
//
// m annealers move together. Each draws a Cauchy probe around its state with
// the generation temperature T_k = T_0 / k. A probe that lowers the energy is
// always taken; otherwise it is taken with the coupled probability
//   A_i = exp((E_i - max_j E_j) / T_ac) / sum_j exp((E_j - max_j E_j) / T_ac),
// so the worst annealers move most readily. The acceptance temperature T_ac is
// not scheduled but steered: when the variance of the A_i is below the desired
// 0.99 (m - 1) / m^2 it falls by the factor (1 - alpha), else it rises by
// (1 + alpha). That keeps the ensemble between pure greed and a random walk
// whatever the scale of the energy.
#pragma once
#include "framework/optimizer.hpp"

namespace pacer {

struct CsaOptions {
  int annealers = 10;
  int iterations = 30000;   // per annealer
  int restarts = 1;         // independent runs, in parallel
  std::uint64_t seed = 1;
  double generation_temperature = 1.0;  // T_0, in units of the box width
  double alpha = 0.05;                  // variance-control step
  void validate() const;
};

OptimResult coupled_simulated_annealing(const Objective& f, const Bounds& bounds, const CsaOptions& options);

}  // namespace pacer
