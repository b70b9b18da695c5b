// pacer profile FILE.c: run the program with coverage counters and bind the
// analysed functions' trip counts and branch probabilities to what it did.
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/commands/application_source.hpp"
#include "cli/commands/commands.hpp"
#include "cli/views/count_check_view.hpp"
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
  bool partial = false;
  bool check = false;
  bool json = false;
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
  ProfileOptions options{{o.files, o.functions, compile_flags()}, o.args, o.time_limit, o.partial};
  CAnalysis analysis = analyse_c(options.analyse);
  Profile p = run_profile(analysis, options);
  if (!o.out.empty()) write_atomically(o.out, write_profile(p), "the profile");
  if (o.check) {
    apply_profile(analysis.model, p, o.out.empty() ? "the profile" : o.out);
    const CountCheck c = check_counts(analysis.model, p);
    return o.json ? emit(count_check_json(c)) : emit(count_check_text(c));
  }
  if (o.out.empty()) return emit(write_profile(p));
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
  cmd->add_flag("--partial", opt->partial,
                 "With --time-limit: keep the counts of a program stopped at the limit (its run so far) instead of "
                 "refusing the profile");
  cmd->add_flag("--check", opt->check,
                 "Check the model: each compute node's execution count by the model, with the profile's bindings, "
                 "against the counters' (printed instead of the profile; --out still writes it)");
  cmd->add_flag("--json", opt->json, "With --check: JSON output");
  cmd->callback([opt] {
    if (opt->json && !opt->check) throw InputError("--json goes with --check (the profile itself is JSON)");
    if (opt->partial && !(opt->time_limit > 0)) throw InputError("--partial goes with --time-limit S (S > 0)");
    run_profile_command(*opt);
  });
}

}  // namespace pacer::cli
