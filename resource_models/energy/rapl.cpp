#include "resource_models/energy/rapl.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "framework/cpu_info.hpp"
#include "framework/error.hpp"
#include "framework/number.hpp"

namespace pacer {

namespace fs = std::filesystem;

bool RaplDomain::top_level() const { return std::count(id.begin(), id.end(), ':') == 1; }

namespace {

std::string first_line(const fs::path& p) {
  std::ifstream in(p);
  std::string s;
  std::getline(in, s);
  return s;
}

bool is_virtual_machine() { return (" " + cpuinfo_field("flags") + " ").find(" hypervisor ") != std::string::npos; }

std::string explain_missing(const std::string& root) {
  std::string why = fs::exists(root) ? root + " has no intel-rapl domains (no RAPL driver for this processor)"
                                     : root + " does not exist (the kernel exposes no powercap interface)";
  if (!fs::exists("/sys/bus/event_source/devices/power"))
    why += "; perf has no power events either (/sys/bus/event_source/devices/power is missing)";
  if (is_virtual_machine())
    why += "; this is a virtual machine (the processor reports the hypervisor flag), and hypervisors do not pass "
           "RAPL counters to their guests";
  return why;
}

}  // namespace

PowercapProbe probe_powercap(const std::string& root) {
  PowercapProbe p;
  if (fs::is_directory(root))
    for (const auto& e : fs::directory_iterator(root)) {
      const std::string id = e.path().filename().string();
      if (id.rfind("intel-rapl:", 0) != 0 || !fs::exists(e.path() / "energy_uj")) continue;
      RaplDomain d{id, first_line(e.path() / "name"), e.path().string(), 0};
      auto range = parse_number(first_line(e.path() / "max_energy_range_uj"));
      if (!range || *range <= 0) continue;  // a counter without a range cannot be unwrapped
      d.max_range_uj = *range;
      p.domains.push_back(d);
    }
  std::sort(p.domains.begin(), p.domains.end(), [](const RaplDomain& a, const RaplDomain& b) { return a.id < b.id; });
  if (p.domains.empty()) p.why_not = explain_missing(root);
  return p;
}

double counter_delta(double before, double after, double max_range) {
  return after >= before ? after - before : after + max_range - before;
}

double accumulate_counter(const std::vector<double>& samples, double max_range) {
  double total = 0;
  for (size_t i = 1; i < samples.size(); ++i) total += counter_delta(samples[i - 1], samples[i], max_range);
  return total;
}

double read_energy_uj(const RaplDomain& d) {
  const fs::path file = fs::path(d.dir) / "energy_uj";
  std::ifstream in(file);
  std::string text;
  if (!in || !std::getline(in, text))
    throw Unavailable("cannot read " + file.string() + " (since Linux 5.10 it is readable by root only)");
  auto v = parse_number(text);
  if (!v || *v < 0) throw InputError(file.string() + " holds '" + text + "', not a counter value");
  return *v;
}

EnergyMeasurement measure_energy(const std::vector<std::string>& argv, const PowercapProbe& probe, double tick) {
  if (probe.domains.empty()) throw Unavailable("no energy counters: " + probe.why_not);
  std::vector<std::vector<double>> samples(probe.domains.size());
  auto sample = [&] {
    for (size_t i = 0; i < probe.domains.size(); ++i) samples[i].push_back(read_energy_uj(probe.domains[i]));
  };
  sample();
  EnergyMeasurement m;
  m.run = run_program(argv, {}, sample, tick);
  sample();
  m.samples = samples.front().size();
  for (size_t i = 0; i < probe.domains.size(); ++i) {
    const RaplDomain& d = probe.domains[i];
    const double joules = accumulate_counter(samples[i], d.max_range_uj) * 1e-6;
    m.domains.push_back({d, joules});
    if (d.top_level() && d.name.rfind("package", 0) == 0) m.package_joules += joules;
  }
  return m;
}

}  // namespace pacer
