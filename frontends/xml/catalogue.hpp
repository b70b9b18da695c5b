// What pacer ships beside its program: the hardware descriptions, found by
// name ("parsytec-t800"), the energy case studies' algorithms, and helper
// programs. The one place that knows where they are, in the source tree or in
// an installed prefix.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "framework/hardware.hpp"

namespace pacer {

// $PACER_DATA_DIR, else <libdir>/../share/pacer of an installed libpacer,
// else the source tree pacer was built from.
std::string data_dir();

// The folder of shipped hardware descriptions: $PACER_HW_DIR, else data_dir()/hw.
std::string hardware_dir();
// A path, or the name of a shipped description ("parsytec-t800").
std::string resolve_hardware(const std::string& name_or_path);
Hardware load_hardware(const std::string& name_or_path);

// Every description in a folder (default: the shipped ones), read, or the
// error that keeps it from being read.
struct CatalogueEntry {
  std::string file;
  std::optional<Hardware> hardware;  // when it reads
  std::string error;                 // when it does not
};
std::vector<CatalogueEntry> list_hardware(const std::string& dir = hardware_dir());

// The shipped ICE algorithms and input sets: data_dir()/examples/energy.
std::string energy_dir();

// The .xml files of a folder, sorted (none if it does not exist).
std::vector<std::filesystem::path> xml_files_in(const std::string& dir);

}  // namespace pacer
