// The data caches of the machine being calibrated: sizes, line size and
// associativity, from the first source that has them. Virtual machines
// differ in what they pass through: some list the caches in sysfs, some
// only answer CPUID, and some answer neither, so calibration asks in turn
//   1. sysfs (/sys/devices/system/cpu/cpu0/cache),
//   2. CPUID's deterministic cache leaves (Intel leaf 4, AMD leaf
//      0x8000001D), then AMD's older leaves 0x80000005 and 0x80000006,
//   3. the measured latency curve: where a pointer chase's latency steps up,
//      one level ends.
// Each level says where it came from. The sysfs root and CPUID are
// parameters so that tests can present a machine without either.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace pacer::calibrate {

struct CacheLevel {
  int level = 0;
  double bytes = 0;
  double line = 0;  // 0: not known
  int ways = 0;     // 0: not known; -1: fully associative
  std::string source;
  // The size may be more than one core reaches (a package-wide level 3 as
  // AMD's older leaf reports it; any level 3, which other cores and, on a
  // host of virtual machines, other machines fill): calibration checks it
  // against the bandwidth curve.
  bool to_check = false;
  // What the report said, when the check found less of it reached (0
  // otherwise): benchmarks meant to run beyond the level go beyond this.
  double reported = 0;
  // Where its figures were measured again, nearer the level below, after a
  // pointer chase at the usual point waited for memory (0: the usual point).
  double latency_point = 0;
};

struct CpuidRegisters {
  std::uint32_t eax = 0, ebx = 0, ecx = 0, edx = 0;
};
// CPUID(leaf, subleaf); nullopt where the leaf is beyond what the processor answers.
using Cpuid = std::function<std::optional<CpuidRegisters>(std::uint32_t leaf, std::uint32_t subleaf)>;

// The processor's own CPUID (nothing at all on a processor without it).
Cpuid host_cpuid();

// Data and unified caches listed under `cpu_dir`/cache; empty when there are none.
std::vector<CacheLevel> sysfs_cache_levels(const std::string& cpu_dir);

// Data and unified caches CPUID reports; empty when it reports none.
std::vector<CacheLevel> cpuid_cache_levels(const Cpuid& cpuid);

// The last-level data TLB for the base page: AMD's leaf 0x80000006 (its
// level 2 data TLB for 4 KiB pages), else Intel's leaf 0x18 (the data or
// unified TLB of the highest level that maps 4 KiB pages). Ways -1: fully
// associative. Nothing when CPUID reports neither.
struct DataTlb {
  int entries = 0;
  int ways = 0;
  std::string source;
};
std::optional<DataTlb> cpuid_data_tlb(const Cpuid& cpuid);

// Cache levels from a pointer chase's latency (seconds) at growing working
// sets (bytes, ascending): a level ends at the last size before a run of
// steps, each raising the latency by a fifth or more, that raises it by half
// or more in all. Sizes are the curve's points, known to within its step.
std::vector<CacheLevel> curve_cache_levels(const std::vector<std::pair<double, double>>& size_latency);

// The size up to which a level is really reached, from read bandwidth
// (bytes per second) at growing working sets (bytes, ascending) that start
// inside the level and end in memory: the last working set whose bandwidth
// is at least halfway from memory's (the last point) to the level's (the
// first). Nothing when the curve shows no step of 20% or more.
std::optional<double> reached_size(const std::vector<std::pair<double, double>>& size_bandwidth);

// Whether a pointer chase that took `latency` was served by its level:
// at most halfway from the level below's latency to memory's (seconds). A
// shared level the neighbours held sends the chase to memory.
bool served_by_level(double latency, double below, double memory);

// Where a level whose chase at `at` bytes was not served by it is measured
// again: midway on a log scale to `inner` (twice the level below), on a
// 4 KiB grid; nothing when that is no nearer than `at`.
std::optional<double> nearer_point(double inner, double at);

// The working sets that curve is read at for a level reported as `reported`
// bytes above one of `below`: from twice `below` to twice `reported` (at
// most 256 MiB: no core reaches more of a package-wide level), each a
// fourth root of two (19%) past the last, so that a level that one core
// reaches only in part is found to within a fifth, not a factor of two;
// and the reported size itself. None when that gives fewer than three.
std::vector<double> reach_sizes(double below, double reported);
inline constexpr double kReachStep = 1.189207115002721;  // the fourth root of two

// The pages a data TLB holds, from what a load of one line in each of P
// pages costs beyond the same loads of P lines packed together (seconds,
// P ascending), against `walk`, that cost where every load misses: the
// last P whose cost is under half of it. A lower bound within the curve's
// step; nothing when even the first P costs that much, or `walk` is none.
std::optional<double> tlb_reach(const std::vector<std::pair<double, double>>& pages_cost, double walk);

// The pages the TLB's reach is probed at: powers of two from 256 to 8192.
std::vector<long> tlb_probe_pages();

// The working sets the latency curve is measured at: powers of two from
// 4 KiB to 256 MiB.
std::vector<double> latency_curve_sizes();

}  // namespace pacer::calibrate
