#include "hw/calibrate/calibration.hpp"

#include <stdio.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <tuple>

#include "framework/constructs.hpp"
#include "framework/cpu_info.hpp"
#include "framework/format.hpp"
#include "framework/program_run.hpp"
#include "framework/scratch_dir.hpp"
#include "framework/statistics.hpp"
#include "frontends/clang/clang_module.hpp"
#include "hw/calibrate/construct_benchmarks.hpp"
#include "resource_models/intcc/ir_classes.hpp"
#include "hw/calibrate/cache_levels.hpp"
#include "hw/calibrate/core_window.hpp"
#include "hw/calibrate/region_cost.hpp"

namespace pacer::calibrate {

namespace fs = std::filesystem;

namespace {

// Seconds per repetition of each benchmark, as the harness wrote them.
using Timings = std::map<std::string, std::vector<double>>;

std::string first_line_of(const std::vector<std::string>& argv) {
  std::string line = capture_output(argv);
  line = line.substr(0, line.find('\n'));
  while (!line.empty() && line.back() == '\r') line.pop_back();
  return line;
}


// The CPU whose scheduling model ICC prices with. LLVM knows the host, or a
// newer part of a family it knows the latest member of.
std::string scheduling_cpu(std::vector<std::string>& notes) {
  std::string host = host_cpu_name();
  if (host != "generic" && !host.empty()) return host;
  const std::string vendor = cpuinfo_field("vendor_id");
  const int family = std::atoi(cpuinfo_field("cpu family").c_str());
  if (vendor == "AuthenticAMD" && family >= 0x19) {
    notes.push_back("LLVM " + llvm_version() + " does not know this processor (AMD family " + std::to_string(family) +
                    "); ICC uses znver4, the newest Zen scheduling model it has");
    return "znver4";
  }
  notes.push_back("LLVM does not know this processor; ICC uses the generic x86-64 model");
  return "x86-64";
}

Timings parse_timings(const fs::path& file) {
  Timings t;
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);) {
    std::istringstream s(line);
    std::string name;
    long reps = 0;
    s >> name >> reps;
    for (double v; s >> v;) t[name].push_back(v);
  }
  return t;
}

const std::vector<double>& timing(const Timings& t, const std::string& name) {
  auto it = t.find(name);
  if (it == t.end() || it->second.empty()) throw InputError("the calibration harness gave no timing for '" + name + "'");
  return it->second;
}

Figure measured(double value, double spread, double written_factor, const std::string& unit,
                const std::string& source) {
  Figure f;
  f.value = value;
  f.written = value / written_factor;
  f.unit = unit;
  f.spread = spread;
  f.source = source;
  return f;
}

// Per operation, from seconds per repetition: the overlapped form with the
// loop's cost subtracted; the chained form without, since the loop's
// counter runs beside the chain and adds nothing to its length.
std::vector<double> per_op(const std::vector<double>& reps, double baseline) {
  std::vector<double> out;
  for (double r : reps) out.push_back((r - baseline) / ops_per_repetition);
  return out;
}

class Calibrator {
 public:
  Calibrator(const CalibrationOptions& o, Calibration& c) : o_(o), c_(c) {}

  void run() {
    const auto start = std::chrono::steady_clock::now();
    Hardware& hw = c_.hardware;
    hw.name = o_.name;
    const std::string model = cpuinfo_field("model name");
    hw.description = "this machine (" + (model.empty() ? std::string("unknown processor") : model) +
                     "), measured by pacer calibrate";
    ScratchDir dir("pacer-calibrate");
    const fs::path program = compile(dir.path);
    levels_ = find_levels(program, dir.path);
    std::vector<std::string> args;
    for (const auto& [name, bytes] : memory_points()) args.push_back(name + "=" + std::to_string(bytes));
    tlb_ = cpuid_data_tlb(o_.cpuid);
    args.push_back("walk=" + std::to_string(walk_pages()));
    args.push_back("fault=" + std::to_string(kFaultPages));
    for (long pages : tlb_probe_pages())
      if (pages < walk_pages()) args.push_back("walk=" + std::to_string(pages));
    if (const long bytes = level2_point(); bytes > 0)
      for (const auto& [sets, stride] : set_walks())
        args.push_back("stride" + std::to_string(stride) + "=" + std::to_string(bytes));
    if (const auto walk = level3_set_walk())
      for (const char* kind : {"matrix", "wmatrix"})  // with loads, then with stores
        args.push_back(kind + std::to_string(walk->second) + "=" + std::to_string(walk->first));
    say("measuring (pinned to one core)");
    Timings t = run_harness(program, dir.path / "timings.txt", args);
    recheck_shared_levels(t, program, dir.path);
    costs(t);
    processor(t);
    memory(t);
    say("measuring what a timed region costs (component timing)");
    component_timing(dir.path / "regions");
    c_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }

 private:
  void say(const std::string& what) const {
    if (o_.progress) o_.progress(what);
  }

  HwSection& hllc_section() {
    HwSection& s = c_.hardware.sections["hllc"];
    s.name = "hllc";
    return s;
  }

  fs::path compile(const fs::path& dir) {
    const std::string source = construct_benchmark_program();
    const fs::path c = dir / "calibrate.c", program = dir / "calibrate";
    std::ofstream(c) << source;
    std::vector<std::string> argv = {compiler()};
    argv.insert(argv.end(), o_.flags.begin(), o_.flags.end());
    for (const std::string& a : {std::string("-w"), c.string(), std::string("-o"), program.string(), std::string("-lm")})
      argv.push_back(a);
    say("compiling the benchmarks with " + compiler());
    if (!run_program(argv).ok()) throw InputError("the compiler '" + compiler() + "' could not build the benchmarks");
    return program;
  }

