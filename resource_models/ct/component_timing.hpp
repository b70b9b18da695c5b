// Component timing (Papaefstathiou et al. 1994 section 3.3.6): from the timings an
// instrumented run wrote (frontends/clang/instrumenter.hpp), the time of
// each SEG compute node. A region (a loop or a whole function) is timed as a
// unit; its own work is its time less the regions timed inside it and the
// timer's measured cost; that work is shared among the compute nodes it owns
// (those not inside a timed loop of their own) by their executions times
// their construct counts. Timing loops rather than single nodes keeps the
// timer out of the innermost bodies, where it would cost more than the work.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "framework/application_model.hpp"

namespace pacer {

struct TimedRegionRef {
  int id = 0;
  std::string function;
  bool is_loop = false;
  int line = 0;
};

struct RegionTime {
  double entries = 0;
  double ticks = 0;        // in the region, timer included
  double child_ticks = 0;  // in the regions entered directly inside it
  double children = 0;     // how many such entries
};

struct TimingRun {
  double ticks_per_second = 0;
  double inside = 0;   // ticks an empty region records for itself
  double outside = 0;  // ticks one region costs the region around it
  double core_hz = 0;  // the core's clock during the run (a dependent chain); 0 when not probed
  std::map<int, RegionTime> regions;

  // The region's own work in seconds, every timer's cost removed.
  double self_seconds(int id) const;
};

// Throws InputError when the file is missing or malformed.
TimingRun read_timing_run(const std::string& path);

// Attaches a component-time RUV (seconds per execution) to every compute
// node of the model's SEGs. `executions` gives each node's executions in one
// call of `task`, whose function region was entered `task_calls` times.
// Returns notes (regions not found in the model, nodes never run).
std::vector<std::string> attach_component_times(ApplicationModel& model, const std::vector<TimedRegionRef>& regions,
                                                const TimingRun& run,
                                                const std::map<const SegNode*, double>& executions,
                                                const std::string& task);

}  // namespace pacer
