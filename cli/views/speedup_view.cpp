#include "cli/views/speedup_view.hpp"

#include <sstream>

#include "cli/views/law_view.hpp"
#include "cli/views/report.hpp"

namespace pacer::cli {

namespace {

json point_json(const GridPoint& g) {
  return {{"cores", g.cores},     {"cpu_freq_hz", g.cpu_hz},         {"phi", g.phi},
          {"speedup", g.speedup}, {"relative_time", g.relative_time}, {"bound", g.memory_bound ? "memory" : "compute"}};
}

std::string energy_note(const PowerModel& power) {
  return "energy from " + power.machine +
         "'s power section, in joules per second of the one-core run at the highest frequency";
}

}  // namespace

json fit_json(const std::string& file, const SpeedupData& data, const std::string& optimizer, const LawFitReport& r) {
  const SpeedupLaw& law = *r.fit.law;
  json j{{"file", file},
         {"model", law.name()},
         {"reference", law.reference()},
         {"optimizer", optimizer},
         {"points", data.points.size()},
         {"rows", data.rows},
         {"from_times", data.from_times},
         {"params", params_json(law, r.fit.params)},
         {"mse", r.fit.mse},
         {"evaluations", r.fit.evaluations},
         {"seconds", r.fit.seconds}};
  if (r.amdahl) {
    j["amdahl"] = {{"params", params_json(*r.amdahl->law, r.amdahl->params)}, {"mse", r.amdahl->mse}};
    j["gain_over_amdahl_percent"] = r.gain_percent;
  }
  return j;
}

std::string fit_text(const std::string& file, const SpeedupData& data, const std::string& optimizer,
                     const LawFitReport& r) {
  const SpeedupLaw& law = *r.fit.law;
  std::ostringstream os;
  os << law.name() << " (" << law.reference() << ") fitted to " << file << ": " << data.points.size()
     << " speedup points"
     << (data.from_times ? " from " + std::to_string(data.rows) + " timed runs (" + std::to_string(data.references) +
                               " one-core references)"
                         : "")
     << "\noptimizer " << optimizer << ", " << r.fit.evaluations << " evaluations in " << digits(r.fit.seconds, 3)
     << " s\n\n";
  Table t({"parameter", "value", "bounds", "meaning"});
  for (std::size_t i = 0; i < r.fit.params.size(); ++i)
    t.add({law.parameters()[i].name, digits(r.fit.params[i], 5),
           "[" + digits(r.bounds.lower[i]) + ", " + digits(r.bounds.upper[i]) + "]", law.parameters()[i].meaning});
  os << t.text() << "\nMSE " << digits(r.fit.mse, 5) << '\n';
  if (r.amdahl)
    os << "Amdahl's law fitted the same way: f = " << digits(r.amdahl->params[0], 5) << ", MSE "
       << digits(r.amdahl->mse, 5) << "; accuracy gain " << digits(r.gain_percent, 4) << "% (Table 1's measure)\n";
  return os.str();
}

json grid_json(const ResolvedLaw& r, double mem_hz, const std::vector<GridPoint>& grid) {
  json points = json::array();
  for (const auto& g : grid) points.push_back(point_json(g));
  return {{"model", r.law->name()}, {"params", params_json(*r.law, r.params)}, {"origin", r.origin},
          {"mem_freq_hz", mem_hz}, {"points", points}};
}

std::string grid_csv(const std::vector<GridPoint>& grid) {
  Table t({"cores", "cpu_freq_hz", "phi", "speedup", "relative_time", "bound"});
  for (const auto& g : grid)
    t.add({std::to_string(g.cores), format_number(g.cpu_hz), format_number(g.phi), format_number(g.speedup),
           format_number(g.relative_time), g.memory_bound ? "memory" : "compute"});
  return t.csv();
}

std::string grid_text(const ResolvedLaw& r, const std::vector<GridPoint>& grid) {
  std::ostringstream os;
  os << r.law->name() << " (" << params_text(*r.law, r.params) << "), " << r.origin << "\n"
     << "relative time: to one core at the highest frequency listed\n\n";
  Table t({"cores", "cpu freq", "phi", "speedup", "relative time", "bound"});
  for (const auto& g : grid)
    t.add({std::to_string(g.cores), frequency_text(g.cpu_hz), digits(g.phi), digits(g.speedup, 5),
           digits(g.relative_time, 4), g.memory_bound ? "memory" : "compute"});
  return os.str() + t.text();
}

json best_json(const ResolvedLaw& r, const BestConfigurations& best, const std::optional<PowerModel>& power) {
  json j{{"model", r.law->name()}, {"params", params_json(*r.law, r.params)}, {"origin", r.origin},
         {"highest_speedup", point_json(best.highest_speedup)}, {"shortest_time", point_json(best.shortest_time)}};
  if (best.lowest_energy) {
    j["lowest_energy"] = point_json(*best.lowest_energy);
    j["lowest_energy"]["relative_energy"] = best.energy;
    j["energy_note"] = energy_note(*power);
  } else {
    j["lowest_energy"] = nullptr;
    j["energy_note"] = "no --hw with a power section: energy not ranked";
  }
  return j;
}

std::string best_text(const ResolvedLaw& r, size_t configurations, const BestConfigurations& best,
                      const std::optional<PowerModel>& power) {
  std::ostringstream os;
  os << r.law->name() << " (" << params_text(*r.law, r.params) << "), " << r.origin << ", over " << configurations
     << " configurations\n";
  auto line = [&](const char* what, const GridPoint& g) {
    os << what << g.cores << " cores at " << frequency_text(g.cpu_hz) << " (phi " << digits(g.phi) << "): speedup "
       << digits(g.speedup, 5) << ", relative time " << digits(g.relative_time, 4) << ", "
       << (g.memory_bound ? "memory" : "compute") << "-bound\n";
  };
  line("highest speedup: ", best.highest_speedup);
  line("shortest time:   ", best.shortest_time);
  if (best.lowest_energy) {
    line("lowest energy:   ", *best.lowest_energy);
    os << "  (" << digits(best.energy, 4) << "; " << energy_note(*power) << ")\n";
  } else {
    os << "lowest energy:   not ranked (give --hw with a power section: static_power, core_power, dynamic_exponent)\n";
  }
  return os.str();
}

}  // namespace pacer::cli
