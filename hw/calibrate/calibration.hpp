// `pacer calibrate`: measures the machine pacer runs on and describes it for
// every resource model (Papaefstathiou et al. 1994 section 4.2): the HLLC
// cost vector, the sustained flop rate (POC), the clock and the compiler
// that ICC analyses with, and the memory hierarchy's sizes, bandwidths and
// latencies. Every figure is measured (or, for cache sizes, read from what
// the processor reports) and carries the spread of its repetitions.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "framework/hardware.hpp"
#include "hw/calibrate/cache_levels.hpp"

namespace pacer::calibrate {

struct CalibrationOptions {
  std::string name = "host";
  std::string compiler;                      // the C compiler; empty: the one pacer was built with
  std::vector<std::string> flags = {"-O2"};  // what the models will assume code is compiled with
  double repetition_seconds = 0.02;          // length of one timed repetition
  int cpu = -1;                              // core to pin to; -1: the quietest one
  // Where the caches are looked up (cache_levels.hpp); tests present a
  // machine without them.
  std::string cpu_dir = "/sys/devices/system/cpu/cpu0";
  Cpuid cpuid = host_cpuid();
  // Hears what is being measured, as it starts (the command prints it).
  std::function<void(const std::string&)> progress;
};

struct Calibration {
  Hardware hardware;
  std::vector<std::string> notes;  // what was clamped, chosen or could not be measured
  double seconds = 0;              // how long calibrating took
};

// Compiles and runs the benchmarks, telling `progress` what it does. Throws
// InputError when the compiler or the benchmarks fail.
Calibration calibrate(const CalibrationOptions& options);

// What the written description says of itself: when, how long, the notes.
std::string calibration_comment(const Calibration& c);

}  // namespace pacer::calibrate
