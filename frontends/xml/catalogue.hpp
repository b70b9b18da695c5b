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
#include "resource_models/energy/algorithm_complexity.hpp"

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
// The shipped algorithms' names (the files but the input sets).
std::vector<std::string> algorithm_names();
// A shipped algorithm by name ("spmv-csb"), or an algorithm file.
AlgorithmComplexity load_algorithm(const std::string& name_or_path);
// The input sets of the ICE paper's Table 7 (its matrices).
std::string table7_inputs_file();
// The shipped descriptions with ICE figures, and a platform by name or file.
std::vector<std::string> ice_platform_names();
Hardware load_platform(const std::string& name_or_path);

// The .xml files of a folder, sorted (none if it does not exist).
std::vector<std::filesystem::path> xml_files_in(const std::string& dir);

}  // namespace pacer
