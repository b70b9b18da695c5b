#include "studies/measurement.hpp"

#include <algorithm>
#include <cmath>

#include "framework/statistics.hpp"

namespace pacer {

std::vector<double> Measurement::runs() const {
  std::vector<double> out;
  for (const auto& r : rounds) out.insert(out.end(), r.begin(), r.end());
  return out;
}

double round_estimate(const std::vector<double>& round) { return quantile(round, 0.25); }

void estimate(Measurement& m, double tolerance_percent) {
  std::vector<double> per_round;
  for (const auto& r : m.rounds)
    if (!r.empty()) per_round.push_back(round_estimate(r));
  const std::vector<double> all = m.runs();
  if (per_round.empty() || all.empty()) {
    m.judgeable = false;
    return;
  }
  m.seconds = median(per_round);
  const double iqr = quantile(all, 0.75) - quantile(all, 0.25);
  m.spread_percent = 100 * iqr / m.seconds;
  // Within rounds: McGill's notch, 1.58 IQR / sqrt(n), about a 95% interval
  // of a central quantile. Between rounds: half their range, which is what a
  // drift of the machine during the study moved the estimate by.
  const double within = 1.58 * iqr / std::sqrt(static_cast<double>(all.size()));
  const double between = per_round.size() > 1 ? spread(per_round) / 2 : within;
  m.uncertainty_percent = 100 * std::max(within, between) / m.seconds;
  m.judgeable = m.uncertainty_percent <= tolerance_percent;
}

}  // namespace pacer
