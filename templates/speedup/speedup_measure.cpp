#include "templates/speedup/speedup_measure.hpp"

#include <sched.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "framework/cpu_info.hpp"
#include "framework/error.hpp"
#include "framework/file_text.hpp"
#include "framework/number.hpp"
#include "framework/program_run.hpp"

namespace pacer {
namespace fs = std::filesystem;
namespace {

const char* kCpufreq = "/sys/devices/system/cpu/cpu0/cpufreq";

std::string read_line(const fs::path& p) {
  std::ifstream in(p);
  std::string s;
  std::getline(in, s);
  return s;
}

std::optional<double> cpuinfo_mhz() {
  if (auto mhz = parse_number(cpuinfo_field("cpu MHz"))) return *mhz * 1e6;
  return std::nullopt;
}

// Sets every online CPU's frequency through the userspace governor.
void set_frequency(double hz) {
  const std::string khz = std::to_string(static_cast<long long>(hz / 1e3 + 0.5));
  for (const auto& cpu : fs::directory_iterator("/sys/devices/system/cpu")) {
    const fs::path speed = cpu.path() / "cpufreq" / "scaling_setspeed";
    if (!fs::exists(speed)) continue;
    std::ofstream out(speed);
    out << khz;
    if (!out) throw InputError("cannot write " + speed.string() + " (needs root and the userspace governor)");
  }
}

double timed_run(const std::vector<std::string>& argv, int cores) {
  const ProgramRun run = run_program(argv, [cores] {
    cpu_set_t set;
    CPU_ZERO(&set);
    for (int c = 0; c < cores; ++c) CPU_SET(c, &set);
    sched_setaffinity(0, sizeof set, &set);
    setenv("OMP_NUM_THREADS", std::to_string(cores).c_str(), 1);
    setenv("OMP_PROC_BIND", "close", 1);
    setenv("OMP_PLACES", "cores", 1);
  });
  if (!run.ok())
    throw InputError("'" + argv[0] + "' failed on " + std::to_string(cores) + " core(s) (" + run.describe() +
                     "): no time recorded");
  return run.seconds;
}

}  // namespace

FrequencyControl probe_frequency_control() {
  FrequencyControl c;
  if (auto mhz = cpuinfo_mhz()) {
    c.current_hz = *mhz;
    c.current_source = "/proc/cpuinfo";
  }
  if (!fs::exists(kCpufreq)) {
    c.why_not = std::string("this machine exposes no frequency control (") + kCpufreq +
                " is missing, as on most virtual machines): every run is at the current frequency";
    return c;
  }
  if (auto khz = parse_number(read_line(fs::path(kCpufreq) / "scaling_cur_freq"))) {
    c.current_hz = *khz * 1e3;
    c.current_source = std::string(kCpufreq) + "/scaling_cur_freq";
  }
  const std::string governor = read_line(fs::path(kCpufreq) / "scaling_governor");
  std::istringstream freqs(read_line(fs::path(kCpufreq) / "scaling_available_frequencies"));
  for (double khz; freqs >> khz;) c.available.push_back(khz * 1e3);
  if (governor != "userspace")
    c.why_not = "the cpufreq governor is '" + governor + "', not 'userspace': every run is at the current frequency";
  else if (access((fs::path(kCpufreq) / "scaling_setspeed").c_str(), W_OK) != 0)
    c.why_not = "scaling_setspeed is not writable (run as root): every run is at the current frequency";
  else if (c.available.empty())
    c.why_not = "the driver lists no available frequencies: every run is at the current frequency";
  else
    c.can_set = true;
  return c;
}

MemoryClock probe_memory_clock() {
  const fs::path dmi = "/sys/firmware/dmi/entries";
  if (!fs::exists(dmi))
    return {std::nullopt, "no DMI tables at /sys/firmware/dmi/entries (a virtual machine?)"};
  // SMBIOS type 17 (memory device): the configured speed in MT/s is the word
  // at offset 0x20, the rated speed the word at 0x15.
  for (const auto& e : fs::directory_iterator(dmi)) {
    if (e.path().filename().string().rfind("17-", 0) != 0) continue;
    const std::string raw = file_text(e.path() / "raw").value_or("");
    auto word = [&](std::size_t at) {
      return at + 1 < raw.size() ? unsigned(std::uint8_t(raw[at])) | unsigned(std::uint8_t(raw[at + 1])) << 8 : 0u;
    };
    const unsigned mts = word(0x20) ? word(0x20) : word(0x15);
    if (mts > 0 && mts != 0xffff) return {mts * 1e6 / 2, "DMI memory device, " + std::to_string(mts) + " MT/s"};
  }
  return {std::nullopt, "the DMI tables list no memory speed (or are readable by root only)"};
}

int available_cores() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) return CPU_COUNT(&set);
  return int(sysconf(_SC_NPROCESSORS_ONLN));
}

std::vector<SpeedupRun> measure_speedups(const MeasureOptions& o, const FrequencyControl& control) {
  if (o.argv.empty()) throw InputError("no program to measure: give it after '--', e.g. pacer speedup measure -- ./prog");
  if (o.runs < 1) throw InputError("--runs must be at least 1 (got " + std::to_string(o.runs) + ")");
  if (!(o.mem_hz > 0)) throw InputError("the memory frequency must be positive");
  for (int p : o.cores)
    if (p < 1 || p > available_cores())
      throw InputError("--cores: " + std::to_string(p) + " is not between 1 and the " +
                       std::to_string(available_cores()) + " cores available");
  if (!o.cpu_hz.empty() && !control.can_set) throw InputError("--cpu-freq: cannot set frequencies: " + control.why_not);
  std::vector<double> freqs = o.cpu_hz;
  if (freqs.empty()) freqs.push_back(control.current_hz);
  if (!(freqs.front() > 0)) throw InputError("the processor frequency is unknown on this machine (no cpufreq, no /proc/cpuinfo)");
  std::vector<SpeedupRun> out;
  for (double f : freqs) {
    if (!o.cpu_hz.empty()) set_frequency(f);
    for (int run = 0; run < o.runs; ++run)  // rounds, so slow drifts hit every core count alike
      for (int p : o.cores) {
        out.push_back({p, f, o.mem_hz, timed_run(o.argv, p)});
        if (o.progress) o.progress(out.back(), run);
      }
  }
  return out;
}

}  // namespace pacer
