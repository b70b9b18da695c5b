// The speedup laws of "When parallel speedups hit the memory wall" against
// values worked by hand, the optimisers on functions with known minima,
// fitting on generated data, the data files' checks and the sampling
// study's splits.
#include <catch2/catch.hpp>
#include <cmath>
#include <set>

#include "framework/coupled_annealing.hpp"
#include "framework/error.hpp"
#include "framework/particle_swarm.hpp"
#include "templates/speedup/local_refinement.hpp"
#include "templates/speedup/paper_table.hpp"
#include "templates/speedup/regressors.hpp"
#include "templates/speedup/sampling_study.hpp"
#include "templates/speedup/speedup_data.hpp"
#include "templates/speedup/speedup_fit.hpp"
#include "templates/speedup/speedup_generate.hpp"
#include "tests/run_pacer.hpp"

using namespace pacer;

TEST_CASE("Amdahl and Gustafson match hand-worked values", "[speedup]") {
  const double f[] = {0.9};
  CHECK(speedup_law("amdahl").speedup(f, 4, 2.0) == Approx(1.0 / (0.1 + 0.225)));  // 3.0769
  CHECK(speedup_law("gustafson").speedup(f, 4, 2.0) == Approx(3.7));
  CHECK(speedup_law("amdahl").speedup(f, 1, 2.0) == Approx(1.0));
}

TEST_CASE("the memory-wall model switches to the memory arm of the max()", "[speedup]") {
  const SpeedupLaw& law = speedup_law("memwall");
  const double x[] = {0.99, 1.7, 0.002, 0.28};  // phi = 2: rho = 4.4, mu_1 = 0.282, numerator 1.9588
  // p = 2: mu_p = 0.142; compute arm (0.858 + 4.4 * 0.142)(0.01 + 0.495) = 0.748814 > memory arm 0.6248.
  CHECK(law.speedup(x, 2, 2.0) == Approx(1.9588 / 0.748814).epsilon(1e-6));
  CHECK_FALSE(law.memory_bound(x, 2, 2.0));
  // p = 24: mu_p = 0.0136667; compute arm 0.0536314 < memory arm 0.0601333.
  CHECK(law.speedup(x, 24, 2.0) == Approx(1.9588 / (4.4 * (0.002 + 0.28 / 24))).epsilon(1e-6));
  CHECK(law.memory_bound(x, 24, 2.0));
  CHECK(law.speedup(x, 1, 2.0) == Approx(1.0));
  // Eq. 3 over W t_c.
  CHECK(law.sequential_cycles_per_instruction(x, 2.0) == Approx(1.9588));
}

TEST_CASE("mu_p is capped at 1 by the min() of Eq. 16", "[speedup]") {
  const SpeedupLaw& law = speedup_law("memwall");
  const double x[] = {1.0, 1.0, 0.5, 0.8};  // m1 + m2 = 1.3 -> mu_1 = 1; rho = 2 at phi = 1
  CHECK(law.sequential_cycles_per_instruction(x, 1.0) == Approx(2.0));  // uncapped it would be 2.3
  // p = 2: mu_p = min(0.9, 1); compute (0.1 + 1.8) * 0.5 = 0.95 < memory 1.8.
  CHECK(law.speedup(x, 2, 1.0) == Approx(2.0 / 1.8));
  CHECK(law.speedup(x, 1, 1.0) == Approx(1.0));
}

TEST_CASE("the laws' error loop equals the sum of their point values", "[speedup]") {
  SpeedupColumns c;
  c.add(2, 1.5, 1.9);
  c.add(8, 2.0, 6.0);
  c.add(24, 2.3, 11.0);
  const double x[] = {0.95, 3.0, 0.01, 0.4};
  for (const SpeedupLaw* law : speedup_laws()) {
    double sse = 0;
    for (std::size_t i = 0; i < c.size(); ++i) sse += std::pow(law->speedup(x, c.p[i], c.phi[i]) - c.speedup[i], 2);
    CHECK(law->sum_squared_error(x, c) == Approx(sse));
  }
}

