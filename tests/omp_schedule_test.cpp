// The run-time header under OpenMP with 2 threads: every iteration runs
// once, on the thread its SRR or LPT assignment names, and the simulator
// predicts exactly that assignment.
#include <omp.h>

#include <catch2/catch.hpp>

#include "pacer/omp_schedule.hpp"
#include "templates/scheduling/simulator.hpp"
#include "templates/scheduling/workload.hpp"

using namespace pacer::sched;

namespace {

// The thread that ran each iteration (-1: never ran; -2: ran twice).
std::vector<int> executed_by(const Assignment& a, size_t n) {
  std::vector<int> ran(n, -1);
  run(a, [&](size_t i) {
    int t = omp_get_thread_num();
#pragma omp critical
    ran[i] = ran[i] == -1 ? t : -2;
  });
  return ran;
}

}  // namespace

TEST_CASE("SRR and LPT assignments run on their threads under OpenMP", "[schedule][openmp]") {
  std::vector<double> loads = generate_workload(make_distribution("beta"), 97, 5);
  for (const char* name : {"srr", "lpt"}) {
    INFO(name);
    Assignment a = std::string(name) == "srr" ? smart_round_robin(loads.data(), loads.size(), 2)
                                              : longest_processing_time(loads.data(), loads.size(), 2);
    std::vector<int> ran = executed_by(a, loads.size());
    CHECK(ran == a.thread_of());
    Trace sim = simulate(loads, *make_strategy(name), MachineModel{2, 0, {}});
    CHECK(sim.thread_of == ran);
  }
}

TEST_CASE("the workload-aware loop class runs every iteration once", "[schedule][openmp]") {
  std::vector<double> loads = {9, 1, 8, 2, 7, 3, 6};
  WorkloadAwareLoop loop;
  loop.set_workload(loads.data(), loads.size(), WorkloadAwareLoop::Strategy::SmartRoundRobin, 2);
  std::vector<int> count(loads.size(), 0);
  loop.parallel_for([&](size_t i) {
#pragma omp atomic
    ++count[i];
  });
  CHECK(count == std::vector<int>(loads.size(), 1));
  // Asking for more threads than the runtime grants loses nothing either.
  Assignment wide = smart_round_robin(loads.data(), loads.size(), 64);
  omp_set_dynamic(1);
  std::vector<int> ran = executed_by(wide, loads.size());
  omp_set_dynamic(0);
  CHECK(std::count(ran.begin(), ran.end(), -1) == 0);
  CHECK(std::count(ran.begin(), ran.end(), -2) == 0);
}
