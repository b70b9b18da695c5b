// Amdahl's law, Eq. 5 of "When parallel speedups hit the memory wall":
// S_p = 1 / ((1 - f) + f / p). The baseline every fit is compared with.
#include "templates/speedup/laws.hpp"

namespace pacer {
namespace {

inline double amdahl(double f, double inv_p) { return 1.0 / ((1.0 - f) + f * inv_p); }

class Amdahl final : public SpeedupLaw {
 public:
  std::string name() const override { return "amdahl"; }
  std::string reference() const override { return "Amdahl's law, Eq. 5 of Furtunato et al., IEEE Access 2020"; }
  const std::vector<LawParameter>& parameters() const override {
    static const std::vector<LawParameter> p{{"f", 0, 1, "parallel fraction"}};
    return p;
  }
  double speedup(const double* x, double p, double) const override { return amdahl(x[0], 1.0 / p); }
  double sum_squared_error(const double* x, const SpeedupColumns& c) const override {
    const double f = x[0];
    return sum_squared_error_over(c, [f](double, double inv_p, double) { return amdahl(f, inv_p); });
  }
};

}  // namespace

const SpeedupLaw& amdahl_law() {
  static const Amdahl law;
  return law;
}

}  // namespace pacer
