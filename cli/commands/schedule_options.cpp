#include "framework/names.hpp"
#include "cli/commands/schedule_options.hpp"

#include <cstdio>
#include <sstream>

#include "framework/error.hpp"

namespace pacer::cli {

void add_workload_options(CLI::App& cmd, WorkloadOptions& w, bool many) {
  auto* dist = cmd.add_option("--dist", w.dist, "Load distribution: " + join_names(sched::distribution_names(), ", "));
  auto* file = cmd.add_option("--workload", w.file, "File of loads, one per line (instead of --dist)");
  dist->excludes(file);
  cmd.add_option("--dist-params", w.dist_params, "Distribution parameters NAME=VALUE (see docs/scheduling.md)")
      ->delimiter(',');
  cmd.add_option("--mean", w.mean, "Mean load every distribution is scaled to (1)");
  cmd.add_option("--iterations", w.iterations, many ? "Loop sizes, e.g. 48,96,192" : "Number of iterations")
      ->delimiter(',');
  cmd.add_option(many ? "--seeds" : "--seed", w.seeds, many ? "Seeds: A:B or a list (1)" : "Random seed (1)");
}

void add_machine_options(CLI::App& cmd, MachineOptions& m) {
  cmd.add_option("--threads", m.threads, "Number of threads")->required();
  cmd.add_option("--overhead", m.overhead, "Time per trip to the scheduler (per chunk), in load units (0)");
  cmd.add_option("--speeds", m.speeds, "Relative speed of each thread, e.g. 1,1,0.5,0.5")->delimiter(',');
}

sched::MachineModel machine_of(const MachineOptions& m) {
  sched::MachineModel out{m.threads, m.overhead, m.speeds};
  sched::check_machine(out);
  return out;
}

sched::Distribution distribution_of(const WorkloadOptions& w) {
  std::map<std::string, double> params;
  for (const auto& item : w.dist_params) {
    size_t eq = item.find('=');
    char* end = nullptr;
    double v = eq == std::string::npos ? 0 : std::strtod(item.c_str() + eq + 1, &end);
    if (eq == std::string::npos || eq == 0 || !end || *end != '\0' || eq + 1 == item.size())
      throw InputError("--dist-params " + item + ": expected NAME=NUMBER");
    params[item.substr(0, eq)] = v;
  }
  return sched::make_distribution(w.dist, params, w.mean);
}

namespace {

uint64_t whole_number(const std::string& text, const std::string& what) {
  size_t used = 0;
  long long v = -1;
  try {
    v = std::stoll(text, &used);
  } catch (const std::exception&) {
  }
  if (used != text.size() || v < 0) throw InputError(what + ": '" + text + "' is not a whole number");
  return uint64_t(v);
}

}  // namespace

std::vector<uint64_t> seeds_of(const WorkloadOptions& w) {
  std::vector<uint64_t> out;
  size_t colon = w.seeds.find(':');
  if (colon != std::string::npos) {
    uint64_t a = whole_number(w.seeds.substr(0, colon), "--seeds"), b = whole_number(w.seeds.substr(colon + 1), "--seeds");
    if (b < a) throw InputError("--seeds " + w.seeds + ": the range runs backwards");
    if (b - a >= 100000) throw InputError("--seeds " + w.seeds + ": at most 100000 seeds");
    for (uint64_t s = a; s <= b; ++s) out.push_back(s);
    return out;
  }
  std::stringstream ss(w.seeds);
  for (std::string item; std::getline(ss, item, ',');) out.push_back(whole_number(item, "--seed"));
  if (out.empty()) throw InputError("--seeds: no seed given");
  return out;
}

std::vector<size_t> sizes_of(const WorkloadOptions& w) {
  if (w.iterations.empty()) throw InputError("give --iterations N with --dist (or a --workload file)");
  std::vector<size_t> out;
  for (long long n : w.iterations) {
    if (n < 1 || n > 100000000)
      throw InputError("--iterations must lie in [1, 100000000], not " + std::to_string(n));
    out.push_back(size_t(n));
  }
  return out;
}

Instance make_instance(const WorkloadOptions& w, const sched::MachineModel& m, size_t n, uint64_t seed) {
  return w.file.empty() ? sched::drawn_instance(distribution_of(w), n, seed, m) : sched::file_instance(w.file, m);
}

Instance single_instance(const WorkloadOptions& w, const MachineOptions& m) {
  sched::MachineModel machine = machine_of(m);
  if (w.file.empty() && w.dist.empty()) throw InputError("give a workload: --dist NAME --iterations N, or --workload FILE");
  if (!w.file.empty()) {
    if (!w.iterations.empty()) throw InputError("--iterations does not apply to a --workload file");
    return make_instance(w, machine, 0, 0);
  }
  std::vector<size_t> sizes = sizes_of(w);
  std::vector<uint64_t> seeds = seeds_of(w);
  if (sizes.size() != 1 || seeds.size() != 1) throw InputError("give one --iterations and one --seed");
  return make_instance(w, machine, sizes[0], seeds[0]);
}

}  // namespace pacer::cli
