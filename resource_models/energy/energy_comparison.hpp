// `pacer energy compare`: algorithms' energy on platforms by the ICE model
// (Tran and Ha 2016, Eq. 6, 12, 14 and 15): each algorithm's Work, Span and
// I/O for an input set or given parameters, its static, operation and I/O
// energy on each platform, whether it is CPU- or memory-bound, and the ratio
// of the first two algorithms, on the platform and platform-independent.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "resource_models/energy/algorithm_complexity.hpp"
#include "resource_models/energy/ice.hpp"

namespace pacer {

struct AlgorithmEnergy {
  const AlgorithmComplexity* algorithm = nullptr;
  EvaluatedComplexity complexity;
  IceEnergy energy;
  double platform_independent = 0;  // Eq. 15
};

// One platform with one input set (or parameters only).
struct EnergyCase {
  const Hardware* platform = nullptr;
  const InputSet* input = nullptr;       // null: parameters only
  IcePlatform ice;
  std::map<std::string, double> lent;    // B, Z, N as bound (a given parameter overrides the platform's)
  std::vector<AlgorithmEnergy> results;  // in the algorithms' order
};

// Amounts and sizes given by the user: a negative one, or one that no
// algorithm (nor B, Z, N) reads, is an InputError.
void check_energy_params(const std::map<std::string, double>& params, const std::vector<AlgorithmComplexity>& algos);

// Every platform with every input set (none: parameters only). The cases
// point into the arguments, which must outlive them.
std::vector<EnergyCase> compare_energy(const std::vector<Hardware>& platforms, const std::vector<AlgorithmComplexity>& algos,
                                       const std::vector<const InputSet*>& inputs,
                                       const std::map<std::string, double>& params);

}  // namespace pacer
