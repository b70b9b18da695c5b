#include "hw/calibrate/cache_levels.hpp"

#include <cpuid.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "framework/file_text.hpp"

namespace pacer::calibrate {

namespace fs = std::filesystem;

namespace {

std::string read_text(const fs::path& p) {
  std::string t = file_text(p).value_or("");
  while (!t.empty() && (t.back() == '\n' || t.back() == ' ')) t.pop_back();
  return t;
}

std::uint32_t bits(std::uint32_t v, int low, int high) { return (v >> low) & ((1u << (high - low + 1)) - 1); }

std::string vendor(const Cpuid& cpuid) {
  const auto r = cpuid(0, 0);
  if (!r) return "";
  char v[13] = {};
  std::memcpy(v, &r->ebx, 4);
  std::memcpy(v + 4, &r->edx, 4);
  std::memcpy(v + 8, &r->ecx, 4);
  return v;
}

// Intel leaf 4 and AMD leaf 0x8000001D share one layout: one subleaf per
// cache, type 0 ending the list.
std::vector<CacheLevel> deterministic_leaf(const Cpuid& cpuid, std::uint32_t leaf, const std::string& name) {
  std::vector<CacheLevel> out;
  for (std::uint32_t sub = 0; sub < 16; ++sub) {
    const auto r = cpuid(leaf, sub);
    if (!r) break;
    const std::uint32_t type = bits(r->eax, 0, 4);
    if (type == 0) break;
    if (type == 2) continue;  // instructions
    CacheLevel c;
    c.level = static_cast<int>(bits(r->eax, 5, 7));
    c.line = bits(r->ebx, 0, 11) + 1.0;
    const double partitions = bits(r->ebx, 12, 21) + 1.0, ways = bits(r->ebx, 22, 31) + 1.0;
    c.bytes = ways * partitions * c.line * (r->ecx + 1.0);
    c.ways = bits(r->eax, 9, 9) ? -1 : static_cast<int>(ways);
    c.source = "the processor's report of its caches (CPUID " + name + ")";
    c.to_check = c.level >= 3;  // shared
    out.push_back(c);
  }
  return out;
}

// AMD's encoding of associativity in leaf 0x80000006 (its APM, CPUID
// Fn8000_0006); 0 where the field defers to leaf 0x8000001D.
int amd_ways(std::uint32_t code) {
  static const int ways[16] = {0, 1, 2, 3, 4, 6, 8, 0, 16, 0, 32, 48, 64, 96, 128, -1};
  return ways[code & 15];
}

// AMD's older leaves: level 1 data in 0x80000005, levels 2 and 3 in 0x80000006.
std::vector<CacheLevel> amd_legacy_leaves(const Cpuid& cpuid) {
  std::vector<CacheLevel> out;
  const auto max = cpuid(0x80000000, 0);
  if (!max || max->eax < 0x80000006) return out;
  const std::string source = "the processor's report of its caches (CPUID 0x80000005/6)";
  if (const auto l1 = cpuid(0x80000005, 0); l1 && bits(l1->ecx, 24, 31)) {
    const std::uint32_t a = bits(l1->ecx, 16, 23);
    out.push_back({1, bits(l1->ecx, 24, 31) * 1024.0, static_cast<double>(bits(l1->ecx, 0, 7)),
                   a == 0xff ? -1 : static_cast<int>(a), source});
  }
  if (const auto l23 = cpuid(0x80000006, 0)) {
    if (bits(l23->ecx, 16, 31))
      out.push_back({2, bits(l23->ecx, 16, 31) * 1024.0, static_cast<double>(bits(l23->ecx, 0, 7)),
                     amd_ways(bits(l23->ecx, 12, 15)), source});
    if (bits(l23->edx, 18, 31))
      out.push_back({3, bits(l23->edx, 18, 31) * 524288.0, static_cast<double>(bits(l23->edx, 0, 7)),
                     amd_ways(bits(l23->edx, 12, 15)),
                     source + "; the whole package's level 3, of which one core may reach only its complex's share",
                     true});
  }
  return out;
}

}  // namespace

std::optional<DataTlb> cpuid_data_tlb(const Cpuid& cpuid) {
  const auto max = cpuid(0x80000000, 0);
  if (max && max->eax >= 0x80000006)
    if (const auto r = cpuid(0x80000006, 0); r && bits(r->ebx, 16, 27) && amd_ways(bits(r->ebx, 28, 31)))
      return DataTlb{static_cast<int>(bits(r->ebx, 16, 27)), amd_ways(bits(r->ebx, 28, 31)),
                     "the processor's report of its level 2 data TLB for 4 KiB pages (CPUID 0x80000006)"};
  DataTlb best;
  int best_level = 0;
  const auto first = cpuid(0x18, 0);
  for (std::uint32_t sub = 0; first && sub <= std::min<std::uint32_t>(first->eax, 16); ++sub) {
    const auto r = cpuid(0x18, sub);
    if (!r) break;
    const std::uint32_t type = bits(r->edx, 0, 4);
    const int level = static_cast<int>(bits(r->edx, 5, 7));
    if ((type != 1 && type != 3) || !bits(r->ebx, 0, 0) || level <= best_level) continue;  // data or unified, 4 KiB
    const int ways = static_cast<int>(bits(r->ebx, 16, 31));
    best.entries = ways * static_cast<int>(r->ecx);
    best.ways = bits(r->edx, 8, 8) ? -1 : ways;
    best.source = "the processor's report of its level " + std::to_string(level) + " TLB for 4 KiB pages (CPUID 0x18)";
    best_level = level;
  }
  if (best.entries <= 0) return std::nullopt;
  return best;
}

Cpuid host_cpuid() {
  return [](std::uint32_t leaf, std::uint32_t sub) -> std::optional<CpuidRegisters> {
#if defined(__x86_64__) || defined(__i386__)
    if (__get_cpuid_max(leaf & 0x80000000u, nullptr) < leaf) return std::nullopt;
    CpuidRegisters r;
    __cpuid_count(leaf, sub, r.eax, r.ebx, r.ecx, r.edx);
    return r;
#else
    (void)leaf, (void)sub;
    return std::nullopt;
#endif
  };
}

std::vector<CacheLevel> sysfs_cache_levels(const std::string& cpu_dir) {
  std::vector<CacheLevel> out;
  const fs::path dir = fs::path(cpu_dir) / "cache";
  for (int i = 0; fs::exists(dir / ("index" + std::to_string(i))); ++i) {
    const fs::path d = dir / ("index" + std::to_string(i));
    if (read_text(d / "type").rfind("Instruction", 0) == 0) continue;
    const std::string size = read_text(d / "size");
    double bytes = std::atof(size.c_str());
    if (size.find('K') != std::string::npos) bytes *= 1024;
    if (size.find('M') != std::string::npos) bytes *= 1048576;
    CacheLevel c;
    c.level = std::atoi(read_text(d / "level").c_str());
    c.bytes = bytes;
    c.line = std::atof(read_text(d / "coherency_line_size").c_str());
    c.ways = std::atoi(read_text(d / "ways_of_associativity").c_str());
    c.source = "the processor's report of its caches (CPUID, read from sysfs)";
    c.to_check = c.level >= 3;  // shared
    if (c.level > 0 && c.bytes > 0) out.push_back(c);
  }
  return out;
}

std::vector<CacheLevel> cpuid_cache_levels(const Cpuid& cpuid) {
  const std::string v = vendor(cpuid);
  if (v == "GenuineIntel") {
    if (auto levels = deterministic_leaf(cpuid, 4, "leaf 4"); !levels.empty()) return levels;
  }
  if (v == "AuthenticAMD" || v == "HygonGenuine") {
    const auto ext = cpuid(0x80000001, 0);
    const bool topology = ext && bits(ext->ecx, 22, 22);  // leaf 0x8000001D is valid
    if (topology)
      if (auto levels = deterministic_leaf(cpuid, 0x8000001D, "leaf 0x8000001D"); !levels.empty()) return levels;
    return amd_legacy_leaves(cpuid);
  }
  return {};
}

std::vector<CacheLevel> curve_cache_levels(const std::vector<std::pair<double, double>>& size_latency) {
  // A transition is a run of steps that each raise the latency by a fifth or
  // more; it ends a level when it raised the latency by half or more in all.
  std::vector<CacheLevel> out;
  auto level_at = [&](std::size_t i) {
    CacheLevel c;
    c.level = static_cast<int>(out.size()) + 1;
    c.bytes = size_latency[i].first;
    c.source = "estimated from the measured latency curve (a pointer chase at working sets doubling from " +
               std::to_string(static_cast<long>(size_latency.front().first / 1024)) +
               " KiB): the last working set before its latency rose by half";
    out.push_back(c);
  };
  std::size_t start = 0;
  bool rising = false;
  for (std::size_t i = 1; i < size_latency.size(); ++i) {
    const bool step = size_latency[i].second >= 1.2 * size_latency[i - 1].second;
    if (step && !rising) start = i - 1;
    if (!step && rising && size_latency[i - 1].second >= 1.5 * size_latency[start].second) level_at(start);
    rising = step;
  }
  if (rising && size_latency.back().second >= 1.5 * size_latency[start].second) level_at(start);
  return out;
}

std::optional<double> reached_size(const std::vector<std::pair<double, double>>& size_bandwidth) {
  if (size_bandwidth.size() < 2) return std::nullopt;
  const double level = size_bandwidth.front().second, memory = size_bandwidth.back().second;
  if (memory > 0.8 * level) return std::nullopt;
  const double half = (level + memory) / 2;
  double reached = size_bandwidth.front().first;
  for (const auto& [size, bandwidth] : size_bandwidth) {
    if (bandwidth < half) break;
    reached = size;
  }
  return reached;
}

bool served_by_level(double latency, double below, double memory) {
  return !(memory > below) || latency <= (below + memory) / 2;
}

std::optional<double> nearer_point(double inner, double at) {
  if (!(inner > 0) || !(at > 0)) return std::nullopt;
  const double next = std::round(std::sqrt(inner * at) / 4096) * 4096;
  if (next >= at) return std::nullopt;
  return next;
}

std::vector<double> reach_sizes(double below, double reported) {
  std::vector<double> out;
  if (!(below > 0) || !(reported > 0)) return out;
  const double step = kReachStep, last = std::min(2 * reported, 256.0 * 1048576);
  for (double s = 2 * below; s <= last; s *= step) out.push_back(std::round(s / 4096) * 4096);
  const double whole = std::round(reported / 4096) * 4096;
  if (whole > 2 * below && whole <= last) out.push_back(whole);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  if (out.size() < 3) out.clear();  // no curve to read a step from
  return out;
}

std::optional<double> tlb_reach(const std::vector<std::pair<double, double>>& pages_cost, double walk) {
  if (!(walk > 0) || pages_cost.empty() || pages_cost.front().second >= walk / 2) return std::nullopt;
  double reach = pages_cost.front().first;
  for (const auto& [pages, cost] : pages_cost) {
    if (cost >= walk / 2) break;
    reach = pages;
  }
  return reach;
}

std::vector<long> tlb_probe_pages() { return {256, 512, 1024, 2048, 4096, 8192}; }

std::vector<double> latency_curve_sizes() {
  std::vector<double> out;
  for (double s = 4096; s <= 256.0 * 1048576; s *= 2) out.push_back(s);
  return out;
}

}  // namespace pacer::calibrate
