// Reproductions against "An analysis of processor resource models for use in
// performance prediction" (Papaefstathiou et al. 1994): Eq. 1 and Table 3
// worked by hand from Table 4's costs, the 1.5 Mflop/s of section 4.2.1 and
// the 25 MHz clock. The expected values are computed here from the paper's
// numbers, not by calling the code under test.
#include <catch2/catch.hpp>

#include "resource_models/prediction.hpp"
#include "test_support.hpp"

using namespace pacer;

namespace {
constexpr double us = 1e-6;
// Table 4 (microseconds).
constexpr double int_add = 0.41, int_shift = 0.12, float_add = 0.51, float_mul = 0.69, double_add = 0.48,
                 double_sub = 0.49, double_mul = 1.18, double_div = 1.61, double_abs = 0.96;
constexpr double R_fpu = 1.5e6, clock_hz = 25e6;

Prediction run(const char* model, const char* rm, const ParamValues& params = {}) {
  static Hardware t800 = read_hardware_file(test::source_path("hw/parsytec-t800.xml"));
  ApplicationModel m = read_model_file(test::source_path(std::string("examples/models/") + model + ".xml"));
  return Predictor(m).predict(t800, find_resource_model(rm), params);
}
}  // namespace

TEST_CASE("findmax on the T800: Eq. 1 by hand", "[reproduction]") {
  const double N = 1000, P = 0.05;
  const ParamValues params = {{"N_element", N}, {"P_max", P}};

  // HLLC: of findmax's constructs, Table 4 prices only the loop's i++.
  // t(v_assign) = 0, t(v_loop) = int_add, t(v_if) = 0, and the rest is unpriced.
  Prediction hllc = run("findmax", "hllc", params);
  double t_assign = 0, t_loop = int_add * us, t_if = 0;
  CHECK(hllc.total_seconds == Approx(t_assign + N * (t_loop + t_if + P * t_assign)));
  CHECK(hllc.unpriced.count("loop"));
  CHECK(hllc.unpriced.at("float_cmp") == Approx(N));  // one comparison per element
  CHECK_FALSE(hllc.notes.empty());

  // POC: the comparison a[i] > max is one flop (Table 1), the rest none.
  Prediction poc = run("findmax", "poc", params);
  CHECK(poc.total_seconds == Approx(N * (1 / R_fpu)));
  CHECK(poc.unpriced.empty());

  // DBC: design estimates of 16, 24 and 24 cycles at 25 MHz.
  Prediction dbc = run("findmax", "dbc", params);
  double a = 16 / clock_hz, l = 24 / clock_hz, i = 24 / clock_hz;
  CHECK(dbc.total_seconds == Approx(a + N * (l + i + P * a)));
}

TEST_CASE("integration's surface estimation on the T800: Table 3 by hand", "[reproduction]") {
  const double Pe = 0.1, Np = 5, Ni = 32;  // the model's defaults
  double edge = 12 * double_mul + 11 * double_add + double_sub;
  double power = int_shift + int_add;
  double vinit = double_sub + double_div + double_add;
  double srf = 5 * double_mul + 7 * double_add + int_add;
  double result = 2 * double_mul + double_sub + 2 * double_abs;
  double expected = Pe * edge + (1 - Pe) * (Np * power + vinit + Ni * srf + result);
  CHECK(run("integration", "hllc").total_seconds == Approx(expected * us));
  double flops_edge = 24, flops_vinit = 1 + 4 + 1, flops_srf = 12, flops_result = 2 + 1 + 2 + 1;
  double expected_flops = Pe * flops_edge + (1 - Pe) * (flops_vinit + Ni * flops_srf + flops_result);
  CHECK(run("integration", "poc").total_seconds == Approx(expected_flops / R_fpu));
}

TEST_CASE("sort's merge and matmul's dot product on the T800: Table 3 by hand", "[reproduction]") {
  // Each node of the merge priced by Table 4 has two integer increments.
  CHECK(run("sort", "hllc").total_seconds == Approx((120 + 8 + 128) * 2 * int_add * us));
  CHECK(run("sort", "poc").total_seconds == Approx(120 * 1 / R_fpu));
  // dtpr: one float multiply, one float add and the loop's increment.
  const double n = 256;
  CHECK(run("matmul", "hllc").total_seconds == Approx(n * n * (float_mul + float_add + int_add) * us));
  CHECK(run("matmul", "poc").total_seconds == Approx(n * n * 2 / R_fpu));
}
