// pacer validate: each resource model's accuracy against measurement on this
// machine, for one function (the shape of Papaefstathiou et al. 1994 Table 6) or a
// suite of kernels (Table 7 and Figure 12). docs/validation.md.
#include <iostream>

#include <filesystem>

#include "cli/commands/application_source.hpp"
#include "cli/commands/commands.hpp"
#include "cli/views/report.hpp"
#include "cli/views/validation_view.hpp"
#include "framework/process_group.hpp"
#include "frontends/xml/catalogue.hpp"
#include "frontends/xml/hardware_io.hpp"
#include "hw/calibrate/calibration.hpp"
#include "studies/fleet.hpp"
#include "studies/suite.hpp"

namespace pacer::cli {

namespace {

struct ValidateCommand {
  std::vector<std::string> files;
  std::string function, hardware, args, suite, plot;
  int runs = 7;
  bool json = false, calibrate = false;
};

void progress(const std::string& what) { std::cerr << "pacer validate: " << what << "\n"; }

// A node's description: --hw, else the one named by its host, which
// --calibrate measures and writes first when the host has none.
std::string description_of(const ValidateCommand& c, const std::string& host) {
  if (!c.hardware.empty()) return c.hardware;
  const std::string path = (std::filesystem::path(hardware_dir()) / (host + ".xml")).string();
  if (std::filesystem::exists(path)) return path;
  if (!c.calibrate)
    throw InputError("no description of host '" + host + "' (" + path + "): give --hw, or --calibrate to measure one");
  calibrate::CalibrationOptions o;
  o.name = host;
  o.progress = [&](const std::string& what) { std::cerr << "pacer validate: calibrating " << host << ": " << what << '\n'; };
  const calibrate::Calibration measured = calibrate::calibrate(o);
  write_atomically(path, hardware_to_xml(measured.hardware, calibrate::calibration_comment(measured)), "the hardware description");
  return path;
}

// Under mpirun: the suite on every node, its ranks sharing the kernels.
void run_across_nodes(const ValidateCommand& c) {
  if (!c.plot.empty()) throw InputError("--plot draws one machine's bounds: run without mpirun");
  const auto machines = validate_across_nodes(c.suite, c.runs, [&](const std::string& host) { return description_of(c, host); }, progress);
  if (!root_process()) return;
  if (c.json) emit(fleet_json(c.suite, machines));
  else emit(fleet_text(machines));
  std::vector<ValidationOutcome> all;
  for (const auto& m : machines) all.insert(all.end(), m.outcomes.begin(), m.outcomes.end());
  require_judged(all);
}

void run_suite(const ValidateCommand& c) {
  if (process_count() > 1) return run_across_nodes(c);
  const std::string hardware = description_of(c, process_hosts().front());
  const auto outcomes = validate_all(read_suite_manifest(c.suite, hardware, c.runs), progress);
  if (!c.plot.empty() && !plot_bounds(c.plot, outcomes))
    std::cerr << "pacer validate: no kernel was judged, so --plot drew nothing\n";
  if (c.json) emit(suite_json(c.suite, outcomes));
  else emit(suite_text(outcomes));
  require_judged(outcomes);
}

}  // namespace

void add_validate_command(CLI::App& app) {
  auto c = std::make_shared<ValidateCommand>();
  CLI::App* cmd = app.add_subcommand(
      "validate", "measure a C function on this machine and compare every resource model's prediction with it "
                  "(or a suite of kernels with --suite); compiler flags after --");
  cmd->add_option("files", c->files, "C source files of a program with a main");
  cmd->add_option("--function", c->function, "the function to measure and predict");
  cmd->add_option("--hw", c->hardware,
                  "this machine's description (pacer calibrate writes one); with --suite, default: the one named "
                  "by the host (each node's own under mpirun)");
  cmd->add_option("--args", c->args, "the program's arguments");
  cmd->add_option("--runs", c->runs, "pinned runs per round (at least three rounds, more while the time moves)")
      ->capture_default_str();
  cmd->add_option("--suite", c->suite, "a folder with a suite.json manifest of kernels, or a manifest file");
  cmd->add_option("--plot", c->plot, "with --suite: draw the accuracy bounds (Figure 12) as PNG");
  cmd->add_flag("--json", c->json, "JSON output");
  cmd->add_flag("--calibrate", c->calibrate,
                "with --suite and no --hw: measure and write the description of a host that has none");
  cmd->callback([c] {
    if (!c->suite.empty()) {
      if (!c->files.empty() || !c->function.empty()) throw InputError("give --suite or files with --function, not both");
      run_suite(*c);
      return;
    }
    if (!c->plot.empty()) throw InputError("--plot draws a suite's accuracy bounds: use it with --suite");
    if (c->files.empty()) throw InputError("give C files and --function, or --suite DIR");
    if (c->function.empty()) throw InputError("--function: which function to validate?");
    if (c->hardware.empty()) throw InputError("--hw: which machine is this? (pacer calibrate writes a description)");
    ValidationOptions o{c->files, c->function, c->hardware, c->args, c->runs, compile_flags()};
    const Validation v = validate(o);
    if (c->json) emit(validation_json(v));
    else emit(validation_text(v));
    if (!v.measurement.judgeable) throw Unavailable(why_not_judged(v));
  });
}

}  // namespace pacer::cli
