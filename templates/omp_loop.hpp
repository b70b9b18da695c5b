// The omp_loop parallel template: a task whose top-level loop runs as an
// OpenMP parallel loop on T threads under one schedule. Each iteration's
// cost comes from the resource model (a triangular loop's inner count
// follows the outer counter; a profile's data-dependent counts can be
// spread by per-iteration weights); the loop-scheduling simulator turns
// the costs into the loop's parallel time; the rest of the task stays
// sequential.
#pragma once
#include <string>
#include <vector>

#include "framework/application_model.hpp"
#include "framework/hardware.hpp"
#include "resource_models/resource_model.hpp"
#include "templates/scheduling/simulator.hpp"

namespace pacer {

struct OmpLoopOptions {
  std::string loop;                 // loop node id; empty: the first task's first top-level loop
  std::string schedule = "static";  // as `pacer schedule` spells strategies
  std::vector<int> threads = {1};
  double overhead_seconds = 0;      // per chunk taken from the scheduler
  std::vector<double> iteration_weights;  // optional: one relative weight per iteration
};

struct OmpLoopPoint {
  int threads = 1;
  double loop_seconds = 0;   // the simulated makespan
  double total_seconds = 0;  // the task's rest plus the parallel loop
  double speedup = 1;        // over the sequential prediction
  sched::Metrics metrics;
};

struct OmpLoopPrediction {
  std::string task;
  std::string loop;
  size_t iterations = 0;
  double sequential_seconds = 0;       // the whole application, sequential
  double sequential_loop_seconds = 0;  // the loop's share of it
  double min_iteration_seconds = 0, max_iteration_seconds = 0;
  std::vector<OmpLoopPoint> points;
};

// Throws InputError for an unknown or nested loop, a trip count that is
// not a positive whole number, weights of the wrong count, thread counts
// below 1 or an unknown schedule.
OmpLoopPrediction predict_omp_loop(const ApplicationModel& model, const Hardware& hw, const ResourceModel& rm,
                                   const ParamValues& params, const OmpLoopOptions& o);

}  // namespace pacer
