// pacer hw list | show HW | check HW: the hardware descriptions.
#include <functional>

#include "cli/commands/commands.hpp"
#include "cli/views/hardware_view.hpp"
#include "cli/views/json_text.hpp"
#include "cli/views/report.hpp"
#include "frontends/xml/catalogue.hpp"

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

// `hw show` and `hw check`: one description, by file or shipped name, in a view.
void add_description_view(CLI::App& hw, const char* name, const char* help,
                          std::function<json(const Hardware&)> as_json, std::function<std::string(const Hardware&)> as_text) {
  struct Opt {
    std::string file;
    bool json = false;
  };
  auto opt = std::make_shared<Opt>();
  CLI::App* cmd = hw.add_subcommand(name, help);
  cmd->add_option("hw", opt->file, "Hardware description (file or shipped name)")->required();
  cmd->add_flag("--json", opt->json, "Print JSON");
  cmd->callback([opt, as_json, as_text] {
    const Hardware h = load_hardware(opt->file);
    if (opt->json) emit(as_json(h));
    else emit(as_text(h));
  });
}

}  // namespace

void add_hw_command(CLI::App& app) {
  CLI::App* hw = app.add_subcommand("hw", "Hardware descriptions: list, show, check");
  hw->require_subcommand(1);
  add_list(*hw);
  add_description_view(*hw, "show", "Show every figure of a hardware description with its source", hardware_json,
                       hardware_text);
  add_description_view(*hw, "check", "Validate a hardware description (exit 2 with file, line, field)",
                       hardware_check_json, hardware_check_text);
}

}  // namespace pacer::cli
