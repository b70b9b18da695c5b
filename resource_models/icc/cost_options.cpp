// How a hardware description says ICC's code is compiled and priced.
#include <sstream>

#include "resource_models/icc/machine_costs.hpp"
#include "framework/hardware.hpp"

namespace pacer {

MachineCostOptions machine_cost_options(const Hardware& hw, const std::vector<std::string>& user_flags) {
  auto section = hw.sections.find("icc");
  auto attribute = [&](const char* name) {
    if (section == hw.sections.end() || !section->second.attributes.count(name))
      throw MissingFigure(SourceLocation{hw.file, 0}, "icc",
                          std::string("the icc model compiles code with the machine's <icc ") + name +
                              "=...>, which '" + hw.name + "' does not give (pacer calibrate writes it)");
    return section->second.attributes.at(name);
  };
  MachineCostOptions o;
  o.compiler = attribute("compiler");
  o.mcpu = attribute("mcpu");
  std::istringstream flags(attribute("flags"));
  for (std::string f; flags >> f;) o.flags.push_back(f);
  o.flags.insert(o.flags.end(), user_flags.begin(), user_flags.end());
  return o;
}

}  // namespace pacer
