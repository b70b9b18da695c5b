#include "cli/commands/application_source.hpp"

#include <iostream>

#include "frontends/application_source.hpp"

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
  return pacer::load_application({o.path, o.functions, o.profile, compile_flags()}, [](const std::string& n) {
    std::cerr << "pacer: note: " << n << '\n';
  });
}

}  // namespace pacer::cli
