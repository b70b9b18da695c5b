// Measuring speedups on this machine: a program run at every core count (its
// OpenMP threads pinned, one per core, by OMP_NUM_THREADS, OMP_PROC_BIND and
// the process's CPU affinity) and at every processor frequency the machine
// lets us set, several times each. Frequencies are set through the Linux
// cpufreq "userspace" governor; where it is missing (a VM, a locked
// governor) every run is at the current frequency and the report says why.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "templates/speedup/speedup_data.hpp"

namespace pacer {

struct FrequencyControl {
  bool can_set = false;
  std::string why_not;              // when can_set is false
  std::vector<double> available;    // Hz, when can_set
  double current_hz = 0;            // 0 when unknown
  std::string current_source;
};
FrequencyControl probe_frequency_control();

// The memory clock from the firmware's DMI memory-device tables (half the
// transfer rate for DDR), or nothing with the reason.
struct MemoryClock {
  std::optional<double> hz;
  std::string note;
};
MemoryClock probe_memory_clock();

int available_cores();

struct MeasureOptions {
  std::vector<std::string> argv;  // the program and its arguments
  std::vector<int> cores;
  std::vector<double> cpu_hz;     // empty: the current frequency only
  double mem_hz = 0;
  int runs = 5;
  std::function<void(const SpeedupRun&, int run)> progress;
};

// Throws InputError if the program cannot run or fails (with its status).
std::vector<SpeedupRun> measure_speedups(const MeasureOptions& o, const FrequencyControl& control);

}  // namespace pacer
