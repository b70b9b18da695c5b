#include "studies/measurement.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

#include "framework/statistics.hpp"

namespace pacer {

std::vector<double> Measurement::runs() const {
  std::vector<double> out;
  for (const auto& r : rounds) out.insert(out.end(), r.begin(), r.end());
  return out;
}

bool Measurement::at_reference() const {
  const std::size_t n = runs().size();
  return reference_hz > 0 && n > 0 && clocks.size() == n && std::all_of(clocks.begin(), clocks.end(), [](double hz) { return hz > 0; });
}

double Measurement::scaled(double seconds, double hz) const {
  return reference_hz > 0 && hz > 0 ? seconds * std::pow(hz / reference_hz, clock_elasticity) : seconds;
}

double Measurement::quiet_enough_rate() const { return quiet_memory_rate * std::max(0.0, memory_tolerance); }

double Measurement::run_clock(double probed_hz) const {
  return probed_hz > 0 && probed_hz >= (1 - interrupted_probe) * clock_hz ? probed_hz : clock_hz;
}

std::size_t Measurement::counted_rounds() const { return static_cast<std::size_t>(std::count(counted.begin(), counted.end(), true)); }

double round_estimate(const std::vector<double>& round) { return quantile(round, estimate_quantile); }

namespace {

// Half the width of a ~95% interval of the q-quantile of a sample, from the
// order statistics a binomial count of runs below it reaches.
double quantile_half_width(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  const double n = static_cast<double>(v.size()), k = q * (n - 1), sd = 1.96 * std::sqrt(n * q * (1 - q));
  const auto at = [&](double i) { return v[static_cast<std::size_t>(std::clamp(std::round(i), 0.0, n - 1))]; };
  return (at(k + sd) - at(k - sd)) / 2;
}

double notch(const std::vector<double>& v) {
  return 1.58 * (quantile(v, 0.75) - quantile(v, 0.25)) / std::sqrt(static_cast<double>(v.size()));
}

}  // namespace

void estimate(Measurement& m, double tolerance_percent) {
  std::vector<double> probed;
  std::copy_if(m.clocks.begin(), m.clocks.end(), std::back_inserter(probed), [](double hz) { return hz > 0; });
  m.clock_hz = probed.empty() ? 0 : median(probed);
  // The rounds at the reference clock, run by run. A probe far below the
  // study's clock was itself interrupted (the host drifts the clock by a
  // few per cent; interrupted probes read 15-55% low): its run is scaled by
  // the study's clock, as a low reading would make an interrupted run look fast.
  std::vector<std::vector<double>> rounds = m.rounds;
  if (m.at_reference())
    for (std::size_t r = 0, run = 0; r < rounds.size(); ++r)
      for (double& t : rounds[r]) t = m.scaled(t, m.run_clock(m.clocks[run++]));
  // The rounds the memory was quiet in; every round when it was not probed.
  const bool memory_probed = m.memory_rates.size() == rounds.size() && m.quiet_memory_rate > 0;
  m.counted.assign(rounds.size(), true);
  if (memory_probed)
    for (std::size_t r = 0; r < rounds.size(); ++r)
      m.counted[r] = m.memory_rates[r] >= m.quiet_enough_rate();
  m.quiet_rounds = m.counted_rounds();
  if (m.quiet_rounds == 0) m.counted.assign(rounds.size(), true);  // given, not judged
  // Drift between rounds is seen only in two or more of them.
  m.memory_slowed = memory_probed && m.quiet_enough_rate() > 0 && m.quiet_rounds < 2;
  std::vector<double> per_round, all, wall;
  for (std::size_t r = 0; r < rounds.size(); ++r) {
    if (!m.counted[r] || rounds[r].empty()) continue;
    per_round.push_back(round_estimate(rounds[r]));
    all.insert(all.end(), rounds[r].begin(), rounds[r].end());
    wall.insert(wall.end(), m.rounds[r].begin(), m.rounds[r].end());
  }
  m.judgeable = false;
  if (per_round.empty()) return;
  m.seconds = quantile(all, estimate_quantile);
  m.wall_seconds = quantile(wall, estimate_quantile);
  if (!(m.seconds > 0)) return;  // a time of nothing judges nothing
  m.spread_percent = 100 * (quantile(all, 0.75) - quantile(all, 0.25)) / m.seconds;
  // Within the sample: the quantile's interval from its order statistics.
  // Between rounds: McGill's notch over the rounds' own estimates, which is
  // what a drift of the machine during the study moved them by. Between
  // studies: the floor, what the host's drift beyond one study adds.
  const double within = quantile_half_width(all, estimate_quantile);
  const double between = per_round.size() > 1 ? notch(per_round) : within;
  m.uncertainty_percent = std::max(100 * std::max(within, between) / m.seconds, between_studies_percent);
  m.judgeable = m.uncertainty_percent <= tolerance_percent && !m.memory_slowed;
}

}  // namespace pacer
