#include "cli/views/law_view.hpp"

#include "framework/format.hpp"

namespace pacer::cli {

std::string params_text(const SpeedupLaw& law, const std::vector<double>& params) {
  std::string out;
  for (std::size_t i = 0; i < params.size(); ++i)
    out += (i ? ", " : "") + law.parameters()[i].name + " = " + format_number(params[i]);
  return out;
}

nlohmann::ordered_json params_json(const SpeedupLaw& law, const std::vector<double>& params) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  for (std::size_t i = 0; i < params.size(); ++i) j[law.parameters()[i].name] = params[i];
  return j;
}

std::string frequency_text(double hz) {
  return hz >= 1e9 ? digits(hz / 1e9, 4) + " GHz" : digits(hz / 1e6, 4) + " MHz";
}

}  // namespace pacer::cli