namespace {

double rosenbrock(const double* x) { return 100 * std::pow(x[1] - x[0] * x[0], 2) + std::pow(1 - x[0], 2); }
double rastrigin(const double* x) {
  double s = 20;
  for (int i = 0; i < 2; ++i) s += x[i] * x[i] - 10 * std::cos(2 * M_PI * x[i]);
  return s;
}
double shifted_sphere(const double* x) {
  double s = 0;
  for (int i = 0; i < 4; ++i) s += std::pow(x[i] - 0.1 * (i + 1), 2);
  return s;
}

}  // namespace

TEST_CASE("CSA-M finds the minima of standard functions", "[optimizer]") {
  CsaOptions o;
  o.iterations = 20000;
  const Bounds box2{{"x", "y"}, {-2, -2}, {2, 2}};
  OptimResult r = coupled_simulated_annealing(rosenbrock, box2, o);
  CHECK(r.value < 1e-3);
  CHECK(r.x[0] == Approx(1).margin(0.05));
  CHECK(r.evaluations == 10u * 20000u + 10u);
  r = coupled_simulated_annealing(rastrigin, Bounds{{"x", "y"}, {-5.12, -5.12}, {5.12, 5.12}}, o);
  CHECK(r.value < 1e-3);  // the global minimum among ~100 local ones
  r = coupled_simulated_annealing(shifted_sphere, Bounds{{}, {-1, -1, -1, -1}, {1, 1, 1, 1}}, o);
  CHECK(r.value < 1e-4);
}

TEST_CASE("PSO with constriction finds the minima of standard functions", "[optimizer]") {
  PsoOptions o;
  CHECK(o.constriction() == Approx(0.7298).epsilon(1e-4));
  o.particles = 60;
  o.iterations = 400;
  OptimResult r = particle_swarm(rosenbrock, Bounds{{"x", "y"}, {-2, -2}, {2, 2}}, o);
  CHECK(r.value < 1e-4);
  r = particle_swarm(rastrigin, Bounds{{"x", "y"}, {-5.12, -5.12}, {5.12, 5.12}}, o);
  CHECK(r.value < 1e-4);
  r = particle_swarm(shifted_sphere, Bounds{{}, {-1, -1, -1, -1}, {1, 1, 1, 1}}, o);
  CHECK(r.value < 1e-8);
}

TEST_CASE("a geometric scale spreads the unit box over four decades and maps back", "[optimizer]") {
  const Bounds b{{"k", "m"}, {0, 0}, {10, 1}, {Scale::linear, Scale::geometric}};
  const double unit[] = {0.5, 0.5};
  double x[2], back[2];
  from_unit(b, unit, x);
  CHECK(x[0] == Approx(5));
  CHECK(x[1] == Approx(99.0 / 9999));  // half the box: the first hundredth of the range
  to_unit(b, x, back);
  CHECK(back[0] == Approx(0.5));
  CHECK(back[1] == Approx(0.5));
  const double bottom[] = {0, 0};
  from_unit(b, bottom, x);
  CHECK(x[1] == 0);
  const double top[] = {1, 1};
  from_unit(b, top, x);
  CHECK(x[1] == Approx(1));
  CHECK_THROWS_AS((Bounds{{"k"}, {0}, {1}, {Scale::linear, Scale::linear}}.validate()), InputError);
}

TEST_CASE("the local refinement finds a narrow valley on a face of the box", "[optimizer]") {
  // A wide basin inside (its bottom 1 at (0.7, 0.6)) and a narrow deeper
  // valley along the face y = 0 (its bottom 0 at x = 0.2).
  const Objective f = [](const double* p) {
    return std::min(1 + (p[0] - 0.7) * (p[0] - 0.7) + (p[1] - 0.6) * (p[1] - 0.6), (p[0] - 0.2) * (p[0] - 0.2) + 1000 * p[1]);
  };
  const Bounds b{{"x", "y"}, {0, 0}, {1, 1}};
  const OptimResult r = refine_locally(f, b, {0.7, 0.6});
  CHECK(r.value < 1e-8);
  CHECK(r.x[0] == Approx(0.2).margin(1e-4));
  CHECK(r.x[1] == 0);
  // One parameter: the bounded line search.
  const OptimResult line = refine_locally([](const double* p) { return (p[0] - 0.25) * (p[0] - 0.25); }, Bounds{{"f"}, {0}, {1}}, {0.9});
  CHECK(line.x[0] == Approx(0.25).margin(1e-6));
}

