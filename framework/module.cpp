#include "framework/module.hpp"

#include <dlfcn.h>

#include <sys/single_threaded.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <new>
#include <stdexcept>

namespace pacer {

namespace {

// dladdr on a function of this library names the file it was loaded from.
void anchor() {}

struct VersionedApi {
  int version;
};

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define PACER_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define PACER_SANITIZER 1
#endif
#endif

// Whether `library` itself defines `symbol` at the address this program
// uses: not so when the executable holds a copy of it (a copy relocation)
// or something loaded before the library defines it too (an allocator
// preloaded or linked into the program, a sanitizer's runtime).
bool used_where_defined(const char* library, const char* symbol, const void* used) {
  void* handle = dlopen(library, RTLD_LAZY | RTLD_NOLOAD);
  if (!handle) return false;
  const void* defined = dlsym(handle, symbol);  // the library's own scope, not the program's
  dlclose(handle);
  return defined == used;
}

}  // namespace

// Whether a module may be bound deep (RTLD_DEEPBIND): its libraries then
// find the symbols they bind in their own objects first, instead of after a
// search of every object the program loaded (for Clang's and LLVM's, as
// much as clang's whole dynamic loading again: 10 M instructions of each
// analysis). Only where the program uses the C and C++ runtimes' own
// objects, which the deep-bound libraries would bind: not when the
// executable holds copies of their data (built -fPIE rather than -fPIC:
// whether the process is single-threaded, the standard streams, the
// environment), and not when another allocator stands in for theirs
// (memory would be freed by the allocator that did not give it). Never
// under a sanitizer, whose runtime refuses a deep-bound library.
bool modules_bound_deep() {
#if defined(PACER_SANITIZER)
  return false;
#else
  using New = void* (*)(std::size_t);
  using Delete = void (*)(void*) noexcept;
  static const bool own =
      used_where_defined("libc.so.6", "__libc_single_threaded", &__libc_single_threaded) &&
      used_where_defined("libc.so.6", "environ", &environ) && used_where_defined("libc.so.6", "stdout", &stdout) &&
      used_where_defined("libc.so.6", "stderr", &stderr) &&
      used_where_defined("libc.so.6", "malloc", reinterpret_cast<const void*>(&std::malloc)) &&
      used_where_defined("libc.so.6", "free", reinterpret_cast<const void*>(&std::free)) &&
      used_where_defined("libstdc++.so.6", "_ZSt4cout", &std::cout) &&
      used_where_defined("libstdc++.so.6", "_ZSt4cerr", &std::cerr) &&
      used_where_defined("libstdc++.so.6", "_Znwm", reinterpret_cast<const void*>(static_cast<New>(&::operator new))) &&
      used_where_defined("libstdc++.so.6", "_ZdlPv",
                         reinterpret_cast<const void*>(static_cast<Delete>(&::operator delete)));
  return own;
#endif
}

std::string library_dir() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&anchor), &info) == 0 || info.dli_fname == nullptr)
    throw std::runtime_error("cannot tell where libpacer is loaded from");
  return std::filesystem::canonical(info.dli_fname).parent_path().string();
}

std::string helper_program(const std::string& name) { return library_dir() + "/pacer/" + name; }

const void* module_entry(const std::string& name, const char* entry, int version, Binding binding) {
  const char* dir = std::getenv("PACER_MODULE_DIR");
  std::string file = (dir && *dir ? std::string(dir) : library_dir() + "/pacer") + "/lib" + name + ".so";
  // RTLD_LOCAL: the module's own copies of Clang's and LLVM's symbols stay
  // its own. The handle is never closed: results made by the module live on.
  const int deep = binding == Binding::deep && modules_bound_deep() ? RTLD_DEEPBIND : 0;
  void* handle = dlopen(file.c_str(), RTLD_LAZY | RTLD_LOCAL | deep);
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
