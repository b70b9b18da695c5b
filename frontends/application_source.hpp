// Where an application model comes from: a model file, or C source analysed
// by the Clang frontend and, with a profile, bound to a real run; and the
// tasks of an application of several tasks, each with its model and machine.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "framework/application_model.hpp"
#include "templates/composition.hpp"

namespace pacer {

struct ApplicationSource {
  std::string path;                        // .xml model or .c source
  std::vector<std::string> functions;      // C: the tasks (default: those nothing calls, or the profile's)
  std::string profile;                     // C: a profile to bind trip counts and probabilities
  std::vector<std::string> compile_flags;  // C: default: the profile's
};

// `note` hears what the user should know (constructs not modelled exactly).
ApplicationModel load_application(const ApplicationSource& source,
                                  const std::function<void(const std::string&)>& note = {});

// Each task's model and machine; a task that names no machine runs on the
// one of `hardware` (InputError unless there is exactly one).
// The tasks point into `c`, which must outlive them.
std::vector<LoadedTask> load_tasks(const Composition& c, const std::vector<std::string>& hardware,
                                   const std::vector<std::string>& compile_flags,
                                   const std::function<void(const std::string&)>& note = {});
std::vector<LoadedTask> load_tasks(Composition&&, const std::vector<std::string>&, const std::vector<std::string>&,
                                   const std::function<void(const std::string&)>& = {}) = delete;

}  // namespace pacer
