// The Clang frontend: C source to the application model of Papaefstathiou et
// al. 1994 (section 2): one SEG per function, HLLC construct counts and
// McMahon flops per compute node (section 3.3.3), symbolic trip counts where
// the loop header allows, and named parameters elsewhere. This header keeps
// Clang out of its users; the work happens in a few Clang-heavy files.
#pragma once
#include <string>
#include <vector>

#include "framework/application_model.hpp"

namespace pacer {

struct AnalyseOptions {
  std::vector<std::string> files;          // C sources; every one is analysed
  std::vector<std::string> functions;      // tasks; empty: the roots of the call graph
  std::vector<std::string> compile_flags;  // after `--` on the command line
  // Record where a profiled run counts executions (CAnalysis::sites and
  // node_positions). Only taking a profile reads them; a large file's sites
  // are a sixth of its model's memory, so commands that take no profile
  // leave them out.
  bool count_sites = true;
};

// A construct the frontend cannot model exactly (recursion, goto, function
// pointer, setjmp, vla, inline_asm) or a value it could not derive
// (trip_count). `parameter` names what the user can bind instead.
struct FrontendDiagnostic {
  std::string kind;
  SourceLocation where;
  std::string function;
  std::string message;
  std::string parameter;
  // "source_files": where the functions are (the named file defines none);
  // "trip_count", "dispatch" and "goto_entries": modelled, with parameters a profile binds.
  bool unmodelable() const {
    return kind != "trip_count" && kind != "source_files" && kind != "dispatch" && kind != "goto_entries";
  }
};

// A place whose execution count a profiled run can measure, so that a
// parameter can be bound from counters: a loop (trips = body / entries), a
// branch arm (probability = arm / branch), a continuation after an early
// exit, or a recursive function (invocations per outside call).
struct SourcePosition {
  std::string file;
  int line = 0;
  int column = 0;
};

struct CountSite {
  enum class Kind { Loop, Arm, Continuation, Recursion, Share } kind;
  std::string function;
  std::string node_id;
  std::string parameter;        // the parameter this site binds; empty for a symbolic loop
  Expr trips;                   // Loop: the model's trip count
  SourcePosition entry;         // where the construct is entered
  std::vector<SourcePosition> taken;  // Loop: body; Arm, Continuation: its first code; Recursion: outside call sites
  SourcePosition fallthrough;   // Arm of a switch: last statement of the arm above, when it falls through
  // Share (a handler of a computed-goto dispatch): its probability is the
  // count at `taken` over the sum of the counts here, every handler's.
  std::vector<SourcePosition> among;
};

// Where a compute node's code begins (node_id empty: the function's body),
// so that a profile's counters there can check the model's count.
struct NodePosition {
  std::string function;
  std::string node_id;
  SourcePosition at;
};

struct CAnalysis {
  ApplicationModel model;
  std::vector<FrontendDiagnostic> diagnostics;
  std::vector<CountSite> sites;
  std::vector<NodePosition> node_positions;
  bool sites_counted = false;        // AnalyseOptions::count_sites: a profile can be taken
  std::vector<std::string> sources;  // absolute paths, as compiled
};

// Parses and analyses the files. A file that does not compile throws
// InputError after Clang has printed its own diagnostics to stderr.
CAnalysis analyse_c(const AnalyseOptions& options);

// The arguments pacer's Clang tools parse with: the user's flags plus the
// resource directory of the Clang pacer was built with.
std::vector<std::string> compiler_arguments(const std::vector<std::string>& user_flags);

// Whether a path names C source rather than a model file.
bool is_c_source(const std::string& path);

}  // namespace pacer
