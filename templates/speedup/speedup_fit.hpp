// Fitting a speedup law to measured speedups by minimising the mean squared
// error, as "When parallel speedups hit the memory wall" does (section IV),
// with CSA-M (the journal paper) or PSO (its preprint), within the paper's
// bounds: f, m1, m2 in [0, 1], k in [0, 10].
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "framework/coupled_annealing.hpp"
#include "framework/particle_swarm.hpp"
#include "templates/speedup/speedup_law.hpp"

namespace pacer {

// The optimisers a fit can use: "csa" (coupled simulated annealing, CSA-M),
// "pso" (particle swarm with constriction).
const std::vector<std::string>& optimizer_names();

struct FitOptions {
  std::string optimizer = "csa";  // csa | pso
  CsaOptions csa;
  PsoOptions pso;
  std::map<std::string, std::pair<double, double>> bounds;  // overrides, by parameter
  // After the global search, descend from its best point with a bounded
  // local method (templates/speedup/local_refinement.hpp).
  bool refine = true;
};

struct SpeedupFit {
  const SpeedupLaw* law = nullptr;
  std::vector<double> params;
  double mse = 0;
  std::uint64_t evaluations = 0;  // of the global search and the refinement
  double seconds = 0;
  double searched_mse = 0;  // where the global search stopped, before the refinement
};

double mean_squared_error(const SpeedupLaw& law, const std::vector<double>& params, const SpeedupColumns& c);

// Throws InputError when there are fewer points than parameters, for an
// unknown optimiser, or for bounds with lower above upper.
SpeedupFit fit_speedup_law(const SpeedupLaw& law, const SpeedupColumns& c, const FitOptions& o);

Bounds law_bounds(const SpeedupLaw& law, const std::map<std::string, std::pair<double, double>>& overrides);

// "f=0.99,k=1.7,m1=0.002,m2=0.28": every parameter of the law, each within
// its bounds.
std::vector<double> parse_law_params(const SpeedupLaw& law, const std::string& text);

// Accuracy gain of a fit over Amdahl's, as Table 1: (MSE_A - MSE) / MSE_A.
double accuracy_gain_percent(double mse_amdahl, double mse);

// A law fitted to data beside Amdahl's law fitted the same way, and the
// accuracy gain of the paper's Table 1 (none when the law is Amdahl's).
struct LawFitReport {
  SpeedupFit fit;
  std::optional<SpeedupFit> amdahl;
  double gain_percent = 0;
  Bounds bounds;  // the ones the fit searched
};
LawFitReport fit_against_amdahl(const SpeedupLaw& law, const SpeedupColumns& c, const FitOptions& o);

// A speedup law with its parameters, and where they came from.
struct ResolvedLaw {
  const SpeedupLaw* law = nullptr;
  std::vector<double> params;
  std::string origin;  // "given" or "fitted to FILE (N points, MSE ...)"
};

// Parameters as "f=0.99,k=1.7,..." (parse_law_params), or fitted to a
// speedup data file with `o`.
ResolvedLaw given_law(const SpeedupLaw& law, const std::string& params);
ResolvedLaw fitted_law(const SpeedupLaw& law, const std::string& data_file, const FitOptions& o);

}  // namespace pacer
