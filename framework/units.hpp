// Units of the figures in hardware descriptions. Each figure is stored in SI
// (seconds, Hz, flop/s, bytes, joules, watts); files may use any listed unit
// of the right dimension, so Table 4's microseconds stay as printed.
#pragma once
#include <optional>
#include <string>

namespace pacer {

enum class Dimension { Time, Frequency, FlopRate, Bytes, Bandwidth, Energy, Power, Cycles, Count };

const char* dimension_name(Dimension d);
// The factor that turns `unit` into SI for dimension `d`, or nothing if the
// unit does not measure that dimension.
std::optional<double> si_factor(Dimension d, const std::string& unit);
std::string si_unit(Dimension d);
std::string units_of(Dimension d);  // the accepted units, for error messages

}  // namespace pacer
