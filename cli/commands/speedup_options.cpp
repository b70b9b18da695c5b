#include "framework/names.hpp"
#include "cli/commands/speedup_options.hpp"

#include <cmath>
#include <sstream>

#include "framework/error.hpp"
#include "framework/number.hpp"
#include "framework/units.hpp"

namespace pacer::cli {
namespace {

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> out;
  std::string item;
  std::istringstream is(text);
  while (std::getline(is, item, sep)) out.push_back(item);
  return out;
}

double parse_double(const std::string& text, const std::string& option) {
  if (auto v = parse_number(text)) return *v;
  throw InputError(option + ": '" + text + "' is not a number");
}

}  // namespace

FitOptions OptimizerOptions::fit_options() const {
  FitOptions f;
  f.optimizer = optimizer;
  f.csa.annealers = annealers;
  f.csa.iterations = iterations;
  f.csa.restarts = restarts;
  f.csa.seed = seed;
  f.pso.particles = particles;
  f.pso.iterations = pso_iterations;
  f.pso.restarts = restarts;
  f.pso.seed = seed;
  for (const auto& b : bounds) {
    const auto eq = b.find('='), colon = b.find(':', eq == std::string::npos ? 0 : eq);
    if (eq == std::string::npos || colon == std::string::npos)
      throw InputError("--bounds: '" + b + "' is not NAME=LOWER:UPPER");
    f.bounds[b.substr(0, eq)] = {parse_double(b.substr(eq + 1, colon - eq - 1), "--bounds"),
                                 parse_double(b.substr(colon + 1), "--bounds")};
  }
  return f;
}

void add_optimizer_options(CLI::App& cmd, OptimizerOptions& o) {
  cmd.add_option("--optimizer", o.optimizer, join_names(optimizer_names()) + " (coupled simulated annealing, particle swarm)")
      ->capture_default_str();
  cmd.add_option("--annealers", o.annealers, "CSA: coupled annealers")->capture_default_str();
  cmd.add_option("--iterations", o.iterations, "CSA: iterations per annealer")->capture_default_str();
  cmd.add_option("--particles", o.particles, "PSO: particles")->capture_default_str();
  cmd.add_option("--pso-iterations", o.pso_iterations, "PSO: iterations")->capture_default_str();
  cmd.add_option("--restarts", o.restarts, "independent runs in parallel (OpenMP); the best is kept")
      ->capture_default_str();
  cmd.add_option("--seed", o.seed, "random seed")->capture_default_str();
  cmd.add_option("--bounds", o.bounds, "parameter bounds NAME=LOWER:UPPER (default: f, m1, m2 in [0,1], k in [0,10])")
      ->delimiter(',');
}

void add_law_options(CLI::App& cmd, LawOptions& o, bool with_fit) {
  cmd.add_option("--model", o.model, join_names(speedup_law_names()))->capture_default_str();
  cmd.add_option("--params", o.params, "the law's parameters, e.g. f=0.99,k=1.7,m1=0.002,m2=0.28");
  if (!with_fit) return;
  cmd.add_option("--fit", o.fit_file, "fit the law to this data file instead of giving --params");
  add_optimizer_options(cmd, o.optimizer);
}

ResolvedLaw resolve_law(const LawOptions& o) {
  const SpeedupLaw& law = speedup_law(o.model);
  if (o.params.empty() == o.fit_file.empty())
    throw InputError("give the " + o.model + " parameters with --params NAME=VALUE,... or a data file to fit with --fit");
  return o.params.empty() ? fitted_law(law, o.fit_file, o.optimizer.fit_options()) : given_law(law, o.params);
}

std::vector<int> parse_core_list(const std::string& text, const std::string& option) {
  std::vector<int> out;
  for (const auto& item : split(text, ',')) {
    const auto dash = item.find('-', 1);
    const double lo = parse_double(item.substr(0, dash), option);
    const double hi = dash == std::string::npos ? lo : parse_double(item.substr(dash + 1), option);
    if (lo < 1 || hi < lo || lo != std::floor(lo) || hi != std::floor(hi) || hi > 1e6)
      throw InputError(option + ": '" + item + "' is not a positive core count or range A-B");
    for (int p = int(lo); p <= int(hi); ++p) out.push_back(p);
  }
  if (out.empty()) throw InputError(option + ": no core count given");
  return out;
}

double parse_frequency(const std::string& text, const std::string& option) {
  std::size_t end = text.find_first_not_of("0123456789.eE+-");
  // An 'e' followed by a letter is not an exponent: leave it to the unit.
  const double v = parse_double(text.substr(0, end), option);
  double factor = 1;
  if (end != std::string::npos) {
    auto f = si_factor(Dimension::Frequency, text.substr(end));
    if (!f) throw InputError(option + ": '" + text + "' has an unknown frequency unit (" + units_of(Dimension::Frequency) + ")");
    factor = *f;
  }
  if (!(v > 0)) throw InputError(option + ": frequencies must be positive (got " + text + ")");
  return v * factor;
}

std::vector<double> parse_frequency_list(const std::string& text, const std::string& option) {
  std::vector<double> out;
  for (const auto& item : split(text, ',')) {
    const auto parts = split(item, ':');
    if (parts.size() == 1) {
      out.push_back(parse_frequency(item, option));
      continue;
    }
    if (parts.size() != 3) throw InputError(option + ": '" + item + "' is not F or FROM:TO:STEP");
    const double from = parse_frequency(parts[0], option), to = parse_frequency(parts[1], option),
                 step = parse_frequency(parts[2], option);
    if (to < from) throw InputError(option + ": '" + item + "' runs backwards");
    const long n = std::lround(std::floor((to - from) / step + 1e-9));
    if (n > 100000) throw InputError(option + ": '" + item + "' has too many steps");
    for (long i = 0; i <= n; ++i) out.push_back(from + double(i) * step);
  }
  if (out.empty()) throw InputError(option + ": no frequency given");
  return out;
}

}  // namespace pacer::cli
