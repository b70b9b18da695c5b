#include "cli/views/energy_view.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "cli/views/report.hpp"
#include "framework/names.hpp"

namespace pacer::cli {

namespace {

json algo_json(const AlgorithmEnergy& r) {
  const auto& w = r.complexity.workload;
  json j{{"name", r.algorithm->name}, {"title", r.algorithm->title}, {"file", r.algorithm->file},
         {"complexity", {{"work", w.work}, {"span", w.span}, {"io", w.io}}},
         {"parameters", r.complexity.parameters},
         {"energy_joules", r.energy.total()}, {"static", r.energy.static_joules}, {"ops", r.energy.ops_joules},
         {"io", r.energy.io_joules}, {"bound", bound_name(r.energy.bound)},
         {"static_if_cpu_bound", r.energy.comp_static}, {"static_if_memory_bound", r.energy.mem_static},
         {"platform_independent", r.platform_independent}};
  if (r.energy.seconds) j["seconds"] = *r.energy.seconds;
  j["notes"] = r.complexity.notes;
  return j;
}

std::string largest_share(const IceEnergy& e) {
  const double total = e.total();
  if (!(total > 0)) return "-";
  std::pair<double, const char*> parts[] = {
      {e.static_joules, "static"}, {e.ops_joules, "operations"}, {e.io_joules, "I/O"}};
  auto best = *std::max_element(std::begin(parts), std::end(parts));
  return format_number(std::round(best.first / total * 1000) / 10) + "% " + best.second;
}

// The platform's figures, and B, Z, N as bound (a --param overrides the platform's).
std::string platform_line(const Hardware& hw, const IcePlatform& p, const std::map<std::string, double>& lent) {
  std::ostringstream os;
  os << "platform " << hw.name << ": eps_op " << format_joules(p.eps_op) << ", pi_op " << format_joules(p.pi_op)
     << ", eps_io " << format_joules(p.eps_io) << ", pi_io " << format_joules(p.pi_io);
  for (const auto& [k, v] : lent) os << ", " << k << "=" << format_number(v);
  return os.str();
}

json case_json(const EnergyCase& c) {
  json j{{"platform", c.platform->name}, {"platform_file", c.platform->file}};
  if (c.input) j["matrix"] = c.input->name;
  json list = json::array();
  for (const auto& r : c.results) list.push_back(algo_json(r));
  j["algorithms"] = list;
  if (c.results.size() >= 2) {
    j["ratio"] = c.results[0].energy.total() / c.results[1].energy.total();
    j["ratio_platform_independent"] = c.results[0].platform_independent / c.results[1].platform_independent;
  }
  return j;
}

std::string case_text(const EnergyCase& c) {
  const auto& results = c.results;
  std::ostringstream os;
  os << platform_line(*c.platform, c.ice, c.lent) << (c.input ? "; matrix " + c.input->name : "") << "\n";
  Table t({"algorithm", "work", "span", "I/O", "static", "ops", "I/O energy", "energy", "bound", "largest"});
  for (const auto& r : results) {
    const auto& w = r.complexity.workload;
    t.add({r.algorithm->name, digits(w.work, 6), digits(w.span, 6), digits(w.io, 6),
           format_joules(r.energy.static_joules), format_joules(r.energy.ops_joules),
           format_joules(r.energy.io_joules), format_joules(r.energy.total()), bound_name(r.energy.bound),
           largest_share(r.energy)});
  }
  os << t.text();
  if (results.size() >= 2) {
    const double ratio = results[0].energy.total() / results[1].energy.total();
    const double independent = results[0].platform_independent / results[1].platform_independent;
    os << "E(" << results[0].algorithm->name << ") / E(" << results[1].algorithm->name << ") = " << digits(ratio, 6)
       << " (Eq. 15, platform-independent: " << digits(independent, 6) << "): "
       << (ratio == 1 ? "both use the same energy"
                      : (ratio > 1 ? results[1].algorithm->name : results[0].algorithm->name) +
                            std::string(" uses less energy"))
       << "\n";
  }
  for (const auto& r : results)
    for (const auto& n : r.complexity.notes) os << "note: " << n << "\n";
  return os.str();
}

}  // namespace

json energy_comparison_json(const std::vector<EnergyCase>& cases) {
  if (cases.size() == 1) return case_json(cases.front());
  json list = json::array();
  for (const auto& c : cases) list.push_back(case_json(c));
  return json{{"comparisons", list}};
}

std::string energy_comparison_text(const std::vector<EnergyCase>& cases) {
  std::string text;
  for (const auto& c : cases) text += (text.empty() ? "" : "\n") + case_text(c);
  return "ICE energy (Tran and Ha 2016, Eq. 6, 12, 14 and 15)\n" + text;
}

json energy_list_json(const std::vector<AlgorithmComplexity>& algos, const std::vector<InputSet>& sets,
                      const std::vector<std::string>& platforms) {
  json list = json::array();
  for (const auto& a : algos) {
    json params = json::array();
    for (const auto& p : a.parameters) params.push_back({{"name", p.name}, {"meaning", p.meaning}, {"default", p.default_text}});
    list.push_back({{"name", a.name},
                    {"title", a.title},
                    {"file", a.file},
                    {"inputs", a.inputs},
                    {"parameters", params},
                    {"work", {{"formula", a.work.text}, {"source", a.work.source}}},
                    {"span", {{"formula", a.span.text}, {"source", a.span.source}}},
                    {"io", {{"formula", a.io.text}, {"source", a.io.source}}}});
  }
  json matrices = json::array();
  for (const auto& s : sets) {
    json v = json::object();
    for (const auto& [k, x] : s.values) v[k] = {{"value", x.value}, {"source", x.source}};
    matrices.push_back({{"name", s.name}, {"values", v}});
  }
  return {{"algorithms", list}, {"matrices", matrices}, {"platforms", platforms}};
}

std::string energy_list_text(const std::string& dir, const std::vector<AlgorithmComplexity>& algos,
                             const std::vector<InputSet>& sets, const std::vector<std::string>& platforms) {
  Table t({"algorithm", "work", "span", "I/O"});
  for (const auto& a : algos) t.add({a.name, a.work.text, a.span.text, a.io.text});
  std::vector<std::string> names;
  for (const auto& s : sets) names.push_back(s.name);
  return "algorithms (" + dir + "):\n" + t.text() + "\nmatrices (Table 7): " + join_names(names, ", ") +
         "\nplatforms with ICE figures: " + join_names(platforms, ", ") + "\n";
}

}  // namespace pacer::cli
