// Measured energy from Intel's RAPL counters (also AMD's, under the same
// driver) through the Linux powercap interface: each domain's energy_uj
// counts microjoules and wraps at max_energy_range_uj.
#pragma once
#include <string>
#include <vector>

#include "framework/program_run.hpp"

namespace pacer {

struct RaplDomain {
  std::string id;    // "intel-rapl:0" or "intel-rapl:0:1"
  std::string name;  // "package-0", "core", "dram", "psys"
  std::string dir;
  double max_range_uj = 0;
  bool top_level() const;  // a package or psys domain, not a part of one
};

struct PowercapProbe {
  std::vector<RaplDomain> domains;
  std::string why_not;  // why there are none: what is missing and why
};

// The RAPL domains under `root` (normally /sys/class/powercap).
PowercapProbe probe_powercap(const std::string& root);

// The energy a wrapping counter advanced from `before` to `after`, at most one
// wrap between them: the reason samples are taken often.
double counter_delta(double before, double after, double max_range);
// The energy over a series of samples of one counter.
double accumulate_counter(const std::vector<double>& samples, double max_range);

double read_energy_uj(const RaplDomain& d);  // throws Unavailable when unreadable

struct DomainEnergy {
  RaplDomain domain;
  double joules = 0;
};
struct EnergyMeasurement {
  ProgramRun run;
  std::vector<DomainEnergy> domains;
  double package_joules = 0;  // the package domains (psys and dram are reported apart)
  size_t samples = 0;
};

// Runs the program and samples every domain each `tick` seconds, so that a
// counter never wraps twice unseen. Throws Unavailable when `probe` found none.
EnergyMeasurement measure_energy(const std::vector<std::string>& argv, const PowercapProbe& probe, double tick);

}  // namespace pacer
