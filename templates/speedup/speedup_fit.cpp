#include "templates/speedup/speedup_fit.hpp"
#include "templates/speedup/local_refinement.hpp"
#include "templates/speedup/speedup_data.hpp"

#include <algorithm>
#include <chrono>
#include <sstream>

#include "framework/error.hpp"
#include "framework/format.hpp"
#include "framework/names.hpp"
#include "framework/number.hpp"

namespace pacer {

double mean_squared_error(const SpeedupLaw& law, const std::vector<double>& params, const SpeedupColumns& c) {
  return law.sum_squared_error(params.data(), c) / double(c.size());
}

Bounds law_bounds(const SpeedupLaw& law, const std::map<std::string, std::pair<double, double>>& overrides) {
  Bounds b;
  for (const auto& p : law.parameters()) {
    b.names.push_back(p.name);
    b.lower.push_back(p.lower);
    b.upper.push_back(p.upper);
    b.scales.push_back(p.scale);
  }
  for (const auto& [name, range] : overrides) {
    auto it = std::find(b.names.begin(), b.names.end(), name);
    if (it == b.names.end()) throw InputError("bounds: model " + law.name() + " has no parameter '" + name + "'");
    const auto i = std::size_t(it - b.names.begin());
    b.lower[i] = range.first;
    b.upper[i] = range.second;
  }
  b.validate();
  return b;
}

const std::vector<std::string>& optimizer_names() {
  static const std::vector<std::string> names = {"csa", "pso"};  // the branches of fit_speedup_law
  return names;
}

SpeedupFit fit_speedup_law(const SpeedupLaw& law, const SpeedupColumns& c, const FitOptions& o) {
  const std::size_t n_params = law.parameters().size();
  if (c.size() < n_params)
    throw InputError("fitting " + law.name() + " needs at least " + std::to_string(n_params) +
                     " speedup points, one per parameter (got " + std::to_string(c.size()) + ")");
  const Bounds b = law_bounds(law, o.bounds);
  const double n = double(c.size());
  Objective mse = [&](const double* x) { return law.sum_squared_error(x, c) / n; };
  const auto start = std::chrono::steady_clock::now();
  OptimResult r;
  if (o.optimizer == "csa")
    r = coupled_simulated_annealing(mse, b, o.csa);
  else if (o.optimizer == "pso")
    r = particle_swarm(mse, b, o.pso);
  else
    throw InputError("unknown optimizer '" + o.optimizer + "' (known: " + join_names(optimizer_names(), ", ") + ")");
  const double searched = r.value;
  if (o.refine) {  // never worse than where it starts
    const OptimResult refined = refine_locally(mse, b, r.x);
    r.evaluations += refined.evaluations;
    r.x = refined.x;
    r.value = refined.value;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return {&law, r.x, r.value, r.evaluations, seconds, searched};
}

std::vector<double> parse_law_params(const SpeedupLaw& law, const std::string& text) {
  const auto& spec = law.parameters();
  std::vector<double> out(spec.size());
  std::vector<bool> seen(spec.size());
  std::istringstream is(text);
  std::string item;
  while (std::getline(is, item, ',')) {
    const auto eq = item.find('=');
    if (eq == std::string::npos) throw InputError("--params: '" + item + "' is not NAME=VALUE");
    const std::string name = item.substr(0, eq), value = item.substr(eq + 1);
    std::size_t i = 0;
    while (i < spec.size() && spec[i].name != name) ++i;
    if (i == spec.size()) throw InputError("--params: model " + law.name() + " has no parameter '" + name + "'");
    const auto v = parse_number(value);
    if (!v) throw InputError("--params: '" + value + "' is not a number");
    out[i] = *v;
    if (out[i] < spec[i].lower || out[i] > spec[i].upper)
      throw InputError("--params: " + name + "=" + value + " is outside [" + std::to_string(spec[i].lower) + ", " +
                       std::to_string(spec[i].upper) + "]");
    seen[i] = true;
  }
  for (std::size_t i = 0; i < spec.size(); ++i)
    if (!seen[i]) throw InputError("--params: model " + law.name() + " needs " + spec[i].name + " (" + spec[i].meaning + ")");
  return out;
}

double accuracy_gain_percent(double mse_amdahl, double mse) {
  return mse_amdahl > 0 ? 100.0 * (mse_amdahl - mse) / mse_amdahl : 0.0;
}

LawFitReport fit_against_amdahl(const SpeedupLaw& law, const SpeedupColumns& c, const FitOptions& o) {
  LawFitReport r{fit_speedup_law(law, c, o), std::nullopt, 0, law_bounds(law, o.bounds)};
  if (law.name() != "amdahl") {
    r.amdahl = fit_speedup_law(speedup_law("amdahl"), c, o);
    r.gain_percent = accuracy_gain_percent(r.amdahl->mse, r.fit.mse);
  }
  return r;
}

ResolvedLaw given_law(const SpeedupLaw& law, const std::string& params) {
  return {&law, parse_law_params(law, params), "given"};
}

ResolvedLaw fitted_law(const SpeedupLaw& law, const std::string& data_file, const FitOptions& o) {
  const SpeedupData data = read_speedup_csv(data_file);
  const SpeedupFit fit = fit_speedup_law(law, data.columns(), o);
  return {&law, fit.params,
          "fitted to " + data_file + " (" + std::to_string(data.points.size()) + " points, MSE " +
              format_number(fit.mse) + ")"};
}

}  // namespace pacer
