// Parts of pacer that need large libraries (Clang and LLVM for reading C and
// machine code, dlib for regressions) are shared modules opened on first use,
// so that a command which never reads C does not pay for loading them: every
// command then starts in milliseconds. A module exports one C function that
// returns its table of entry points (an `Api` struct with a `version`).
#pragma once
#include <string>

namespace pacer {

// The folder holding libpacer.so and, beside it, pacer's modules and data:
// <libdir>/pacer/ (modules, helper programs) and <libdir>/../share/pacer/.
std::string library_dir();

// A helper program built with pacer (the MPI ping-pong): <libdir>/pacer/NAME.
std::string helper_program(const std::string& name);

// How a module's libraries bind their symbols: through the program's
// objects first, as any library does, or among themselves first
// (RTLD_DEEPBIND), where that is safe (modules_bound_deep).
enum class Binding { shared, deep };

// Opens `lib<name>.so` from $PACER_MODULE_DIR, else <libdir>/pacer/, once per
// process, and returns what its `entry` function returns. Throws
// std::runtime_error naming the file and the loader's reason.
const void* module_entry(const std::string& name, const char* entry, int version, Binding binding = Binding::shared);

// Whether a module asked to be bound deep is: where the program uses the C
// and C++ runtimes' own data and allocator (pacer's programs are compiled
// -fPIC for that), and never under a sanitizer.
bool modules_bound_deep();

template <class Api>
const Api& module_api(const std::string& name, const char* entry, Binding binding = Binding::shared) {
  static const Api* api = static_cast<const Api*>(module_entry(name, entry, Api::current_version, binding));
  return *api;
}

}  // namespace pacer
