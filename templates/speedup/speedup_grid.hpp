// A speedup law over a grid of configurations, core counts x processor
// frequencies at one memory frequency, as `pacer speedup predict|best` and
// the laws' templates evaluate it; and the choice of the best configuration
// by speedup, time or energy (the DVFS question of "When parallel speedups
// hit the memory wall", section V).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "framework/hardware.hpp"
#include "templates/speedup/speedup_law.hpp"

namespace pacer {

struct GridPoint {
  int cores = 1;
  double cpu_hz = 0, phi = 0, speedup = 1;
  double cpi = 0;            // one core's cycles per instruction at this phi
  double relative_time = 0;  // to one core at the grid's highest frequency: T_s(F) / S_p, T_s ~ CPI(phi) / F (Eq. 3)
  bool memory_bound = false;
};

// Frequencies outermost, then core counts, in the order given. Throws
// InputError for a core count below 1 or a frequency that is not positive.
std::vector<GridPoint> evaluate_grid(const SpeedupLaw& law, const std::vector<double>& params,
                                     const std::vector<int>& cores, const std::vector<double>& cpu_hz, double mem_hz);

// Power as `speedup best` ranks energy with: static power while the run
// lasts, and each busy core's dynamic power scaling with frequency,
// E = T_p (P_static + p P_core (F / F_clock)^alpha). From the description's
// power section and clock (MissingFigure when absent).
struct PowerModel {
  std::string machine;
  double static_power = 0, core_power = 0, exponent = 0, clock_hz = 0;
  double energy(const GridPoint& g) const;  // joules per second of the relative time's unit
};
PowerModel power_model(const Hardware& hw);

struct BestConfigurations {
  GridPoint highest_speedup, shortest_time;
  std::optional<GridPoint> lowest_energy;  // with a power model
  double energy = 0;                       // of lowest_energy
};
// The first point that is best by each measure. `grid` must not be empty.
BestConfigurations best_configurations(const std::vector<GridPoint>& grid, const std::optional<PowerModel>& power);

}  // namespace pacer
