// Figures as people read them, the same in every report and message: seconds
// and joules in the unit that keeps them at least 1, and plain numbers.
#pragma once
#include <string>

namespace pacer {

std::string format_seconds(double s);  // "%.4g" in s, ms, us or ns
std::string format_joules(double j);   // "%.4g" in J, mJ, uJ or nJ
// `v` with `n` significant digits.
std::string digits(double v, int n = 4);
// `v` with ten significant digits: enough to read back what was computed.
std::string format_number(double v);
// Today's date as YYYY-MM-DD (UTC), for the sources of figures pacer writes.
std::string today();

}  // namespace pacer
