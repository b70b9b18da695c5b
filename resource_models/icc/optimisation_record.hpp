// What clang's optimisation record (-fsave-optimization-record, YAML) says
// the optimiser did: to loops, which the ICC model prices as compiled, and to
// call sites, which the timed builds of validation keep as the program has
// them. LLVM's remarks parser reads it; LLVM types stay in the .cpp.
#pragma once
#include <map>
#include <string>
#include <vector>

namespace pacer::icc {

// What clang's loop vectoriser and unroller did to the loop at one place.
struct LoopRemark {
  std::string function;
  std::string file;  // as in the remark, empty when it has no location
  unsigned line = 0;
  unsigned column = 0;
  unsigned vectorization_factor = 1;
  unsigned interleave_count = 1;
  // Factor of partial or runtime unrolling (1 when only fully unrolled).
  unsigned unroll_count = 1;
  bool fully_unrolled = false;
  // The library function (memcpy, memset, memmove) loop-idiom recognition
  // turned the loop into; empty for a loop kept as code. Its place is the
  // store the call replaces.
  std::string library_call;
};

// Reads the YAML written by clang -fsave-optimization-record: the passed
// remarks of loop-vectorize "Vectorized", of loop-unroll ("FullyUnrolled",
// "PartialUnrolled", ...) and of loop-idiom (a loop made a library call). Remarks at one place of one
// function merge into one record; records are in the order their places first appear. Throws
// InputError when the file is missing or not a remarks file.
std::vector<LoopRemark> read_loop_remarks(const std::string& yaml_path);


// What the inliner did with the calls to one function.
struct CallInlining {
  int inlined = 0;  // call sites inlined
  int kept = 0;     // call sites left as calls
};

// Reads the inliner's remarks ("inline" pass) of the same YAML: per callee,
// how many of its call sites were inlined and how many kept. A call site is
// counted once, inlined if any remark says so. Throws as read_loop_remarks.
std::map<std::string, CallInlining> read_inlining(const std::string& yaml_path);

}  // namespace pacer::icc
