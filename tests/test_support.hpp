// Helpers shared by the tests: models and hardware from inline XML.
#pragma once
#include <string>

#include "frontends/xml/hardware_io.hpp"
#include "frontends/xml/model_io.hpp"

namespace pacer::test {

inline ApplicationModel model(const std::string& body, const std::string& params = "") {
  return read_model_string("<application name=\"t\">" + params + body + "</application>", "test.xml");
}

// The message of the InputError that `f` throws, or "no error".
template <class F>
std::string error_message(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

inline std::string source_path(const std::string& relative) {
  return std::string(PACER_SOURCE_DIR) + "/" + relative;
}

}  // namespace pacer::test
