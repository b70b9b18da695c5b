// Calibration on any machine of this project's kind: cache levels from
// sysfs, CPUID or the latency curve, each source presented or withheld;
// the measurement protocol's estimator; the whole calibration on a machine
// that reports no caches at all.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <cstring>
#include <map>
#include <unistd.h>

#include "resource_models/intcc/ir_classes.hpp"
#include "framework/constructs.hpp"
#include "frontends/xml/hardware_io.hpp"
#include "hw/calibrate/cache_levels.hpp"
#include "hw/calibrate/calibration.hpp"
#include "hw/calibrate/construct_benchmarks.hpp"
#include "hw/calibrate/core_window.hpp"
#include "studies/measurement.hpp"
#include "studies/memory_probe.hpp"

using namespace pacer;
using namespace pacer::calibrate;
namespace fs = std::filesystem;

namespace {

fs::path temp_dir(const std::string& name) {
  const fs::path d = fs::temp_directory_path() / (name + "-" + std::to_string(getpid()));
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

void write(const fs::path& p, const std::string& text) { std::ofstream(p) << text << "\n"; }

// A CPUID that answers only the leaves given.
Cpuid fake_cpuid(std::map<std::pair<std::uint32_t, std::uint32_t>, CpuidRegisters> leaves) {
  return [leaves](std::uint32_t leaf, std::uint32_t sub) -> std::optional<CpuidRegisters> {
    auto it = leaves.find({leaf, sub});
    if (it == leaves.end()) return std::nullopt;
    return it->second;
  };
}

Cpuid silent_cpuid() {
  return [](std::uint32_t, std::uint32_t) -> std::optional<CpuidRegisters> { return std::nullopt; };
}

// "AuthenticAMD" / "GenuineIntel" in EBX, EDX, ECX.
CpuidRegisters vendor(const char* v) {
  CpuidRegisters r;
  r.eax = 0xd;
  std::memcpy(&r.ebx, v, 4);
  std::memcpy(&r.edx, v + 4, 4);
  std::memcpy(&r.ecx, v + 8, 4);
  return r;
}

}  // namespace

TEST_CASE("cache levels from sysfs, and none from a sysfs that lists no caches", "[calibrate][caches]") {
  const fs::path cpu = temp_dir("sysfs-cpu0");
  CHECK(sysfs_cache_levels(cpu.string()).empty());
  const std::vector<std::tuple<const char*, const char*, const char*, const char*>> index = {
      {"Data", "1", "48K", "12"}, {"Instruction", "1", "32K", "8"}, {"Unified", "2", "1024K", "16"}, {"Unified", "3", "32768K", "16"}};
  for (std::size_t i = 0; i < index.size(); ++i) {
    const fs::path d = cpu / "cache" / ("index" + std::to_string(i));
    fs::create_directories(d);
    write(d / "type", std::get<0>(index[i]));
    write(d / "level", std::get<1>(index[i]));
    write(d / "size", std::get<2>(index[i]));
    write(d / "ways_of_associativity", std::get<3>(index[i]));
    write(d / "coherency_line_size", "64");
  }
  const auto levels = sysfs_cache_levels(cpu.string());
  REQUIRE(levels.size() == 3);  // the instruction cache is left out
  CHECK(levels[0].level == 1);
  CHECK(levels[0].bytes == 48 * 1024);
  CHECK(levels[0].ways == 12);
  CHECK(levels[2].bytes == 32 * 1048576);
  CHECK(levels[2].line == 64);
  CHECK(levels[2].to_check);  // a level 3 is shared: calibration checks how much of it one core reaches
  CHECK(!levels[1].to_check);
  fs::remove_all(cpu);
}

TEST_CASE("cache levels from CPUID: Intel leaf 4, AMD leaf 0x8000001D, AMD's older leaves, and nothing", "[calibrate][caches]") {
  CHECK(cpuid_cache_levels(silent_cpuid()).empty());
  // A vendor but no cache leaf answered: still nothing, and no exception.
  CHECK(cpuid_cache_levels(fake_cpuid({{{0, 0}, vendor("AuthenticAMD")}})).empty());
  CHECK(cpuid_cache_levels(fake_cpuid({{{0, 0}, vendor("GenuineIntel")}})).empty());

  // Intel leaf 4: L1d 48 KiB (12 ways x 1 partition x 64 B x 64 sets), then L2 2 MiB.
  auto leaf4 = [](std::uint32_t type, std::uint32_t level, std::uint32_t ways, std::uint32_t sets) {
    CpuidRegisters r;
    r.eax = type | level << 5;
    r.ebx = 63 | 0u << 12 | (ways - 1) << 22;
    r.ecx = sets - 1;
    return r;
  };
  const auto intel = cpuid_cache_levels(fake_cpuid({{{0, 0}, vendor("GenuineIntel")},
                                                     {{4, 0}, leaf4(1, 1, 12, 64)},
                                                     {{4, 1}, leaf4(2, 1, 8, 64)},
                                                     {{4, 2}, leaf4(3, 2, 16, 2048)},
                                                     {{4, 3}, leaf4(3, 3, 12, 49152)},
                                                     {{4, 4}, CpuidRegisters{}}}));
  REQUIRE(intel.size() == 3);
  CHECK(intel[0].bytes == 48 * 1024);
  CHECK(intel[0].ways == 12);
  CHECK(intel[1].level == 2);
  CHECK(intel[1].bytes == 2 * 1048576);
  CHECK_THAT(intel[1].source, Catch::Contains("leaf 4"));
  CHECK(intel[2].bytes == 36 * 1048576);
  CHECK(intel[2].to_check);  // shared by the package's cores: checked against bandwidth
  CHECK(!intel[1].to_check);

  // AMD with topology extensions: leaf 0x8000001D, the same layout.
  CpuidRegisters ext;
  ext.ecx = 1u << 22;
  const auto amd = cpuid_cache_levels(fake_cpuid({{{0, 0}, vendor("AuthenticAMD")},
                                                   {{0x80000001, 0}, ext},
                                                   {{0x8000001D, 0}, leaf4(1, 1, 12, 64)},
                                                   {{0x8000001D, 1}, leaf4(3, 2, 16, 1024)},
                                                   {{0x8000001D, 2}, CpuidRegisters{}}}));
  REQUIRE(amd.size() == 2);
  CHECK(amd[1].bytes == 1048576);

  // AMD without them (this project's virtual machines): the registers one of
  // them returned for leaves 0x80000005 and 0x80000006.
  CpuidRegisters max, l1, l23;
  max.eax = 0x80000021;
  l1.ecx = 0x300c0140;
  l23.ecx = 0x04006140;
  l23.edx = 0x0fe09140;
  const auto legacy = cpuid_cache_levels(fake_cpuid({{{0, 0}, vendor("AuthenticAMD")},
                                                      {{0x80000000, 0}, max},
                                                      {{0x80000001, 0}, CpuidRegisters{}},
                                                      {{0x80000005, 0}, l1},
                                                      {{0x80000006, 0}, l23}}));
  REQUIRE(legacy.size() == 3);
  CHECK(legacy[0].bytes == 48 * 1024);
  CHECK(legacy[0].ways == 12);
  CHECK(legacy[0].line == 64);
  CHECK(legacy[1].bytes == 1024 * 1024);
  CHECK(legacy[1].ways == 8);
  CHECK(legacy[2].bytes == 1016 * 524288.0);  // the whole package's level 3 ...
  CHECK(legacy[2].to_check);                   // ... which calibration checks against bandwidth
  CHECK(!legacy[1].to_check);
}

TEST_CASE("the data TLB from CPUID: AMD leaf 0x80000006, Intel leaf 0x18, and nothing", "[calibrate][caches]") {
  CHECK(!cpuid_data_tlb(silent_cpuid()));
  // AMD: 2048 entries, 8 ways (code 6), for 4 KiB pages in EBX (this VM's Zen 3 answers 0x68004200).
  CpuidRegisters max, l2;
  max.eax = 0x80000008;
  l2.ebx = 0x68004200;
  const auto amd = cpuid_data_tlb(fake_cpuid({{{0x80000000, 0}, max}, {{0x80000006, 0}, l2}}));
  REQUIRE(amd);
  CHECK(amd->entries == 2048);
  CHECK(amd->ways == 8);
  // Intel: leaf 0x18 lists the level 1 data TLB (64 entries, 4 ways x 16
  // sets) and the level 2 unified one (2048: 16 ways x 128 sets); the
  // higher level is taken, and an instruction TLB is not.
  auto leaf18 = [](std::uint32_t type, std::uint32_t level, std::uint32_t ways, std::uint32_t sets) {
    CpuidRegisters r;
    r.ebx = 1 | ways << 16;  // maps 4 KiB pages
    r.ecx = sets;
    r.edx = type | level << 5;
    return r;
  };
  CpuidRegisters first = leaf18(1, 1, 4, 16);
  first.eax = 3;
  const auto intel = cpuid_data_tlb(fake_cpuid({{{0x18, 0}, first},
                                                {{0x18, 1}, leaf18(3, 2, 16, 128)},
                                                {{0x18, 2}, leaf18(2, 3, 8, 1024)},
                                                {{0x18, 3}, CpuidRegisters{}}}));
  REQUIRE(intel);
  CHECK(intel->entries == 2048);
  CHECK(intel->ways == 16);
}

TEST_CASE("cache levels from the latency curve, how much of a level one core reaches, and the TLB's reach", "[calibrate][caches]") {
  // 1 ns up to 32 KiB, 4 ns to 512 KiB, 15 ns to 16 MiB, then 100 ns.
  std::vector<std::pair<double, double>> curve;
  for (double s : latency_curve_sizes()) {
    const double ns = s <= 32768 ? 1 : s <= 524288 ? 4 + s / 1e6 : s <= 16 * 1048576.0 ? 15 : 100;
    curve.emplace_back(s, ns * 1e-9);
  }
  const auto levels = curve_cache_levels(curve);
  REQUIRE(levels.size() == 3);
  CHECK(levels[0].bytes == 32768);
  CHECK(levels[1].bytes == 524288);
  CHECK(levels[2].bytes == 16 * 1048576.0);
  CHECK_THAT(levels[0].source, Catch::Contains("latency curve"));
  // A flat curve shows no level.
  CHECK(curve_cache_levels({{4096, 1e-9}, {8192, 1.1e-9}, {16384, 1.05e-9}}).empty());
  // A level whose latency climbs over several points is one level.
  const auto climb = curve_cache_levels({{1e5, 4e-9}, {2e5, 4e-9}, {4e5, 6e-9}, {8e5, 9e-9}, {1.6e6, 12e-9}, {3.2e6, 12.5e-9}});
  REQUIRE(climb.size() == 1);
  CHECK(climb[0].bytes == 2e5);

  // Read bandwidth 60 GB/s up to 16 MiB, then 30: the level reaches 16 MiB.
  std::vector<std::pair<double, double>> bw;
  for (double s = 2 * 1048576.0; s <= 1024 * 1048576.0; s *= 2) bw.emplace_back(s, s <= 16 * 1048576.0 ? 60e9 : 30e9);
  CHECK(reached_size(bw) == Approx(16 * 1048576.0));
  // No step: nothing to say.
  CHECK(!reached_size({{1e6, 60e9}, {2e6, 58e9}, {4e6, 57e9}}));
  // A level 3 chase of 17 ns between level 2's 4 and memory's 170 was
  // served by it; one of 123 ns went to memory; 51 ns, under halfway (87),
  // counts as served. Without a slower memory there is nothing to judge.
  CHECK(served_by_level(17e-9, 4e-9, 170e-9));
  CHECK(!served_by_level(123e-9, 4e-9, 170e-9));
  CHECK(served_by_level(51e-9, 4e-9, 170e-9));
  CHECK(served_by_level(123e-9, 4e-9, 0));
  // Measured again nearer level 2 (1 MiB): from 5.66 MiB to 3.36 MiB, then
  // 2.59 MiB, on 4 KiB pages; never at or beyond the point it leaves.
  const double mib = 1048576;
  const auto first = nearer_point(2 * mib, 5931008);
  REQUIRE(first);
  CHECK(*first == Approx(std::sqrt(2 * mib * 5931008)).margin(2048));
  CHECK(std::fmod(*first, 4096) == 0);
  const auto second = nearer_point(2 * mib, *first);
  REQUIRE(second);
  CHECK(*second < *first);
  CHECK(*second > 2 * mib);
  CHECK(!nearer_point(2 * mib, 2 * mib));
  REQUIRE(nearer_point(2 * mib, 2 * mib + 4096));
  CHECK(*nearer_point(2 * mib, 2 * mib + 4096) == 2 * mib);  // one page away: twice level 2 itself
  CHECK(!nearer_point(0, 5931008));
  // The curve for a level 3 reported as 32 MiB above a 1 MiB level 2: from
  // 2 MiB to 64 MiB, a fifth apart (16, 19, 22.6, 26.9 MiB, ...).
  const auto sizes = reach_sizes(1048576, 32 * 1048576.0);
  REQUIRE(sizes.size() == 21);
  CHECK(sizes.front() == 2 * 1048576.0);
  CHECK(sizes.back() == 64 * 1048576.0);
  for (std::size_t i = 1; i < sizes.size(); ++i) CHECK(sizes[i] / sizes[i - 1] == Approx(1.1892).epsilon(0.002));
  // A reported size off the grid is read too, so that a level one core
  // reaches whole is not cut to the point below it.
  const auto off_grid = reach_sizes(2 * 1048576.0, 36 * 1048576.0);
  CHECK(std::count(off_grid.begin(), off_grid.end(), 36 * 1048576.0) == 1);
  CHECK(std::is_sorted(off_grid.begin(), off_grid.end()));
  // A package-wide report is read no further than 256 MiB; a level hardly
  // larger than the one below, or of no size, gives no curve.
  CHECK(reach_sizes(1048576, 508 * 1048576.0).back() <= 256 * 1048576.0);
  CHECK(reach_sizes(1048576, 1.2 * 1048576).empty());
  CHECK(reach_sizes(0, 32 * 1048576.0).empty());

  // Loads over 256 to 2048 pages cost no page walk, over 4096 a third of
  // one, over 8192 most of one (2 ns): the TLB holds 4096 pages at least.
  const std::vector<std::pair<double, double>> pages = {
      {256, 0.02e-9}, {512, 0.01e-9}, {1024, 0.03e-9}, {2048, 0.05e-9}, {4096, 0.7e-9}, {8192, 1.8e-9}};
  CHECK(tlb_reach(pages, 2e-9) == Approx(4096));
  CHECK(!tlb_reach({{256, 1.5e-9}, {512, 1.9e-9}}, 2e-9));  // every load walks already
  CHECK(!tlb_reach(pages, 0));                              // no walk to compare with
  CHECK(tlb_reach({{256, 0}, {8192, 0.1e-9}}, 2e-9) == Approx(8192));  // more than the probes reach
}

TEST_CASE("a queue's capacity from two misses that overlap until what waits between them fills it", "[calibrate]") {
  // The harness's timings, several repetitions a point: the fastest counts.
  const std::map<std::string, std::vector<double>> t = {
      {"window:load:16", {150e-9, 190e-9}}, {"window:load:192", {175e-9}}, {"window:load:224", {310e-9, 305e-9}},
      {"window:load:32", {151e-9}},         {"window:load:256", {311e-9}}, {"window:nop:64", {148e-9}},
      {"window:fp:16", {148e-9}},           {"window:fp:384", {202e-9}}};
  const std::vector<WindowPoint> load = window_points(t, "load");
  REQUIRE(load.size() == 5);
  CHECK(load.front().waiting == 16);  // by N, not by name
  CHECK(load.front().seconds == 150e-9);
  CHECK(load.back().waiting == 256);
  const WindowStep step = window_step(load);
  CHECK(step.lower == 192);  // still overlapped, its own execution slows it a little
  CHECK(step.upper == 224);  // the second miss waits for the first
  const WindowStep none = window_step(window_points(t, "fp"));
  CHECK(none.lower == 384);
  CHECK(none.upper == 0);  // never stepped: bounded by something else
  CHECK(window_step({}).upper == 0);
  // A point a neighbour slowed, with faster ones after it, is not the step.
  const WindowStep noisy = window_step({{16, 150e-9}, {64, 290e-9}, {128, 160e-9}, {192, 300e-9}, {256, 310e-9}});
  CHECK(noisy.lower == 128);
  CHECK(noisy.upper == 192);
  // Nor does a first point a neighbour slowed hide the step.
  const WindowStep slow_start = window_step({{16, 300e-9}, {64, 150e-9}, {128, 155e-9}, {192, 300e-9}, {256, 310e-9}});
  CHECK(slow_start.lower == 128);
  CHECK(slow_start.upper == 192);
  // The floating-point queue's sweep: a chain queued behind the shuffles
  // costs a third of the miss more once they fill the queue (a Zen 5).
  const std::vector<WindowPoint> fp = {{16, 175e-9}, {32, 173e-9}, {48, 181e-9}, {64, 176e-9},
                                       {80, 222e-9}, {96, 227e-9}, {128, 225e-9}, {192, 241e-9}};
  const auto fp_kind = std::find_if(window_kinds().begin(), window_kinds().end(),
                                    [](const WindowKind& k) { return std::string(k.param) == "fp_queue"; });
  REQUIRE(fp_kind != window_kinds().end());
  const WindowStep queue = window_step(fp, fp_kind->jump);
  CHECK(queue.lower == 64);
  CHECK(queue.upper == 80);
  CHECK(window_step(fp).upper == 0);  // not two misses' doubling
  // Every kind names the figure it gives, the window first.
  CHECK(std::string(window_kinds().front().param) == "reorder_buffer");
}

TEST_CASE("the measurement protocol's estimate, its uncertainty and when it can judge", "[measurement]") {
  Measurement steady;
  steady.rounds = {{10, 10, 10, 12, 10}, {10, 10.1, 10, 10, 15}, {10, 10, 9.9, 10, 10}};
  estimate(steady, 3);
  CHECK(steady.seconds == Approx(10));  // interference only adds time: outliers do not move it
  CHECK(steady.judgeable);
  CHECK(steady.uncertainty_percent == Approx(between_studies_percent));  // the rounds agree: the floor
  CHECK(steady.runs().size() == 15);

  // One round 10% slower: the low quantile keeps the quiet rounds' time, and
  // the uncertainty owns up to the drift between rounds.
  Measurement drift;
  drift.rounds = {{10, 10, 10}, {11, 11, 11}, {10, 10, 10}};
  estimate(drift, 3);
  CHECK(drift.seconds == Approx(10));
  CHECK(drift.uncertainty_percent > 4);
  CHECK(!drift.judgeable);

  Measurement none;
  estimate(none, 3);
  CHECK(!none.judgeable);

  // The host's clock fell 10% between rounds and the time rose with it: at
  // the reference clock both rounds cost the same cycles, so the estimate is
  // known as well as in a steady study; as measured it drifted.
  Measurement slowed;
  slowed.rounds = {{10, 10, 10}, {11, 11, 11}, {10, 10, 10}};
  slowed.clocks = {4.4e9, 4.4e9, 4.4e9, 4.0e9, 4.0e9, 4.0e9, 4.4e9, 4.4e9, 4.4e9};
  slowed.reference_hz = 4.0e9;
  estimate(slowed, 3);
  CHECK(slowed.at_reference());
  CHECK(slowed.seconds == Approx(11));
  CHECK(slowed.wall_seconds == Approx(10));
  CHECK(slowed.uncertainty_percent == Approx(between_studies_percent));
  CHECK(slowed.judgeable);
  // An interrupted run (slow) whose probe read half the clock does not look
  // fast (15 ms x 2 / 4 GHz would be 7.5 ms at the reference clock).
  slowed.clocks[0] = 2.0e9;
  slowed.rounds[0][0] = 15;
  estimate(slowed, 3);
  CHECK(slowed.seconds == Approx(11));
  slowed.clocks[0] = 4.4e9;
  slowed.rounds[0][0] = 10;
  // Code the memory paces (elasticity 0) does not move with the clock: as
  // measured, its rounds disagree; half paced by it, half the move is taken out.
  slowed.clock_elasticity = 0;
  estimate(slowed, 3);
  CHECK(slowed.seconds == Approx(10));
  CHECK(!slowed.judgeable);
  slowed.clock_elasticity = 0.5;
  estimate(slowed, 3);
  CHECK(slowed.seconds == Approx(10 * std::sqrt(1.1)));
  slowed.clock_elasticity = 1;
  // One run without a probed clock: every run stays as measured.
  slowed.clocks[4] = 0;
  estimate(slowed, 3);
  CHECK(!slowed.at_reference());
  CHECK(slowed.seconds == Approx(10));
  CHECK(!slowed.judgeable);
}

namespace {

// Rounds of runs (seconds), each beside a memory that read at its rate, the
// quietest of the study 44 GB/s; estimated for a 3% judgement.
Measurement probed(std::vector<std::vector<double>> rounds, std::vector<double> memory_rates) {
  Measurement m;
  m.rounds = std::move(rounds);
  m.memory_rates = std::move(memory_rates);
  m.quiet_memory_rate = 44e9;
  estimate(m, 3);
  return m;
}

}  // namespace

TEST_CASE("rounds run beside other tenants' memory traffic are left out of the estimate", "[measurement]") {
  // The second round ran while the memory read at 30 GB/s of a quiet 44: its
  // runs are 20% slower, and the estimate is the other rounds'.
  Measurement m = probed({{10, 10.1, 10}, {12, 12, 12.1}, {10, 10, 10.1}}, {44e9, 30e9, 42e9});
  CHECK(m.counted == std::vector<bool>{true, false, true});
  CHECK(m.quiet_rounds == 2);
  CHECK(!m.memory_slowed);
  CHECK(m.seconds == Approx(10));
  CHECK(m.judgeable);
  // Every round slowed: an estimate is still given, but it cannot judge.
  m.memory_rates = {30e9, 30e9, 31e9};
  estimate(m, 3);
  CHECK(m.quiet_rounds == 0);
  CHECK(m.counted_rounds() == 3);  // every round gives the time
  CHECK(m.memory_slowed);
  CHECK(m.seconds > 0);
  CHECK(!m.judgeable);
  // One quiet round shows no drift between rounds: not enough to judge.
  m.memory_rates = {44e9, 30e9, 30e9};
  estimate(m, 3);
  CHECK(m.quiet_rounds == 1);
  CHECK(m.memory_slowed);
  CHECK(!m.judgeable);
  // Without probes every round counts, as before.
  m.memory_rates.clear();
  estimate(m, 3);
  CHECK(m.quiet_rounds == 3);
  CHECK(!m.memory_slowed);
}

TEST_CASE("a slowed memory leaves a round out only as far as it could move the code's time", "[measurement]") {
  // The memory read at 44 GB/s once and 30-31 in every round. Code it paces
  // (a tolerance of 75% of the quietest) ran slowed in all of them; code in
  // the caches (none) did not.
  Measurement m = probed({{10, 10.1, 10}, {10, 10, 10.1}, {10, 10.1, 10}}, {30e9, 31e9, 30e9});
  CHECK(m.quiet_enough_rate() == Approx(33e9));
  CHECK(m.quiet_rounds == 0);
  CHECK(m.memory_slowed);
  CHECK(!m.judgeable);
  m.memory_tolerance = 0;
  estimate(m, 3);
  CHECK(m.quiet_enough_rate() == 0);
  CHECK(m.quiet_rounds == 3);
  CHECK(m.judgeable);
  // Paced in part: rounds down to half the quietest rate count.
  m.memory_tolerance = 0.5;
  m.memory_rates = {30e9, 20e9, 30e9};
  estimate(m, 3);
  CHECK(m.quiet_enough_rate() == Approx(22e9));
  CHECK(m.counted == std::vector<bool>{true, false, true});
  CHECK(m.judgeable);
  // One round, and memory that moves nothing: not a slowed memory's fault.
  m.memory_tolerance = 0;
  m.rounds = {{10, 10.1, 10}};
  m.memory_rates = {20e9};
  estimate(m, 3);
  CHECK(!m.memory_slowed);
}

TEST_CASE("a memory probe reads the memory at a rate a machine can have", "[measurement]") {
  MemoryProbe probe(std::size_t{8} << 20);
  const double first = probe.probe();
  CHECK(first > 1e8);   // 100 MB/s: slower than any memory of this century
  CHECK(first < 1e13);  // 10 TB/s: faster than any one core reads
  probe.probe();
  CHECK(probe.quiet_rate() >= first);
}

TEST_CASE("calibration on a machine whose sysfs and CPUID report no caches", "[calibrate][caches][cli]") {
  CalibrationOptions o;
  o.repetition_seconds = 0.002;
  o.cpu_dir = temp_dir("no-caches").string();
  o.cpuid = silent_cpuid();
  const Calibration c = pacer::calibrate::calibrate(o);
  const Hardware hw = read_hardware_string(hardware_to_xml(c.hardware, calibration_comment(c)), "calibrated.xml");  // it reads back
  const HwSection& mem = hw.sections.at("memory");
  // Levels come from the latency curve, marked as estimates, or are declared
  // unknown with the reason: never missing without a word.
  for (const char* p : {"l1_size", "l2_size", "l3_size", "line_size"}) {
    INFO(p);
    CHECK((mem.params.count(p) || mem.unknown.count(p)));
    if (mem.params.count(p)) CHECK(mem.params.at(p).estimated);
  }
  CHECK(mem.unknown.count("line_size"));  // the latency curve cannot see a line
  CHECK(mem.params.count("mem_latency"));
  CHECK(mem.params.count("mem_bandwidth"));
  // What a line no prefetcher follows costs, and the page that decides it.
  REQUIRE(mem.params.count("mem_scattered_line"));
  CHECK(mem.params.at("mem_scattered_line").value > 0);
  // How far memory's transfers overlap the core's independent work: a
  // share, measured (a level the curve found gets one too).
  REQUIRE(mem.params.count("mem_overlap"));
  CHECK(mem.params.at("mem_overlap").value >= 0);
  CHECK(mem.params.at("mem_overlap").value <= 1);
  CHECK_THAT(mem.params.at("mem_overlap").source, Catch::Contains("beside independent integer additions"));
  CHECK(mem.params.at("page_size").value >= 4096);
  // CPUID says nothing of the TLB here: its size is what the loads over
  // 256 to 8192 pages show, or unknown with the reason, and what a miss
  // costs is still measured.
  CHECK((mem.params.count("tlb_entries") || mem.unknown.count("tlb_entries")));
  if (mem.params.count("tlb_entries")) {
    CHECK_THAT(mem.params.at("tlb_entries").source, Catch::Contains("measured by pacer calibrate"));
    CHECK(mem.params.at("tlb_entries").value >= 256);
  }
  REQUIRE(mem.params.count("page_walk"));
  CHECK(mem.params.at("page_walk").value > 0);  // a miss costs something
  // A first touch of fresh memory is a minor fault of the system's: far
  // dearer than a page walk, under a millisecond.
  REQUIRE(mem.params.count("page_fault"));
  CHECK(mem.params.at("page_fault").value > 10 * mem.params.at("page_walk").value);
  CHECK(mem.params.at("page_fault").value < 1e-3);
  // A page read first is mapped to the system's page of zeros, and a write
  // after copies it: both faults, both measured.
  for (const char* kind : {"page_fault_read", "page_fault_copy"}) {
    INFO(kind);
    REQUIRE(mem.params.count(kind));
    CHECK(mem.params.at(kind).value > mem.params.at("page_walk").value);
    CHECK(mem.params.at(kind).value < 1e-3);
  }
#if defined(__x86_64__)
  // The core's width and queues, by which ICC corrects LLVM's CPU model.
  const HwSection& icc = hw.sections.at("icc");
  REQUIRE(icc.params.count("dispatch_width"));
  CHECK(icc.params.at("dispatch_width").value >= 2);
  CHECK(icc.params.at("dispatch_width").value <= 16);
  // The window and queues: measured, or unknown with the reason where the
  // filler never fills them (two misses still overlap with 768 nops
  // between them on a Zen 4).
  REQUIRE((icc.params.count("reorder_buffer") || icc.unknown.count("reorder_buffer")));
  REQUIRE(icc.params.count("fp_bypass"));
  CHECK(icc.params.at("fp_bypass").value >= 0);
  // A bitwise operation's latency: at least a cycle; its bypass from an add.
  REQUIRE(icc.params.count("fp_logic"));
  CHECK(icc.params.at("fp_logic").value >= 0.5 * icc.params.at("t_cyc").value);
  REQUIRE(icc.params.count("fp_logic_bypass"));
  CHECK(icc.params.at("fp_logic_bypass").value >= 0);
  // Vector loads and stores: a load at least a tenth of a cycle; two loads
  // and a store at least about the two loads' time (a neighbour may slow
  // the loads' benchmark alone).
  REQUIRE(icc.params.count("vector_load"));
  REQUIRE(icc.params.count("vector_load_store"));
  CHECK(icc.params.at("vector_load").value >= 0.1 * icc.params.at("t_cyc").value);
  CHECK(icc.params.at("vector_load_store").value >= 1.2 * icc.params.at("vector_load").value);
  for (const WindowKind& k : window_kinds()) {
    INFO(k.param);
    REQUIRE((icc.params.count(k.param) || icc.unknown.count(k.param)));
    if (!icc.params.count(k.param)) {
      CHECK_THAT(icc.unknown.at(k.param), Catch::Contains("still with"));
      continue;
    }
    CHECK(icc.params.at(k.param).value >= 16);
    if (icc.params.count("reorder_buffer"))
      CHECK(icc.params.at(k.param).value <= icc.params.at("reorder_buffer").value);
  }
#endif
  bool said = false;
  for (const auto& n : c.notes) said = said || n.find("CPUID reports no caches") != std::string::npos;
  CHECK(said);
  // Every construct, and every pair of pipelines measured together (HLLC+).
  const HwSection& hllc = hw.sections.at("hllc");
  CHECK(hllc.params.size() == constructs().size() + pipeline_pair_benchmarks().size());
  CHECK(pipeline_pair_benchmarks().size() == 10);  // five pipelines, two at a time
  for (const auto& pair : pipeline_pair_benchmarks()) {
    INFO(pair.construct);
    REQUIRE(hllc.params.count(pair.construct));
    CHECK(hllc.params.at(pair.construct).source.find("measured by pacer calibrate") != std::string::npos);
  }
  // IntCC's cost vector: every class, and the vector classes measured by
  // their own benchmarks.
  const HwSection& ir = hw.sections.at("intcc");
  for (const IrClass& k : ir_classes()) CHECK((ir.params.count(k.name) || ir.unknown.count(k.name)));
  REQUIRE(ir.params.count("double_add.v2"));
  CHECK(ir.params.at("double_add.v2").value > 0);
  CHECK(ir.params.at("double_add.v2").dependent > 0);
  CHECK(ir.params.at("store.v2").source.find("measured by pacer calibrate") != std::string::npos);
  CHECK(hw.has("ct", "region_cost"));
  fs::remove_all(o.cpu_dir);
}
