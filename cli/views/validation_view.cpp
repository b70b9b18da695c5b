#include "cli/views/validation_view.hpp"

#include <sstream>

#include "cli/views/report.hpp"
#include "framework/statistics.hpp"
#include "studies/suite.hpp"

namespace pacer::cli {

namespace {

const char* const no_counters =
    "this machine has no hardware counters or energy meters (a virtual machine): times only, from the clock";

json summary_json(const Summary& s) {
  return {{"mean", s.mean}, {"sd", s.sd}, {"min", s.min}, {"max", s.max}, {"ci90", {s.ci90.first, s.ci90.second}}, {"n", s.n}};
}

// How the time was measured, as both the single and the suite reports give it.
void add_measurement(json& j, const Measurement& m) {
  j["runs_seconds"] = m.rounds;
  j["spread_percent"] = m.spread_percent;
  j["uncertainty_percent"] = m.uncertainty_percent;
  if (m.clock_hz > 0) j["core_clock_hz"] = m.clock_hz, j["runs_core_clock_hz"] = m.clocks;
  if (m.at_reference())
    j["at_clock_hz"] = m.reference_hz, j["clock_elasticity"] = m.clock_elasticity, j["wall_estimate_seconds"] = m.wall_seconds;
  if (m.quiet_memory_rate > 0)
    j["memory"] = {{"rounds_read_bytes_per_second", m.memory_rates},
                   {"quiet_read_bytes_per_second", m.quiet_memory_rate},
                   {"tolerated_share", m.memory_tolerance},
                   {"quiet_enough_bytes_per_second", m.quiet_enough_rate() > 0 ? json(m.quiet_enough_rate()) : json(nullptr)},
                   {"rounds_counted", m.counted}, {"quiet_rounds", m.quiet_rounds}};
}

}  // namespace

json validation_json(const Validation& v) {
  json j;
  const Measurement& m = v.measurement;
  j["function"] = v.function;
  j["measured_seconds"] = m.judgeable ? json(v.measured) : json(nullptr);
  add_measurement(j, m);
  j["judgeable"] = m.judgeable;
  if (!m.judgeable) j["why_not_judged"] = why_not_judged(v);
  json models = json::object();
  for (const auto& m : v.models) {
    json e;
    e["available"] = m.available;
    if (!m.available) e["why"] = m.why;
    if (m.available) e["seconds"] = m.seconds;
    if (m.available && v.measurement.judgeable) e["error_percent"] = m.error_percent;
    if (!m.unpriced.empty()) e["unpriced"] = m.unpriced;
    models[m.model] = e;
  }
  j["models"] = models;
  json nodes = json::array();
  for (const auto& n : v.nodes) nodes.push_back({{"id", n.id}, {"where", n.where.str()}, {"executions", n.executions},
                                                 {"seconds", n.seconds}});
  j["nodes"] = nodes;
  j["notes"] = v.notes;
  return j;
}

std::string measured_text(const Validation& v) {
  const Measurement& m = v.measurement;
  std::ostringstream s;
  if (m.judgeable)
    s << "measured " << format_seconds(v.measured) << " per call (" << m.runs().size() << " pinned runs in "
      << m.rounds.size() << " rounds: the 10th percentile of "
      << (m.counted_rounds() < m.rounds.size() ? "the " + std::to_string(m.counted_rounds()) + " rounds with the memory quiet"
                                               : std::string("them")) << (m.at_reference() ? " at the description's clock" : "")
      << ", known to "
      << digits(m.uncertainty_percent, 2) << "%; interquartile spread " << digits(m.spread_percent, 2) << "%)\n";
  else
    s << "measured: not judged: " << why_not_judged(v) << "\n";
  return s.str();
}

std::string validation_text(const Validation& v) {
  std::ostringstream s;
  s << v.function << ": time of one execution of each node, by model\n";
  std::vector<std::string> header = {"node", "line", "executions"};
  for (const auto& m : validated_models()) header.push_back(m);
  Table nodes(header);
  for (const auto& n : v.nodes) {
    std::vector<std::string> row = {n.id, n.where.str(), digits(n.executions, 6)};
    for (const auto& m : validated_models())
      row.push_back(n.seconds.count(m) ? format_seconds(n.seconds.at(m)) : "-");
    nodes.add(row);
  }
  s << nodes.text() << "\n" << measured_text(v);
  Table whole({"model", "predicted", "error"});
  for (const auto& m : v.models) {
    if (!m.available) {
      whole.add({m.model, "-", "not available: " + m.why});
      continue;
    }
    whole.add({m.model, format_seconds(m.seconds), v.measurement.judgeable ? digits(m.error_percent, 3) + "%" : "-"});
  }
  s << whole.text();
  for (const auto& n : v.notes) s << "note: " << n << "\n";
  s << "note: " << no_counters << "\n";
  return s.str();
}

json suite_json(const std::string& dir, const std::vector<ValidationOutcome>& ks) {
  json j;
  j["suite"] = dir;
  json kernels = json::array();
  for (const auto& k : ks) {
    const Measurement& me = k.v.measurement;
    json e = {{"name", k.name}, {"status", k.failure.empty() ? (me.judgeable ? "validated" : "not judged") : "failed"}};
    if (!k.failure.empty()) e["failure"] = k.failure;
    else {
      e["function"] = k.v.function;
      e["measured_seconds"] = me.judgeable ? json(k.v.measured) : json(nullptr);
      e["estimate_seconds"] = k.v.measured;
      add_measurement(e, me);
      if (!me.judgeable) e["why_not_judged"] = why_not_judged(k.v);
      json predicted = json::object(), err = json::object();
      for (const auto& m : k.v.models)
        if (m.available) {
          predicted[m.model] = m.seconds;
          if (me.judgeable) err[m.model] = m.error_percent;
        }
      e["predicted_seconds"] = predicted;
      e["error_percent"] = err;
    }
    kernels.push_back(e);
  }
  j["kernels"] = kernels;
  json models = json::object(), alone = json::object();
  for (const auto& [m, e] : suite_errors(ks, false)) models[m] = summary_json(summarise(e));
  for (const auto& [m, e] : suite_errors(ks, true)) alone[m] = summary_json(summarise(e));
  j["models"] = models;
  j["resource_model_errors"] = alone;
  j["note"] = no_counters;
  return j;
}

std::string summary_table(const std::map<std::string, std::vector<double>>& e) {
  Table t({"model", "mean", "sd", "min", "max", "90% CI of mean", "kernels"});
  for (const auto& m : validated_models()) {
    if (!e.count(m)) continue;
    const Summary s = summarise(e.at(m));
    t.add({m, digits(s.mean, 3), digits(s.sd, 3), digits(s.min, 3), digits(s.max, 3),
           "(" + digits(s.ci90.first, 3) + ", " + digits(s.ci90.second, 3) + ")", std::to_string(s.n)});
  }
  return t.text();
}

std::string suite_text(const std::vector<ValidationOutcome>& ks) {
  std::ostringstream s;
  std::vector<std::string> header = {"kernel", "measured"};
  header.insert(header.end(), validated_models().begin(), validated_models().end());
  Table k(header);
  for (const auto& o : ks) {
    if (!o.failure.empty()) {
      std::vector<std::string> row = {o.name, "failed: " + o.failure};
      row.resize(header.size());
      k.add(row);
      continue;
    }
    const bool judged = o.v.measurement.judgeable;
    std::vector<std::string> row = {o.name, judged ? format_seconds(o.v.measured) + " ±" + digits(o.v.measurement.uncertainty_percent, 2) + "%"
                                                   : "not judged (±" + digits(o.v.measurement.uncertainty_percent, 2) + "%)"};
    for (const auto& name : validated_models()) {
      std::string cell = "-";
      for (const auto& m : o.v.models)
        if (m.model == name && m.available)
          cell = format_seconds(m.seconds) + (judged ? " (" + digits(m.error_percent, 3) + "%)" : "");
      row.push_back(cell);
    }
    k.add(row);
  }
  s << k.text() << "\nabsolute whole-kernel error (%), per model:\n" << summary_table(suite_errors(ks, false))
    << "\nerror due to the resource model alone (CT's error subtracted, %):\n" << summary_table(suite_errors(ks, true))
    << "note: " << no_counters << "\n";
  return s.str();
}

json fleet_json(const std::string& dir, const std::vector<MachineStudy>& machines) {
  json list = json::array();
  for (const auto& m : machines) {
    json one = {{"host", m.host}, {"hardware", m.hardware}};
    const json suite = suite_json(dir, m.outcomes);
    for (const auto& [key, value] : suite.items())
      if (key != "suite") one[key] = value;
    list.push_back(std::move(one));
  }
  return json{{"suite", dir}, {"machines", list}};
}

std::string fleet_text(const std::vector<MachineStudy>& machines) {
  std::string out;
  for (const auto& m : machines)
    out += std::string(out.empty() ? "" : "\n") + "machine " + m.host +
           (m.hardware.empty() ? " (no description)\n" : " (description " + m.hardware + ")\n") +
           suite_text(m.outcomes);
  return out;
}

// Figure 12: per model, the range of errors, the 90% interval and the mean.
// False when no kernel was judged, so there is nothing to draw.
bool plot_bounds(const std::string& png, const std::vector<ValidationOutcome>& ks) {
  std::ostringstream rows;
  int x = 0;
  const auto e = suite_errors(ks, false);
  for (const auto& m : validated_models()) {
    if (!e.count(m)) continue;
    const Summary s = summarise(e.at(m));
    rows << ++x << " " << m << " " << s.mean << " " << s.min << " " << s.max << " " << s.ci90.first << " "
         << s.ci90.second << "\n";
  }
  if (x == 0) return false;
  const std::string script =
      "set title 'Accuracy bounds of the resource models (absolute whole-kernel error)'\n"
      "set ylabel 'error (%)'\nset xrange [0.3:" + std::to_string(x) + ".7]\nset grid ytics\nset boxwidth 0.3\n"
      "plot $bounds using 1:6:4:5:7:xtic(2) with candlesticks title 'min, 90% CI of mean, max', "
      "$bounds using 1:3:3:3:3 with candlesticks lw 2 title 'mean'\n";
  plot_png(png, script, {{"bounds", rows.str()}});
  return true;
}

}  // namespace pacer::cli
