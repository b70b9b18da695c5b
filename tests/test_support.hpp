// Helpers shared by the tests: models and hardware from inline XML.
#pragma once
#include <string>

#include "frontends/xml/hardware_io.hpp"
#include "frontends/xml/model_io.hpp"

namespace pacer::test {

inline ApplicationModel model(const std::string& body, const std::string& params = "") {
  return read_model_string("<application name=\"t\">" + params + body + "</application>", "test.xml");
}

inline std::string source_path(const std::string& relative) {
  return std::string(PACER_SOURCE_DIR) + "/" + relative;
}

}  // namespace pacer::test
