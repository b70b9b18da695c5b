#include "cli/commands/application_source.hpp"

#include <iostream>

#include "frontends/clang/c_frontend.hpp"
#include "frontends/clang/profile.hpp"
#include "frontends/xml/model_io.hpp"

namespace pacer::cli {

std::vector<std::string>& compile_flags() {
  static std::vector<std::string> flags;
  return flags;
}

void add_source_options(CLI::App& cmd, SourceOptions& o) {
  cmd.add_option("--function", o.functions, "C source: the functions to model as tasks (default: those nothing calls)");
  cmd.add_option("--profile", o.profile, "C source: bind trip counts and probabilities from 'pacer profile' output");
}

ApplicationModel load_application(const SourceOptions& o) {
  if (!is_c_source(o.path)) {
    if (!o.functions.empty() || !o.profile.empty())
      throw InputError("--function and --profile apply to C source, not to the model file " + o.path);
    return read_model_file(o.path);
  }
  AnalyseOptions a{{o.path}, o.functions, compile_flags()};
  Profile profile;
  if (!o.profile.empty()) {
    profile = read_profile(o.profile);
    if (a.functions.empty()) a.functions = profile.functions;
    if (a.compile_flags.empty()) a.compile_flags = profile.compile_flags;
  }
  CAnalysis analysis = analyse_c(a);
  size_t unmodelable = 0;
  for (const auto& d : analysis.diagnostics) unmodelable += d.unmodelable();
  if (unmodelable)
    std::cerr << "pacer: note: " << unmodelable << " construct(s) in " << o.path
              << " are not modelled exactly; 'pacer analyse " << o.path << "' lists them\n";
  if (!o.profile.empty()) apply_profile(analysis.model, profile, o.profile);
  return std::move(analysis.model);
}

}  // namespace pacer::cli
