// How a measured time is taken on a shared, noisy machine, and how far it
// can be trusted (docs/validation.md, "Measurement protocol"). Runs come in
// rounds spread over the study (the rounds of a suite interleave its
// kernels), so that a slow drift of the machine shows as a difference
// between rounds instead of hiding inside one. The estimate is the median
// of the rounds' lower quartiles: interference only ever adds time, so a
// low quantile of each round is what the code costs, and the median over
// rounds resists one disturbed round. Its uncertainty is the larger of the
// rounds' disagreement and the spread within them.
#pragma once
#include <vector>

namespace pacer {

struct Measurement {
  std::vector<std::vector<double>> rounds;  // seconds, in the order taken
  double seconds = 0;                       // the estimate
  double uncertainty_percent = 0;           // ~95% half-width of the estimate, % of it
  double spread_percent = 0;                // interquartile range of every run, % of the estimate
  bool judgeable = false;                   // the estimate is known within the judging tolerance

  std::vector<double> runs() const;  // every run, rounds in order
};

// Computes the estimate, its uncertainty and whether a `tolerance_percent`
// error can be judged from it.
void estimate(Measurement& m, double tolerance_percent);

// One round's estimate: its lower quartile.
double round_estimate(const std::vector<double>& round);

}  // namespace pacer
