#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "framework/compiled_formula.hpp"
#include "framework/error.hpp"
#include "framework/expression_parser.hpp"
#include "framework/sweep.hpp"

using namespace pacer;

TEST_CASE("formulas print in the paper's notation and parse back", "[expression]") {
  const std::string eq1 = "t(v_assign) + N_element * (t(v_loop) + t(v_if) + P_max * t(v_assign))";
  Expr e = parse_expression(eq1);
  CHECK(to_string(e, Notation::Plain) == eq1);
  CHECK(to_string(e, Notation::Paper) ==
        "t(v_assign) + N_element \u00b7 (t(v_loop) + t(v_if) + P_max \u00b7 t(v_assign))");
  CHECK(to_string(parse_expression(to_string(e, Notation::Paper))) == eq1);
  // The paper's text from the plain one, as the views print both.
  for (const char* text : {eq1.c_str(), "a * b * c - (d + e) / (f * -g) * T(h)", "max(a * 2, b) * 3", "x", ""}) {
    const std::string plain = *text ? to_string(parse_expression(text)) : "";
    CHECK(paper_notation(plain) == (*text ? to_string(parse_expression(text), Notation::Paper) : ""));
  }
}

TEST_CASE("printing keeps the parentheses that matter and no others", "[expression]") {
  CHECK(to_string(parse_expression("a - (b - c)")) == "a - (b - c)");
  CHECK(to_string(parse_expression("(a - b) - c")) == "a - b - c");
  CHECK(to_string(parse_expression("(a + b) / (c * d)")) == "(a + b) / (c * d)");
  CHECK(to_string(parse_expression("a / b * c")) == "a / b * c");
  CHECK(to_string(parse_expression("-(a + b)")) == "-(a + b)");
  CHECK(to_string(parse_expression("N * (M * t(v_x))")) == "N * M * t(v_x)");
  CHECK(to_string(parse_expression("ceil(n / P) + log2(P)")) == "ceil(n / P) + log2(P)");
}

TEST_CASE("builders simplify identities and fold constants", "[expression]") {
  CHECK(to_string(mul(constant(1), param("N"))) == "N");
  CHECK(to_string(add(constant(0), param("N"))) == "N");
  CHECK(is_const(mul(param("N"), constant(0)), 0));
  CHECK(is_const(parse_expression("2 * 3 + 4"), 10));
  CHECK(is_const(parse_expression("log2(8)"), 3));
}

TEST_CASE("bad formulas are rejected with the column", "[expression][bad-input]") {
  CHECK_THROWS_WITH(parse_expression("N +"), Catch::Contains("column 4"));
  CHECK_THROWS_WITH(parse_expression("foo(1)"), Catch::Contains("unknown function 'foo'"));
  CHECK_THROWS_WITH(parse_expression("t(x)"), Catch::Contains("t(v_NAME)"));
  CHECK_THROWS_WITH(parse_expression("(N"), Catch::Contains("expected ')'"));
  CHECK_THROWS_WITH(parse_expression("N $ 2"), Catch::Contains("unexpected '$'"));
  CHECK_THROWS_AS(evaluate(parse_expression("N + 1"), Bindings{}), InputError);
}

// The parser recurses: a formula nested thousands deep (a fuzzer's) is
// refused with a reason, not a stack overflow; one nested as deep as the
// limit still parses, by parentheses, by signs or by function arguments.
TEST_CASE("formulas nested beyond the limit are refused, up to it they parse", "[expression][bad-input]") {
  const auto nested = [](int depth, const std::string& open, const std::string& close) {
    std::string s;
    for (int i = 0; i < depth; ++i) s += open;
    s += "N";
    for (int i = 0; i < depth; ++i) s += close;
    return s;
  };
  Bindings b;
  b.params = {{"N", 2}};
  CHECK(evaluate(parse_expression(nested(499, "(", ")")), b) == 2);
  CHECK(evaluate(parse_expression(nested(498, "-", "")), b) == 2);
  CHECK(evaluate(parse_expression(nested(499, "max(1, ", ")")), b) == 2);
  CHECK_THROWS_WITH(parse_expression(nested(500, "(", ")")), Catch::Contains("nested more than 500 deep"));
  CHECK_THROWS_WITH(parse_expression(nested(500, "-", "")), Catch::Contains("nested more than 500 deep"));
  CHECK_THROWS_WITH(parse_expression(std::string(100000, '(')), Catch::Contains("nested more than 500 deep"));
}

namespace {
// Independent check: the formula worked by hand in C++.
double integration_by_hand(double pe, double np, double ni, double te, double tp, double tv, double ts, double tr) {
  return pe * te + (1 - pe) * (np * tp + tv + ni * ts + tr);
}
const char* kIntegration =
    "P_edge * t(v_edge) + (1 - P_edge) * (N_power * t(v_power) + t(v_vinit) + N_ivals * t(v_srf) + t(v_result))";
}  // namespace

