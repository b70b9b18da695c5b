// Lists of names as messages and help texts print them, made from the
// registries that own the names: "a, b or c".
#pragma once
#include <string>
#include <vector>

namespace pacer {

inline std::string join_names(const std::vector<std::string>& names, const std::string& last = " or ") {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "" : i + 1 == names.size() ? last : ", ") + names[i];
  return out;
}

}  // namespace pacer
