// Loop scheduling: each strategy's assignment on small workloads checked by
// hand (odd and even counts), the simulator's clocks, the metrics, the
// workload generator's moments, the genetic algorithm and the oracle on
// instances with known optima.
#include <catch2/catch.hpp>
#include <cmath>
#include <numeric>

#include "templates/scheduling/genetic_algorithm.hpp"
#include "templates/scheduling/oracle.hpp"
#include "templates/scheduling/simulator.hpp"
#include "templates/scheduling/workload.hpp"
#include "tests/run_pacer.hpp"
#include "tests/test_support.hpp"

using namespace pacer::sched;
using pacer::test::error_message;

namespace {

Trace run(const std::string& strategy, const std::vector<double>& loads, int threads, double overhead = 0,
          std::vector<double> speeds = {}) {
  return simulate(loads, *make_strategy(strategy), MachineModel{threads, overhead, std::move(speeds)});
}

// Chunk sizes a self-scheduled strategy hands out for n iterations.
std::vector<size_t> chunk_sizes(const std::string& strategy, size_t n, int threads) {
  auto rule = make_strategy(strategy)->chunks(n, threads);
  std::vector<size_t> out;
  for (size_t left = n; left > 0; left -= out.back()) out.push_back(rule->next(left));
  return out;
}

}  // namespace

TEST_CASE("SRR deals lightest-heaviest pairs round-robin (Algorithm 2), even count", "[schedule]") {
  // Ascending: it1(1) it3(2) it4(3) it2(4) it0(5) it5(6); pairs (it1,it5) (it3,it0) (it4,it2).
  Trace t = run("srr", {5, 1, 4, 2, 3, 6}, 2);
  CHECK(t.thread_of == std::vector<int>{1, 0, 0, 1, 0, 0});
  CHECK(t.thread_loads == std::vector<double>{14, 7});
  CHECK(t.makespan == 14);
}

TEST_CASE("SRR with an odd count gives the lightest iteration to thread 0 and loses none", "[schedule]") {
  // it1 alone to thread 0, then pairs (it3, it0) to 0 and (it4, it2) to 1.
  Trace t = run("srr", {5, 1, 4, 2, 3}, 2);
  CHECK(t.thread_of == std::vector<int>{0, 0, 1, 0, 1});
  CHECK(t.thread_loads == std::vector<double>{8, 7});
  for (size_t n : {1, 2, 3, 7, 96, 97}) {
    std::vector<double> loads(n);
    std::iota(loads.begin(), loads.end(), 1.0);
    Trace tr = run("srr", loads, 12);
    CHECK(std::accumulate(tr.thread_loads.begin(), tr.thread_loads.end(), 0.0) == n * (n + 1) / 2.0);
    CHECK(std::count(tr.thread_of.begin(), tr.thread_of.end(), -1) == 0);
  }
}

TEST_CASE("static splits into balanced blocks, or deals chunks round-robin", "[schedule]") {
  std::vector<double> ten(10, 1.0);
  CHECK(run("static", ten, 3).thread_of == std::vector<int>{0, 0, 0, 0, 1, 1, 1, 2, 2, 2});
  Trace chunked = run("static,2", ten, 3);
  CHECK(chunked.thread_of == std::vector<int>{0, 0, 1, 1, 2, 2, 0, 0, 1, 1});
  CHECK(chunked.dispatches == std::vector<size_t>{2, 2, 1});
  CHECK(run("static", std::vector<double>(2, 1.0), 4).thread_of == std::vector<int>{0, 1});
}

TEST_CASE("dynamic gives the next chunk to the thread that is idle first", "[schedule]") {
  // t0 takes it0 (busy until 3); t1 takes it1, it2, it3 (until 3); tie at 3 goes to t0.
  Trace t = run("dynamic,1", {3, 1, 1, 1, 2}, 2);
  CHECK(t.thread_of == std::vector<int>{0, 1, 1, 1, 0});
  CHECK(t.makespan == 5);
  CHECK(run("dynamic,2", {3, 1, 1, 1, 2}, 2).thread_of == std::vector<int>{0, 0, 1, 1, 1});
}

