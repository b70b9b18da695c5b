// "Which machine should I port to": one application's predictions on
// several machines side by side, per resource model: the total, each task,
// and the nodes that take most of the time on the first machine, with each
// machine's time as a ratio to the first machine's.
#pragma once
#include <string>
#include <vector>

#include "resource_models/prediction.hpp"

namespace pacer {

struct ComparedRow {
  std::string model;
  std::string task;  // empty: the whole application
  std::string node;  // empty: the task (or the application) as a whole
  std::vector<double> seconds;  // one per machine; NaN where the model did not price on it
  std::vector<double> ratio;    // seconds / the first machine's
  // One per machine: something there was priced at zero for want of a figure
  // (NodeCost::unpriced), so its time is a lower bound.
  std::vector<bool> lower_bound;
};

struct MachineComparison {
  std::vector<std::string> machines;  // names, in the order given
  std::vector<ComparedRow> rows;      // model by model: total, then each task and its main nodes
};

// `predictions` machine by machine, model by model (PredictionSet's order).
// A node is a main node when it takes at least `share` of its task's time on
// the first machine; at most `most` of them per task.
MachineComparison compare_machines(const std::vector<Prediction>& predictions, double share = 0.05, size_t most = 5);

}  // namespace pacer
