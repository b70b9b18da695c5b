// Gustafson's scaled speedup: the parallel part grows with p at fixed time,
// S_p = (1 - f) + f p (Gustafson, "Reevaluating Amdahl's law", 1988, cited as
// [2] by "When parallel speedups hit the memory wall").
#include "templates/speedup/laws.hpp"

namespace pacer {
namespace {

class Gustafson final : public SpeedupLaw {
 public:
  std::string name() const override { return "gustafson"; }
  std::string reference() const override { return "Gustafson's law (CACM 1988), ref. [2] of Furtunato et al. 2020"; }
  const std::vector<LawParameter>& parameters() const override {
    static const std::vector<LawParameter> p{{"f", 0, 1, "parallel fraction of the scaled run"}};
    return p;
  }
  double speedup(const double* x, double p, double) const override { return (1.0 - x[0]) + x[0] * p; }
  double sum_squared_error(const double* x, const SpeedupColumns& c) const override {
    const double f = x[0];
    return sum_squared_error_over(c, [f](double p, double, double) { return (1.0 - f) + f * p; });
  }
};

}  // namespace

const SpeedupLaw& gustafson_law() {
  static const Gustafson law;
  return law;
}

}  // namespace pacer