TEST_CASE("guided, trapezoid and factoring chunk sizes", "[schedule]") {
  CHECK(chunk_sizes("guided", 10, 2) == std::vector<size_t>{5, 3, 1, 1});
  CHECK(chunk_sizes("guided,2", 10, 2) == std::vector<size_t>{5, 3, 2});
  // TSS for n = 100, T = 4: first ceil(100/8) = 13, last 1, 15 chunks, step 12/14.
  std::vector<size_t> tss = chunk_sizes("tss", 100, 4);
  CHECK(std::vector<size_t>(tss.begin(), tss.begin() + 5) == std::vector<size_t>{13, 12, 11, 10, 9});
  CHECK(std::is_sorted(tss.rbegin(), tss.rend()));
  CHECK(std::accumulate(tss.begin(), tss.end(), size_t(0)) == 100);
  // FAC2: batches of 4 chunks of ceil(R / 8): 13 x 4, 6 x 4, 3 x 4, 2 x 4, 1 x 4.
  std::vector<size_t> fac = chunk_sizes("fac2", 100, 4);
  CHECK(fac == std::vector<size_t>{13, 13, 13, 13, 6, 6, 6, 6, 3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1});
}

TEST_CASE("LPT balances a workload with a perfect split", "[schedule]") {
  Trace t = run("lpt", {5, 3, 8, 2, 7, 4, 1, 6}, 2);
  CHECK(t.makespan == 18);
  CHECK(t.thread_loads == std::vector<double>{18, 18});
  // With a thread twice as fast, LPT gives it about two thirds of the work.
  Trace fast = run("lpt", std::vector<double>(30, 1.0), 2, 0, {2, 1});
  CHECK(fast.thread_loads == std::vector<double>{20, 10});
}

TEST_CASE("overhead per chunk and thread speeds enter the busy time", "[schedule]") {
  Trace t = run("static", {1, 1, 1, 1}, 2, 0.5, {1, 0.5});
  CHECK(t.thread_times == std::vector<double>{2.5, 4.5});
  CHECK(t.makespan == 4.5);
  Trace d = run("dynamic,1", {1, 1, 1, 1}, 1, 0.25);
  CHECK(d.makespan == 5);
}

TEST_CASE("metrics: imbalance of Eq. 1-2, its shares, coefficient of variation, bound", "[schedule]") {
  Metrics m = measure_times({2, 4, 6});
  CHECK(m.makespan == 6);
  CHECK(m.imbalance_abs == 4);
  CHECK(m.imbalance == Approx(4.0 / 12));
  CHECK(m.imbalance_over_mean == Approx(1.0));
  CHECK(m.cv == Approx(std::sqrt(8.0 / 3) / 4));
  CHECK(makespan_lower_bound({5, 5, 5}, 2) == 10);  // two of the three share a thread
  CHECK(makespan_lower_bound({1, 1, 1, 9}, 2) == 9);
  CHECK(makespan_lower_bound({2, 2, 2, 2}, 2) == 4);
}

TEST_CASE("generated workloads have the common mean and each distribution's variance", "[schedule]") {
  // Scaled to mean 1, the variance is the natural one over the natural mean squared.
  struct Case {
    const char* name;
    double variance;
  } cases[] = {{"beta", 0.125 / 0.25}, {"gamma", 4.0 / 4}, {"gaussian", 0.0625}, {"poisson", 4.0 / 16},
               {"uniform", (1.0 / 12) / 0.25}};
  for (const auto& c : cases) {
    INFO(c.name);
    std::vector<double> w = generate_workload(make_distribution(c.name), 200000, 42);
    double mean = std::accumulate(w.begin(), w.end(), 0.0) / double(w.size());
    double var = 0;
    for (double x : w) var += (x - mean) * (x - mean);
    var /= double(w.size() - 1);
    CHECK(mean == Approx(1.0).epsilon(0.01));
    CHECK(var == Approx(c.variance).epsilon(0.03));
    CHECK(*std::min_element(w.begin(), w.end()) >= 0);
  }
  Distribution d = make_distribution("beta", {{"a", 2}, {"b", 5}}, 10);
  std::vector<double> w = generate_workload(d, 100000, 7);
  CHECK(std::accumulate(w.begin(), w.end(), 0.0) / 1e5 == Approx(10).epsilon(0.01));
  CHECK(generate_workload(d, 50, 3) == generate_workload(d, 50, 3));
  CHECK(generate_workload(d, 50, 3) != generate_workload(d, 50, 4));
}