  Timings run_harness(const fs::path& program, const fs::path& out, const std::vector<std::string>& args) const {
    std::vector<std::string> argv = {program.string(), out.string(), std::to_string(o_.repetition_seconds)};
    argv.insert(argv.end(), args.begin(), args.end());
    const int cpu = o_.cpu;
    ProgramRun r = run_program(argv, [cpu] { pin_to_cpu(cpu); });
    if (!r.ok()) throw InputError("the calibration benchmarks failed (" + r.describe() + "); nothing was written");
    return parse_timings(out);
  }

  // sysfs, then CPUID, then the latency curve (cache_levels.hpp).
  std::vector<CacheLevel> find_levels(const fs::path& program, const fs::path& dir) {
    auto l = sysfs_cache_levels(o_.cpu_dir);
    if (l.empty()) {
      c_.notes.push_back("sysfs lists no caches under " + o_.cpu_dir + "/cache");
      l = cpuid_cache_levels(o_.cpuid);
    }
    if (!l.empty()) {
      check_reach(l, program, dir);
      return l;
    }
    c_.notes.push_back("CPUID reports no caches");
    say("neither sysfs nor CPUID describes the caches; measuring the latency curve");
    auto levels = curve_cache_levels(latency_curve(latency_curve_sizes(), program, dir / "curve.txt"));
    if (levels.empty()) c_.notes.push_back("the latency curve shows no cache level");
    return levels;
  }

  // A level its report may overstate is measured: read bandwidth from twice
  // the level below it to twice its reported size (reach_sizes). A level 3 is shared by
  // every core of the package, and on a host of virtual machines by other
  // machines too, whose data hold part of it: on a Zen 5 virtual machine
  // that reported 32 MiB, reads of 16 MiB ran at 108-124 GB/s, of 24 MiB at
  // 45-51, of 32 MiB at memory's 41.
  void check_reach(std::vector<CacheLevel>& levels, const fs::path& program, const fs::path& dir) {
    for (std::size_t i = 1; i < levels.size(); ++i) {
      CacheLevel& l = levels[i];
      if (!l.to_check) continue;
      const std::vector<double> sizes = reach_sizes(levels[i - 1].bytes, l.bytes);
      if (sizes.empty()) continue;
      say("checking how much of level " + std::to_string(l.level) + " one core reaches");
      check_bandwidth_reach(l, sizes, program, dir);
    }
  }

  // One harness run over `sizes` of one memory-only benchmark ("curve": the
  // pointer chase; "bwcurve": the reads), each size's timings.
  std::vector<std::vector<double>> run_points(const std::string& kind, const std::vector<double>& sizes,
                                              const fs::path& program, const fs::path& out) const {
    std::vector<std::string> args = {"memory-only"};
    for (double s : sizes) args.push_back(kind + "=" + std::to_string(static_cast<long>(s)));
    const Timings t = run_harness(program, out, args);
    const std::string name = kind == "curve" ? "latency:curve:" : "bandwidth:bwcurve:";
    std::vector<std::vector<double>> out_times;
    for (double s : sizes) out_times.push_back(timing(t, name + std::to_string(static_cast<long>(s))));
    return out_times;
  }

  // The median chase latency (seconds) at each size.
  std::vector<std::pair<double, double>> latency_curve(const std::vector<double>& sizes, const fs::path& program,
                                                       const fs::path& out) const {
    const auto times = run_points("curve", sizes, program, out);
    std::vector<std::pair<double, double>> points;
    for (std::size_t k = 0; k < sizes.size(); ++k) points.emplace_back(sizes[k], median(times[k]));
    return points;
  }

  // The median read bandwidth (bytes per second) at each size.
  std::vector<std::pair<double, double>> bandwidth_curve(const std::vector<double>& sizes, const fs::path& program,
                                                         const fs::path& out) const {
    const auto times = run_points("bwcurve", sizes, program, out);
    std::vector<std::pair<double, double>> points;
    for (std::size_t k = 0; k < sizes.size(); ++k) {
      std::vector<double> bw;
      for (double x : times[k]) bw.push_back(sizes[k] / x);
      points.emplace_back(sizes[k], median(bw));
    }
    return points;
  }

  void check_bandwidth_reach(CacheLevel& l, const std::vector<double>& sizes, const fs::path& program,
                             const fs::path& dir) {
    // Cut only below the point under the reported size: a stream just past
    // a level's capacity falls to memory's bandwidth even when one core
    // reaches all of it.
    const auto reached = reached_size(bandwidth_curve(sizes, program, dir / "reach.txt"));
    if (!reached || *reached >= l.bytes / kReachStep) return;
    const std::string level = "level " + std::to_string(l.level), reported = mib(l.bytes), used = mib(*reached);
    c_.notes.push_back(level + " is reported as " + reported + ", but read bandwidth falls to memory's beyond " +
                       used + "; that is the size used");
    l.source = "measured by pacer calibrate: the largest working set read at " + level + " bandwidth (" +
               l.source + ": " + reported + ", which other cores and machines share)";
    l.reported = l.bytes;
    l.bytes = *reached;
  }

