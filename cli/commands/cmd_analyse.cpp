// pacer analyse FILE.c: the application model of C source, with no
// hand-written model: each function's SEG, the RUV of every compute node and
// the timing formula (Papaefstathiou et al. 1994 sections 2 and 3.3.3).
#include <iostream>
#include <sstream>

#include "cli/commands/application_source.hpp"
#include "cli/commands/commands.hpp"
#include "cli/views/analysis_view.hpp"
#include "cli/views/report.hpp"
#include "cli/views/seg_dot.hpp"
#include "framework/process_group.hpp"
#include "frontends/clang/c_frontend.hpp"
#include "frontends/xml/catalogue.hpp"
#include "frontends/xml/model_io.hpp"
#include "resource_models/icc/machine_costs.hpp"

namespace pacer::cli {

namespace {

struct AnalyseCommand {
  std::vector<std::string> files;
  std::vector<std::string> functions;
  bool json = false, xml = false, dot = false;
  bool intcc = false;
  std::string hw = "host";
  std::vector<std::string> params;
};

// IntCC's RUVs: each node's optimised IR instructions per execution, by
// class, as the description's compiler and flags leave them.
void attach_ir(CAnalysis& a, const AnalyseCommand& o) {
  MachineCostOptions options = machine_cost_options(load_hardware(o.hw), compile_flags(), "intcc");
  options.intermediate = true;
  for (const auto& note : attach_machine_costs(a.model, a.sources, options, parse_assignments(o.params)))
    std::cerr << "note: intcc: " << note << '\n';
}

void print_diagnostics(const CAnalysis& a) {
  for (const auto& d : a.diagnostics)
    std::cerr << d.where.str() << ": note: " << d.kind << ": " << d.message << '\n';
}

void run_analyse(const AnalyseCommand& o) {
  // The analysis of a large file is a large tree whose teardown costs a
  // sizeable part of the run; the process ends after this command, so the
  // tree is left to it, as Clang's -disable-free does with its AST. Held
  // by statics, so that a leak checker sees them still reachable.
  // (volatile: a store nothing reads again could otherwise be dropped, and
  // the tree would look leaked.)
  static const CAnalysis* volatile analysis = nullptr;
  auto* analysed = new CAnalysis(analyse_c({o.files, o.functions, compile_flags(), /*count_sites=*/false}));
  if (o.intcc) attach_ir(*analysed, o);
  analysis = analysed;
  const CAnalysis& a = *analysed;
  if (o.json) {
    if (root_process()) write_analysis_json(std::cout, a);
    return;
  }
  if (o.xml) {
    print_diagnostics(a);
    return emit(write_model(a.model));
  }
  if (o.dot) {
    print_diagnostics(a);
    return emit(seg_dot(a.model));
  }
  emit(analysis_text(a));
}

}  // namespace

void add_analyse_command(CLI::App& app) {
  auto opt = std::make_shared<AnalyseCommand>();
  CLI::App* cmd = app.add_subcommand("analyse", "Build the application model of C source: SEGs, RUVs, formulas");
  cmd->add_option("files", opt->files, "C source files (compiler flags after --)")->required();
  cmd->add_option("--function", opt->functions, "Functions to model as tasks (default: those nothing calls)");
  auto* j = cmd->add_flag("--json", opt->json, "Print JSON");
  auto* x = cmd->add_flag("--xml", opt->xml, "Print the model in pacer's XML format (pacer predict reads it)");
  auto* d = cmd->add_flag("--dot", opt->dot, "Draw the SEGs for Graphviz");
  auto* i = cmd->add_flag("--intcc", opt->intcc,
                          "Show each node's optimised LLVM IR instructions by class (IntCC's RUVs), as --hw's "
                          "compiler and flags leave them");
  cmd->add_option("--hw", opt->hw, "Hardware description whose compiler and flags --intcc uses (default: host)")
      ->needs(i);
  cmd->add_option("--param", opt->params, "Bind a parameter for --intcc: NAME=VALUE (repeatable)")
      ->needs(i);
  j->excludes(x, d);
  i->excludes(x, d);  // the XML and Graphviz forms carry no IR counts
  x->excludes(d);
  cmd->callback([opt] { run_analyse(*opt); });
}

}  // namespace pacer::cli
