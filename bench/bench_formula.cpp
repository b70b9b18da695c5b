// Evaluates the integration kernel's timing formula (Table 3 of "An analysis
// of processor resource models for use in performance prediction") over a
// sweep of N_ivals, with pacer's compiled formula and with a hand-written
// C++ function of the same formula, and prints evaluations per second.
// Target: at least 20 million per second and within 3x of hand-written.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "framework/sweep.hpp"
#include "frontends/xml/model_io.hpp"
#include "resource_models/prediction.hpp"

using namespace pacer;
using Clock = std::chrono::steady_clock;

namespace {

// The node times come from memory the compiler cannot see through, so the
// hand-written loop does the same arithmetic per point as the formula.
volatile double v_pe = 0.1, v_np = 5, v_te = 19.93e-6, v_tp = 0.53e-6, v_tv = 2.58e-6, v_ts = 9.67e-6,
                v_tr = 4.77e-6;

__attribute__((noinline)) void hand_written(const double* n_ivals, double* out, size_t n) {
  const double pe = v_pe, np = v_np, te = v_te, tp = v_tp, tv = v_tv, ts = v_ts, tr = v_tr;
  for (size_t i = 0; i < n; ++i) out[i] = pe * te + (1 - pe) * (np * tp + tv + n_ivals[i] * ts + tr);
}

template <class F>
double best_seconds(int reps, F&& f) {
  double best = 1e30;
  for (int r = 0; r < reps; ++r) {
    auto t0 = Clock::now();
    f();
    best = std::min(best, std::chrono::duration<double>(Clock::now() - t0).count());
  }
  return best;
}

}  // namespace

int main() {
  ApplicationModel m = read_model_file(std::string(PACER_SOURCE_DIR) + "/examples/models/integration.xml");
  Predictor p(m);
  Expr formula = p.total_formula();
  std::printf("formula: %s\n", to_string(formula, Notation::Paper).c_str());

  const size_t points = 10'000'000;
  SweepGrid grid({parse_sweep("N_ivals=1:" + std::to_string(points) + ":1")});
  VariableSet vars;
  CompiledFormula compiled(formula, vars);
  std::vector<double> uniform(vars.size(), 0);
  auto set = [&](const std::string& key, double v) { uniform[static_cast<size_t>(vars.find(key))] = v; };
  set("P_edge", v_pe);
  set("N_power", v_np);
  set("t(v_edge)", v_te);
  set("t(v_power)", v_tp);
  set("t(v_vinit)", v_tv);
  set("t(v_srf)", v_ts);
  set("t(v_result)", v_tr);

  // Both sides write into a buffer allocated once, as a repeated sweep does.
  std::vector<double> swept(points);
  double pacer_s = best_seconds(5, [&] { grid.evaluate(compiled, vars, uniform, swept.data()); });
  double pacer_alloc_s = best_seconds(5, [&] { volatile double x = grid.evaluate(compiled, vars, uniform)[7]; (void)x; });

  std::vector<double> n_ivals(points), out(points);
  for (size_t i = 0; i < points; ++i) n_ivals[i] = static_cast<double>(i + 1);
  double hand_s = best_seconds(5, [&] { hand_written(n_ivals.data(), out.data(), points); });
  // The hand-written loop is also timed with its input generation, as the
  // sweep generates its own points.
  double hand_gen_s = best_seconds(5, [&] {
    for (size_t i = 0; i < points; ++i) n_ivals[i] = static_cast<double>(i + 1);
    hand_written(n_ivals.data(), out.data(), points);
  });

  double max_rel = 0;
  for (size_t i = 0; i < points; i += 9973) max_rel = std::max(max_rel, std::abs(swept[i] - out[i]) / out[i]);

  // One point at a time, as a single prediction evaluates.
  std::vector<double> in = uniform;
  const int scalar_points = 2'000'000;
  double sink = 0;
  int n_slot = vars.find("N_ivals");
  double scalar_s = best_seconds(3, [&] {
    for (int i = 0; i < scalar_points; ++i) {
      in[static_cast<size_t>(n_slot)] = i;
      sink += compiled.evaluate(in.data());
    }
  });

  double pacer_rate = points / pacer_s, hand_rate = points / hand_s, hand_gen_rate = points / hand_gen_s;
  std::printf("points per sweep:                       %zu\n", points);
  std::printf("pacer sweep (compiled, block):          %.1f M evaluations/s\n", pacer_rate / 1e6);
  std::printf("pacer sweep, allocating its result:     %.1f M evaluations/s\n", points / pacer_alloc_s / 1e6);
  std::printf("hand-written C++ (inputs ready):        %.1f M evaluations/s\n", hand_rate / 1e6);
  std::printf("hand-written C++ (with input loop):     %.1f M evaluations/s\n", hand_gen_rate / 1e6);
  std::printf("pacer compiled, one point per call:     %.1f M evaluations/s\n", scalar_points / scalar_s / 1e6);
  std::printf("slowdown vs hand-written (inputs ready): %.2fx (target <= 3x)\n", hand_rate / pacer_rate);
  std::printf("max relative difference:                %.2g (sink %g)\n", max_rel, sink > 0 ? 1.0 : 0.0);
  bool ok = pacer_rate >= 20e6 && hand_rate / pacer_rate <= 3.0 && max_rel < 1e-12;
  std::printf("targets (>= 20 M/s, <= 3x): %s\n", ok ? "met" : "NOT met");
  return ok ? 0 : 1;
}
