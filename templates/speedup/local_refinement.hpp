// The bounded local refinement that finishes a global search. dlib's BOBYQA
// (Powell's derivative-free trust-region method for bound constraints)
// descends from the search's best point, and also from that point moved
// onto each face of the box (one parameter at its lower or its upper
// bound), and repeats from the best point found while that improves it.
// The faces matter: in 12 of the 25 programs of the memory-wall paper's
// Table 1 a fitted parameter sits at a bound, often at the bottom of a
// valley so narrow across the face (parsec-bodytrack: m2 = 0, and m2 = 0.05
// costs 250 times the MSE) that neither annealing nor a swarm of the
// interior finds it, and a descent from the interior stays in a wide basin
// beside it. Each descent runs in the box of the parameters' declared
// scales and, where one is geometric, in the linear box as well. Part of
// the dlib module (templates/dlib_module.hpp).
#pragma once
#include "framework/optimizer.hpp"

namespace pacer {

// Minimises `f` within `b` from `start` (inside the bounds) and returns the
// best point evaluated, never worse than the start, with the evaluations
// spent. Works in the unit box, as the global searches do, so that
// parameters of any range are refined to the same relative accuracy; the
// descents of one round run on every core, and the result does not depend
// on their number. One parameter: dlib's bounded line search instead of BOBYQA.
OptimResult refine_locally(const Objective& f, const Bounds& b, const std::vector<double>& start);

}  // namespace pacer
