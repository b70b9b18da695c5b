#include "cli/views/comm_view.hpp"

#include <cmath>
#include <sstream>

#include "cli/views/report.hpp"
#include "templates/comm/comm_model.hpp"

namespace pacer::cli {

namespace {

// "12.3%": a fraction to a tenth of a per cent.
std::string tenths_percent(double fraction) { return format_number(std::round(fraction * 1000) / 10) + "%"; }

}  // namespace

std::string comm_points_text(const std::vector<CommPoint>& pts) {
  Table t({"bytes", "distance", "median", "min", "max", "spread", "runs"});
  for (const auto& p : pts)
    t.add({digits(p.bytes, 6), digits(p.distance, 6), format_seconds(p.median), format_seconds(p.min),
           format_seconds(p.max), tenths_percent(p.spread()), std::to_string(p.repetitions)});
  return t.text();
}

json comm_fit_json(const std::string& file, const CommFit& f) {
  json res = json::array();
  for (const auto& r : f.residuals)
    res.push_back({{"bytes", r.point.bytes}, {"distance", r.point.distance}, {"measured_seconds", r.point.median},
                   {"spread", r.point.spread()}, {"predicted_seconds", r.predicted},
                   {"relative_error", r.relative_error()}});
  return {{"model", f.model}, {"file", file}, {"parameters", f.parameters}, {"rms_relative_error", f.rms_relative},
          {"max_relative_error", f.max_relative}, {"residuals", res}, {"notes", f.notes}};
}

std::string comm_fit_text(const std::string& file, size_t points, const CommFit& f) {
  std::ostringstream os;
  os << find_comm_model(f.model).title << " fitted to " << file << " (" << points << " points):\n";
  for (const auto& [k, v] : f.parameters) os << "  " << k << " = " << digits(v, 6) << '\n';
  Table t({"bytes", "distance", "measured", "spread", "predicted", "error"});
  for (const auto& r : f.residuals)
    t.add({digits(r.point.bytes, 6), digits(r.point.distance, 6), format_seconds(r.point.median),
           tenths_percent(r.point.spread()), format_seconds(r.predicted), tenths_percent(r.relative_error())});
  os << t.text() << "rms relative error " << tenths_percent(f.rms_relative) << ", max "
     << tenths_percent(f.max_relative) << "\n";
  for (const auto& n : f.notes) os << "note: " << n << '\n';
  return os.str();
}

}  // namespace pacer::cli