  // Streamed reads keep part of a shared level that the neighbours' work
  // takes from random ones, and the part moves from minute to minute: on a
  // Zen 4 virtual machine whose level 3 read at its bandwidth up to 16 MiB,
  // a pointer chase took 16 ns over 3 MiB and 120-145 ns, memory's, over
  // 4-6 MiB, and calibration wrote level 3's latency as 123-138 ns. A shared
  // level whose chase was not served by it (served_by_level) is measured
  // again nearer the level below, twice at most, each time midway (on a
  // log scale) to twice the level below, where no neighbour took it.
  void recheck_shared_levels(Timings& t, const fs::path& program, const fs::path& dir) {
    for (std::size_t i = 1; i < levels_.size(); ++i) {
      CacheLevel& l = levels_[i];
      if (!l.to_check || l.level > 3) continue;
      const std::string name = "l" + std::to_string(l.level), level = "level " + std::to_string(l.level);
      const auto latency = [&](const std::string& n) {
        for (const auto& [point, bytes] : memory_points())
          if (point == n) return std::pair{static_cast<double>(bytes), quantile(timing(t, "latency:" + n + ":" + std::to_string(bytes)), 0.1)};
        return std::pair{0.0, 0.0};
      };
      const double below = latency("l" + std::to_string(l.level - 1)).second, memory = latency("mem").second;
      const double inner = 2 * levels_[i - 1].bytes;
      auto [at, took] = latency(name);
      for (int attempt = 0; attempt < 2 && !served_by_level(took, below, memory); ++attempt) {
        const auto nearer = nearer_point(inner, at);
        if (!nearer) break;
        const double next = *nearer;
        c_.notes.push_back("a pointer chase over " + mib(at) + " of " + level + " took " + ns(took) + " (memory " +
                           ns(memory) + "): the neighbours held it; measured again over " + mib(next));
        say("measuring " + level + " again over " + mib(next));
        const Timings again = run_harness(program, dir / ("again" + std::to_string(attempt) + ".txt"),
                                          {"memory-only", name + "=" + std::to_string(static_cast<long>(next))});
        for (const auto& [key, values] : again) t[key] = values;
        l.latency_point = next;
        std::tie(at, took) = latency(name);
      }
      if (!served_by_level(took, below, memory))
        c_.notes.push_back("a pointer chase over " + mib(at) + " of " + level + " still took " + ns(took) +
                           ": the neighbours held the level throughout, and its figures are memory's");
    }
  }

  static std::string ns(double seconds) { return format_number(std::round(seconds * 1e10) / 10) + " ns"; }

  static std::string mib(double bytes) { return format_number(std::round(bytes / 1048576 * 10) / 10) + " MiB"; }

  std::string compiler() const { return o_.compiler.empty() ? std::string(PACER_CLANG) : o_.compiler; }

  // Where a level's figures are measured unless measured again nearer the
  // level below (recheck_shared_levels): see memory_points.
  static double usual_point(double below, const CacheLevel& l) {
    const double whole = std::min(std::max(l.bytes, l.reported), 2 * l.bytes);  // not a package's whole
    const double at = below > 0 && below < l.bytes ? std::sqrt(below * whole) : l.bytes / 2;
    return at > l.bytes ? std::sqrt(below * l.bytes) : at;
  }

  // Level 1 at half its size; each level beyond it midway (on a log scale)
  // between the level below and its own size: clearly past the level below,
  // whose lines a stream evicts, and a fraction of its own, which other
  // cores and, on a shared host, other machines' work also fill (a shared
  // level 3 measured at half its size gave pointer chases of 117-136 ns and
  // half the bandwidth of a 1 MiB stencil). Main memory at four times the last.
  // A level one core reaches only in part (check_reach) is measured where
  // its whole would be (at most twice the part: a package-wide report is
  // not one core's level), while that point lies within the part, and
  // memory at four times that whole: the part moves with the neighbours'
  // work, and the figures measured inside it should not move with it.
  std::vector<std::pair<std::string, long>> memory_points() const {
    std::vector<std::pair<std::string, long>> out;
    double last = 1 << 20, below = 0;
    for (const auto& l : levels_) {
      if (l.level > 3) continue;  // the descriptions name three levels
      const double whole = std::min(std::max(l.bytes, l.reported), 2 * l.bytes);  // not a package's whole
      const double at = l.latency_point > 0 ? l.latency_point : usual_point(below, l);
      out.emplace_back("l" + std::to_string(l.level), static_cast<long>(std::round(at / 4096) * 4096));
      below = l.bytes;
      last = whole;
    }
    // Four times the last level, at least 64 MiB and at most 1 GiB.
    out.emplace_back("mem", static_cast<long>(std::min(std::max(4 * last, 64.0 * 1048576), 1024.0 * 1048576)));
    return out;
  }

