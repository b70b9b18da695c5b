// First touches of memory in a profiled run: how many page faults each call
// of a task takes (a page the program has not used costs the operating
// system a fault at its first touch, on this machine 1.2 us: an output
// array that main never wrote makes a sweep over it twice as slow). The
// coverage build is compiled with -finstrument-functions and linked with a
// small runtime that reads the process's count of minor faults (getrusage)
// at the outermost entry and exit of each task. A count of the run, as the
// trip counts are; never a time.
#pragma once
#include <map>
#include <string>

namespace pacer {

// The runtime's C source, compiled on its own (its hooks must not be
// instrumented) and linked into the profiled program with -rdynamic, by
// which it finds the tasks' addresses.
const char* first_touch_runtime_source();

// What the runtime reads: the tasks' names, separated by spaces, and the
// file it writes at exit, a line "name calls faults" per task called.
inline constexpr const char* first_touch_functions_variable = "PACER_FIRST_TOUCH_FUNCTIONS";
inline constexpr const char* first_touch_file_variable = "PACER_FIRST_TOUCH_FILE";

// Task -> its own faults per call (less those of tasks it called). A task
// not counted (never called, static, ended by exit() or longjmp, beyond the
// 64 the hooks follow) is absent; so is every task when the file is.
std::map<std::string, double> read_first_touches(const std::string& path);

}  // namespace pacer
