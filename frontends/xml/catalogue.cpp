#include "frontends/xml/catalogue.hpp"

#include <algorithm>
#include <cstdlib>

#include "framework/module.hpp"
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

std::vector<fs::path> xml_files_in(const std::string& dir) {
  std::vector<fs::path> out;
  if (fs::is_directory(dir))
    for (const auto& e : fs::directory_iterator(dir))
      if (e.path().extension() == ".xml") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace pacer
