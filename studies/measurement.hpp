// How a measured time is taken on a shared, noisy machine, and how far it
// can be trusted (docs/validation.md, "Measurement protocol"). Runs come in
// rounds spread over the study (the rounds of a suite interleave its
// kernels), so that a slow drift of the machine shows as a difference
// between rounds instead of hiding inside one. The estimate is the 10th
// percentile of every run: interference (the host's other work, neighbours
// in the shared cache and memory) only ever adds time, so a low quantile
// is what the code costs when the machine is quiet, and pooled over the
// rounds it takes the quiet moments of the whole study. Its uncertainty is
// the larger of the quantile's own interval and the rounds' disagreement.
#pragma once
#include <vector>

namespace pacer {

struct Measurement {
  std::vector<std::vector<double>> rounds;  // seconds, in the order taken
  // The core's clock during each run (Hz), where the program probed it: the
  // hosts of virtual machines move it by several per cent over minutes,
  // which moves every core-bound time with it.
  std::vector<double> clocks;
  double clock_hz = 0;  // their median; 0 when none was probed
  double seconds = 0;                       // the estimate
  double uncertainty_percent = 0;           // ~95% half-width of the estimate, % of it
  double spread_percent = 0;                // interquartile range of every run, % of the estimate
  bool judgeable = false;                   // the estimate is known within the judging tolerance

  std::vector<double> runs() const;  // every run, rounds in order
};

// Computes the estimate, its uncertainty and whether a `tolerance_percent`
// error can be judged from it.
void estimate(Measurement& m, double tolerance_percent);

// The quantile of the runs that estimates the time.
inline constexpr double estimate_quantile = 0.1;

// One round's estimate: the same quantile of its runs.
double round_estimate(const std::vector<double>& round);

}  // namespace pacer
