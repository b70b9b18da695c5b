// Timing instrumentation of C source, for measuring a function (validation)
// and for component timing (CT, Papaefstathiou et al. 1994 section 3.3.6):
// Clang's Rewriter wraps each chosen function body, and optionally each
// loop, in a timed region. A region is a scope whose cleanup records its
// time, so every way out (return, break, goto) is timed. The rewritten
// program writes, at exit, each region's entries, time and the number of
// timed regions nested inside it, with the timer's own cost, so that the
// caller can subtract it (ct_timing.hpp reads the file).
#pragma once
#include <functional>
#include <string>
#include <vector>

namespace pacer {

struct TimedRegion {
  int id = 0;
  std::string function;
  bool is_loop = false;  // else the whole function body
  std::string file;      // as compiled (absolute)
  int line = 0;          // the loop's or the function's first line
};

struct Instrumentation {
  std::vector<std::string> sources;  // rewritten copies, one per input, in the output folder
  std::vector<TimedRegion> regions;
};

// Which loops to time: given the function and the loop's first line.
using LoopChoice = std::function<bool(const std::string& function, int line)>;

// Rewrites `files` (absolute paths) into `out_dir`, timing the bodies of
// `functions` and, with `loops`, the loops in them that `time_loop` chooses
// (every one when it is empty). The copies keep the originals' line
// numbers. Throws InputError when a file does not parse.
Instrumentation instrument_sources(const std::vector<std::string>& files, const std::vector<std::string>& functions,
                                   bool loops, const std::vector<std::string>& compile_flags,
                                   const std::string& out_dir, const LoopChoice& time_loop = {});

// The environment variable naming the file the program writes its timings to.
inline constexpr const char* timing_file_variable = "PACER_TIMING_FILE";

}  // namespace pacer
