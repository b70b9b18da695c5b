// The hardware layer of Papaefstathiou et al. 1994: one description per machine, one section
// per resource model (cpu, poc, hllc, icc, memory, communication, energy).
// Every figure carries its source, and whether it is an estimate rather
// than a measurement or a published figure.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "framework/error.hpp"
#include "framework/units.hpp"

namespace pacer {

struct Figure {
  double value = 0;     // in SI (see units.hpp)
  double written = 0;   // as written in the file
  std::string unit;     // as written in the file
  std::string source;   // where the figure came from
  bool estimated = false;
  // Measured figures: max - min over the repeated measurements, in SI; -1
  // when the file gives none.
  double spread = -1;
  // A cost of the hllc section: the construct's cost when each one waits for
  // the last (its latency); -1 when not measured. `value` is the overlapped cost.
  double dependent = -1;
  SourceLocation where;
};

struct HwSection {
  std::string name;
  std::map<std::string, std::string> attributes;  // e.g. model="packet", mcpu="znver4"
  std::map<std::string, Figure> params;
  // Figures the section declares unknown, with the reason (a calibration
  // that could not obtain them says why instead of leaving them out).
  std::map<std::string, std::string> unknown;
  SourceLocation where;
};

// A figure a model needs that the machine's description does not give: the
// model cannot price on this machine (another may).
class MissingFigure : public InputError {
 public:
  using InputError::InputError;
};

struct Hardware {
  std::string name;
  std::string description;
  std::string file;
  // By name. A model's section is its own: "hllc" holds one figure per C
  // construct (seconds; `dependent` its latency form), the others follow
  // hardware_schema().
  std::map<std::string, HwSection> sections;

  bool has(const std::string& section, const std::string& param) const;
  const HwSection* section(const std::string& name) const;  // null when absent
  // The figure, or a MissingFigure saying which model needed it and where.
  const Figure& require(const std::string& section, const std::string& param,
                        const std::string& needed_by) const;
};

// What a section may hold: its parameters with their dimensions, and its
// attributes. Adding a figure a new model needs is one line in hardware.cpp.
struct ParamSpec {
  std::string name;
  Dimension dim;
  std::string meaning;
  // Set by the core's clock: at another clock a time of it scales
  // inversely and a rate with it (clock_scaling.hpp); memory's stay.
  bool core_clocked = false;
  // Of a level shared with the machine's other tenants (level 3, memory),
  // whose traffic slows it (clock_scaling.hpp, at_shared_rate).
  bool shared = false;
  // A share, from 0 to 1 (an overlap): the reader refuses more.
  bool share = false;
};
struct SectionSpec {
  std::string name;
  std::vector<std::string> attributes;
  std::vector<ParamSpec> params;
  std::string meaning;
};
const std::vector<SectionSpec>& hardware_schema();
// The sections outside the schema: cost vectors, one time per C construct
// ("hllc") or IR class ("intcc"), each of work the core does.
const std::vector<std::string>& cost_vector_sections();
bool is_cost_vector_section(const std::string& name);
const SectionSpec* find_section_spec(const std::string& name);

}  // namespace pacer
