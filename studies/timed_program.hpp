// A C program built with timed regions (frontends/clang/instrumenter.hpp)
// and run pinned, for measurements that compare models with reality: the
// validation study times the function under study alone (one region) and,
// for component timing, every function and loop it reaches; calibration
// times its own micro-benchmarks both ways to learn what a region costs.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "frontends/clang/instrumenter.hpp"
#include "resource_models/ct/component_timing.hpp"

namespace pacer {

struct TimedBuild {
  std::vector<std::string> sources;    // absolute paths of the program's C files
  std::vector<std::string> functions;  // whose bodies become timed regions
  bool loops = false;                  // and the loops inside them
  LoopChoice time_loop;                // which loops (empty: every one)
  std::string compiler;                // the machine's compiler and flags
  std::vector<std::string> flags;
  std::vector<std::string> analysis_flags;  // what the sources need to parse (-I, -D)
};

class TimedProgram {
 public:
  // Instruments and compiles into `dir`. Throws InputError when the program
  // does not compile (the compiler's messages go to stderr).
  TimedProgram(const TimedBuild& build, const std::filesystem::path& dir);

  // Runs the program pinned to `cpu` (-1: the last core) with `args` (shell
  // words) and reads what its regions recorded. Throws InputError when it
  // fails its own check, crashes or records nothing.
  TimingRun run(const std::string& args, int cpu = -1) const;

  const std::vector<TimedRegionRef>& regions() const { return regions_; }
  // The region of a function's whole body; -1 when it is not timed.
  int function_region(const std::string& function) const;

 private:
  std::filesystem::path dir_;
  std::vector<TimedRegionRef> regions_;
};

// Seconds per entry of one region, its own timer's cost removed.
double seconds_per_entry(const TimingRun& t, int region);

}  // namespace pacer
