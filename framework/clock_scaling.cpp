#include "framework/clock_scaling.hpp"

#include <cmath>

namespace pacer {

namespace {

// The factor a figure of dimension `d` moves by when the clock moves by `ratio`.
double factor(Dimension d, double ratio) {
  switch (d) {
    case Dimension::Time: return 1 / ratio;
    case Dimension::Frequency:
    case Dimension::FlopRate:
    case Dimension::Bandwidth: return ratio;
    default: return 1;  // sizes, counts and cycles are the clock's own units
  }
}

void scale(Figure& f, double by) {
  f.value *= by;
  f.written *= by;
  if (f.spread > 0) f.spread *= by;
  if (f.dependent > 0) f.dependent *= by;
}

}  // namespace

Hardware at_core_clock(const Hardware& hw, double hz) {
  const double clock = hw.require("cpu", "clock", "a prediction at another core clock").value;
  for (double f : {clock, hz})
    if (!(f > 0) || !std::isfinite(f)) throw InputError("a core clock of " + std::to_string(f) + " Hz is not a clock");
  const double ratio = hz / clock;
  Hardware out = hw;
  for (auto& [name, section] : out.sections) {
    const SectionSpec* spec = find_section_spec(name);
    for (auto& [param, figure] : section.params) {
      if (is_cost_vector_section(name)) {  // costs of work the core does
        scale(figure, 1 / ratio);
        continue;
      }
      if (!spec) continue;
      for (const auto& p : spec->params)
        if (p.name == param && p.core_clocked) scale(figure, factor(p.dim, ratio));
    }
  }
  return out;
}

Hardware at_shared_rate(const Hardware& hw, double ratio) {
  if (!(ratio > 0) || !std::isfinite(ratio))
    throw InputError("a memory " + std::to_string(ratio) + " times as fast is not a memory");
  Hardware out = hw;
  const auto section = out.sections.find("memory");
  const SectionSpec* spec = find_section_spec("memory");
  if (section == out.sections.end() || !spec) return out;
  for (auto& [param, figure] : section->second.params)
    for (const auto& p : spec->params)
      if (p.name == param && p.shared && (p.dim == Dimension::Time || p.dim == Dimension::Bandwidth))
        scale(figure, factor(p.dim, ratio));
  return out;
}

}  // namespace pacer
