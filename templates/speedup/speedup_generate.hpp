// Synthetic measurements from a law: the papers' data are not public, so
// fitting is tested on data made from known parameters. The grid defaults to
// the paper's machine (section IV-A): 1 to 24 cores, 14 processor
// frequencies from 1.2 to 2.5 GHz, memory at a fixed clock.
//
// Times follow the law's own assumptions: one core runs W instructions in
// T_s = W / F_cpu * CPI(phi) (Eq. 3 with t_c = 1 / F_cpu), p cores in
// T_s / S_p. Noise multiplies each time by (1 + noise * z), z standard
// normal, so a noisy one-core run shifts every speedup at its frequency, as
// in a real campaign.
#pragma once
#include <cstdint>
#include <vector>

#include "templates/speedup/speedup_data.hpp"

namespace pacer {

struct GenerateOptions {
  std::vector<int> cores;           // default 1..24
  std::vector<double> cpu_hz;       // default 1.2, 1.3, ..., 2.5 GHz
  double mem_hz = 1.066e9;          // DDR4-2133 clock (see docs/speedup.md)
  double instructions = 1e10;       // W
  double noise = 0;                 // relative standard deviation of a time
  std::uint64_t seed = 1;
  void fill_defaults();
  void validate() const;
};

std::vector<SpeedupRun> generate_measurements(const SpeedupLaw& law, const std::vector<double>& params,
                                               GenerateOptions o);

}  // namespace pacer
