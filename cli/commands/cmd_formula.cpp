// pacer formula MODEL.xml: the timing formula of each task (Papaefstathiou et al. 1994 Eq. 1).
#include <sstream>

#include "framework/reduction.hpp"
#include "cli/commands/application_source.hpp"
#include "cli/commands/commands.hpp"
#include "cli/views/formula_view.hpp"
#include "cli/views/report.hpp"

namespace pacer::cli {

namespace {

struct FormulaOptions {
  SourceOptions source;
  bool json = false;
};

}  // namespace

void add_formula_command(CLI::App& app) {
  auto opt = std::make_shared<FormulaOptions>();
  CLI::App* cmd = app.add_subcommand("formula", "Print the timing formula of each task of a model");
  cmd->add_option("model", opt->source.path, "Application model (.xml) or C source (.c)")->required();
  add_source_options(*cmd, opt->source);
  cmd->add_flag("--json", opt->json, "Print JSON");
  cmd->callback([opt] {
    ApplicationModel m = load_application(opt->source);
    std::vector<TaskFormula> formulas = reduce_all(m);
    if (opt->json) emit(formula_json(m, formulas));
    else emit(formula_text(m, formulas));
  });
}

}  // namespace pacer::cli
