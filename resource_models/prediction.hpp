// A prediction: an application model's timing formulas evaluated with one
// resource model on one machine, per node, per task and in total; at one
// parameter point or over a sweep.
#pragma once
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "framework/reduction.hpp"
#include "framework/sweep.hpp"
#include "resource_models/resource_model.hpp"

namespace pacer {

struct NodePrediction {
  std::string task;
  std::string id;
  std::string vector;
  SourceLocation where;
  double seconds = 0;        // one execution: t(v)
  double executions = 0;     // per run of the task (at the sweep's first point)
  double total_seconds = 0;  // seconds * executions
  std::map<std::string, double> unpriced;
  std::map<std::string, double> terms;  // NodeCost::terms, per execution
  std::string bound;                    // NodeCost::bound
};

struct TaskPrediction {
  std::string name;
  double total_seconds = 0;
};

struct SweepResult {
  std::vector<SweepAxis> axes;
  std::vector<std::vector<double>> points;  // one row per point, one column per axis
  std::vector<double> total_seconds;
};

struct Prediction {
  std::string hardware;
  std::string hardware_file;
  std::string model;
  double total_seconds = 0;
  std::vector<TaskPrediction> tasks;
  std::vector<NodePrediction> nodes;
  // Constructs priced at zero because the machine has no cost for them,
  // with how often they execute in one run: the total is then a lower bound.
  std::map<std::string, double> unpriced;
  std::vector<std::string> notes;
  ParamValues parameters;
  bool has_sweep = false;
  SweepResult sweep;
};

struct NodeExecutions {
  std::string task;
  const NodeTerm* term = nullptr;
  double executions = 0;  // per run of the task
};

class Predictor {
 public:
  explicit Predictor(const ApplicationModel& model);

  Prediction predict(const Hardware& hw, const ResourceModel& rm, const ParamValues& overrides) const;
  // Under mpirun the points are spread over the ranks: rank 0's sweep has
  // every total, the others' none.
  Prediction predict_sweep(const Hardware& hw, const ResourceModel& rm, const ParamValues& overrides,
                           const SweepGrid& grid) const;

  // How often each compute node runs at one parameter point; no machine needed.
  std::vector<NodeExecutions> node_executions(const ParamValues& overrides, ParamValues* bound = nullptr) const;

  const std::vector<TaskFormula>& task_formulas() const { return tasks_; }
  Expr total_formula() const;  // sum of the tasks, calls inlined

 private:
  Prediction base(const Hardware& hw, const ResourceModel& rm, const ParamValues& values,
                  Bindings& b) const;
  std::vector<std::string> needed_parameters(const std::vector<std::string>& except) const;
  // The predictor of the model as `rm` prepares it for `hw` (ICC compiles
  // C for the machine), made once per machine and parameter point; null
  // when the model is priced as it is.
  struct Prepared;
  const Prepared* prepared(const Hardware& hw, const ResourceModel& rm, const ParamValues& values) const;

  const ApplicationModel& model_;
  std::vector<TaskFormula> tasks_;
  std::shared_ptr<std::map<std::string, std::shared_ptr<const Prepared>>> prepared_;
  std::shared_ptr<std::mutex> prepared_lock_;
};

}  // namespace pacer
