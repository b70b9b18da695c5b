// What the `pacer speedup` commands and the speedup templates of `pacer
// predict` share: which law with which parameters (given, or fitted to a data
// file), the optimiser's settings, and the grid of core counts and
// frequencies to evaluate.
#pragma once
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli/views/law_view.hpp"
#include "cli/views/report.hpp"
#include "templates/speedup/speedup_fit.hpp"

namespace pacer::cli {

struct OptimizerOptions {
  std::string optimizer = "csa";
  int annealers = 10, iterations = 30000;  // CSA, the paper's
  int particles = 200, pso_iterations = 100;  // PSO, the preprint's
  int restarts = 4;
  std::uint64_t seed = 1;
  std::vector<std::string> bounds;  // NAME=LO:HI
  FitOptions fit_options() const;
};
void add_optimizer_options(CLI::App& cmd, OptimizerOptions& o);

// A law with parameters: --params, or --fit DATA.csv.
struct LawOptions {
  std::string model = "memwall";
  std::string params;
  std::string fit_file;
  OptimizerOptions optimizer;
};
void add_law_options(CLI::App& cmd, LawOptions& o, bool with_fit);
ResolvedLaw resolve_law(const LawOptions& o);

// Core counts ("1-24", "1,2,4,8") and frequencies ("1.2GHz:2.5GHz:0.1GHz",
// "2.1e9,2.4e9"; units Hz, kHz, MHz, GHz).
std::vector<int> parse_core_list(const std::string& text, const std::string& option);
std::vector<double> parse_frequency_list(const std::string& text, const std::string& option);
double parse_frequency(const std::string& text, const std::string& option);


}  // namespace pacer::cli