TEST_CASE("restarts are reproducible and keep the best run", "[optimizer]") {
  CsaOptions o;
  o.iterations = 2000;
  o.restarts = 3;
  const Bounds b{{"x", "y"}, {-5.12, -5.12}, {5.12, 5.12}};
  const OptimResult a = coupled_simulated_annealing(rastrigin, b, o), c = coupled_simulated_annealing(rastrigin, b, o);
  CHECK(a.x == c.x);
  CHECK(a.evaluations == 3u * (10u * 2000u + 10u));
  o.restarts = 1;
  CHECK(a.value <= coupled_simulated_annealing(rastrigin, b, o).value);
}

TEST_CASE("bad optimiser settings and bounds are refused", "[optimizer]") {
  CHECK_THROWS_AS(coupled_simulated_annealing(rosenbrock, Bounds{{"x", "y"}, {1, -2}, {0, 2}}, CsaOptions{}), InputError);
  CHECK_THROWS_WITH(coupled_simulated_annealing(rosenbrock, Bounds{{"x", "y"}, {1, -2}, {0, 2}}, CsaOptions{}),
                    Catch::Contains("'x'") && Catch::Contains("above"));
  PsoOptions p;
  p.c1 = p.c2 = 1.0;  // phi = 2: no constriction
  CHECK_THROWS_AS(particle_swarm(rosenbrock, Bounds{{"x", "y"}, {-2, -2}, {2, 2}}, p), InputError);
}

namespace {

SpeedupData generated(double noise, std::uint64_t seed = 1) {
  GenerateOptions g;
  g.noise = noise;
  g.seed = seed;
  return speedups_from_times(generate_measurements(speedup_law("memwall"), {0.99, 1.7, 0.002, 0.28}, g), "generated");
}

}  // namespace

TEST_CASE("generated data has the paper's grid: 336 runs, 322 speedups", "[speedup]") {
  const SpeedupData d = generated(0.0);
  CHECK(d.rows == 336);
  CHECK(d.references == 14);
  REQUIRE(d.points.size() == 322);
  // Noise-free, the speedups are the model's own.
  const double x[] = {0.99, 1.7, 0.002, 0.28};
  for (const auto& p : d.points) CHECK(p.speedup == Approx(speedup_law("memwall").speedup(x, p.cores, p.phi())));
}

TEST_CASE("fits of the memory-wall model recover the truth's MSE within 5%", "[speedup][fit]") {
  const SpeedupData d = generated(0.02);
  const SpeedupColumns c = d.columns();
  const double true_mse = mean_squared_error(speedup_law("memwall"), {0.99, 1.7, 0.002, 0.28}, c);
  for (const char* optimizer : {"csa", "pso"}) {
    FitOptions o;
    o.optimizer = optimizer;
    const SpeedupFit f = fit_speedup_law(speedup_law("memwall"), c, o);
    INFO(optimizer << " MSE " << f.mse << " true " << true_mse);
    CHECK(f.mse <= 1.05 * true_mse);
    CHECK(f.params[0] == Approx(0.99).margin(0.005));
    CHECK(f.params[2] == Approx(0.002).margin(0.0005));
  }
  // Noise-free data is fitted almost exactly.
  const SpeedupFit exact = fit_speedup_law(speedup_law("memwall"), generated(0.0).columns(), FitOptions{});
  CHECK(exact.mse < 1e-3);
  // Amdahl cannot follow the super-linear speedups: Table 1's gain.
  const SpeedupFit amdahl = fit_speedup_law(speedup_law("amdahl"), c, FitOptions{});
  CHECK(accuracy_gain_percent(amdahl.mse, true_mse) > 90);
}

