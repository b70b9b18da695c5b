// The regressors' names: the only list of them (regressors.hpp).
#include <algorithm>

#include "templates/speedup/regressors.hpp"

namespace pacer {

const std::vector<std::string>& regressor_names() {
  static const std::vector<std::string> names{"svr", "krr", "forest"};
  return names;
}

bool is_regressor(const std::string& name) {
  const auto& n = regressor_names();
  return std::find(n.begin(), n.end(), name) != n.end();
}

}  // namespace pacer