TEST_CASE("tree walk, compiled scalar and compiled block evaluation agree", "[expression][compiled]") {
  Expr e = parse_expression(kIntegration);
  VariableSet vars;
  CompiledFormula f(e, vars);
  std::mt19937 rng(42);
  std::uniform_real_distribution<double> u(0, 1);
  for (int trial = 0; trial < 100; ++trial) {
    Bindings b;
    b.params = {{"P_edge", u(rng)}, {"N_power", 10 * u(rng)}, {"N_ivals", 1000 * u(rng)}};
    for (const char* t : {"edge", "power", "vinit", "srf", "result"}) b.times[t] = u(rng);
    std::vector<double> in(vars.size());
    for (size_t i = 0; i < vars.size(); ++i) {
      const auto& k = vars.keys()[i];
      in[i] = k.rfind("t(v_", 0) == 0 ? b.times.at(k.substr(4, k.size() - 5)) : b.params.at(k);
    }
    double hand = integration_by_hand(b.params["P_edge"], b.params["N_power"], b.params["N_ivals"], b.times["edge"],
                                      b.times["power"], b.times["vinit"], b.times["srf"], b.times["result"]);
    CHECK(evaluate(e, b) == Approx(hand).epsilon(1e-14));
    CHECK(f.evaluate(in.data()) == Approx(hand).epsilon(1e-14));
  }
}

TEST_CASE("block evaluation over swept columns matches point evaluation", "[expression][compiled]") {
  Expr e = parse_expression("max(a, b * c) + min(a / c, 2) - sqrt(b) * log2(c + 1) + ceil(a) * floor(b) + abs(a - b) + pow(c, 2)");
  VariableSet vars;
  CompiledFormula f(e, vars);
  const size_t n = 1000;  // several blocks and a partial one
  std::vector<double> uniform(vars.size(), 1.5), a(n), c(n);
  for (size_t i = 0; i < n; ++i) {
    a[i] = 0.1 * static_cast<double>(i);
    c[i] = 3.0 + std::sin(static_cast<double>(i));
  }
  std::vector<const double*> cols(vars.size(), nullptr);
  cols[static_cast<size_t>(vars.find("a"))] = a.data();
  cols[static_cast<size_t>(vars.find("c"))] = c.data();
  std::vector<double> out(n);
  f.evaluate_block(uniform.data(), cols.data(), n, out.data());
  for (size_t i = 0; i < n; i += 37) {
    Bindings bind;
    bind.params = {{"a", a[i]}, {"b", 1.5}, {"c", c[i]}};
    CHECK(out[i] == Approx(evaluate(e, bind)).epsilon(1e-14));
  }
}

TEST_CASE("a formula that does not depend on the swept variable fills the output", "[expression][compiled]") {
  VariableSet vars;
  CompiledFormula f(parse_expression("x * 2"), vars);
  vars.index_of("y");
  std::vector<double> uniform = {3, 0}, y(10, 1), out(10);
  std::vector<const double*> cols = {nullptr, y.data()};
  f.evaluate_block(uniform.data(), cols.data(), out.size(), out.data());
  for (double v : out) CHECK(v == 6);
}

TEST_CASE("sweeps parse, count and enumerate points, last axis fastest", "[sweep]") {
  SweepAxis a = parse_sweep("N_ivals=1:1000:1");
  CHECK(a.name == "N_ivals");
  CHECK(a.count() == 1000);
  CHECK(parse_sweep("x=0:1:0.1").count() == 11);
  SweepGrid g({parse_sweep("a=1:2:1"), parse_sweep("b=10:30:10")});
  REQUIRE(g.size() == 6);
  CHECK(g.value(0, 0) == 1);
  CHECK(g.value(1, 1) == 20);
  CHECK(g.value(3, 0) == 2);
  CHECK(g.value(5, 1) == 30);
}

TEST_CASE("bad sweeps are rejected", "[sweep][bad-input]") {
  CHECK_THROWS_WITH(parse_sweep("N=1:10"), Catch::Contains("NAME=FROM:TO:STEP"));
  CHECK_THROWS_WITH(parse_sweep("N=1:10:0"), Catch::Contains("STEP must be positive"));
  CHECK_THROWS_WITH(parse_sweep("N=10:1:1"), Catch::Contains("TO is below FROM"));
  CHECK_THROWS_WITH(parse_sweep("N=a:10:1"), Catch::Contains("not a number"));
  CHECK_THROWS_WITH(SweepGrid({parse_sweep("N=1:2:1"), parse_sweep("N=1:2:1")}), Catch::Contains("twice"));
}
