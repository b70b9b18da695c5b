#include "templates/scheduling/instance.hpp"

#include <numeric>

#include "framework/format.hpp"

namespace pacer::sched {

namespace {

Instance described(Instance w) {
  const double total = std::accumulate(w.loads.begin(), w.loads.end(), 0.0);
  w.description += " (total load " + digits(total) + ")";
  return w;
}

}  // namespace

Instance file_instance(const std::string& path, const MachineModel& machine) {
  Instance w;
  w.machine = machine;
  w.loads = read_workload(path);
  w.source = path;
  w.description = path + ", " + std::to_string(w.loads.size()) + " iterations";
  return described(std::move(w));
}

Instance drawn_instance(const Distribution& d, size_t n, uint64_t seed, const MachineModel& machine) {
  Instance w;
  w.machine = machine;
  w.seed = seed;
  w.loads = generate_workload(d, n, seed);
  w.generated = true;
  w.source = d.name;
  w.description = d.describe() + ", " + std::to_string(n) + " iterations, seed " + std::to_string(seed);
  return described(std::move(w));
}

}  // namespace pacer::sched
