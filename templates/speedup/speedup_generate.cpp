#include "templates/speedup/speedup_generate.hpp"

#include <algorithm>
#include <cmath>
#include <random>

#include "framework/error.hpp"

namespace pacer {

void GenerateOptions::fill_defaults() {
  if (cores.empty())
    for (int p = 1; p <= 24; ++p) cores.push_back(p);
  if (cpu_hz.empty())
    for (int i = 0; i < 14; ++i) cpu_hz.push_back((12 + i) * 1e8);
}

void GenerateOptions::validate() const {
  for (int p : cores)
    if (p < 1) throw InputError("--cores: core counts must be positive (got " + std::to_string(p) + ")");
  for (double f : cpu_hz)
    if (!(f > 0)) throw InputError("--cpu-freq: frequencies must be positive");
  if (!(mem_hz > 0)) throw InputError("--mem-freq must be positive");
  if (!(instructions > 0)) throw InputError("--instructions must be positive");
  if (!(noise >= 0 && noise < 0.2)) throw InputError("--noise must be in [0, 0.2) (a relative standard deviation)");
}

std::vector<SpeedupRun> generate_measurements(const SpeedupLaw& law, const std::vector<double>& params,
                                               GenerateOptions o) {
  o.fill_defaults();
  o.validate();
  std::mt19937_64 rng(o.seed);
  std::normal_distribution<double> z(0.0, 1.0);
  std::vector<SpeedupRun> runs;
  for (double cpu : o.cpu_hz) {
    const double phi = cpu / o.mem_hz;
    const double t_s = o.instructions / cpu * law.sequential_cycles_per_instruction(params.data(), phi);
    for (int p : o.cores) {
      const double t = t_s / law.speedup(params.data(), p, phi);
      // Truncated at 4 sigma so a time never turns negative.
      const double e = std::clamp(z(rng), -4.0, 4.0);
      runs.push_back({p, cpu, o.mem_hz, t * (1.0 + o.noise * e)});
    }
  }
  return runs;
}

}  // namespace pacer
