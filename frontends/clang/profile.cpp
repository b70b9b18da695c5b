#include "frontends/clang/profile.hpp"

#include <llvm/ProfileData/Coverage/CoverageMapping.h>
#include <llvm/Support/VirtualFileSystem.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "frontends/clang/first_touch.hpp"
#include "framework/format.hpp"
#include "framework/program_run.hpp"
#include "framework/reduction.hpp"
#include "framework/scratch_dir.hpp"

namespace pacer {

namespace fs = std::filesystem;

namespace {

// Execution counts at source positions: the count of the innermost code
// region containing the position.
class Counts {
 public:
  explicit Counts(const llvm::coverage::CoverageMapping& mapping) {
    for (const auto& f : mapping.getCoveredFunctions())
      for (const auto& r : f.CountedRegions)
        if (r.Kind == llvm::coverage::CounterMappingRegion::CodeRegion && r.FileID < f.Filenames.size())
          regions_[f.Filenames[r.FileID]].push_back(r);
  }

  std::optional<double> at(const SourcePosition& p) const {
    auto it = regions_.find(p.file);
    if (it == regions_.end()) return std::nullopt;
    const llvm::coverage::CountedRegion* best = nullptr;
    auto key = [](unsigned l, unsigned c) { return std::pair<unsigned, unsigned>(l, c); };
    auto pos = key(p.line, p.column);
    for (const auto& r : it->second) {
      if (key(r.LineStart, r.ColumnStart) > pos || key(r.LineEnd, r.ColumnEnd) < pos) continue;
      if (!best || key(r.LineStart, r.ColumnStart) > key(best->LineStart, best->ColumnStart) ||
          (key(r.LineStart, r.ColumnStart) == key(best->LineStart, best->ColumnStart) &&
           key(r.LineEnd, r.ColumnEnd) < key(best->LineEnd, best->ColumnEnd)))
        best = &r;
    }
    if (!best) return std::nullopt;
    return double(best->ExecutionCount);
  }

 private:
  std::map<std::string, std::vector<llvm::coverage::CountedRegion>> regions_;
};

std::string where(const SourcePosition& p) { return fs::path(p.file).filename().string() + ":" + std::to_string(p.line); }

// Binds the parameters of a symbolic trip count from the measured mean:
// solvable when exactly one variable is still unknown and the count is
// affine in it.
bool solve_trips(const Expr& trips, double mean, ParamValues& bound) {
  std::vector<std::string> names;
  collect_params(trips, names);
  std::vector<std::string> unknown;
  for (const auto& n : names)
    if (!bound.count(n) && std::find(unknown.begin(), unknown.end(), n) == unknown.end()) unknown.push_back(n);
  Bindings b;
  b.params.insert(bound.begin(), bound.end());
  if (unknown.size() == 1) {
    auto f = [&](double v) {
      b.params[unknown[0]] = v;
      return evaluate(trips, b);
    };
    auto close = [&](double v) { return std::isfinite(f(v)) && std::abs(f(v) - mean) <= std::max(0.5, 0.01 * mean); };
    double f1 = f(1), f2 = f(1025), f3 = f(2049);
    if (std::isfinite(f1) && f2 != f1 && std::abs((f3 - f2) - (f2 - f1)) <= 1e-9 * std::abs(f2 - f1)) {
      double v = std::round(1 + (mean - f1) / (f2 - f1) * 1024);  // affine: solve directly
      if (!close(v)) return false;
      bound[unknown[0]] = v;
      return true;
    }
    // Increasing but not affine (ceil(log2 n)): many values give the same
    // count; take the largest, which is exact for the usual powers of two.
    if (!(f3 > f1)) return false;
    double lo = 1, hi = 1;
    while (f(hi) <= mean && hi < 1e15) hi *= 2;
    while (hi - lo > 1) {
      double mid = std::floor((lo + hi) / 2);
      (f(mid) <= mean ? lo : hi) = mid;
    }
    if (!close(lo)) return false;
    bound[unknown[0]] = lo;
    return true;
  }
  if (!unknown.empty()) return false;
  return std::abs(evaluate(trips, b) - mean) <= std::max(0.5, 0.01 * mean);
}

class Binder {
 public:
  Binder(const Counts& counts, Profile& out) : counts_(counts), out_(out) {}

