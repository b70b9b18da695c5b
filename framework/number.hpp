// Reading a number from user text: the whole text (surrounding blanks
// allowed) must be one finite number, or there is none.
#pragma once
#include <cmath>
#include <optional>
#include <string>

namespace pacer {

inline std::optional<double> parse_number(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r");
  if (first == std::string::npos) return std::nullopt;
  std::size_t used = 0;
  double v = 0;
  try {
    v = std::stod(text.substr(first), &used);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  if (text.find_first_not_of(" \t\r", first + used) != std::string::npos || !std::isfinite(v)) return std::nullopt;
  return v;
}

}  // namespace pacer
