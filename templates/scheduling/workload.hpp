// Synthetic workloads: the load of every iteration of a parallel loop, drawn
// from one of the five distributions of the loop-scheduling paper (Beta,
// Gamma, Gaussian, Poisson, Uniform) and scaled by the paper's correcting
// factor so that every distribution has the same mean load; or read from a
// file, one load per line.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace pacer::sched {

struct Distribution {
  std::string name;                      // beta, gamma, gaussian, poisson, uniform
  std::map<std::string, double> params;  // defaults filled in by make_distribution
  double mean_load = 1.0;                // every workload is scaled to this mean

  double natural_mean() const;  // mean before the correcting factor
  std::string describe() const;  // "beta(a=0.5, b=0.5)"
};

// Validates the name and the parameters ("a=2,b=5" style overrides of the
// documented defaults); throws InputError.
Distribution make_distribution(const std::string& name, const std::map<std::string, double>& overrides = {},
                               double mean_load = 1.0);
std::vector<std::string> distribution_names();

// `n` loads drawn with a 64-bit Mersenne Twister seeded with `seed`, each
// multiplied by mean_load / natural_mean().
std::vector<double> generate_workload(const Distribution& d, size_t n, uint64_t seed);

// One non-negative finite load per line; blank lines and lines starting
// with '#' are skipped. Errors name the file and line.
std::vector<double> read_workload(const std::string& path);

// Throws InputError unless every load is finite and non-negative and there
// is at least one.
void check_loads(const std::vector<double>& loads, const std::string& what);

}  // namespace pacer::sched
