#include "framework/units.hpp"

#include <vector>

namespace pacer {

namespace {
struct Unit {
  Dimension dim;
  const char* name;
  double factor;
};
const std::vector<Unit> kUnits = {
    {Dimension::Time, "s", 1},          {Dimension::Time, "ms", 1e-3},
    {Dimension::Time, "us", 1e-6},      {Dimension::Time, "ns", 1e-9},
    {Dimension::Time, "ps", 1e-12},     {Dimension::Frequency, "Hz", 1},
    {Dimension::Frequency, "kHz", 1e3}, {Dimension::Frequency, "MHz", 1e6},
    {Dimension::Frequency, "GHz", 1e9}, {Dimension::FlopRate, "flop/s", 1},
    {Dimension::FlopRate, "Mflop/s", 1e6}, {Dimension::FlopRate, "Gflop/s", 1e9},
    {Dimension::Bytes, "B", 1},         {Dimension::Bytes, "KiB", 1024},
    {Dimension::Bytes, "MiB", 1048576}, {Dimension::Bytes, "GiB", 1073741824.0},
    {Dimension::Bytes, "kB", 1e3},      {Dimension::Bytes, "MB", 1e6},
    {Dimension::Bandwidth, "B/s", 1},   {Dimension::Bandwidth, "MB/s", 1e6},
    {Dimension::Bandwidth, "GB/s", 1e9}, {Dimension::Bandwidth, "MiB/s", 1048576},
    {Dimension::Bandwidth, "GiB/s", 1073741824.0}, {Dimension::Bandwidth, "Mbit/s", 1e6 / 8},
    {Dimension::Energy, "J", 1},        {Dimension::Energy, "mJ", 1e-3},
    {Dimension::Energy, "uJ", 1e-6},    {Dimension::Energy, "nJ", 1e-9},
    {Dimension::Energy, "pJ", 1e-12},   {Dimension::Power, "W", 1},
    {Dimension::Power, "mW", 1e-3},     {Dimension::Cycles, "cycles", 1},
    {Dimension::Count, "", 1},          {Dimension::Count, "1", 1},
};
}  // namespace

const char* dimension_name(Dimension d) {
  switch (d) {
    case Dimension::Time: return "time";
    case Dimension::Frequency: return "frequency";
    case Dimension::FlopRate: return "flop rate";
    case Dimension::Bytes: return "size";
    case Dimension::Bandwidth: return "bandwidth";
    case Dimension::Energy: return "energy";
    case Dimension::Power: return "power";
    case Dimension::Cycles: return "cycles";
    case Dimension::Count: return "count";
  }
  return "?";
}

std::optional<double> si_factor(Dimension d, const std::string& unit) {
  for (const auto& u : kUnits)
    if (u.dim == d && unit == u.name) return u.factor;
  return std::nullopt;
}

std::string si_unit(Dimension d) {
  for (const auto& u : kUnits)
    if (u.dim == d && u.factor == 1) return u.name;
  return "";
}

std::string units_of(Dimension d) {
  std::string out;
  for (const auto& u : kUnits)
    if (u.dim == d && *u.name) out += (out.empty() ? "" : ", ") + std::string(u.name);
  return out.empty() ? "no unit" : out;
}

}  // namespace pacer
