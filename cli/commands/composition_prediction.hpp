// `pacer predict APP.xml` for an application of several tasks: each task
// predicted with its own template, P and machine, then composed in sequence.
#pragma once
#include <string>
#include <vector>

#include "framework/application_model.hpp"

namespace pacer::cli {

struct CompositionOptions {
  std::string path;
  std::vector<std::string> hw;      // the machine of tasks that name none
  std::vector<std::string> models;  // empty or "all": every model that can price a task
  ParamValues params;               // overrides of the application's shared parameters
  bool json = false;
};

void emit_composition(const CompositionOptions& o);

}  // namespace pacer::cli
