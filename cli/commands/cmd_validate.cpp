// pacer validate: each resource model's accuracy against measurement on this
// machine, for one function (the shape of Papaefstathiou et al. 1994 Table 6) or a
// suite of kernels (Table 7 and Figure 12). docs/validation.md.
#include <cmath>
#include <fstream>
#include <iostream>
#include <sstream>

#include "framework/statistics.hpp"
#include "cli/commands/application_source.hpp"
#include "cli/commands/commands.hpp"
#include "cli/views/report.hpp"
#include "studies/validation.hpp"

namespace pacer::cli {

namespace {

struct ValidateCommand {
  std::vector<std::string> files;
  std::string function, hardware, args, suite, plot;
  int runs = 7;
  bool json = false;
};

const char* const no_counters =
    "this machine has no hardware counters or energy meters (a virtual machine): times only, from the clock";

// ---- one function --------------------------------------------------------

// Why a measurement cannot judge a 3% error, and what to change.
std::string not_judged(const Validation& v) {
  const Measurement& m = v.measurement;
  return "over " + std::to_string(m.runs().size()) + " runs in " + std::to_string(m.rounds.size()) +
         " rounds the time of '" + v.function + "' is known only to " + digits(m.uncertainty_percent, 2) +
         "% (interquartile spread " + digits(m.spread_percent, 2) + "%), too loosely to judge a " +
         digits(judging_tolerance_percent, 2) + "% error; give the program a larger input (a longer call) or more --runs";
}

json to_json(const Validation& v) {
  json j;
  const Measurement& m = v.measurement;
  j["function"] = v.function;
  j["measured_seconds"] = m.judgeable ? json(v.measured) : json(nullptr);
  j["runs_seconds"] = m.rounds;
  j["spread_percent"] = m.spread_percent;
  j["uncertainty_percent"] = m.uncertainty_percent;
  j["judgeable"] = m.judgeable;
  if (!m.judgeable) j["why_not_judged"] = not_judged(v);
  if (m.clock_hz > 0) j["core_clock_hz"] = m.clock_hz;
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
      << m.rounds.size() << " rounds: their 10th percentile, known to "
      << digits(m.uncertainty_percent, 2) << "%; interquartile spread " << digits(m.spread_percent, 2) << "%)\n";
  else
    s << "measured: not judged: " << not_judged(v) << "\n";
  return s.str();
}

std::string text(const Validation& v) {
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

// ---- a suite ---------------------------------------------------------------

using SuiteKernel = std::pair<std::string, ValidationOptions>;

// A folder holding suite.json, or a manifest file; its kernels' files are
// relative to the manifest's folder.
std::vector<SuiteKernel> read_manifest(const std::string& suite, const ValidateCommand& c) {
  const bool folder = std::filesystem::is_directory(suite);
  const std::string path = folder ? (std::filesystem::path(suite) / "suite.json").string() : suite;
  const std::string dir = std::filesystem::path(path).parent_path().string();
  std::ifstream in(path);
  if (!in)
    throw InputError(SourceLocation{path, 0}, "",
                     folder ? "no suite manifest (suite.json) in " + suite : "no such suite manifest");
  std::vector<SuiteKernel> out;
  try {
    const json j = json::parse(in);
    for (const auto& k : j.at("kernels")) {
      SuiteKernel s;
      s.first = k.at("name").get<std::string>();
      ValidationOptions& o = s.second;
      for (const auto& f : k.at("files")) o.files.push_back((std::filesystem::path(dir) / f.get<std::string>()).string());
      o.function = k.at("function").get<std::string>();
      o.args = k.value("args", "");
      o.flags = k.value("flags", std::vector<std::string>{});
      o.hardware = c.hardware;
      o.runs = c.runs;
      out.push_back(s);
    }
  } catch (const json::exception& e) {
    throw InputError(SourceLocation{path, 0}, "", std::string("not a suite manifest: ") + e.what());
  }
  if (out.empty()) throw InputError(SourceLocation{path, 0}, "kernels", "the suite lists no kernel");
  return out;
}

using KernelOutcome = ValidationOutcome;

json summary_json(const Summary& s) {
  return {{"mean", s.mean}, {"sd", s.sd}, {"min", s.min}, {"max", s.max}, {"ci90", {s.ci90.first, s.ci90.second}}, {"n", s.n}};
}

// |error| per model over the kernels that count, and the same with CT's
// signed error subtracted first (the error due to the resource model alone,
// Papaefstathiou et al. 1994 section 5.2).
std::map<std::string, std::vector<double>> errors(const std::vector<KernelOutcome>& ks, bool minus_ct) {
  std::map<std::string, std::vector<double>> out;
  for (const auto& k : ks) {
    if (!k.failure.empty() || !k.v.measurement.judgeable) continue;
    double ct = 0;
    bool have_ct = false;
    for (const auto& m : k.v.models)
      if (m.model == "ct" && m.available) ct = m.error_percent, have_ct = true;
    if (minus_ct && !have_ct) continue;
    for (const auto& m : k.v.models) {
      if (!m.available || (minus_ct && m.model == "ct")) continue;
      out[m.model].push_back(std::fabs(minus_ct ? m.error_percent - ct : m.error_percent));
    }
  }
  return out;
}

json suite_json(const std::string& dir, const std::vector<KernelOutcome>& ks) {
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
      e["uncertainty_percent"] = me.uncertainty_percent;
      e["spread_percent"] = me.spread_percent;
      e["runs_seconds"] = me.rounds;
      if (me.clock_hz > 0) e["core_clock_hz"] = me.clock_hz;
      if (!me.judgeable) e["why_not_judged"] = not_judged(k.v);
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
  for (const auto& [m, e] : errors(ks, false)) models[m] = summary_json(summarise(e));
  for (const auto& [m, e] : errors(ks, true)) alone[m] = summary_json(summarise(e));
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

std::string suite_text(const std::vector<KernelOutcome>& ks) {
  std::ostringstream s;
  Table k({"kernel", "measured", "poc", "hllc", "icc", "ct"});
  for (const auto& o : ks) {
    if (!o.failure.empty()) {
      k.add({o.name, "failed: " + o.failure, "", "", "", ""});
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
  s << k.text() << "\nabsolute whole-kernel error (%), per model:\n" << summary_table(errors(ks, false))
    << "\nerror due to the resource model alone (CT's error subtracted, %):\n" << summary_table(errors(ks, true))
    << "note: " << no_counters << "\n";
  return s.str();
}

// Figure 12: per model, the range of errors, the 90% interval and the mean.
// False when no kernel was judged, so there is nothing to draw.
bool plot_bounds(const std::string& png, const std::vector<KernelOutcome>& ks) {
  std::ostringstream rows;
  int x = 0;
  const auto e = errors(ks, false);
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

// After the report: exit 2 when a kernel failed (it does not build, run or
// check its result), 3 when one could not be judged on this machine.
void suite_status(const std::vector<KernelOutcome>& outcomes) {
  std::string failed, unjudged;
  for (const auto& o : outcomes) {
    if (!o.failure.empty()) failed += (failed.empty() ? "" : ", ") + o.name;
    else if (!o.v.measurement.judgeable) unjudged += (unjudged.empty() ? "" : ", ") + o.name;
  }
  if (!failed.empty()) throw InputError("the suite's kernels " + failed + " failed (the report says why)");
  if (!unjudged.empty())
    throw Unavailable("the kernels " + unjudged + " could not be judged on this machine: their times moved more than " +
                      digits(judging_tolerance_percent, 2) + "% (the report gives each one's uncertainty)");
}

void run_suite(const ValidateCommand& c) {
  const auto outcomes = validate_all(read_manifest(c.suite, c), [](const std::string& what) {
    std::cerr << "pacer validate: " << what << "\n";
  });
  if (!c.plot.empty() && !plot_bounds(c.plot, outcomes))
    std::cerr << "pacer validate: no kernel was judged, so --plot drew nothing\n";
  if (c.json) emit(suite_json(c.suite, outcomes));
  else emit(suite_text(outcomes));
  suite_status(outcomes);
}

}  // namespace

void add_validate_command(CLI::App& app) {
  auto c = std::make_shared<ValidateCommand>();
  CLI::App* cmd = app.add_subcommand(
      "validate", "measure a C function on this machine and compare every resource model's prediction with it "
                  "(or a suite of kernels with --suite); compiler flags after --");
  cmd->add_option("files", c->files, "C source files of a program with a main");
  cmd->add_option("--function", c->function, "the function to measure and predict");
  cmd->add_option("--hw", c->hardware, "this machine's description (pacer calibrate writes one)")->required();
  cmd->add_option("--args", c->args, "the program's arguments");
  cmd->add_option("--runs", c->runs, "pinned runs per round (at least three rounds, more while the time moves)")
      ->capture_default_str();
  cmd->add_option("--suite", c->suite, "a folder with a suite.json manifest of kernels, or a manifest file");
  cmd->add_option("--plot", c->plot, "with --suite: draw the accuracy bounds (Figure 12) as PNG");
  cmd->add_flag("--json", c->json, "JSON output");
  cmd->callback([c] {
    if (!c->suite.empty()) {
      if (!c->files.empty() || !c->function.empty()) throw InputError("give --suite or files with --function, not both");
      run_suite(*c);
      return;
    }
    if (!c->plot.empty()) throw InputError("--plot draws a suite's accuracy bounds: use it with --suite");
    if (c->files.empty()) throw InputError("give C files and --function, or --suite DIR");
    if (c->function.empty()) throw InputError("--function: which function to validate?");
    ValidationOptions o{c->files, c->function, c->hardware, c->args, c->runs, compile_flags()};
    const Validation v = validate(o);
    if (c->json) emit(to_json(v));
    else emit(text(v));
    if (!v.measurement.judgeable) throw Unavailable(not_judged(v));
  });
}

}  // namespace pacer::cli
