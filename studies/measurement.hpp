// How a measured time is taken on a shared, noisy machine, and how far it
// can be trusted (docs/validation.md, "Measurement protocol"). Runs come in
// rounds spread over the study (the rounds of a suite interleave its
// kernels), so that a slow drift of the machine shows as a difference
// between rounds instead of hiding inside one. The estimate is the 10th
// percentile of every run: interference (the host's other work, neighbours
// in the shared cache and memory) only ever adds time, so a low quantile
// is what the code costs when the machine is quiet, and pooled over the
// rounds it takes the quiet moments of the whole study. The memory is
// shared with other tenants too, and their traffic comes in spells of
// seconds during which every run of a round is slowed alike: a probe of the
// memory around each round says which rounds ran in such a spell, and only
// the others are pooled. Runs are taken at
// the description's clock (see reference_hz), since the host moves the
// clock between studies. Its uncertainty is the largest of the quantile's
// own interval, the rounds' disagreement and a floor for the drift between
// studies.
#pragma once
#include <vector>

namespace pacer {

// A round whose memory read this far below the study's quietest rate ran
// in a spell of other tenants' traffic, for code the memory paces. On this
// project's machines the memory reads 33-40 GB/s most of the time, 42-44 at
// its quietest, and 26-31 in spells; a margin of 10% left most rounds out (a
// quarter of the suite's kernels judged in two passes), so only the spells
// are. On another host it read 23-29 GB/s through a suite's pass and 36 once: against
// that once, every later round of every kernel was a spell, until the
// margin was taken as what it does to the time of code the memory paces
// (Measurement::memory_tolerance).
inline constexpr double memory_quiet_margin = 0.25;

struct Measurement {
  std::vector<std::vector<double>> rounds;  // seconds, as the runs took them, in the order taken
  // The core's clock during each run (Hz), in the order of runs(); 0 where
  // the program could not probe it. The hosts of virtual machines move it by
  // several per cent over minutes, which moves every core-bound time with it.
  std::vector<double> clocks;
  // The clock the estimate is given at: the description's, which the
  // predictions use. Each run is taken there by the share of its time the
  // clock sets (clock_elasticity), so that a drift of the host's clock
  // between studies does not read as a change of the code's time. 0, or a
  // run without a probed clock, leaves times as measured.
  double reference_hz = 0;
  // How far the code's time follows the core's clock: d ln t / d ln (1/f),
  // 1 for code the core alone paces, 0 for code memory paces. A run at `hz`
  // is taken to the reference clock by (hz / reference)^elasticity. The
  // study sets it from ICC's prediction (validation.cpp); until then 1.
  double clock_elasticity = 1;
  double clock_hz = 0;  // the probed clocks' median; 0 when none was probed
  // The rate the shared memory read at around each round (bytes/s, the
  // slower of the probes before and after it; studies/memory_probe.hpp),
  // and the quietest rate the study saw. Rounds whose rate is below
  // quiet_enough_rate() ran while other tenants' traffic slowed the memory
  // enough to move the code's time; the estimate leaves them out. Empty or
  // 0: every round counts.
  std::vector<double> memory_rates;
  double quiet_memory_rate = 0;
  // The share of the quietest rate a round's memory may fall to and count:
  // as slow as that, the code's time grows as far as a memory
  // memory_quiet_margin slower makes code the memory paces. The study sets
  // it from ICC's prediction (validation.hpp, memory_tolerance); until then
  // 1 - margin, every round judged as if the memory paced the code. 0: no
  // slowed memory leaves a round out.
  double memory_tolerance = 1 - memory_quiet_margin;

  // By estimate():
  // per round, whether the estimate takes it: the quiet rounds, or every
  // round when none was quiet (the time is then given but not judged);
  std::vector<bool> counted;
  std::size_t quiet_rounds = 0;             // rounds the memory was quiet in (all when not probed)
  bool memory_slowed = false;               // fewer than two rounds ran with the memory quiet
  double seconds = 0;                       // the estimate (at the reference clock when at_reference())
  double wall_seconds = 0;                  // the same quantile of the counted runs as measured
  double uncertainty_percent = 0;           // ~95% half-width of the estimate, % of it
  double spread_percent = 0;                // interquartile range of the counted runs, % of the estimate
  bool judgeable = false;                   // known within the judging tolerance, from quiet rounds

  std::vector<double> runs() const;  // every run as measured, rounds in order
  // Whether the runs are taken at the reference clock: it is given and
  // every run probed its own.
  bool at_reference() const;
  // A time of a run that ran at `hz`, at the reference clock by the
  // elasticity (as measured when !at_reference()).
  double scaled(double seconds, double hz) const;
  // The clock a run ran at, from its probe: the study's median clock when
  // the probe read none, or so low that it was itself interrupted.
  double run_clock(double probed_hz) const;
  // How many rounds the estimate takes.
  std::size_t counted_rounds() const;
  // The slowest memory a round may have run beside and count:
  // quiet_memory_rate times memory_tolerance.
  double quiet_enough_rate() const;
};

// Computes the estimate, its uncertainty and whether a `tolerance_percent`
// error can be judged from it.
void estimate(Measurement& m, double tolerance_percent);

// The quantile of the runs that estimates the time.
inline constexpr double estimate_quantile = 0.1;


// A run's probed clock this far below the study's median is taken as an
// interrupted probe, not as the run's clock.
inline constexpr double interrupted_probe = 0.1;

// A study's time is not known better than this, whatever its rounds say:
// the host drifts between studies more than within one. Two passes of the
// suite (`bench_reproducibility`) whose kernels' rounds agreed within
// 0.1-0.5% moved by up to 2.1% (sort, stencil1d, stencil3d, matvec_col), and
// a sixth of the differences exceeded the intervals the rounds gave. A floor of 1% a study makes two studies' intervals span 2%.
inline constexpr double between_studies_percent = 1;

// One round's estimate: the same quantile of its runs.
double round_estimate(const std::vector<double>& round);

}  // namespace pacer
