// pacer speedup study: section IV-C of "When parallel speedups hit the memory
// wall" (Fig. 7's procedure, Figs. 8-11's shape): median and standard
// deviation of the test MSE per training size, for the analytical laws
// fitted by CSA and for dlib's regressors.
#include <iostream>
#include <sstream>
#include <unistd.h>

#include "framework/names.hpp"
#include "framework/error.hpp"
#include "framework/process_group.hpp"
#include "cli/commands/commands.hpp"
#include "cli/views/report.hpp"
#include "cli/views/study_view.hpp"
#include "cli/commands/speedup_options.hpp"
#include "templates/speedup/sampling_study.hpp"

namespace pacer::cli {
namespace {

struct StudyCmd {
  std::string file, plot;
  int repeats = 100;
  std::vector<std::string> models{"amdahl", "memwall", "svr", "krr", "forest"};
  int annealers = 10, iterations = 30000;
  std::uint64_t seed = 1;
  bool json = false, quiet = false;
};

// Progress on stderr: a line per tenth, or a live counter on a terminal.
std::function<void(std::size_t, std::size_t)> progress_printer(bool quiet) {
  if (quiet) return {};
  const bool tty = isatty(STDERR_FILENO);
  return [tty, last = std::size_t(0)](std::size_t done, std::size_t total) mutable {
    const std::size_t tenth = done * 10 / total;
    if (tty) {
      std::cerr << "\rstudy: " << done << '/' << total << " training sets" << (done == total ? "\n" : "") << std::flush;
    } else if (tenth != last || done == total) {
      std::cerr << "study: " << done << '/' << total << " training sets (" << tenth * 10 << "%)\n";
    }
    last = tenth;
  };
}

void run_study(const StudyCmd& c) {
  const SpeedupData data = read_speedup_csv(c.file);
  StudyOptions o;
  o.repeats = c.repeats;
  o.models = c.models;
  o.csa.annealers = c.annealers;
  o.csa.iterations = c.iterations;
  o.seed = c.seed;
  o.progress = progress_printer(c.quiet || !root_process());  // under mpirun, rank 0's share
  const StudyResult r = run_sampling_study(data.points, o);
  if (!root_process()) return;
  if (!c.plot.empty()) plot_study(c.plot, r);
  if (c.json) emit(study_json(c.file, data.points.size(), o, r));
  else emit(study_text(c.file, data.points.size(), o, r, c.plot));
}

}  // namespace

void add_speedup_study_command(CLI::App& speedup) {
  auto c = std::make_shared<StudyCmd>();
  CLI::App* s = speedup.add_subcommand("study", "Accuracy against training-set size: the laws fitted by CSA "
                                                "against dlib's SVR, KRR and random forest (section IV-C)");
  s->add_option("data", c->file, "CSV: cores,cpu_freq_hz,mem_freq_hz,time_s (or speedup)")->required();
  s->add_option("--repeats", c->repeats, "random training sets per size")->capture_default_str();
  s->add_option("--models", c->models, join_names(study_model_names(), ", "))->delimiter(',')->capture_default_str();
  s->add_option("--annealers", c->annealers, "CSA annealers")->capture_default_str();
  s->add_option("--iterations", c->iterations, "CSA iterations per annealer")->capture_default_str();
  s->add_option("--seed", c->seed, "random seed")->capture_default_str();
  s->add_option("--plot", c->plot, "PNG: median and standard deviation of the MSE against training size");
  s->add_flag("--quiet", c->quiet, "no progress on stderr");
  s->add_flag("--json", c->json, "Print JSON");
  s->callback([c] { run_study(*c); });
}

}  // namespace pacer::cli
