#include "framework/format.hpp"

#include <cmath>
#include <cstdio>
#include <ctime>
#include <sstream>

namespace pacer {

namespace {

// "%.4g" in the largest of unit, m, u, n that keeps the figure at least 1.
std::string format_scaled(double v, const std::string& unit) {
  static const std::pair<double, const char*> scales[] = {{1, ""}, {1e-3, "m"}, {1e-6, "u"}, {1e-9, "n"}};
  if (v == 0) return "0 " + unit;
  for (const auto& [factor, prefix] : scales)
    if (std::fabs(v) >= factor || factor == 1e-9) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.4g %s%s", v / factor, prefix, unit.c_str());
      return buf;
    }
  return "";
}

}  // namespace

std::string format_seconds(double s) { return format_scaled(s, "s"); }
std::string format_joules(double j) { return format_scaled(j, "J"); }

std::string digits(double v, int n) {
  std::ostringstream os;
  os.precision(n);
  os << v;
  return os.str();
}

std::string format_number(double v) {
  std::ostringstream os;
  os.precision(10);
  os << v;
  return os.str();
}

std::string today() {
  char buf[16];
  const std::time_t now = std::time(nullptr);
  std::strftime(buf, sizeof buf, "%Y-%m-%d", std::gmtime(&now));
  return buf;
}

}  // namespace pacer
