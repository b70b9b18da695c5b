#include "framework/module.hpp"

#include <dlfcn.h>

#include <sys/single_threaded.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <stdexcept>

namespace pacer {

namespace {

// dladdr on a function of this library names the file it was loaded from.
void anchor() {}

struct VersionedApi {
  int version;
};

#if defined(__SANITIZE_ADDRESS__)
#define PACER_ADDRESS_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PACER_ADDRESS_SANITIZER 1
#endif
#endif

// Whether `library` itself defines `symbol` at the address this program
// uses: not so when the executable holds a copy of it (a copy relocation).
bool used_where_defined(const char* library, const char* symbol, const void* used) {
  void* handle = dlopen(library, RTLD_LAZY | RTLD_NOLOAD);
  if (!handle) return false;
  const void* defined = dlsym(handle, symbol);  // the library's own scope, not the program's
  dlclose(handle);
  return defined == used;
}

// Whether the module may be bound deep (RTLD_DEEPBIND): Clang's and LLVM's
// libraries then find the symbols they bind in their own objects first,
// instead of after a search of every object the program loaded, which cost
// as much as clang's whole dynamic loading again (10 M instructions of each
// analysis). Not under AddressSanitizer, whose allocator the deep-bound
// libraries would miss; not when the executable holds copies of the C and
// C++ runtimes' data (built -fPIE rather than -fPIC), which the libraries
// would then not see: whether the process is single-threaded, the standard
// streams.
int deep_binding() {
#if defined(PACER_ADDRESS_SANITIZER)
  return 0;
#else
  static const bool own = used_where_defined("libc.so.6", "__libc_single_threaded", &__libc_single_threaded) &&
                          used_where_defined("libstdc++.so.6", "_ZSt4cout", &std::cout) &&
                          used_where_defined("libstdc++.so.6", "_ZSt4cerr", &std::cerr);
  return own ? RTLD_DEEPBIND : 0;
#endif
}

}  // namespace

bool modules_bound_deep() { return deep_binding() != 0; }

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
  void* handle = dlopen(file.c_str(), RTLD_LAZY | RTLD_LOCAL | deep_binding());
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