  void bind(const CountSite& s) {
    if (s.kind == CountSite::Kind::Share) return share(s);
    std::optional<double> entry = counts_.at(s.entry);
    if (!entry) return note(s, "no counter at " + where(s.entry) + "; left unbound");
    double taken = 0;
    for (const auto& t : s.taken) taken += counts_.at(t).value_or(0);
    if (s.kind == CountSite::Kind::Recursion) {
      if (taken == 0) return note(s, "never called from outside its cycle; " + s.parameter + " left unbound");
      out_.parameters[s.parameter] = *entry / taken;
      return;
    }
    if (*entry == 0) {
      if (!s.parameter.empty()) out_.parameters[s.parameter] = 0;
      return note(s, "never reached in the profiled run; bound to 0");
    }
    if (s.kind == CountSite::Kind::Loop) return loop(s, taken / *entry);
    if (s.fallthrough.line) taken -= counts_.at(s.fallthrough).value_or(0);
    out_.parameters[s.parameter] = std::clamp(taken / *entry, 0.0, 1.0);
  }

 private:
  void loop(const CountSite& s, double mean) {
    if (!s.parameter.empty()) {
      out_.parameters[s.parameter] = mean;
      return;
    }
    if (solve_trips(s.trips, mean, out_.parameters)) return;
    out_.trips[s.function + "/" + s.node_id] = mean;
    std::ostringstream os;
    os << s.function << "/" << s.node_id << ": trip count " << to_string(s.trips)
       << " bound to its profiled mean " << mean << " (its variables cannot be solved from this loop alone)";
    out_.notes.push_back(os.str());
  }

  void share(const CountSite& s) {
    double all = 0;
    for (const auto& a : s.among) all += counts_.at(a).value_or(0);
    if (all == 0) {
      out_.parameters[s.parameter] = 0;
      return note(s, "never dispatched to in the profiled run; bound to 0");
    }
    double taken = 0;
    for (const auto& t : s.taken) taken += counts_.at(t).value_or(0);
    out_.parameters[s.parameter] = std::clamp(taken / all, 0.0, 1.0);
  }

  void note(const CountSite& s, const std::string& what) {
    out_.notes.push_back(s.function + (s.node_id.empty() ? "" : "/" + s.node_id) + ": " + what);
  }

