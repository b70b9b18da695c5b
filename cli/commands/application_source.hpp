// Where a command's application model comes from: a model file, or C source
// analysed by the Clang frontend and, with a profile, bound to a real run.
#pragma once
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "framework/application_model.hpp"

namespace pacer::cli {

struct SourceOptions {
  std::string path;
  std::vector<std::string> functions;
  std::string profile;
};

// --function and --profile, for commands that accept C source.
void add_source_options(CLI::App& cmd, SourceOptions& o);
ApplicationModel load_application(const SourceOptions& o);

// The compiler flags given after `--` on the command line.
std::vector<std::string>& compile_flags();

}  // namespace pacer::cli
