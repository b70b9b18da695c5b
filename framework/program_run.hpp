// Running a user's program from pacer (for measurements): its output goes to
// pacer's stderr so that stdout stays the report, and pacer may sample
// counters while it runs.
#pragma once
#include <functional>
#include <string>
#include <vector>

namespace pacer {

struct ProgramRun {
  int exit_status = -1;  // when it exited
  int signal = 0;        // when a signal ended it
  double seconds = 0;    // wall time from start to exit
  bool ok() const { return signal == 0 && exit_status == 0; }
  std::string describe() const;  // "exit status 3", "signal 11"
};

// Runs argv (argv[0] looked up in PATH). `in_child` runs in the child just
// before exec (affinity, environment); `on_tick` runs in pacer every `tick`
// seconds while the program runs. Throws InputError when the program cannot
// be started or found.
ProgramRun run_program(const std::vector<std::string>& argv, const std::function<void()>& in_child = {},
                       const std::function<void()>& on_tick = {}, double tick = 0.1);

// Runs argv like run_program and returns what it wrote on stdout (with
// `with_stderr`, on stderr too, in order); its status goes to `run`. Throws
// InputError when it cannot be started or found.
std::string capture_output(const std::vector<std::string>& argv, ProgramRun* run = nullptr, bool with_stderr = false);

// Pins the calling process to one CPU (-1: the last online one), so that
// timings do not move between cores; for use in `in_child`.
void pin_to_cpu(int cpu);

// The online CPU that runs a dependent chain of additions fastest right
// now (the best of a few short trials on each; about 5 ms in all). On a
// shared virtual machine one virtual core may be slowed by its host's other
// work, or by the user's: measurements go where the machine is quietest.
int quietest_cpu();

}  // namespace pacer
