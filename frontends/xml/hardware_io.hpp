// Hardware description files (docs/hardware-format.md).
#pragma once
#include <map>
#include <string>
#include <vector>

#include "framework/hardware.hpp"

namespace pacer {

struct CommFit;  // templates/comm/comm_fit.hpp

Hardware read_hardware_file(const std::string& path);
Hardware read_hardware_string(const std::string& xml, const std::string& name);

// The text of the description at `path` with its <section> replaced (or
// added): the caller writes it. Throws InputError if the result would not read.
struct WrittenParam {
  std::string name;
  double value = 0;
  std::string unit;
  std::string source;
};
std::string replace_section(const std::string& path, const std::string& section,
                            const std::map<std::string, std::string>& attributes, const std::vector<WrittenParam>& params);

// A whole description as XML, sections in the schema's order, HLLC costs
// in the construct table's; `comment` goes above the document element.
// Throws InputError if the result would not read.
std::string hardware_to_xml(const Hardware& hw, const std::string& comment);

// The description at `path` with its <communication> section replaced by a
// fitted model's parameters, each with its source (the data file, the date,
// the fit's error), in the units a reader expects (us, B, MB/s).
std::string with_communication_section(const std::string& path, const CommFit& fit, const std::string& data_file,
                                       size_t points);

}  // namespace pacer
