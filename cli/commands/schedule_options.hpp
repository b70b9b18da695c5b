// What the `pacer schedule` commands share: where the workload comes from
// (a distribution, its parameters and seed, or a file of loads) and the
// simulated machine (threads, overhead per chunk, thread speeds).
#pragma once
#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "cli/views/report.hpp"
#include "templates/scheduling/simulator.hpp"
#include "templates/scheduling/instance.hpp"
#include "templates/scheduling/workload.hpp"

namespace pacer::cli {

struct WorkloadOptions {
  std::string dist;
  std::vector<std::string> dist_params;  // NAME=VALUE
  double mean = 1.0;
  std::vector<long long> iterations;
  std::string file;
  std::string seeds = "1";  // "S", "A:B" or "A,B,C"
};

struct MachineOptions {
  int threads = 0;
  double overhead = 0;
  std::vector<double> speeds;
};

using sched::Instance;

void add_workload_options(CLI::App& cmd, WorkloadOptions& w, bool many);
void add_machine_options(CLI::App& cmd, MachineOptions& m);
void add_schedule_compare_command(CLI::App& schedule);

sched::MachineModel machine_of(const MachineOptions& m);
sched::Distribution distribution_of(const WorkloadOptions& w);
std::vector<uint64_t> seeds_of(const WorkloadOptions& w);
std::vector<size_t> sizes_of(const WorkloadOptions& w);

// The workload of `--workload FILE`, or of the distribution at n and seed.
Instance make_instance(const WorkloadOptions& w, const sched::MachineModel& m, size_t n, uint64_t seed);
// Exactly one workload: a file, or one size and one seed.
Instance single_instance(const WorkloadOptions& w, const MachineOptions& m);


}  // namespace pacer::cli
