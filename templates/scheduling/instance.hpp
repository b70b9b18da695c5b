// One workload on one simulated machine, described for the reader: the loads
// of a file, or drawn from a distribution at a size and seed.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "templates/scheduling/simulator.hpp"
#include "templates/scheduling/workload.hpp"

namespace pacer::sched {

struct Instance {
  std::vector<double> loads;
  MachineModel machine;
  std::string description;
  std::string source;  // the file, or the distribution's name
  uint64_t seed = 0;
  bool generated = false;  // drawn from a distribution (then `seed` applies)
};

Instance file_instance(const std::string& path, const MachineModel& machine);
Instance drawn_instance(const Distribution& d, size_t n, uint64_t seed, const MachineModel& machine);

}  // namespace pacer::sched
