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

// Every figure of `hw` whose parameter `chosen` picks, moved as a rate that
// is `ratio` times as fast moves it.
template <class Chosen>
void scale_chosen(Hardware& hw, double ratio, Chosen chosen) {
  for (auto& [name, section] : hw.sections)
    if (const SectionSpec* spec = find_section_spec(name))
      for (auto& [param, figure] : section.params)
        for (const auto& p : spec->params)
          if (p.name == param && chosen(p)) scale(figure, factor(p.dim, ratio));
}

}  // namespace

Hardware at_core_clock(const Hardware& hw, double hz) {
  const double clock = hw.require("cpu", "clock", "a prediction at another core clock").value;
  for (double f : {clock, hz})
    if (!(f > 0) || !std::isfinite(f)) throw InputError("a core clock of " + std::to_string(f) + " Hz is not a clock");
  const double ratio = hz / clock;
  Hardware out = hw;
  for (auto& [name, section] : out.sections)
    if (is_cost_vector_section(name))  // costs of work the core does
      for (auto& [param, figure] : section.params) scale(figure, 1 / ratio);
  scale_chosen(out, ratio, [](const ParamSpec& p) { return p.core_clocked; });
  return out;
}

Hardware at_shared_rate(const Hardware& hw, double ratio) {
  if (!(ratio > 0) || !std::isfinite(ratio))
    throw InputError("a memory " + std::to_string(ratio) + " times as fast is not a memory");
  Hardware out = hw;
  scale_chosen(out, ratio, [](const ParamSpec& p) { return p.shared; });
  return out;
}

}  // namespace pacer
