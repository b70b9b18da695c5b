// The loop-scheduling simulator: a synthetic parallel loop whose iteration
// loads are given, run by T simulated threads under one strategy. The
// thread manager is driven by events: the thread that falls idle first
// (ties to the lowest thread number) takes the next chunk, so a
// self-scheduled strategy sees the same order of requests as on a machine
// whose iteration times are the loads.
#pragma once
#include <vector>

#include "templates/scheduling/strategy.hpp"

namespace pacer::sched {

struct MachineModel {
  int threads = 1;
  double overhead = 0;         // time per trip to the scheduler (per chunk), in load units
  std::vector<double> speeds;  // empty, or one relative speed per thread (> 0)
};

// The paper's trace (iteration to thread, load per thread) and the time of
// each thread.
struct Trace {
  std::vector<int> thread_of;        // per iteration
  std::vector<double> thread_loads;  // work assigned to each thread
  std::vector<double> thread_times;  // busy time: loads / speed + dispatches * overhead
  std::vector<size_t> dispatches;    // chunks taken by each thread
  double makespan = 0;               // the loop's parallel time
};

// Throws InputError for zero threads, speeds of the wrong count or not
// positive, a negative overhead, or bad loads.
void check_machine(const MachineModel& m);
Trace simulate(const std::vector<double>& loads, const Strategy& s, const MachineModel& m);

// Measures of one schedule. Imbalance follows Eq. 1-2: the largest
// difference between two threads' busy times; `imbalance` divides it by
// the sum of all busy times, `imbalance_over_mean` by their mean.
struct Metrics {
  double makespan = 0;
  double imbalance_abs = 0;
  double imbalance = 0;
  double imbalance_over_mean = 0;
  double cv = 0;  // coefficient of variation of the busy times
};
Metrics measure(const Trace& t);
Metrics measure_times(const std::vector<double>& busy);

// max(mean load, largest load, sum of the T-th and (T+1)-th largest loads):
// no schedule on T identical threads can finish sooner.
double makespan_lower_bound(const std::vector<double>& loads, int threads);

}  // namespace pacer::sched
