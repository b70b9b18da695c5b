#include "framework/module.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>

namespace pacer {

namespace {

// dladdr on a function of this library names the file it was loaded from.
void anchor() {}

struct VersionedApi {
  int version;
};

}  // namespace

std::string library_dir() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&anchor), &info) == 0 || info.dli_fname == nullptr)
    throw std::runtime_error("cannot tell where libpacer is loaded from");
  return std::filesystem::canonical(info.dli_fname).parent_path().string();
}

std::string helper_program(const std::string& name) { return library_dir() + "/pacer/" + name; }

const void* module_entry(const std::string& name, const char* entry, int version) {
  const char* dir = std::getenv("PACER_MODULE_DIR");
  std::string file = (dir && *dir ? std::string(dir) : library_dir() + "/pacer") + "/lib" + name + ".so";
  // RTLD_LOCAL: the module's own copies of Clang's and LLVM's symbols stay
  // its own. The handle is never closed: results made by the module live on.
  void* handle = dlopen(file.c_str(), RTLD_LAZY | RTLD_LOCAL);
  if (!handle) throw std::runtime_error("cannot load pacer's module " + file + ": " + dlerror());
  using Entry = const void* (*)();
  auto get = reinterpret_cast<Entry>(dlsym(handle, entry));
  if (!get) throw std::runtime_error(file + " has no entry point " + entry);
  const void* api = get();
  if (!api) throw std::runtime_error(file + ": " + entry + " returned no table");
  if (static_cast<const VersionedApi*>(api)->version != version)
    throw std::runtime_error(file + " is from another build of pacer (interface version " +
                             std::to_string(static_cast<const VersionedApi*>(api)->version) + ", expected " +
                             std::to_string(version) + "); rebuild or reinstall pacer");
  return api;
}

}  // namespace pacer