  // Level 1's sets a walk down a column reaches, 1 to 16, and the stride of
  // rows that reaches them (level 1 indexed within a page); none when its
  // geometry is not known.
  std::vector<std::pair<int, long>> set_walks() const {
    std::vector<std::pair<int, long>> out;
    for (const auto& l : levels_) {
      if (l.level != 1 || l.ways <= 0 || l.line <= 0) continue;
      const long sets = std::lround(l.bytes / (l.ways * l.line));
      for (int k = 1; k <= 16 && k <= sets; k *= 2) out.emplace_back(k, sets / k * std::lround(l.line));
    }
    return out;
  }
  // A walk down columns that crowd into one of level 1's sets, over bytes
  // that level 3 holds and level 2 cannot, each column of lines walked eight
  // times, as a matrix's columns of doubles are: eight times level 2, which
  // spreads a column's lines over the sets its pages' frames reach (on a
  // Zen 5, such walks over 1 and 2 MiB took 2.0 ns a line, over 8 MiB
  // 5.5-5.9 ns), and at most half of level 3. (bytes, stride); none when the
  // geometry is not known.
  static constexpr int kMatrixVisits = 8;  // a line's doubles: the harness's matrixS walk visits each line this often
  std::optional<std::pair<long, long>> level3_set_walk() const {
    const std::vector<std::pair<int, long>> walks = set_walks();
    double l2 = 0, l3 = 0;
    for (const auto& l : levels_) {
      if (l.level == 2) l2 = l.bytes;
      if (l.level == 3) l3 = l.bytes;
    }
    if (walks.empty() || walks.front().first != 1 || l2 <= 0 || l3 <= 0) return std::nullopt;
    const long stride = walks.front().second;
    const long bytes = static_cast<long>(std::min(8 * l2, l3 / 2)) / stride * stride;
    if (bytes <= 2 * l2) return std::nullopt;  // level 2 would hold much of it
    return std::pair{bytes, stride};
  }
  long level2_point() const {
    for (const auto& [name, bytes] : memory_points())
      if (name == "l2") return bytes;
    return 0;
  }

  // Each benchmark of a table ("construct:" or "irclass:"), less the loop
  // and what its statement also performs (entries measured before it).
  void measure(const Timings& t, double base, const std::vector<ConstructBenchmark>& table, const std::string& kind,
               std::map<std::string, double>& independent, HwSection& into) {
    for (const auto& b : table) {
      if (vector_bytes(b.construct) > 16 && !t.count(kind + b.construct + ":independent")) {
        into.unknown[b.construct] = "the calibration's flags give no register that holds " +
                                    std::to_string(vector_bytes(b.construct)) + " bytes";
        continue;
      }
      std::vector<double> v = per_op(timing(t, kind + b.construct + ":independent"), base);
      for (const auto& m : b.minus)
        for (double& x : v) x -= independent.at(m);
      Figure f = cost(v, "independent form: four interleaved chains, loop cost subtracted");
      if (!b.dependent.empty()) {
        std::vector<double> d = per_op(timing(t, kind + b.construct + ":dependent"), 0);
        for (const auto& m : b.minus)
          for (double& x : d) x -= independent.at(m);
        f.dependent = std::max(0.0, median(d));
      }
      independent[b.construct] = f.value;
      into.params[b.construct] = f;
    }
  }

  void costs(const Timings& t) {
    const double base = median(timing(t, "baseline"));
    std::map<std::string, double> independent;  // seconds, for what later constructs subtract
    measure(t, base, construct_benchmarks(), "construct:", independent, hllc_section());
    // One iteration of an empty loop, less the increment and test it counts apart.
    std::vector<double> loop = timing(t, "loop");
    for (double& x : loop) x -= independent.at("int_add") + independent.at("int_cmp");
    hllc_section().params["loop"] = cost(loop, "an empty counted loop, its increment and test subtracted");
    measure(t, base, pipeline_pair_benchmarks(), "pair:", independent, hllc_section());
    for (const auto& c : constructs())
      if (!hllc_section().params.count(std::string(c.name)))
        hllc_section().unknown[std::string(c.name)] = "pacer calibrate has no benchmark for it";
    // IntCC: the scalar classes from the constructs that measure them, the
    // vector classes from their own benchmarks.
    HwSection& ir = c_.hardware.sections["intcc"] = intcc_from_constructs(hllc_section());
    measure(t, base, ir_class_benchmarks(), "irclass:", independent, ir);
  }

  Figure cost(const std::vector<double>& v, const std::string& how) {
    const double m = median(v);
    Figure f = measured(std::max(0.0, m), spread(v), 1e-9, "ns",
                        "measured by pacer calibrate: median of " + std::to_string(v.size()) + " timed repetitions, " + how);
    if (m < 0) f.source += " (measured " + std::to_string(m * 1e9) + " ns: below resolution, taken as 0)";
    return f;
  }

