// pacer: predict how long C code takes on a machine, from resource models of
// rising detail (see README.md). Exit status: 0 success, 2 bad input,
// 3 this machine cannot measure what was asked (no energy counters), 1 anything else.
#include <iostream>
#include <string>
#include <string_view>

#include "framework/error.hpp"
#include "framework/process_group.hpp"
#include "cli/commands/application_source.hpp"
#include "cli/commands/commands.hpp"

namespace {

// Under mpirun every rank meets the same error; rank 0 says it. A process
// that could not even join its job says it too.
bool speaks() {
  try {
    return pacer::root_process();
  } catch (...) {
    return true;
  }
}

int fail(int status, const std::string& message) {
  if (speaks()) std::cerr << message;
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  // Everything after `--` is for the C compiler (analyse, profile, predict).
  for (int i = 1; i < argc; ++i)
    if (std::string(argv[i]) == "--") {
      pacer::cli::compile_flags().assign(argv + i + 1, argv + argc);
      argc = i;
      break;
    }
  CLI::App app{"pacer: performance prediction from software execution graphs and resource models"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "pacer 0.1.0");
  if (argc > 1 && argv[1][0] != '-') {
    const pacer::cli::Command* named = nullptr;
    for (const auto& command : pacer::cli::kCommands)
      if (command.name == std::string_view(argv[1])) named = &command;
    if (!named) {
      std::string names;
      for (const auto& command : pacer::cli::kCommands) names += (names.empty() ? "" : ", ") + std::string(command.name);
      std::cerr << "pacer: error: unknown command '" << argv[1] << "' (commands: " << names << ")\n";
      return 2;
    }
    named->add(app);
  } else {
    for (const auto& command : pacer::cli::kCommands) command.add(app);
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return fail(2, "pacer: error: " + std::string(e.what()) + "\n(run 'pacer --help' or 'pacer COMMAND --help')\n");
  } catch (const pacer::InputError& e) {
    return fail(2, "pacer: error: " + std::string(e.what()) + "\n");
  } catch (const pacer::Unavailable& e) {
    return fail(3, "pacer: cannot measure here: " + std::string(e.what()) + "\n");
  } catch (const std::exception& e) {
    return fail(1, "pacer: internal error: " + std::string(e.what()) + "\n");
  }
  return 0;
}
