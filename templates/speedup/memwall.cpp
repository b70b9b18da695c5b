// The variable-delay speedup model of "When parallel speedups hit the memory
// wall", Eq. 15 with Eq. 16:
//   S_p = ((1 - mu_1) + rho mu_1) / max(((1 - mu_p) + rho mu_p)((1 - f) + f/p), rho mu_p)
//   mu_p = min(m1 + m2 / p, 1),  rho = 1 + k phi (Eq. 10),  phi = F_cpu / F_mem.
// The max() is Eq. 6: memory serves requests at a bounded rate, so the
// memory share of the time, rho mu_p, is a floor no core count goes below.
#include <algorithm>

#include "templates/speedup/laws.hpp"

namespace pacer {
namespace {

struct Terms {
  double num, compute, memory;  // numerator, the two arms of the max()
};

inline Terms terms(double f, double k, double m1, double m2, double inv_p, double phi) {
  const double rho = 1.0 + k * phi;
  const double mu1 = std::min(m1 + m2, 1.0);
  const double mup = std::min(m1 + m2 * inv_p, 1.0);
  return {(1.0 - mu1) + rho * mu1, ((1.0 - mup) + rho * mup) * ((1.0 - f) + f * inv_p), rho * mup};
}

inline double memwall(double f, double k, double m1, double m2, double inv_p, double phi) {
  const Terms t = terms(f, k, m1, m2, inv_p, phi);
  return t.num / (t.compute > t.memory ? t.compute : t.memory);
}

class MemoryWall final : public SpeedupLaw {
 public:
  std::string name() const override { return "memwall"; }
  std::string reference() const override {
    return "variable-delay model, Eq. 15-16 of Furtunato et al., IEEE Access 2020";
  }
  // k and the shares of memory instructions span decades across programs
  // (Table 1: k 0.005 to 10, m1 0.0003 to 0.32): searched on a geometric scale.
  const std::vector<LawParameter>& parameters() const override {
    static const std::vector<LawParameter> p{
        {"f", 0, 1, "parallel fraction"},
        {"k", 0, 10, "sensitivity of a memory instruction to the memory clock (Eq. 9)", Scale::geometric},
        {"m1", 0, 1, "share of memory instructions that does not change with p (Eq. 16)", Scale::geometric},
        {"m2", 0, 1, "share of memory instructions that private caches remove as p grows (Eq. 16)", Scale::geometric}};
    return p;
  }
  double speedup(const double* x, double p, double phi) const override {
    return memwall(x[0], x[1], x[2], x[3], 1.0 / p, phi);
  }
  double sum_squared_error(const double* x, const SpeedupColumns& c) const override {
    const double f = x[0], k = x[1], m1 = x[2], m2 = x[3];
    return sum_squared_error_over(
        c, [=](double, double inv_p, double phi) { return memwall(f, k, m1, m2, inv_p, phi); });
  }
  // Eq. 3 divided by W t_c: (1 - mu_1) + rho mu_1.
  double sequential_cycles_per_instruction(const double* x, double phi) const override {
    return terms(x[0], x[1], x[2], x[3], 1.0, phi).num;
  }
  bool memory_bound(const double* x, double p, double phi) const override {
    const Terms t = terms(x[0], x[1], x[2], x[3], 1.0 / p, phi);
    return t.memory > t.compute;
  }
  bool uses_frequencies() const override { return true; }
};

}  // namespace

const SpeedupLaw& memwall_law() {
  static const MemoryWall law;
  return law;
}

}  // namespace pacer
