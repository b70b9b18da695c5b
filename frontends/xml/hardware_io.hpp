// Hardware description files (docs/hardware-format.md).
#pragma once
#include <string>

#include "framework/hardware.hpp"

namespace pacer {

Hardware read_hardware_file(const std::string& path);
Hardware read_hardware_string(const std::string& xml, const std::string& name);

}  // namespace pacer
