#include "templates/speedup/speedup_grid.hpp"

#include <algorithm>
#include <cmath>

#include "framework/error.hpp"

namespace pacer {

std::vector<GridPoint> evaluate_grid(const SpeedupLaw& law, const std::vector<double>& params,
                                     const std::vector<int>& cores, const std::vector<double>& cpu_hz, double mem_hz) {
  if (cpu_hz.empty() || cores.empty()) return {};
  for (int p : cores)
    if (p < 1) throw InputError("core counts must be positive (got " + std::to_string(p) + ")");
  for (double f : cpu_hz)
    if (!(f > 0)) throw InputError("frequencies must be positive");
  const double* x = params.data();
  const double f_ref = *std::max_element(cpu_hz.begin(), cpu_hz.end());
  const double t_ref = law.sequential_cycles_per_instruction(x, f_ref / mem_hz) / f_ref;
  std::vector<GridPoint> out;
  for (double cpu : cpu_hz)
    for (int p : cores) {
      GridPoint g;
      g.cores = p;
      g.cpu_hz = cpu;
      g.phi = cpu / mem_hz;
      g.speedup = law.speedup(x, p, g.phi);
      g.cpi = law.sequential_cycles_per_instruction(x, g.phi);
      g.relative_time = g.cpi / cpu / g.speedup / t_ref;
      g.memory_bound = law.memory_bound(x, p, g.phi);
      out.push_back(g);
    }
  return out;
}

double PowerModel::energy(const GridPoint& g) const {
  return g.relative_time * (static_power + g.cores * core_power * std::pow(g.cpu_hz / clock_hz, exponent));
}

PowerModel power_model(const Hardware& hw) {
  PowerModel m;
  m.machine = hw.name;
  m.static_power = hw.require("power", "static_power", "speedup best").value;
  m.core_power = hw.require("power", "core_power", "speedup best").value;
  m.exponent = hw.require("power", "dynamic_exponent", "speedup best").value;
  m.clock_hz = hw.require("cpu", "clock", "speedup best").value;
  return m;
}

BestConfigurations best_configurations(const std::vector<GridPoint>& grid, const std::optional<PowerModel>& power) {
  auto best_by = [&](auto key) {
    const GridPoint* best = &grid.front();
    for (const auto& g : grid)
      if (key(g) < key(*best)) best = &g;
    return *best;
  };
  BestConfigurations b;
  b.highest_speedup = best_by([](const GridPoint& g) { return -g.speedup; });
  b.shortest_time = best_by([](const GridPoint& g) { return g.relative_time; });
  if (power) {
    b.lowest_energy = best_by([&](const GridPoint& g) { return power->energy(g); });
    b.energy = power->energy(*b.lowest_energy);
  }
  return b;
}

}  // namespace pacer
