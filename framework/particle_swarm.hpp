// Particle Swarm Optimisation with the constriction coefficient of Clerc and
// Kennedy (IEEE Trans. Evol. Comput., 2002), the fitter of the preprint of
// "When parallel speedups hit the memory wall" (200 particles, 100
// iterations). Each particle is pulled towards its own best point and the
// swarm's best:
//   v <- chi (v + c1 r1 (p_best - x) + c2 r2 (g_best - x)),  x <- x + v,
// with chi = 2 / |2 - phi - sqrt(phi^2 - 4 phi)|, phi = c1 + c2 > 4, which
// makes the swarm converge without a velocity clamp or an inertia schedule.
// Positions stay in the box: a particle that would leave it bounces off the
// wall (position mirrored, velocity reversed). Absorbing walls, which stop
// it there, trap the swarm on a bound when the optimum lies just inside,
// as m1 = 0.002 does for the memory-wall model.
#pragma once
#include "framework/optimizer.hpp"

namespace pacer {

struct PsoOptions {
  int particles = 200;
  int iterations = 100;
  int restarts = 1;
  std::uint64_t seed = 1;
  double c1 = 2.05, c2 = 2.05;  // phi = 4.1 gives chi = 0.7298
  double constriction() const;
  void validate() const;
};

OptimResult particle_swarm(const Objective& f, const Bounds& bounds, const PsoOptions& options);

}  // namespace pacer