  const Counts& counts_;
  Profile& out_;
};

std::string error_text(llvm::Error e) {
  std::string text;
  llvm::handleAllErrors(std::move(e), [&](const llvm::ErrorInfoBase& info) { text = info.message(); });
  return text;
}

}  // namespace

Profile run_profile(const CAnalysis& analysis, const ProfileOptions& o) {
  if (!analysis.sites_counted)
    throw std::logic_error("run_profile: the analysis was made without its count sites (AnalyseOptions::count_sites)");
  Profile p;
  p.sources = o.analyse.files;
  for (const auto& f : o.analyse.files) p.digests[f] = file_digest(f);
  p.functions = o.analyse.functions;
  p.compile_flags = o.analyse.compile_flags;
  p.args = o.args;

  ScratchDir dir("pacer-profile");
  std::string program = (dir.path / "program").string();
  const bool continuous = o.partial && o.time_limit > 0;
  std::vector<std::string> compile = {PACER_CLANG, "-fprofile-instr-generate", "-fcoverage-mapping", "-O0", "-w"};
  // Counters kept in the raw file as they change (LLVM's continuous mode),
  // so that a program stopped at the limit leaves its counts.
  if (continuous) compile.insert(compile.end(), {"-mllvm", "-runtime-counter-relocation"});
  compile.insert(compile.end(), analysis.sources.begin(), analysis.sources.end());
  compile.insert(compile.end(), o.analyse.compile_flags.begin(), o.analyse.compile_flags.end());
  for (const char* tail : {"-o", program.c_str(), "-lm"}) compile.push_back(tail);
  // First with the hooks that count each task's page faults (compiled on
  // their own, uninstrumented, with the program's flags); a program they
  // cannot join (hooks of its own, a static link) is profiled without.
  const std::string hooks = (dir.path / "first_touch.o").string(), hooks_source = (dir.path / "first_touch.c").string();
  std::ofstream(hooks_source) << first_touch_runtime_source();
  std::vector<std::string> hooks_compile = {PACER_CLANG, "-c", "-O2", "-fPIC", "-w", hooks_source, "-o", hooks};
  hooks_compile.insert(hooks_compile.end(), o.analyse.compile_flags.begin(), o.analyse.compile_flags.end());
  std::vector<std::string> counted = compile;
  counted.insert(counted.begin() + 1, "-finstrument-functions");
  counted.insert(counted.end(), {hooks, "-rdynamic", "-ldl"});
  const bool faults_counted = run_program(hooks_compile).ok() && run_program(counted).ok();
  if (!faults_counted) {
    if (!run_program(compile).ok())
      throw InputError(SourceLocation{o.analyse.files.front(), 0}, "",
                       "compiling with coverage instrumentation failed (the compiler's messages are above); "
                       "a profiled program needs a main");
    p.notes.push_back("the program did not build with the hooks that count page faults (-finstrument-functions and "
                      "first_touch.o; the messages are above): its first touches of memory are not counted");
  }
  std::string tasks;
  for (const auto& t : analysis.model.tasks) tasks += (tasks.empty() ? "" : " ") + t.name;
  const std::string touches = (dir.path / "first_touches.txt").string();

  std::string raw = (dir.path / "program.profraw").string();
  // %c: continuous mode; it expands to nothing in the file's name.
  std::string raw_pattern = continuous ? (dir.path / "program%c.profraw").string() : raw;
  // A program that exits with 127 (a missing shared library, say) is the
  // program's failure, not a shell that could not start.
  ProgramRun profiled;
  const auto started = std::chrono::steady_clock::now();
  const auto within_limit = [&] {  // polled while it runs: throwing stops it
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() > o.time_limit)
      throw InputError(SourceLocation{o.analyse.files.front(), 0}, "--time-limit",
                       "the profiled program ran longer than " + format_number(o.time_limit) +
                           " s and was stopped; give it a smaller input (--args) or a larger --time-limit");
  };
  try {
    profiled = run_program({"/bin/sh", "-c", "exec \"$0\" " + o.args, program},
                           [&] {
                             setenv("LLVM_PROFILE_FILE", raw_pattern.c_str(), 1);
                             setenv(first_touch_functions_variable, tasks.c_str(), 1);
                             setenv(first_touch_file_variable, touches.c_str(), 1);
                           },
                           o.time_limit > 0 ? std::function<void()>(within_limit) : std::function<void()>{},
                           std::min(0.1, o.time_limit / 20));
  } catch (const InputError& e) {
    const bool timed_out = std::string(e.what()).find("--time-limit") != std::string::npos;
    if (timed_out && !continuous) throw;
    if (timed_out) {
      p.stopped = true;
      p.notes.push_back("the program was stopped after " + format_number(o.time_limit) +
                        " s (--time-limit, --partial): the counts are those of its run so far");
      profiled.exit_status = 0;
    } else {
      profiled.exit_status = 127;
    }
  }
  if (!profiled.ok())
    throw InputError(SourceLocation{o.analyse.files.front(), 0}, "--args",
                     "the profiled program exited with status " +
                         std::to_string(profiled.signal ? 128 + profiled.signal : profiled.exit_status) +
                         "; its counts are not trusted");
  if (faults_counted) {
    p.first_touches = read_first_touches(touches);
    for (const auto& t : analysis.model.tasks)
      if (!p.first_touches.count(t.name) && !p.stopped)
        p.notes.push_back("the page faults of calls of '" + t.name + "' were not counted (it was not called, is static, "
                          "ended in exit() or longjmp, or is beyond the 64 tasks counted): its first touches of memory "
                          "are not priced");
  }
  std::string data = (dir.path / "program.profdata").string();
  if (!run_program({PACER_LLVM_BIN "/llvm-profdata", "merge", "-o", data, raw}).ok())
    throw std::runtime_error("llvm-profdata could not merge the program's counters");

  auto real_fs = llvm::vfs::getRealFileSystem();
  auto mapping = llvm::coverage::CoverageMapping::load({program}, data, *real_fs);
  if (!mapping) throw std::runtime_error("reading coverage counters: " + error_text(mapping.takeError()));
  Counts counts(**mapping);
  Binder binder(counts, p);
  for (const auto& site : analysis.sites) binder.bind(site);
  for (const auto& n : analysis.node_positions)
    if (auto c = counts.at(n.at)) p.counts[n.node_id.empty() ? n.function : n.function + "/" + n.node_id] = *c;
  return p;
}

}  // namespace pacer
