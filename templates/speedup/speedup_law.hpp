// Speedup laws: a sequential time on one core becomes a time on p cores at a
// processor frequency F_cpu and a memory frequency F_mem, S_p = T_s / T_p
// (Eq. 1 of "When parallel speedups hit the memory wall"). Each law is one
// file (amdahl.cpp, gustafson.cpp, memwall.cpp) plus one line in laws.cpp;
// docs/speedup.md says how to add one.
#pragma once
#include <string>
#include <vector>

#include "framework/optimizer.hpp"

namespace pacer {

// Points laid out for fast evaluation: the fitters compute the error over
// hundreds of points hundreds of thousands of times.
struct SpeedupColumns {
  std::vector<double> p, inv_p, phi, speedup;  // phi = F_cpu / F_mem
  std::size_t size() const { return p.size(); }
  void add(double cores, double phi_ratio, double s) {
    p.push_back(cores);
    inv_p.push_back(1.0 / cores);
    phi.push_back(phi_ratio);
    speedup.push_back(s);
  }
};

struct LawParameter {
  std::string name;
  double lower, upper;  // the fitting bounds of the paper
  std::string meaning;
  Scale scale = Scale::linear;  // how a search spreads its effort over the bounds
};

class SpeedupLaw {
 public:
  virtual ~SpeedupLaw() = default;
  virtual std::string name() const = 0;
  virtual std::string reference() const = 0;  // which equation of which paper
  virtual const std::vector<LawParameter>& parameters() const = 0;
  virtual double speedup(const double* params, double p, double phi) const = 0;
  // Sum over the points of (model - measured)^2; a tight loop per law.
  virtual double sum_squared_error(const double* params, const SpeedupColumns& c) const = 0;
  // T_s(F) * F_cpu / W: the sequential time in processor cycles per
  // instruction. 1 for laws blind to memory; the memory-wall law's Eq. 3.
  virtual double sequential_cycles_per_instruction(const double* /*params*/, double /*phi*/) const { return 1.0; }
  // Whether T_p is set by the memory term of the max() at this point.
  virtual bool memory_bound(const double* /*params*/, double /*p*/, double /*phi*/) const { return false; }
  virtual bool uses_frequencies() const { return false; }
};

// The registry: "amdahl", "gustafson", "memwall". Unknown names throw an
// InputError that lists the known ones.
const SpeedupLaw& speedup_law(const std::string& name);
const std::vector<const SpeedupLaw*>& speedup_laws();
std::vector<std::string> speedup_law_names();

// The loop every law's sum_squared_error runs, vectorised by the compiler.
template <class Law>
double sum_squared_error_over(const SpeedupColumns& c, const Law& at) {
  const std::size_t n = c.size();
  const double *p = c.p.data(), *inv_p = c.inv_p.data(), *phi = c.phi.data(), *s = c.speedup.data();
  double acc = 0;
#pragma omp simd reduction(+ : acc)
  for (std::size_t i = 0; i < n; ++i) {
    const double e = at(p[i], inv_p[i], phi[i]) - s[i];
    acc += e * e;
  }
  return acc;
}

}  // namespace pacer
