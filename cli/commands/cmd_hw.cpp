// pacer hw list | show HW | check HW: the hardware descriptions.
#include <algorithm>
#include <filesystem>
#include <sstream>

#include "cli/commands/commands.hpp"
#include "cli/views/hardware_view.hpp"
#include "cli/views/json_text.hpp"
#include "cli/views/report.hpp"

namespace pacer::cli {

namespace {

void add_list(CLI::App& hw) {
  auto as_json = std::make_shared<bool>(false);
  CLI::App* cmd = hw.add_subcommand("list", "List the shipped hardware descriptions");
  cmd->add_flag("--json", *as_json, "Print JSON");
  cmd->callback([as_json] {
    const auto entries = list_hardware();
    emit(*as_json ? json_text(hardware_list_json(entries)) : hardware_list_text(hardware_dir(), entries));
  });
}

void add_show(CLI::App& hw) {
  struct Opt {
    std::string file;
    bool json = false;
  };
  auto opt = std::make_shared<Opt>();
  CLI::App* cmd = hw.add_subcommand("show", "Show every figure of a hardware description with its source");
  cmd->add_option("hw", opt->file, "Hardware description (file or shipped name)")->required();
  cmd->add_flag("--json", opt->json, "Print JSON");
  cmd->callback([opt] {
    Hardware h = load_hardware(opt->file);
    if (opt->json) emit(hardware_json(h));
    else emit(hardware_text(h));
  });
}

void add_check(CLI::App& hw) {
  struct Opt {
    std::string file;
    bool json = false;
  };
  auto opt = std::make_shared<Opt>();
  CLI::App* cmd = hw.add_subcommand("check", "Validate a hardware description (exit 2 with file, line, field)");
  cmd->add_option("hw", opt->file, "Hardware description (file or shipped name)")->required();
  cmd->add_flag("--json", opt->json, "Print JSON");
  cmd->callback([opt] {
    const Hardware h = load_hardware(opt->file);
    emit(opt->json ? json_text(hardware_check_json(h)) : hardware_check_text(h));
  });
}

}  // namespace

void add_hw_command(CLI::App& app) {
  CLI::App* hw = app.add_subcommand("hw", "Hardware descriptions: list, show, check");
  hw->require_subcommand(1);
  add_list(*hw);
  add_show(*hw);
  add_check(*hw);
}

}  // namespace pacer::cli
