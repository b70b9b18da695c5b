#include "studies/timed_program.hpp"

#include <cstdlib>
#include <set>

#include "framework/error.hpp"
#include "framework/program_run.hpp"
#include "frontends/clang/instrumenter.hpp"

namespace pacer {

namespace fs = std::filesystem;

TimedProgram::TimedProgram(const TimedBuild& b, const fs::path& dir) : dir_(dir) {
  fs::create_directories(dir);
  Instrumentation ins =
      instrument_sources({b.sources, b.functions, b.loops, b.time_loop, b.analysis_flags, dir.string(), b.compiler, b.flags});
  for (const auto& r : ins.regions) regions_.push_back({r.id, r.function, r.is_loop, r.line});
  std::vector<std::string> argv = {b.compiler};
  argv.insert(argv.end(), b.flags.begin(), b.flags.end());
  std::set<std::string> includes;  // the copies live elsewhere: their headers stay where they were
  for (const auto& s : b.sources) includes.insert("-I" + fs::path(s).parent_path().string());
  argv.insert(argv.end(), includes.begin(), includes.end());
  argv.push_back("-w");
  argv.insert(argv.end(), ins.sources.begin(), ins.sources.end());
  for (const std::string& t : {std::string("-o"), (dir / "program").string(), std::string("-lm")}) argv.push_back(t);
  if (!run_program(argv).ok())
    throw InputError(SourceLocation{b.sources.front(), 0}, "",
                     "does not compile with the machine's compiler and flags (its messages are above)");
}

TimingRun TimedProgram::run(const std::string& args, int cpu) const {
  const fs::path out = dir_ / "timings.txt";
  fs::remove(out);
  const std::string program = (dir_ / "program").string(), file = out.string();
  ProgramRun r = run_program({"/bin/sh", "-c", "exec \"$0\" " + args, program}, [cpu, file] {
    pin_to_cpu(cpu);
    setenv(timing_file_variable, file.c_str(), 1);
  });
  if (!r.ok()) throw InputError("the program failed (" + r.describe() + "): its result check failed or it crashed; not timed");
  return read_timing_run(out.string());
}

int TimedProgram::function_region(const std::string& function) const {
  for (const auto& r : regions_)
    if (!r.is_loop && r.function == function) return r.id;
  return -1;
}

double seconds_per_entry(const TimingRun& t, int region) {
  auto it = t.regions.find(region);
  if (it == t.regions.end() || it->second.entries == 0) return 0;
  const RegionTime& r = it->second;
  return (r.ticks - r.entries * t.inside) / t.ticks_per_second / r.entries;
}

}  // namespace pacer
