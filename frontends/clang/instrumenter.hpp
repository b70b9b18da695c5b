// Timing instrumentation of C source, for measuring a function (validation)
// and for component timing (CT, Papaefstathiou et al. 1994 section 3.3.6).
// A chosen function is timed around each of its calls when every reference
// to it is a direct call that can be rewritten, so that its own code, and
// the compiler's choice to inline it, stay as in the program; else around
// its body. Optionally each loop in it is timed too. A region is a scope
// whose cleanup records its time, so every way out (return, break, goto) is
// timed. The rewritten program writes, at exit, each region's entries, time
// and the number of timed regions nested inside it, with the timer's own
// cost, so that the caller can subtract it (ct_timing.hpp reads the file).
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

struct InstrumentRequest {
  std::vector<std::string> files;        // absolute paths
  std::vector<std::string> functions;    // to time
  bool loops = false;                    // and the loops inside them
  LoopChoice time_loop;                  // which loops (empty: every one)
  std::vector<std::string> parse_flags;  // what the sources need to parse (-I, -D)
  std::string out_dir;
  // The program's compiler and flags. Each file compiled as the program is
  // tells which timed functions the program inlines at every call site and
  // which at none; the copies pin those choices (always_inline, noinline),
  // which a region in a body would otherwise change. Empty: nothing pinned.
  std::string compiler;
  std::vector<std::string> compile_flags;
};

// Rewrites the files into `out_dir`; the copies keep the originals' line
// numbers. Throws InputError when a file does not parse.
Instrumentation instrument_sources(const InstrumentRequest& request);

// The environment variable naming the file the program writes its timings to.
inline constexpr const char* timing_file_variable = "PACER_TIMING_FILE";

}  // namespace pacer
