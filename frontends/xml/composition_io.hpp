// An application of several tasks (Papaefstathiou et al. 1994, Figure 2): a
// sequence of tasks, each with its own model (an application model file, or
// C source and a function), parallel template, processor count and machine.
// Parameters declared here are shared: they bind the parameter of the same
// name in every task's model (docs/parallel.md).
#pragma once
#include <string>
#include <vector>

#include "framework/application_model.hpp"

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

// Whether the file's <task> elements refer to models (model= or source=)
// rather than holding SEGs.
bool is_composition(const std::string& path);
Composition read_composition_file(const std::string& path);

}  // namespace pacer
