#include "framework/error.hpp"
#include "framework/names.hpp"
#include "templates/speedup/laws.hpp"

namespace pacer {

const std::vector<const SpeedupLaw*>& speedup_laws() {
  // A new law: its file, its function in laws.hpp, and one line here.
  static const std::vector<const SpeedupLaw*> laws{&amdahl_law(), &gustafson_law(), &memwall_law()};
  return laws;
}

std::vector<std::string> speedup_law_names() {
  std::vector<std::string> out;
  for (const SpeedupLaw* law : speedup_laws()) out.push_back(law->name());
  return out;
}

const SpeedupLaw& speedup_law(const std::string& name) {
  for (const SpeedupLaw* law : speedup_laws())
    if (law->name() == name) return *law;
  throw InputError("unknown speedup model '" + name + "' (known: " + join_names(speedup_law_names(), ", ") + ")");
}

}  // namespace pacer
