// pacer speedup measure -- PROGRAM ARGS: times a program at every core count
// available (and every processor frequency the machine lets us set) and
// writes the speedup data file that `pacer speedup fit` and `study` read.
#include <iostream>

#include "framework/error.hpp"
#include "cli/commands/application_source.hpp"
#include "cli/commands/commands.hpp"
#include "cli/views/report.hpp"
#include "cli/commands/speedup_options.hpp"
#include "templates/speedup/speedup_measure.hpp"

namespace pacer::cli {
namespace {

struct MeasureCmd {
  std::string cores, cpu_freq, mem_freq, out;
  int runs = 5;
};

void run_measure(const MeasureCmd& c) {
  MeasureOptions o;
  o.argv = compile_flags();  // everything after `--`
  o.runs = c.runs;
  const int n = available_cores();
  o.cores = c.cores.empty() ? parse_core_list("1-" + std::to_string(n), "--cores") : parse_core_list(c.cores, "--cores");
  const FrequencyControl control = probe_frequency_control();
  if (!c.cpu_freq.empty()) o.cpu_hz = parse_frequency_list(c.cpu_freq, "--cpu-freq");
  if (!c.mem_freq.empty()) {
    o.mem_hz = parse_frequency(c.mem_freq, "--mem-freq");
  } else {
    const MemoryClock mem = probe_memory_clock();
    if (!mem.hz)
      throw InputError("the memory frequency is unknown here (" + mem.note +
                       "); give it with --mem-freq (the DIMMs' clock, half their MT/s rate). With one processor "
                       "frequency only k * phi is identified, so the fitted speedups do not depend on it");
    o.mem_hz = *mem.hz;
    std::cerr << "speedup measure: memory clock " << frequency_text(o.mem_hz) << " (" << mem.note << ")\n";
  }
  std::cerr << "speedup measure: " << (o.cpu_hz.empty() ? control.why_not.empty()
                                                              ? "running at the current frequency only"
                                                              : control.why_not
                                                        : std::to_string(o.cpu_hz.size()) + " processor frequencies")
            << "; current frequency " << frequency_text(control.current_hz) << " (" << control.current_source << ")\n";
  std::cerr << "speedup measure: " << o.cores.size() << " core counts x " << o.runs << " runs of";
  for (const auto& a : o.argv) std::cerr << ' ' << a;
  std::cerr << '\n';
  o.progress = [](const SpeedupRun& m, int run) {
    std::cerr << "  run " << run + 1 << ", " << m.cores << " core(s) at " << frequency_text(m.cpu_hz) << ": "
              << format_seconds(m.time_s) << '\n';
  };
  const auto runs = measure_speedups(o, control);
  // Validates the data the way `fit` will read it (one-core references present).
  const SpeedupData data = speedups_from_times(runs, "the measurements");
  const std::string csv = measurements_csv(runs);
  if (c.out.empty())
    emit(csv);
  else
    write_atomically(c.out, csv, "the measurements");
  std::cerr << "speedup measure: " << runs.size() << " runs, " << data.points.size() << " speedup point(s):";
  for (const auto& p : data.points) std::cerr << " S(" << p.cores << ") = " << digits(p.speedup, 4);
  std::cerr << (c.out.empty() ? "" : " -> " + c.out) << '\n';
}

}  // namespace

void add_speedup_measure_command(CLI::App& speedup) {
  auto c = std::make_shared<MeasureCmd>();
  CLI::App* m = speedup.add_subcommand("measure", "Time an OpenMP program at every core count (and settable "
                                                  "frequency) and write a speedup data file: measure [...] -- PROG ARGS");
  m->add_option("--cores", c->cores, "core counts (default: 1 to the cores available)");
  m->add_option("--cpu-freq", c->cpu_freq, "processor frequencies to set (needs the userspace cpufreq governor)");
  m->add_option("--mem-freq", c->mem_freq, "memory clock (default: read from the DMI tables)");
  m->add_option("--runs", c->runs, "runs per configuration; fitting uses their median")->capture_default_str();
  m->add_option("--out", c->out, "CSV file to write (default: stdout)");
  m->callback([c] { run_measure(*c); });
}

}  // namespace pacer::cli
