// An application of several tasks (Papaefstathiou et al. 1994, Figure 2): a
// sequence of tasks, each with its own model (an application model file, or
// C source and a function), message-passing template, processor count and
// machine, composed in sequence. Parameters declared by the application are
// shared: they bind the parameter of the same name in every task's model
// (docs/parallel.md).
#pragma once
#include <map>
#include <string>
#include <vector>

#include "framework/application_model.hpp"
#include "templates/parallel/parallel_prediction.hpp"

namespace pacer {

struct ComposedTask {
  std::string name;
  std::string model;     // application model file, resolved against the composition's folder
  std::string source;    // or C source ...
  std::vector<std::string> functions;  // ... and the function(s) to model
  std::string profile;   // optional, for C source
  std::string template_name = "sequential";
  int procs = 1;
  std::string hardware;  // a shipped name or a path resolved against the composition's folder
  SourceLocation where;
};

struct Composition {
  std::string name, description, file;
  std::vector<Parameter> parameters;
  std::vector<ComposedTask> tasks;
};

// A task with its model and its machine, ready to predict
// (frontends/application_source.hpp loads them).
struct LoadedTask {
  const ComposedTask* task = nullptr;
  ApplicationModel model;
  Hardware hardware;
};

// The shared parameters' values: their defaults, overridden by `overrides`
// (InputError for a name the application does not share).
ParamValues shared_parameters(const Composition& c, const ParamValues& overrides);

struct ComposedTaskResult {
  const ComposedTask* task = nullptr;
  std::string hardware;
  std::map<std::string, ParallelTime> by_model;  // at the task's P
};

struct ApplicationPrediction {
  std::vector<ComposedTaskResult> tasks;
  // A model's total needs every task: the sum over the tasks, for the models
  // that priced all of them.
  std::map<std::string, ParallelTime> totals;
  std::vector<std::string> notes;  // models left out of a task, and why
};

// `models` empty or {"all"}: every model that can price a task (one a
// machine lacks a figure for is left out with a note); else those, which
// must price. InputError when a task's template is not message-passing or no
// model can price it.
ApplicationPrediction predict_application(const std::vector<LoadedTask>& tasks, const std::vector<std::string>& models,
                                          const ParamValues& shared);

}  // namespace pacer