// splash2x-volrend's optimum lies on the face m2 = 1, where the search's
// geometric scale for m2 is coarsest: on this noise draw both searches stop
// at 2.5 times the true MSE, and the refinement, descending from the face
// in the linear box too, reaches it.
TEST_CASE("the local refinement finishes fits whose search stops in the wrong basin", "[speedup][fit]") {
  const SpeedupLaw& law = speedup_law("memwall");
  const PaperFit& row = paper_table1_row("splash2x-volrend");
  const std::vector<double> truth(row.memwall, row.memwall + 4);
  GenerateOptions g;
  g.noise = 0.02;
  g.seed = 2;
  const SpeedupColumns c = speedups_from_times(generate_measurements(law, truth, g), row.program).columns();
  const double true_mse = mean_squared_error(law, truth, c);
  for (const char* optimizer : {"csa", "pso"}) {
    FitOptions o;
    o.optimizer = optimizer;
    o.csa.seed = o.pso.seed = 2;
    const SpeedupFit f = fit_speedup_law(law, c, o);
    INFO(optimizer << ": searched " << f.searched_mse / true_mse << ", refined " << f.mse / true_mse << " of the true MSE");
    CHECK(f.mse <= 1.05 * true_mse);
    CHECK(f.params[3] > 0.99);  // on the face
    o.refine = false;
    CHECK(fit_speedup_law(law, c, o).mse > 1.05 * true_mse);  // what the search alone gives
  }
}

TEST_CASE("Table 1 is shipped: 25 programs, gains consistent with their MSEs", "[speedup]") {
  REQUIRE(paper_table1().size() == 25);
  for (const auto& row : paper_table1()) {
    INFO(row.program);
    // The published gain is (MSE_A - MSE) / MSE_A, from MSEs rounded to 4 digits.
    CHECK(accuracy_gain_percent(row.amdahl_mse, row.memwall_mse) == Approx(row.gain_percent).margin(2.5));
  }
  CHECK(paper_table1_row("parsec-x264").memwall[1] == Approx(1.6662));
  CHECK_THROWS_AS(paper_table1_row("nothing"), InputError);
}

TEST_CASE("fitting refuses fewer points than parameters", "[speedup][fit]") {
  SpeedupColumns c;
  c.add(2, 2, 1.8);
  c.add(4, 2, 3.2);
  CHECK_THROWS_WITH(fit_speedup_law(speedup_law("memwall"), c, FitOptions{}), Catch::Contains("at least 4"));
  FitOptions bad;
  bad.bounds["k"] = {5, 1};
  c.add(8, 2, 5.0);
  c.add(16, 2, 7.0);
  CHECK_THROWS_WITH(fit_speedup_law(speedup_law("memwall"), c, bad), Catch::Contains("'k'"));
  bad.bounds = {{"q", {0, 1}}};
  CHECK_THROWS_WITH(fit_speedup_law(speedup_law("memwall"), c, bad), Catch::Contains("no parameter 'q'"));
}

