#include "cli/views/calibration_view.hpp"

#include <sstream>

#include "cli/views/report.hpp"

namespace pacer::cli {

std::string calibration_summary(const calibrate::Calibration& c, const std::string& out) {
  std::ostringstream os;
  const Hardware& hw = c.hardware;
  auto fig = [&](const char* s, const char* p) { return hw.sections.at(s).params.at(p); };
  os << "wrote " << out << " in " << digits(c.seconds, 3) << " s\n"
            << "  clock " << digits(fig("cpu", "clock").value / 1e9, 4) << " GHz, flop rate "
            << digits(fig("poc", "flop_rate").value / 1e9, 4) << " Gflop/s, ICC as "
            << hw.sections.at("icc").attributes.at("mcpu") << "\n";
  Table t({"construct", "cost", "chained", "spread"});
  for (const auto& [name, f] : hw.sections.at("hllc").params)
    t.add({name, format_seconds(f.value), f.dependent >= 0 ? format_seconds(f.dependent) : "-",
           format_seconds(f.spread)});
  os << t.text();
  for (const auto& n : c.notes) os << "note: " << n << "\n";
  return os.str();
}

}  // namespace pacer::cli