  void processor(const Timings& t) {
    Hardware& hw = c_.hardware;
    // A dependent integer addition takes one cycle on every x86 core.
    const std::vector<double> add = per_op(timing(t, "construct:int_add:dependent"), 0);
    std::vector<double> clocks;
    for (double a : add) clocks.push_back(1 / a);
    HwSection& cpu = hw.sections["cpu"];
    cpu.name = "cpu";
    cpu.attributes["model"] = cpuinfo_field("model name");
    // The fastest repetition: a neighbour only takes time away from the
    // chain, and the median of seven short repetitions on a shared core was
    // found a quarter of the clock.
    cpu.params["clock"] = measured(*std::max_element(clocks.begin(), clocks.end()), spread(clocks), 1e9, "GHz",
                                   "measured by pacer calibrate: a chain of dependent integer additions, one cycle "
                                   "each (its fastest repetition)");
    Figure cores = measured(static_cast<double>(sysconf(_SC_NPROCESSORS_ONLN)), 0, 1, "",
                            "the operating system's count of online processors");
    cores.spread = -1;
    cpu.params["cores"] = cores;

    std::vector<double> rates;
    for (double s : timing(t, "flops:axpy")) rates.push_back(512 / s);
    HwSection& poc = hw.sections["poc"];
    poc.name = "poc";
    poc.params["flop_rate"] = measured(median(rates), spread(rates), 1e6, "Mflop/s",
                                       "measured by pacer calibrate: y = a x + y in double precision on data in level 1, "
                                       "compiled with the icc section's flags");
    HwSection& icc = hw.sections["icc"];
    icc.name = "icc";
    icc.attributes["compiler"] = compiler();
    std::string flags;
    for (const auto& f : o_.flags) flags += (flags.empty() ? "" : " ") + f;
    icc.attributes["flags"] = flags;
    icc.attributes["mcpu"] = scheduling_cpu(c_.notes);
    icc.attributes["triple"] = default_target_triple();
    std::vector<double> cycle;
    for (double c : clocks) cycle.push_back(1 / c);
    icc.params["t_cyc"] = measured(*std::min_element(cycle.begin(), cycle.end()), spread(cycle), 1e-9, "ns",
                                   "measured by pacer calibrate: the inverse of the measured clock");
    // Half the random branches miss; the always-taken ones never do.
    const std::vector<double>& random = timing(t, "branch:random");
    const double taken = median(timing(t, "branch:taken"));
    std::vector<double> miss;
    constexpr double kBranches = 1 << 23;  // a repetition's (harness.c, BRANCHES)
    for (double r : random) miss.push_back(std::max(0.0, (r - taken) / (kBranches * 0.5)));
    icc.params["mispredict"] = measured(median(miss), spread(miss), 1e-9, "ns",
                                        "measured by pacer calibrate: branches on random bits against always-taken ones");
    c_.notes.push_back("compiler: " + first_line_of({compiler(), "--version"}));
    core_window(t, icc);
    fp_bypass(t, icc);
    fp_logic(t, icc);
    vector_memory(t, icc);
  }

  // The dispatch width and the queues the harness measured (x86-64 only; a
  // harness built for another target writes none of it).
  void core_window(const Timings& t, HwSection& icc) {
    if (!t.count("dispatch:chain")) return;
    // Cycles from the chain measured just before (the clock moves); the
    // fastest of the mix's placements (the front end's alignment is not
    // the dispatch width). The cycle is the chain's fastest repetition:
    // interference only adds time, and a chain slowed by it read as a
    // longer cycle, in which the mix then seemed to dispatch 23 a cycle
    // (both cores busy besides the calibration).
    const std::vector<double> chain = timing(t, "dispatch:chain");
    const double cycle = *std::min_element(chain.begin(), chain.end()) / 32;
    std::vector<double> ipc;
    for (const auto& [name, seconds] : t) {
      if (name.rfind("dispatch:mix:", 0) != 0) continue;
      std::vector<double> rates;
      for (double s : seconds) rates.push_back(dispatch_mix_instructions * cycle / s);
      if (ipc.empty() || median(rates) > median(ipc)) ipc = rates;
    }
    if (ipc.empty()) return;
    icc.params["dispatch_width"] =
        measured(std::round(median(ipc)), spread(ipc), 1, "",
                 "measured by pacer calibrate: " + std::to_string(dispatch_mix_instructions) +
                     " independent integer, vector and load instructions ran at " + digits(median(ipc), 3) + " a cycle");
    for (const WindowKind& k : window_kinds()) {
      const std::vector<WindowPoint> points = window_points(t, k.kind);
      const WindowStep step = window_step(points, k.jump);
      if (step.upper > 0) {
        icc.params[k.param] = measured((step.lower + step.upper) / 2.0 + k.also_held, step.upper - step.lower, 1, "",
                                       "measured by pacer calibrate: " + std::string(k.overlap) + " with " +
                                           std::to_string(step.lower) + " " + k.filler + ", not with " +
                                           std::to_string(step.upper) + " (the middle" +
                                           (k.also_held ? ", and " + std::string(k.held) : std::string()) + ")");
      } else if (!points.empty() && icc.params.count("reorder_buffer")) {
        // No step below the window: the queue holds whatever it does.
        Figure f = icc.params.at("reorder_buffer");
        f.source = "measured by pacer calibrate: " + std::string(k.overlap) + " still with " +
                   std::to_string(points.back().waiting) + " " + k.filler + "; the window bounds the queue";
        icc.params[k.param] = f;
      } else if (!points.empty()) {
        // Nothing bounds it here (a Zen 4's window never filled with 768
        // nops between two misses): the CPU model's figure stands, and the
        // description says why it has none.
        icc.unknown[k.param] = "pacer calibrate: " + std::string(k.overlap) + " still with " +
                               std::to_string(points.back().waiting) + " " + k.filler +
                               ", the most it tries; LLVM's CPU model's figure is used";
      }
    }
  }

  // A chain of multiply-add pairs against a dependent multiply and a
  // dependent add: the rest is the value's crossing between the pipes.
  void fp_bypass(const Timings& t, HwSection& icc) {
    const HwSection& hllc = hllc_section();
    std::vector<double> extra;
    std::string how;
    for (const auto& [bench, mul, add] : {std::tuple{"bypass:double", "double_mul", "double_add"},
                                          std::tuple{"bypass:float", "float_mul", "float_add"}}) {
      auto m = hllc.params.find(mul), a = hllc.params.find(add);
      if (!t.count(bench) || m == hllc.params.end() || a == hllc.params.end() || m->second.dependent < 0 ||
          a->second.dependent < 0)
        return;
      const double pair = median(timing(t, bench)) / 16;
      extra.push_back(std::max(0.0, pair - m->second.dependent - a->second.dependent));
      how += std::string(how.empty() ? "" : "; ") + bench + " " + digits(pair * 1e9, 3) + " ns a pair";
    }
    icc.params["fp_bypass"] = measured((extra[0] + extra[1]) / 2, std::abs(extra[0] - extra[1]), 1e-9, "ns",
                                       "measured by pacer calibrate: chains of multiply-add pairs less a dependent "
                                       "multiply and a dependent add (" + how + ")");
  }

