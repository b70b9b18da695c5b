// What the operating system reports about the processor (/proc/cpuinfo).
#pragma once
#include <string>

namespace pacer {

// The first value of a /proc/cpuinfo field ("model name", "cpu MHz",
// "flags"), trimmed; empty when the field or the file is missing.
std::string cpuinfo_field(const std::string& field);

}  // namespace pacer
