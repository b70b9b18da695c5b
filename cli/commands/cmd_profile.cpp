// pacer profile FILE.c: run the program with coverage counters and bind the
// analysed functions' trip counts and branch probabilities to what it did.
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/commands/application_source.hpp"
#include "cli/commands/commands.hpp"
#include "cli/views/report.hpp"
#include "frontends/clang/profile.hpp"

namespace pacer::cli {

namespace {

struct ProfileCommand {
  std::vector<std::string> files;
  std::vector<std::string> functions;
  std::string args;
  std::string out;
  double time_limit = 0;
};

std::string summary(const Profile& p, const std::string& out) {
  std::ostringstream os;
  os << "profile of " << p.sources.front() << (p.args.empty() ? "" : " " + p.args) << " written to " << out << '\n';
  Table t({"parameter", "value"});
  for (const auto& [name, v] : p.parameters) t.add({name, format_number(v)});
  for (const auto& [node, v] : p.trips) t.add({node + " (trips)", format_number(v)});
  os << t.text();
  for (const auto& n : p.notes) os << "note: " << n << '\n';
  return os.str();
}

void run_profile_command(const ProfileCommand& o) {
  ProfileOptions options{{o.files, o.functions, compile_flags()}, o.args, o.time_limit};
  CAnalysis analysis = analyse_c(options.analyse);
  Profile p = run_profile(analysis, options);
  if (o.out.empty()) return emit(write_profile(p));
  write_atomically(o.out, write_profile(p), "the profile");
  emit(summary(p, o.out));
}

}  // namespace

void add_profile_command(CLI::App& app) {
  auto opt = std::make_shared<ProfileCommand>();
  CLI::App* cmd = app.add_subcommand("profile", "Run C source with coverage counters and bind its model's parameters");
  cmd->add_option("files", opt->files, "C source files of one program with a main (compiler flags after --)")->required();
  cmd->add_option("--function", opt->functions, "Functions to model as tasks (default: those nothing calls)");
  cmd->add_option("--args", opt->args, "The program's command line arguments");
  cmd->add_option("--out", opt->out, "Write the profile here (default: print it)");
  cmd->add_option("--time-limit", opt->time_limit, "Stop the program and refuse the profile after this many seconds (0: no limit)")
      ->check(CLI::NonNegativeNumber);
  cmd->callback([opt] { run_profile_command(*opt); });
}

}  // namespace pacer::cli