TEST_CASE("bad workloads, strategies and machines are refused", "[schedule]") {
  CHECK_THAT(error_message([] { make_distribution("cauchy"); }), Catch::Contains("unknown distribution 'cauchy'"));
  CHECK_THAT(error_message([] { make_distribution("beta", {{"c", 1}}); }), Catch::Contains("no parameter 'c'"));
  CHECK_THAT(error_message([] { make_distribution("gamma", {{"k", -1}}); }), Catch::Contains("positive"));
  CHECK_THAT(error_message([] { make_strategy("dynamic,0"); }), Catch::Contains("at least 1"));
  CHECK_THAT(error_message([] { make_strategy("srr,2"); }), Catch::Contains("takes no chunk"));
  CHECK_THAT(error_message([] { make_strategy("fifo"); }), Catch::Contains("unknown strategy 'fifo'"));
  CHECK_THAT(error_message([] { run("static", {1, 2}, 0); }), Catch::Contains("[1, 65535]"));
  CHECK_THAT(error_message([] { run("static", {0, 0}, 2); }), Catch::Contains("every load is zero"));
  CHECK_THAT(error_message([] { run("static", {1, -2}, 2); }), Catch::Contains("non-negative"));
  CHECK_THAT(error_message([] { run("static", {}, 2); }), Catch::Contains("empty"));
  CHECK_THAT(error_message([] { run("static", {1, 2}, 2, 0, {1}); }), Catch::Contains("one speed per thread"));
  std::string file = pacer::test::temp_file("bad-loads.txt", "1\n# comment\n\n2.5\nabc\n");
  CHECK_THAT(error_message([&] { read_workload(file); }), Catch::Contains("bad-loads.txt:5"));
  CHECK(read_workload(pacer::test::temp_file("good-loads.txt", "1\n# c\n\n2.5\n")) == std::vector<double>{1, 2.5});
}

// Files over a megabyte are parsed in parts on every core: the loads keep
// their order across comment lines and parts, and an error names its line
// in the whole file, the first one if there are two.
TEST_CASE("a large workload file reads in parts as it would in one", "[schedule]") {
  std::string text;
  std::vector<double> expected;
  for (int line = 1; line <= 400000; ++line) {
    if (line % 99991 == 0) text += "# a comment\n\n", line++;
    else text += std::to_string(line % 1000) + ".25\n", expected.push_back(line % 1000 + 0.25);
  }
  CHECK(read_workload(pacer::test::temp_file("large-loads.txt", text)) == expected);
  std::string bad = text;
  bad.replace(bad.find("\n300.25\n", 1200000), 8, "\nx00.25\n");
  bad.replace(bad.find("\n700.25\n", 2200000), 8, "\n-700.25\n");
  const int line = 1 + static_cast<int>(std::count(bad.begin(), bad.begin() + static_cast<std::ptrdiff_t>(bad.find("x00.25")), '\n'));
  CHECK_THAT(error_message([&] { read_workload(pacer::test::temp_file("large-bad.txt", bad)); }),
             Catch::Contains("large-bad.txt:" + std::to_string(line) + ": 'x00.25'"));
}

TEST_CASE("the GA's fitness is finite at perfect balance and the GA finds a known optimum", "[schedule]") {
  CHECK(genetic_fitness({6, 6, 6}) == 1.0);
  CHECK(genetic_fitness({0, 0}) == 1.0);
  CHECK(genetic_fitness({4, 8}) == Approx(1.0 / (1 + 4.0 / 6)));
  GeneticOptions o;
  o.stall_generations = 2000;
  o.seed = 3;
  GeneticResult r = genetic_search({4, 4, 4, 4, 2, 2, 2, 2}, 4, o);
  CHECK(r.thread_loads == std::vector<double>{6, 6, 6, 6});
  CHECK(r.history.back().second == 0);
  CHECK_THAT(error_message([] { genetic_search({1, 2}, 2, GeneticOptions{.crossover = 1.5}); }),
             Catch::Contains("crossover"));
}

