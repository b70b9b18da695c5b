#include "templates/comm/pingpong.hpp"

#include <unistd.h>

#include <cstdlib>

#include "framework/error.hpp"
#include "framework/module.hpp"
#include "framework/program_run.hpp"

namespace pacer {

std::string run_pingpong(const std::vector<double>& sizes, int reps,
                         const std::function<void(const std::string&)>& announce) {
  std::vector<std::string> argv = {"mpirun", "-np", "2", "--oversubscribe", helper_program("pingpong"),
                                   std::to_string(reps)};
  for (double s : sizes) argv.push_back(std::to_string(static_cast<long long>(s)));
  if (geteuid() == 0) {  // Open MPI refuses root unless told twice
    setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
    setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
  }
  if (announce) {
    std::string line;
    for (const auto& a : argv) line += (line.empty() ? "" : " ") + a;
    announce(line);
  }
  ProgramRun run;
  std::string out;
  try {
    out = capture_output(argv, &run);
  } catch (const InputError&) {
    throw InputError("cannot start mpirun: is Open MPI installed (mpirun on the PATH)?");
  }
  if (!run.ok())
    throw InputError("the ping-pong failed under mpirun (" + run.describe() +
                     "); is Open MPI installed (mpirun on the PATH)?");
  return out;
}

}  // namespace pacer
