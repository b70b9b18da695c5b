// pacer calibrate: measures this machine and writes its hardware description
// (hw/calibrate/; docs/validation.md, "Calibration (`pacer calibrate`)").
#include <filesystem>
#include <iostream>

#include "cli/commands/application_source.hpp"
#include "cli/commands/commands.hpp"
#include "cli/views/calibration_view.hpp"
#include "cli/views/report.hpp"
#include "frontends/xml/hardware_io.hpp"
#include "hw/calibrate/calibration.hpp"
#include "studies/timing_lock.hpp"

namespace pacer::cli {

namespace {

struct CalibrateOptions {
  std::string out;
  calibrate::CalibrationOptions run;
};

void check_destination(const std::string& out) {
  const std::filesystem::path p = std::filesystem::absolute(out);
  if (!std::filesystem::is_directory(p.parent_path()))
    throw InputError("--out: the folder '" + p.parent_path().string() + "' does not exist");
  if (std::filesystem::is_directory(p)) throw InputError("--out: '" + out + "' is a folder, not a file");
}

}  // namespace

void add_calibrate_command(CLI::App& app) {
  auto o = std::make_shared<CalibrateOptions>();
  CLI::App* cmd = app.add_subcommand(
      "calibrate", "measure this machine and write its hardware description (HLLC costs, flop rate, clock, "
                   "memory); compiler flags after -- (default -O2)");
  cmd->add_option("--out", o->out, "the hardware description to write")->required();
  cmd->add_option("--name", o->run.name, "the machine's name in the description")->capture_default_str();
  cmd->add_option("--compiler", o->run.compiler, "the C compiler to characterise (default: pacer's clang)");
  cmd->add_option("--repetition-time", o->run.repetition_seconds, "seconds of one timed repetition")
      ->capture_default_str();
  cmd->add_option("--cpu", o->run.cpu, "the core to pin to (default: the last)");
  cmd->callback([o] {
    check_destination(o->out);
    if (!compile_flags().empty()) o->run.flags = compile_flags();
    o->run.progress = [](const std::string& what) { std::cerr << "pacer calibrate: " << what << '\n'; };
    const TimingLock turn;  // no pacer validate on this host times meanwhile, nor this one while it does
    const calibrate::Calibration c = calibrate::calibrate(o->run);
    write_atomically(o->out, hardware_to_xml(c.hardware, calibrate::calibration_comment(c)), "the hardware description");
    emit(calibration_summary(c, o->out));
  });
}

}  // namespace pacer::cli
