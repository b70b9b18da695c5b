#include "framework/program_run.hpp"

#include <sched.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <thread>

#include "framework/error.hpp"

namespace pacer {

std::string ProgramRun::describe() const {
  return signal ? "signal " + std::to_string(signal) : "exit status " + std::to_string(exit_status);
}

namespace {

// In the child: its arguments, then exec; 127 when that fails.
[[noreturn]] void exec_child(const std::vector<std::string>& argv) {
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  execvp(args[0], args.data());
  _exit(127);
}

ProgramRun finished(const std::vector<std::string>& argv, int status, std::chrono::steady_clock::time_point start) {
  ProgramRun r;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (WIFEXITED(status)) r.exit_status = WEXITSTATUS(status);
  else if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
  if (r.exit_status == 127) throw InputError("cannot run '" + argv[0] + "' (not found or not executable)");
  return r;
}

}  // namespace

ProgramRun run_program(const std::vector<std::string>& argv, const std::function<void()>& in_child,
                       const std::function<void()>& on_tick, double tick) {
  if (argv.empty()) throw InputError("no program to run: give it after --");
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid < 0) throw InputError("cannot start '" + argv[0] + "': fork failed");
  if (pid == 0) {
    if (in_child) in_child();
    dup2(STDERR_FILENO, STDOUT_FILENO);
    exec_child(argv);
  }
  int status = 0;
  if (on_tick) {
    const auto period = std::chrono::duration<double>(tick);
    while (waitpid(pid, &status, WNOHANG) == 0) {
      std::this_thread::sleep_for(period);
      try {
        on_tick();
      } catch (...) {  // never leave the program running unwatched
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
        throw;
      }
    }
  } else {
    waitpid(pid, &status, 0);
  }
  return finished(argv, status, start);
}

std::string capture_output(const std::vector<std::string>& argv, ProgramRun* run, bool with_stderr) {
  if (argv.empty()) throw InputError("no program to run");
  int fds[2];
  if (pipe(fds) != 0) throw InputError("cannot start '" + argv[0] + "': no pipe");
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    throw InputError("cannot start '" + argv[0] + "': fork failed");
  }
  if (pid == 0) {
    dup2(fds[1], STDOUT_FILENO);
    if (with_stderr) dup2(fds[1], STDERR_FILENO);
    close(fds[0]);
    close(fds[1]);
    exec_child(argv);
  }
  close(fds[1]);
  std::string out;
  char buf[4096];
  for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) != 0;) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    out.append(buf, static_cast<size_t>(n));
  }
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  const ProgramRun r = finished(argv, status, start);
  if (run) *run = r;
  return out;
}

namespace {

// Seconds a chain of dependent additions takes on the calling thread.
double chain_seconds() {
  using clock = std::chrono::steady_clock;
  const auto t0 = clock::now();
  unsigned long x = 1;
  for (int i = 0; i < 200000; ++i) {
    x += static_cast<unsigned long>(i);
    __asm__ volatile("" : "+r"(x));
  }
  return std::chrono::duration<double>(clock::now() - t0).count() + (x == 0 ? 1 : 0);
}

}  // namespace

int quietest_cpu() {
  cpu_set_t saved;
  if (sched_getaffinity(0, sizeof saved, &saved) != 0) return -1;
  const int n = static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN));
  int best = -1;
  double fastest = 1e300;
  for (int cpu = n - 1; cpu >= 0; --cpu) {
    if (!CPU_ISSET(cpu, &saved)) continue;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    if (sched_setaffinity(0, sizeof one, &one) != 0) continue;
    double t = 1e300;
    for (int trial = 0; trial < 5; ++trial) t = std::min(t, chain_seconds());
    if (t < 0.98 * fastest) fastest = t, best = cpu;  // ties go to the last core, as before
  }
  sched_setaffinity(0, sizeof saved, &saved);
  return best;
}

void pin_to_cpu(int cpu) {
  if (cpu < 0) cpu = static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN)) - 1;
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  sched_setaffinity(0, sizeof set, &set);
}

}  // namespace pacer
