// The synthetic benchmark of the loop-scheduling paper (Algorithm 3) on this
// machine: a real OpenMP loop whose iteration i spins for a time
// proportional to its load, under static, dynamic,1 and SRR (through
// pacer/omp_schedule.hpp). It records which thread ran each iteration and
// compares with the simulator: the share of iterations on the same thread,
// each side's imbalance, the simulator's accuracy on the makespan (as the
// paper's Table 1), and the loop time predicted from the simulated makespan.
// Usage: bench_schedule_omp [--quick] [--threads T]
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "pacer/omp_schedule.hpp"
#include "templates/scheduling/simulator.hpp"
#include "templates/scheduling/workload.hpp"

using namespace pacer::sched;
using Clock = std::chrono::steady_clock;

namespace {

// The synthetic kernel: `ops` dependent additions the compiler must keep.
void spin(long ops) {
  long a = 0;
  for (long j = 0; j < ops; ++j) {
    a += 1;
    asm volatile("" : "+r"(a));
  }
}

// Additions per millisecond on one thread (median of five).
double ops_per_ms() {
  std::vector<double> rates;
  for (int r = 0; r < 5; ++r) {
    auto t = Clock::now();
    spin(20000000);
    rates.push_back(20000000 / (std::chrono::duration<double>(Clock::now() - t).count() * 1e3));
  }
  std::sort(rates.begin(), rates.end());
  return rates[2];
}

struct RealRun {
  std::vector<int> thread_of;
  double seconds = 0;
};

RealRun run_real(const std::string& strategy, const std::vector<double>& loads, int threads, double ops_per_load) {
  RealRun r{std::vector<int>(loads.size(), -1), 0};
  long n = long(loads.size());
  auto body = [&](size_t i) {
    spin(long(loads[i] * ops_per_load));
    r.thread_of[i] = omp_get_thread_num();
  };
  auto start = Clock::now();
  if (strategy == "static") {
#pragma omp parallel for schedule(static) num_threads(threads)
    for (long i = 0; i < n; ++i) body(size_t(i));
  } else if (strategy == "dynamic,1") {
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
    for (long i = 0; i < n; ++i) body(size_t(i));
  } else {
    run(smart_round_robin(loads.data(), loads.size(), threads), body);
  }
  r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return r;
}

std::vector<double> busy_of(const std::vector<int>& thread_of, const std::vector<double>& loads, int threads) {
  std::vector<double> busy(size_t(threads), 0.0);
  for (size_t i = 0; i < loads.size(); ++i) busy[size_t(thread_of[i])] += loads[i];
  return busy;
}

}  // namespace

int main(int argc, char** argv) {
  bool quick = false;
  int threads = 2;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--quick")) quick = true;
    if (!std::strcmp(argv[i], "--threads") && i + 1 < argc) threads = std::atoi(argv[++i]);
  }
  omp_set_dynamic(0);
  double rate = ops_per_ms();
  double ms_per_load = quick ? 0.05 : 0.25;  // a load of 1 spins this long
  double ops_per_load = rate * ms_per_load;
  std::printf("synthetic benchmark (Algorithm 3): %d threads, a load of 1 = %.2f ms (%.0f additions), seed 1\n",
              threads, ms_per_load, ops_per_load);
  std::printf("%-9s %5s %-10s %9s %12s %12s %10s %11s %11s %8s\n", "dist", "n", "strategy", "same thr.",
              "sim imbal.", "real imbal.", "accuracy", "pred. ms", "meas. ms", "error");
  double worst_exact = 1, sum_dynamic = 0;
  int count_dynamic = 0;
  for (const auto& dist : distribution_names()) {
    for (size_t n : {48, 96, 192}) {
      std::vector<double> loads = generate_workload(make_distribution(dist), n, 1);
      for (const char* name : {"static", "srr", "dynamic,1"}) {
        Trace sim = simulate(loads, *make_strategy(name), MachineModel{threads, 0, {}});
        RealRun real = run_real(name, loads, threads, ops_per_load);
        size_t same = 0;
        for (size_t i = 0; i < n; ++i) same += sim.thread_of[i] == real.thread_of[i];
        Metrics ms = measure(sim), mr = measure_times(busy_of(real.thread_of, loads, threads));
        double accuracy = 1 - std::abs(ms.makespan - mr.makespan) / mr.makespan;
        double predicted_ms = sim.makespan * ms_per_load, measured_ms = real.seconds * 1e3;
        std::printf("%-9s %5zu %-10s %8.1f%% %11.2f%% %11.2f%% %9.2f%% %11.2f %11.2f %7.1f%%\n", dist.c_str(), n, name,
                    100.0 * double(same) / double(n), ms.imbalance * 100, mr.imbalance * 100, accuracy * 100,
                    predicted_ms, measured_ms, (predicted_ms / measured_ms - 1) * 100);
        if (std::string(name) == "dynamic,1") sum_dynamic += accuracy, ++count_dynamic;
        else worst_exact = std::min(worst_exact, double(same) / double(n));
      }
    }
  }
  std::printf("static and srr: %.1f%% of iterations on the simulated thread in the worst case (the paper: 100%%)\n",
              worst_exact * 100);
  std::printf("dynamic,1: mean makespan accuracy %.2f%% (the paper's Table 1: 99.90%% on average)\n",
              100 * sum_dynamic / count_dynamic);
  return worst_exact == 1 ? 0 : 1;
}
