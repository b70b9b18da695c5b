// Application model files (docs/model-format.md): the hand-written models
// of design based characterisation, and the output of `pacer analyse --xml`.
#pragma once
#include <string>

#include "framework/application_model.hpp"

namespace pacer {

ApplicationModel read_model_file(const std::string& path);
ApplicationModel read_model_string(const std::string& xml, const std::string& name);
std::string write_model(const ApplicationModel& model);

}  // namespace pacer
