// Binding an analysed model's parameters from a real run (Papaefstathiou et al. 1994 section
// 4.1 binds N_ivals, P_edge and the others by profiling): the program is
// compiled with Clang's coverage instrumentation, run, and its counters read
// with the LLVM profile tools; every loop's mean trip count and every
// branch's probability follow from the counts at the sites the frontend
// recorded.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "frontends/clang/c_frontend.hpp"

namespace pacer {

struct Profile {
  std::vector<std::string> sources;        // as the user named them
  std::map<std::string, std::string> digests;  // source -> content digest
  std::vector<std::string> functions;      // the analysed functions (--function)
  std::vector<std::string> compile_flags;
  std::string args;
  ParamValues parameters;                  // bound parameters
  std::map<std::string, double> trips;     // "function/node" -> measured mean, for loops whose
                                           // symbolic count could not be solved for its variables
  // What the counters measured over the whole run, to check the model's
  // counts against (studies/count_check.hpp): "function/node" -> executions
  // of the compute node, "function" -> entries of the function.
  std::map<std::string, double> counts;
  // Page faults per call of each task: its first touches of memory the
  // program had not used (first_touch.hpp).
  std::map<std::string, double> first_touches;
  // The run was stopped at the time limit (ProfileOptions::partial): the
  // counts are those of its run so far, and code after the point it
  // reached counts 0.
  bool stopped = false;
  std::vector<std::string> notes;
};

struct ProfileOptions {
  AnalyseOptions analyse;
  std::string args;  // the program's command line, split by /bin/sh
  // Seconds the profiled program may run before it is stopped and the
  // profile refused; 0: no limit. Random programs (csmith's) need not end.
  double time_limit = 0;
  // With a time limit: a program still running then is stopped and its
  // counts so far kept (they are written as it runs), instead of refused.
  bool partial = false;
};

// Compiles, runs and reads the counters. Throws InputError when the program
// does not compile, exits with a failure status or outlives the time limit.
Profile run_profile(const CAnalysis& analysis, const ProfileOptions& options);

// The profile file (JSON).
std::string write_profile(const Profile& p);
Profile read_profile(const std::string& path);

// Sets the model's parameter defaults from the profile and replaces the trip
// counts it measured directly. Throws when a source changed since profiling.
void apply_profile(ApplicationModel& model, const Profile& p, const std::string& profile_path);

// Content digest of a file, to notice a source edited after profiling.
std::string file_digest(const std::string& path);

}  // namespace pacer
