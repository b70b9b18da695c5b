// pacer hw list | show HW | check HW | derive HW: the hardware descriptions.
#include <functional>

#include "cli/commands/commands.hpp"
#include "cli/views/hardware_view.hpp"
#include "cli/views/json_text.hpp"
#include "cli/views/report.hpp"
#include "frontends/xml/catalogue.hpp"
#include "frontends/xml/hardware_io.hpp"
#include "hw/calibrate/derived_hllc.hpp"

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

// `hw derive`: HLLC's cost vector for a machine not in hand, through MCA.
void add_derive(CLI::App& hw) {
  struct Opt {
    std::string file, out;
    bool json = false;
  };
  auto opt = std::make_shared<Opt>();
  CLI::App* cmd = hw.add_subcommand("derive", "Derive a description's HLLC costs from LLVM MCA's model of its CPU "
                                              "(for a machine not in hand); show them beside its own");
  cmd->add_option("hw", opt->file, "Hardware description (file or shipped name) with <icc compiler= mcpu=> and a clock")
      ->required();
  cmd->add_option("--out", opt->out, "Write the description with the derived <hllc> section to this file");
  cmd->add_flag("--json", opt->json, "Print JSON");
  cmd->callback([opt] {
    const Hardware h = load_hardware(opt->file);
    const calibrate::DerivedHllc d = calibrate::derive_hllc(h);
    if (!opt->out.empty()) {
      Hardware with = h;
      with.sections["hllc"] = d.hllc;
      with.sections["intcc"] = d.intcc;
      write_atomically(opt->out,
                       hardware_to_xml(with, "Written by pacer hw derive from " + h.file + " on " + today() +
                                                 ": its <hllc> and <intcc> costs are derived through LLVM MCA, not measured."),
                       "the hardware description");
    }
    emit(opt->json ? json_text(derived_hllc_json(h, d)) : derived_hllc_text(h, d) + (opt->out.empty() ? "" : "written to " + opt->out + "\n"));
  });
}

}  // namespace

void add_hw_command(CLI::App& app) {
  CLI::App* hw = app.add_subcommand("hw", "Hardware descriptions: list, show, check, derive");
  hw->require_subcommand(1);
  add_list(*hw);
  add_description_view(*hw, "show", "Show every figure of a hardware description with its source", hardware_json,
                       hardware_text);
  add_description_view(*hw, "check", "Validate a hardware description (exit 2 with file, line, field)",
                       hardware_check_json, hardware_check_text);
  add_derive(*hw);
}

}  // namespace pacer::cli
