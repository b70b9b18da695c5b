// Speedup measurements: one line per run, `cores,cpu_freq_hz,mem_freq_hz,time_s`
// (or `speedup` in place of `time_s`). From times, the speedup of each run is
// T_s / T_p with T_s the one-core time at the same frequencies, as the paper
// computes "speedups for each frequency value"; repeated runs of one
// configuration are reduced to their median first. The one-core runs are
// then references, not points: their speedup is 1 by definition.
#pragma once
#include <string>
#include <vector>

#include "templates/speedup/speedup_law.hpp"

namespace pacer {

struct SpeedupRun {
  int cores = 1;
  double cpu_hz = 0, mem_hz = 0, time_s = 0;
};

struct SpeedupPoint {
  double cores = 1, cpu_hz = 0, mem_hz = 0, speedup = 1;
  double phi() const { return cpu_hz / mem_hz; }
};

struct SpeedupData {
  std::string file;
  bool from_times = false;
  std::size_t rows = 0;        // data lines read
  std::size_t references = 0;  // one-core configurations used as T_s
  std::vector<SpeedupPoint> points;
  SpeedupColumns columns() const;
};

// Throws InputError with file, line and column for anything malformed:
// missing columns, non-positive times or frequencies, no one-core run.
SpeedupData read_speedup_csv(const std::string& path);
SpeedupData speedups_from_times(const std::vector<SpeedupRun>& runs, const std::string& origin);

std::string measurements_csv(const std::vector<SpeedupRun>& runs);
std::string speedups_csv(const std::vector<SpeedupPoint>& points);

SpeedupColumns columns_of(const std::vector<SpeedupPoint>& points);

}  // namespace pacer