TEST_CASE("data files: times become speedups per frequency, bad lines are named", "[speedup][data]") {
  using pacer::test::temp_file;
  const auto ok = temp_file("pacer-speedup-ok.csv",
                            "cores,cpu_freq_hz,mem_freq_hz,time_s\n1,2e9,1e9,10\n1,2e9,1e9,12\n1,2e9,1e9,11\n"
                            "2,2e9,1e9,6\n4,2e9,1e9,4\n1,1e9,1e9,20\n2,1e9,1e9,10\n");
  const SpeedupData d = read_speedup_csv(ok);
  REQUIRE(d.points.size() == 3);
  CHECK(d.references == 2);
  CHECK(d.points[0].speedup == Approx(20.0 / 10));  // 1 GHz, 2 cores
  CHECK(d.points[1].speedup == Approx(11.0 / 6));    // median of 10, 12, 11
  CHECK(d.points[2].speedup == Approx(11.0 / 4));
  CHECK_THROWS_WITH(read_speedup_csv(temp_file("pacer-speedup-cols.csv", "cores,cpu_freq_hz,speedup\n2,1e9,1.5\n")),
                    Catch::Contains("mem_freq_hz") && Catch::Contains(":1"));
  CHECK_THROWS_WITH(read_speedup_csv(temp_file("pacer-speedup-neg.csv", "cores,cpu_freq_hz,mem_freq_hz,time_s\n1,1e9,1e9,1\n2,1e9,1e9,-3\n")),
                    Catch::Contains(":3") && Catch::Contains("time_s") && Catch::Contains("positive"));
  CHECK_THROWS_WITH(read_speedup_csv(temp_file("pacer-speedup-zero.csv", "cores,cpu_freq_hz,mem_freq_hz,speedup\n2,0,1e9,1.5\n")),
                    Catch::Contains("cpu_freq_hz"));
  CHECK_THROWS_WITH(read_speedup_csv(temp_file("pacer-speedup-noref.csv", "cores,cpu_freq_hz,mem_freq_hz,time_s\n2,1e9,1e9,3\n")),
                    Catch::Contains("no one-core time"));
  CHECK_THROWS_WITH(read_speedup_csv(temp_file("pacer-speedup-empty.csv", "cores,cpu_freq_hz,mem_freq_hz,time_s\n")),
                    Catch::Contains("no measurements"));
  CHECK_THROWS_WITH(read_speedup_csv("/nonexistent/pacer.csv"), Catch::Contains("cannot read"));
}

TEST_CASE("the study's splits are disjoint, complete and of the right size", "[speedup][study]") {
  CHECK(study_sizes(322) == std::vector<std::size_t>{4, 8, 16, 32, 64, 128, 256});
  CHECK(study_sizes(256) == std::vector<std::size_t>{4, 8, 16, 32, 64, 128});
  CHECK(study_sizes(4).empty());
  for (std::size_t size : {4u, 64u, 256u}) {
    const Split s = random_split(322, size, size * 7 + 1);
    CHECK(s.train.size() == size);
    CHECK(s.test.size() == 322 - size);
    std::set<std::size_t> all(s.train.begin(), s.train.end());
    for (std::size_t i : s.test) CHECK(all.insert(i).second);  // no test point is a training point
    CHECK(all.size() == 322);
  }
  CHECK(random_split(322, 16, 5).train != random_split(322, 16, 6).train);
}

TEST_CASE("the study scores every model per size, reproducibly", "[speedup][study]") {
  std::vector<SpeedupPoint> pts = generated(0.02).points;
  pts.resize(40);  // sizes 4, 8, 16, 32
  StudyOptions o;
  o.repeats = 3;
  o.csa.iterations = 500;
  const StudyResult a = run_sampling_study(pts, o), b = run_sampling_study(pts, o);
  REQUIRE(a.sizes == std::vector<std::size_t>{4, 8, 16, 32});
  REQUIRE(a.cells.size() == 4 * 5);
  for (std::size_t i = 0; i < a.cells.size(); ++i) {
    CHECK(a.cells[i].mse.size() == 3);
    CHECK(a.cells[i].median >= 0);
    CHECK(a.cells[i].mse == b.cells[i].mse);
  }
  o.models = {"nonsense"};
  CHECK_THROWS_AS(run_sampling_study(pts, o), InputError);
}

TEST_CASE("dlib's regressors learn a smooth speedup surface", "[speedup][ml]") {
  const auto pts = generated(0.0).points;
  std::vector<SpeedupPoint> train, test;
  for (std::size_t i = 0; i < pts.size(); ++i) (i % 3 ? test : train).push_back(pts[i]);
  double mean = 0, var = 0;
  for (const auto& p : test) mean += p.speedup / double(test.size());
  for (const auto& p : test) var += (p.speedup - mean) * (p.speedup - mean) / double(test.size());
  for (const auto& name : regressor_names()) {
    const auto predicted = fit_predict_regressor(name, train, test, 1);
    double mse = 0;
    for (std::size_t i = 0; i < test.size(); ++i) mse += std::pow(predicted[i] - test[i].speedup, 2) / double(test.size());
    INFO(name << " test MSE " << mse << ", variance " << var);
    CHECK(mse < 0.05 * var);
  }
}