  // A floating-point bitwise operation's latency (a chain of andpd), and
  // what an add's result pays beyond it to reach one (chains of add-and
  // pairs less a dependent add and a dependent and): a compiled select's
  // blend is an and, an andn and an or of the add's result.
  void fp_logic(const Timings& t, HwSection& icc) {
    const auto add = hllc_section().params.find("double_add");
    if (!t.count("logic:chain") || !t.count("bypass:logic") || add == hllc_section().params.end() ||
        add->second.dependent < 0)
      return;
    const std::vector<double> chain = per_op(timing(t, "logic:chain"), 0);
    const double logic = median(chain), pair = median(timing(t, "bypass:logic")) / 16;
    icc.params["fp_logic"] = measured(logic, spread(chain), 1e-9, "ns",
                                      "measured by pacer calibrate: a chain of andpd, a mask of ones");
    icc.params["fp_logic_bypass"] =
        measured(std::max(0.0, pair - add->second.dependent - logic), 0, 1e-9, "ns",
                 "measured by pacer calibrate: chains of addsd-andpd pairs (" + digits(pair * 1e9, 3) +
                     " ns a pair) less a dependent add and a dependent and");
  }

  // Sixteen vector loads a repetition, alone and with eight stores among
  // them: ICC puts the stores on pipes of their own when two loads and a
  // store take the two loads' time (cost_options.cpp). The fastest
  // repetition of each: the two are timed apart, and a neighbour or a
  // clock step only ever adds time to one of them.
  void vector_memory(const Timings& t, HwSection& icc) {
    if (!t.count("vector:loads") || !t.count("vector:loads_stores")) return;
    std::vector<double> load, group;
    for (double s : timing(t, "vector:loads")) load.push_back(s / 16);
    for (double s : timing(t, "vector:loads_stores")) group.push_back(s / 8);
    auto fastest = [](const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); };
    icc.params["vector_load"] =
        measured(fastest(load), spread(load), 1e-9, "ns",
                 "measured by pacer calibrate: 16 independent 16-byte loads from level 1, the fastest repetition");
    icc.params["vector_load_store"] =
        measured(fastest(group), spread(group), 1e-9, "ns",
                 "measured by pacer calibrate: 16 independent 16-byte loads from level 1 and 8 stores among them, "
                 "per two loads and a store, the fastest repetition");
  }

  void memory(const Timings& t) {
    HwSection& mem = c_.hardware.sections["memory"];
    mem.name = "memory";
    for (const auto& l : levels_) {
      if (l.level > 3) continue;
      Figure size = measured(l.bytes, 0, 1024, "KiB", l.source + (l.ways > 0 ? ", " + std::to_string(l.ways) + "-way" : ""));
      size.spread = -1;
      size.estimated = l.source.find("estimated") != std::string::npos;
      mem.params["l" + std::to_string(l.level) + "_size"] = size;
      if (l.ways != 0) {  // -1: fully associative, written as 0 ways
        Figure ways = measured(std::max(0, l.ways), 0, 1, "", l.source);
        ways.spread = -1;
        mem.params["l" + std::to_string(l.level) + "_ways"] = ways;
      }
      if (l.line > 0 && !mem.params.count("line_size")) {
        Figure line = measured(l.line, 0, 1, "B", l.source);
        line.spread = -1;
        mem.params["line_size"] = line;
      }
    }
    const std::string why = "neither sysfs, CPUID nor the latency curve showed it on this machine";
    for (const char* p : {"l1_size", "l2_size", "l3_size", "line_size"})
      if (!mem.params.count(p)) mem.unknown[p] = why;
    for (const auto& [name, bytes] : memory_points()) {
      const std::string key = name + ":" + std::to_string(bytes);
      std::vector<double> bw;
      for (double s : timing(t, "bandwidth:" + key)) bw.push_back(static_cast<double>(bytes) / s);
      const std::vector<double>& lat = timing(t, "latency:" + key);
      const std::string where = " over " + std::to_string(bytes / 1024) + " KiB";
      mem.params[name + "_bandwidth"] = measured(median(bw), spread(bw), 1e9, "GB/s",
                                                 "measured by pacer calibrate: one core reading" + where);
      // The quiet machine's latency, as `pacer validate` measures kernels
      // (the 10th percentile): neighbours sharing level 3 and memory only
      // ever add time, and on a shared host they do so for whole
      // repetitions, so the median can be theirs (level 3 read 104 ns in
      // one calibration, 26 ns in the next).
      mem.params[name + "_latency"] = measured(quantile(lat, 0.1), spread(lat), 1e-9, "ns",
                                               "measured by pacer calibrate: a random pointer chase" + where +
                                                   " (the 10th percentile of its repetitions)");
      if (name != "l1") {  // level 1's lines are not fetched from anywhere
        overlap(t, mem, name, key, median(timing(t, "bandwidth:" + key)));
        std::vector<double> line;
        for (double s : timing(t, "scatter:" + key)) line.push_back(s / static_cast<double>(bytes / 64));
        mem.params[name + "_scattered_line"] = measured(
            median(line), spread(line), 1e-9, "ns",
            "measured by pacer calibrate: independent loads of every line" + where + " in random order");
      }
    }
    if (const long bytes = level2_point(); bytes > 0)
      for (const auto& [sets, stride] : set_walks()) {
        std::vector<double> line;
        for (double s : timing(t, "sets:" + std::to_string(stride) + ":" + std::to_string(bytes)))
          line.push_back(s / static_cast<double>(bytes / 64));
        mem.params["l2_line_" + std::to_string(sets) + "_sets"] = measured(
            median(line), spread(line), 1e-9, "ns",
            "measured by pacer calibrate: loads down the columns of rows " + std::to_string(stride) + " B apart over " +
                std::to_string(bytes / 1024) + " KiB, a line each, whose level 1 misses fall into " +
                std::to_string(sets) + " of its sets");
      }
    Figure page = measured(static_cast<double>(sysconf(_SC_PAGESIZE)), 0, 1, "B",
                           "the operating system's page size (sysconf)");
    page.spread = -1;
    mem.params["page_size"] = page;
    tlb(t, mem);
    page_fault(t, mem);
    for (const bool stores : {false, true}) level3_crowded_walk(t, mem, stores);
  }

  // The crowded walk from level 3 (level3_set_walk) with loads
  // (l3_line_1_sets) or with stores (l3_line_1_sets_stores), whose fills
  // each evict a line the walk wrote: its write-back holds the set's place
  // too.
  void level3_crowded_walk(const Timings& t, HwSection& mem, bool stores) const {
    const std::string kind = stores ? "stores" : "sets", suffix = stores ? "_stores" : "",
                      what = stores ? "stores" : "loads";
    const auto walk = level3_set_walk();
    if (!walk) return;
    std::vector<double> line;
    const std::string key = kind + ":" + std::to_string(walk->second) + ":" + std::to_string(walk->first) + ":x" +
                            std::to_string(kMatrixVisits);
    for (double s : timing(t, key)) line.push_back(s / static_cast<double>(kMatrixVisits * (walk->first / 64)));
    // Each row its own page: where the TLB holds fewer, every line also
    // waited for a page walk, which ICC prices on its own.
    std::string walks;
    const double pages = static_cast<double>(walk->first) / std::max(walk->second, sysconf(_SC_PAGESIZE));
    if (mem.params.count("tlb_entries") && mem.params.count("page_walk") && pages > mem.params.at("tlb_entries").value) {
      for (double& x : line) x = std::max(x - mem.params.at("page_walk").value, 0.5 * x);
      walks = ", less a page walk a line (its " + std::to_string(std::lround(pages)) + " pages overrun the TLB)";
    }
    mem.params["l3_line_1_sets" + suffix] =
        measured(median(line), spread(line), 1e-9, "ns",
                 "measured by pacer calibrate: " + what + " down the columns of rows " + std::to_string(walk->second) +
                     " B apart over " + std::to_string(walk->first / 1024) +
                     " KiB, a line each, eight times over (a matrix's columns of doubles), whose level 1 misses fall "
                     "into 1 of its sets and which level 2 cannot hold" + walks);
  }

  // How far a stream from a level overlaps the core's independent work
  // (harness.c, overlap): the stream alone takes `stream` seconds a
  // repetition, the work alone and both together their medians; ECM's
  // overlap is what both together hide of the smaller, between none and
  // all (a stream's own loads make it seem more than all from level 2).
  static void overlap(const Timings& t, HwSection& mem, const std::string& level, const std::string& key,
                      double stream) {
    const auto work = t.find("overlap:work:" + key), both = t.find("overlap:both:" + key);
    if (work == t.end() || both == t.end() || !(stream > 0)) return;
    std::vector<double> hidden;
    for (size_t k = 0; k < std::min(work->second.size(), both->second.size()); ++k) {
      const double w = work->second[k], b = both->second[k];
      if (w > 0) hidden.push_back(std::clamp((w + stream - b) / std::min(w, stream), 0.0, 1.0));
    }
    if (hidden.empty()) return;
    mem.params[level + "_overlap"] =
        measured(median(hidden), spread(hidden), 1, "",
                 "measured by pacer calibrate: a read of the level beside independent integer additions, against "
                 "each alone (both " + digits(median(both->second) * 1e3, 3) + " ms a repetition, the work " +
                 digits(median(work->second) * 1e3, 3) + ", the stream " + digits(stream * 1e3, 3) + ")");
  }

  // The first touch of a page the program has not used, written first,
  // read first, and written after that read (harness.c, page_faults): the
  // median of the repetitions' seconds per fault.
  static constexpr long kFaultPages = 1024;
  void page_fault(const Timings& t, HwSection& mem) {
    const std::string pages = std::to_string(kFaultPages);
    const struct {
      const char *param, *kind, *how;
    } kinds[] = {{"page_fault", "write", "the first writes of"},
                 {"page_fault_read", "read", "the first reads of"},
                 {"page_fault_copy", "copy", "writes after the first reads of"}};
    for (const auto& k : kinds) {
      const std::vector<double>& each = timing(t, std::string("fault:") + k.kind + ":" + pages);
      // All or nothing: -1, a mapping failed; -2, no fault was counted.
      if (std::count(each.begin(), each.end(), -1.0) > 0) {
        mem.unknown[k.param] = "the system did not map " + pages + " fresh pages for the benchmark";
      } else if (*std::min_element(each.begin(), each.end()) < 0) {
        mem.unknown[k.param] = std::string(k.how) + " " + pages + " fresh pages took no page faults the system counted";
      } else {
        mem.params[k.param] =
            measured(median(each), spread(each), 1e-6, "us",
                     std::string("measured by pacer calibrate: ") + k.how + " " + pages +
                         " pages new to the program (mapped anonymous memory, the caches emptied before), per fault "
                         "by the system's count");
      }
    }
  }

  // Enough pages that every one misses the TLB: eight times its entries,
  // at least 16384 (64 MiB of 4 KiB pages) when CPUID does not say.
  long walk_pages() const { return std::max(16384L, 8L * (tlb_ ? tlb_->entries : 0)); }

  void tlb(const Timings& t, HwSection& mem) {
    const double walk = walk_cost(t, walk_pages());
    mem.params["page_walk"] = measured(walk_median_, walk_spread_, 1e-9, "ns",
                                       "measured by pacer calibrate: independent loads of a line in each of " +
                                           std::to_string(walk_pages()) +
                                           " pages in random order, less the same loads of as many lines packed together");
    // The TLB's reach, measured: a virtual machine's CPUID may report a
    // TLB a fraction of the processor's (a 128-entry level 2 TLB on a Zen 5
    // whose loads over 2048 pages missed it no more than over 128).
    std::vector<std::pair<double, double>> curve;
    for (long pages : tlb_probe_pages())
      if (pages < walk_pages()) curve.emplace_back(static_cast<double>(pages), walk_cost(t, pages));
    const std::optional<double> reach = tlb_reach(curve, walk);
    DataTlb used;
    if (tlb_) used = *tlb_;
    if (reach && (!tlb_ || *reach >= 2.0 * tlb_->entries)) {
      const std::string reported =
          tlb_ ? " (CPUID reports " + std::to_string(tlb_->entries) + " entries: " + tlb_->source + ")" : "";
      used.entries = static_cast<int>(*reach);
      used.ways = tlb_ && tlb_->ways > 0 && used.entries % tlb_->ways == 0 ? tlb_->ways : 0;
      used.source = "measured by pacer calibrate: the most pages, of " + std::to_string(curve.size()) +
                    " counts from 256 to 8192, whose loads cost under half a page walk more than packed ones" + reported;
      c_.notes.push_back("the data TLB holds " + std::to_string(used.entries) + " pages or more by measurement" + reported);
    }
    if (used.entries <= 0) {
      mem.unknown["tlb_entries"] = "CPUID reports no data TLB on this machine (leaves 0x80000006 and 0x18), and the "
                                   "loads over 256 to 8192 pages did not show its reach";
      return;
    }
    for (const auto& [name, v] : {std::pair{"tlb_entries", used.entries}, std::pair{"tlb_ways", std::max(0, used.ways)}}) {
      Figure f = measured(v, 0, 1, "", used.source);
      f.spread = -1;
      mem.params[name] = f;
    }
  }

  // What a load costs beyond the same load of a packed line, over `pages`
  // pages (seconds, the median of the repetitions); the full walk's median
  // and spread are kept for the page_walk figure.
  double walk_cost(const Timings& t, long pages) {
    const std::string key = std::to_string(pages);
    const std::vector<double>& spread_out = timing(t, "walk:spread:" + key);
    const std::vector<double>& packed = timing(t, "walk:packed:" + key);
    std::vector<double> extra;
    for (size_t i = 0; i < spread_out.size() && i < packed.size(); ++i)
      extra.push_back(std::max(0.0, (spread_out[i] - packed[i]) / static_cast<double>(pages)));
    if (pages == walk_pages()) walk_median_ = median(extra), walk_spread_ = spread(extra);
    return median(extra);
  }

  void component_timing(const fs::path& dir) {
    const RegionCost r = measure_region_cost(compiler(), o_.flags, o_.cpu, dir, 7, o_.progress);
    std::string shapes;
    for (const auto& [shape, s] : r.seconds_by_shape)
      shapes += (shapes.empty() ? "" : ", ") + shape + " " + std::to_string(s * 1e9).substr(0, 5) + " ns";
    HwSection& ct = c_.hardware.sections["ct"];
    ct.name = "ct";
    ct.params["region_cost"] = measured(r.seconds, r.spread, 1e-9, "ns",
                                        "measured by pacer calibrate: a timed build's excess over the plain one per "
                                        "region entered, median over five loop-nest shapes (" + shapes + "), each the "
                                        "median of " + std::to_string(r.pairs) + " pairs of runs");
  }

  const CalibrationOptions& o_;
  Calibration& c_;
  std::vector<CacheLevel> levels_;
  std::optional<DataTlb> tlb_;
  double walk_median_ = 0, walk_spread_ = 0;
};


}  // namespace

Calibration calibrate(const CalibrationOptions& options) {
  if (options.repetition_seconds <= 0 || options.repetition_seconds > 10)
    throw InputError("--repetition-time must be in (0, 10] seconds");
  Calibration c;
  CalibrationOptions o = options;
  if (o.cpu < 0) o.cpu = quietest_cpu();
  Calibrator(o, c).run();
  return c;
}

std::string calibration_comment(const Calibration& c) {
  std::ostringstream comment;
  comment << "Written by pacer calibrate on " << today() << " in " << std::lround(c.seconds)
          << " s. Every figure was measured on this machine (cache sizes say where they came from); "
             "'spread' is max - min over the repetitions, in the figure's unit.";
  for (const auto& n : c.notes) comment << "\n     " << n << ".";
  return comment.str();
}

}  // namespace pacer::calibrate
