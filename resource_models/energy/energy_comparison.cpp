#include "resource_models/energy/energy_comparison.hpp"

#include "framework/error.hpp"
#include "framework/format.hpp"

namespace pacer {

void check_energy_params(const std::map<std::string, double>& params, const std::vector<AlgorithmComplexity>& algos) {
  for (const auto& [name, v] : params)
    if (v < 0) throw InputError("--param " + name + "=" + digits(v, 6) + ": " + name + " cannot be negative");
  // A --param that no compared algorithm reads is a typo, not a no-op.
  for (const auto& [name, v] : params) {
    bool used = name == "B" || name == "Z" || name == "N";
    for (const auto& a : algos)
      for (const auto& p : a.parameters) used = used || p.name == name;
    if (!used) throw InputError("--param " + name + ": no compared algorithm has a parameter '" + name + "'");
  }
}

namespace {

EnergyCase compare_case(const Hardware& hw, const InputSet* input, const std::vector<AlgorithmComplexity>& algos,
                        const std::map<std::string, double>& params) {
  EnergyCase c;
  c.platform = &hw;
  c.input = input;
  c.ice = ice_platform(hw);
  const auto lent = platform_parameters(hw);
  for (const auto& a : algos)
    if (input && a.inputs != input->family)
      throw InputError(a.name + " takes " + (a.inputs.empty() ? "no input sets" : a.inputs + " inputs") + ", not the " +
                       input->family + " '" + input->name + "'; give its parameters with --param");
  std::map<std::string, double> given;
  if (input)
    for (const auto& [k, v] : input->values) given[k] = v.value;
  for (const auto& [k, v] : params) given[k] = v;
  for (const auto& a : algos) {
    AlgorithmEnergy r{&a, evaluate_complexity(a, given, lent), {}, 0};
    r.energy = ice_energy(c.ice, r.complexity.workload);
    r.platform_independent = ice_complexity(r.complexity.workload);
    c.results.push_back(std::move(r));
  }
  c.lent = lent;
  for (auto& [k, v] : c.lent)
    if (params.count(k)) v = params.at(k);
  return c;
}

}  // namespace

std::vector<EnergyCase> compare_energy(const std::vector<Hardware>& platforms, const std::vector<AlgorithmComplexity>& algos,
                                       const std::vector<const InputSet*>& inputs,
                                       const std::map<std::string, double>& params) {
  if (algos.empty()) throw InputError("give at least one --algo");
  check_energy_params(params, algos);
  std::vector<EnergyCase> out;
  const std::vector<const InputSet*> sets = inputs.empty() ? std::vector<const InputSet*>{nullptr} : inputs;
  for (const auto& hw : platforms)
    for (const InputSet* s : sets) out.push_back(compare_case(hw, s, algos, params));
  return out;
}

}  // namespace pacer
