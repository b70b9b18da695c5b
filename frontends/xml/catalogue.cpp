#include "frontends/xml/catalogue.hpp"

#include <algorithm>
#include <cstdlib>

#include "framework/module.hpp"
#include "framework/names.hpp"
#include "frontends/xml/algorithm_io.hpp"
#include "resource_models/energy/ice.hpp"
#include "frontends/xml/hardware_io.hpp"

namespace pacer {

namespace fs = std::filesystem;

std::string data_dir() {
  if (const char* env = std::getenv("PACER_DATA_DIR"); env && *env) return env;
  const fs::path installed = (fs::path(library_dir()) / PACER_DATA_FROM_LIB).lexically_normal();
  return fs::is_directory(installed / "hw") ? installed.string() : std::string(PACER_SOURCE_DIR);
}

std::string hardware_dir() {
  if (const char* env = std::getenv("PACER_HW_DIR"); env && *env) return env;
  return data_dir() + "/hw";
}

std::string resolve_hardware(const std::string& name_or_path) {
  if (fs::exists(name_or_path) || name_or_path.find('/') != std::string::npos ||
      name_or_path.find(".xml") != std::string::npos)
    return name_or_path;
  fs::path shipped = fs::path(hardware_dir()) / (name_or_path + ".xml");
  return fs::exists(shipped) ? shipped.string() : name_or_path;
}

Hardware load_hardware(const std::string& name_or_path) { return read_hardware_file(resolve_hardware(name_or_path)); }

std::vector<CatalogueEntry> list_hardware(const std::string& dir) {
  std::vector<CatalogueEntry> out;
  for (const auto& f : xml_files_in(dir)) {
    CatalogueEntry e{f.string(), std::nullopt, {}};
    try {
      e.hardware = load_hardware(e.file);
    } catch (const InputError& error) {
      e.error = error.what();
    }
    out.push_back(std::move(e));
  }
  return out;
}

std::string energy_dir() { return data_dir() + "/examples/energy"; }

namespace {

const char* const table7_inputs = "matrices";  // examples/energy/matrices.xml

}  // namespace

std::string table7_inputs_file() { return (fs::path(energy_dir()) / (std::string(table7_inputs) + ".xml")).string(); }

std::vector<std::string> algorithm_names() {
  std::vector<std::string> out;
  for (const auto& f : xml_files_in(energy_dir()))
    if (f.stem() != table7_inputs) out.push_back(f.stem().string());
  return out;
}

AlgorithmComplexity load_algorithm(const std::string& name_or_path) {
  if (name_or_path.find('/') != std::string::npos || name_or_path.find(".xml") != std::string::npos)
    return read_algorithm_file(name_or_path);
  const fs::path file = fs::path(energy_dir()) / (name_or_path + ".xml");
  if (name_or_path == table7_inputs || !fs::exists(file))
    throw InputError("unknown algorithm '" + name_or_path + "' (shipped: " + join_names(algorithm_names(), ", ") +
                     "; or give an algorithm file)");
  return read_algorithm_file(file.string());
}

std::vector<std::string> ice_platform_names() {
  std::vector<std::string> out;
  for (const auto& e : list_hardware())
    if (e.hardware && has_ice_platform(*e.hardware)) out.push_back(fs::path(e.file).stem().string());
  return out;
}

Hardware load_platform(const std::string& name) {
  const std::string file = resolve_hardware(name);
  if (!fs::exists(file))
    throw InputError("unknown platform '" + name + "' (platforms with ICE figures: " +
                     join_names(ice_platform_names(), ", ") + "; or give a hardware description file)");
  return load_hardware(file);
}

std::vector<fs::path> xml_files_in(const std::string& dir) {
  std::vector<fs::path> out;
  if (fs::is_directory(dir))
    for (const auto& e : fs::directory_iterator(dir))
      if (e.path().extension() == ".xml") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace pacer