TEST_CASE("the oracle proves optima, including one above the lower bound", "[schedule]") {
  OracleResult a = optimal_schedule({5, 3, 8, 2, 7, 4, 1, 6}, 2);
  CHECK(a.optimal);
  CHECK(a.makespan == 18);
  // Five loads of 3 on two threads: the mean 7.5 rounds up to the step 3.
  OracleResult b = optimal_schedule({3, 3, 3, 3, 3}, 2);
  CHECK(b.lower_bound == 9);
  CHECK(b.makespan == 9);
  CHECK(b.optimal);
  // With a 3.5 the step is 0.5 and the mean 8.5, but no loads add up to
  // 8.5: the bound is the next sum, 9.
  OracleResult d = optimal_schedule({3, 3, 3, 3, 3.5}, 2);
  CHECK(d.lower_bound == 9);
  CHECK(d.makespan == 9);
  CHECK(d.optimal);
  // Seven 4s and two 1s on three threads: 4 + 4 + 1 + 1 meets the mean 10,
  // but one thread must take three 4s: only the exhaustive search proves 12.
  OracleResult c = optimal_schedule({4, 4, 4, 4, 4, 4, 4, 1, 1}, 3);
  CHECK(c.lower_bound == 10);
  CHECK(c.makespan == 12);
  CHECK(c.optimal);
  CHECK(c.nodes > 0);
}

// The schedule's loads are the sums of its iterations.
void check_consistent(const OracleResult& r, const std::vector<double>& w) {
  std::vector<double> busy(r.thread_loads.size(), 0.0);
  for (size_t i = 0; i < w.size(); ++i) busy[size_t(r.thread_of[i])] += w[i];
  for (size_t t = 0; t < busy.size(); ++t) CHECK(busy[t] == Approx(r.thread_loads[t]).epsilon(1e-12));
}

TEST_CASE("the oracle proves 200 iterations on 16 threads optimal when loads come in timer ticks", "[schedule]") {
  for (const char* dist : {"beta", "gamma", "uniform"}) {
    std::vector<double> w = generate_workload(make_distribution(dist), 200, 3);
    double tick = std::accumulate(w.begin(), w.end(), 0.0) / (1000.0 * double(w.size()));
    for (double& x : w) x = std::max(1.0, std::round(x / tick));
    OracleResult r = optimal_schedule(w, 16, OracleOptions{5.0});
    INFO(dist);
    CHECK(r.optimal);
    CHECK(r.makespan == std::ceil(std::accumulate(w.begin(), w.end(), 0.0) / 16));
    CHECK(r.pairs_rebalanced > 0);  // LPT, differencing and single moves leave it above the bound
    check_consistent(r, w);
  }
}

TEST_CASE("on real-valued loads the oracle's certified gap is below a millionth", "[schedule]") {
  for (const char* dist : {"beta", "gamma", "gaussian", "uniform"}) {
    std::vector<double> w = generate_workload(make_distribution(dist), 200, 4);
    OracleResult r = optimal_schedule(w, 16);
    INFO(dist);
    CHECK(r.gap >= 0);
    CHECK(r.gap < 1e-6);
    check_consistent(r, w);
  }
  // More than kPairMovable iterations on the two threads: the largest stay.
  std::vector<double> w = generate_workload(make_distribution("gamma"), 120, 5);
  OracleResult two = optimal_schedule(w, 2, OracleOptions{0.0});
  CHECK(two.gap < 1e-6);
  check_consistent(two, w);
}

TEST_CASE("the busiest thread's load is a sum of loads: the bound rises to the next one", "[schedule]") {
  // Mean 13, but no iterations add up to 13 or 14: the bound is 15 and the
  // oracle proves it without a search.
  OracleResult r = optimal_schedule({5, 5, 5, 5, 5, 1}, 2);
  CHECK(r.lower_bound == 15);
  CHECK(r.makespan == 15);
  CHECK(r.optimal);
  CHECK(r.nodes == 0);
}

TEST_CASE("the oracle matches brute force on small real-valued instances", "[schedule]") {
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    std::vector<double> w = generate_workload(make_distribution("gamma"), 9, seed);
    double best = INFINITY;
    for (int code = 0; code < 19683; ++code) {  // 3^9 assignments to 3 threads
      double busy[3] = {0, 0, 0};
      for (int i = 0, c = code; i < 9; ++i, c /= 3) busy[c % 3] += w[size_t(i)];
      best = std::min(best, std::max({busy[0], busy[1], busy[2]}));
    }
    OracleResult r = optimal_schedule(w, 3, OracleOptions{1.0});
    INFO("seed " << seed);
    CHECK(r.optimal);
    CHECK(r.makespan == Approx(best).epsilon(1e-12));
  }
}
