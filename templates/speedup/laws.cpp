#include "framework/error.hpp"
#include "templates/speedup/laws.hpp"

namespace pacer {

const std::vector<const SpeedupLaw*>& speedup_laws() {
  // A new law: its file, its function in laws.hpp, and one line here.
  static const std::vector<const SpeedupLaw*> laws{&amdahl_law(), &gustafson_law(), &memwall_law()};
  return laws;
}

const SpeedupLaw& speedup_law(const std::string& name) {
  std::string known;
  for (const SpeedupLaw* law : speedup_laws()) {
    if (law->name() == name) return *law;
    known += (known.empty() ? "" : ", ") + law->name();
  }
  throw InputError("unknown speedup model '" + name + "' (known: " + known + ")");
}

}  // namespace pacer
