// How long does a pacer command take when it has little to do? Runs each
// command REPS times (default 41) with its output thrown away and prints the
// median and fastest wall time beside /bin/true's, which is what starting
// any program costs here. Target (issue "The library owns the logic"): every
// command that reads no C finishes its small case in under 10 ms; analysing
// C opens the Clang module and is shown for comparison. The million-iteration
// workload shows a large input: the whole command against 0.17 s, a C
// simulator's time on the same file. ICC's second prediction of a C file,
// from its cache, is shown against HLLC's (issue "Predict before porting").
//
//   bench_startup [--reps N]
//
// Run from the source folder. Standard C++ and POSIX; it links no pacer library.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#ifndef PACER_BINARY
#define PACER_BINARY "pacer"
#endif

extern char** environ;

namespace {

// One run's wall time in seconds; exits if the command fails.
double run_once(const std::vector<std::string>& argv) {
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t io;
  posix_spawn_file_actions_init(&io);
  posix_spawn_file_actions_addopen(&io, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&io, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  const auto start = std::chrono::steady_clock::now();
  pid_t pid = 0;
  int status = 0;
  if (posix_spawn(&pid, args[0], &io, nullptr, args.data(), environ) != 0 || waitpid(pid, &status, 0) < 0 ||
      !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    std::fprintf(stderr, "bench_startup: failed: %s\n", argv[0].c_str());
    for (const auto& a : argv) std::fprintf(stderr, " %s", a.c_str());
    std::fprintf(stderr, "\n");
    std::exit(1);
  }
  posix_spawn_file_actions_destroy(&io);
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

struct Timing {
  double median = 0, fastest = 0;
};

Timing time_command(const std::vector<std::string>& argv, int reps) {
  run_once(argv);  // warm the page cache
  std::vector<double> t;
  for (int i = 0; i < reps; ++i) t.push_back(run_once(argv));
  std::sort(t.begin(), t.end());
  return {t[t.size() / 2], t.front()};
}

std::vector<std::string> pacer(std::vector<std::string> args) {
  args.insert(args.begin(), PACER_BINARY);
  return args;
}

std::string temp_file(const std::string& name) {
  const char* dir = std::getenv("TMPDIR");
  return std::string(dir && *dir ? dir : "/tmp") + "/bench_startup-" + std::to_string(getpid()) + "-" + name;
}

// ICC compiles C for the machine on first use and reads its cache after:
// the second `predict --model icc` should cost under 50 ms beyond what
// predicting from the analysed C costs anyway (HLLC, which compiles nothing).
void icc_from_cache(int reps) {
  const std::string cache = temp_file("icc-cache");
  auto predict = [](const char* model) {
    return pacer({"predict", "examples/kernels/matmul.c", "--function", "matmul", "--param", "matmul.n=256", "--hw",
                  "hw/host.xml", "--model", model});
  };
  std::vector<double> cold;
  for (int i = 0; i < 3; ++i) {
    setenv("PACER_CACHE_DIR", (cache + std::to_string(i)).c_str(), 1);
    cold.push_back(run_once(predict("icc")));
    std::filesystem::remove_all(cache + std::to_string(i));
  }
  std::sort(cold.begin(), cold.end());
  setenv("PACER_CACHE_DIR", cache.c_str(), 1);
  const Timing hllc = time_command(predict("hllc"), reps);
  const Timing icc = time_command(predict("icc"), reps);  // its first run fills the cache
  std::filesystem::remove_all(cache);
  std::printf("\nICC on matmul.c (median of %d; first run: median of 3, each with an empty cache):\n", reps);
  std::printf("  predict --model hllc (analysis, nothing compiled) %7.1f ms\n", hllc.median * 1e3);
  std::printf("  predict --model icc, first run (compile + MCA)    %7.1f ms\n", cold[1] * 1e3);
  std::printf("  predict --model icc, from the cache               %7.1f ms: %+.1f ms beyond hllc (target < 50 ms) %s\n",
              icc.median * 1e3, (icc.median - hllc.median) * 1e3, icc.median - hllc.median < 0.050 ? "met" : "missed");
}

}  // namespace

int main(int argc, char** argv) {
  int reps = 41;
  for (int i = 1; i < argc; ++i)
    if (std::string(argv[i]) == "--reps" && i + 1 < argc) reps = std::max(1, std::atoi(argv[++i]));

  const std::string data = temp_file("speedup.csv"), loads = temp_file("loads.txt");
  run_once(pacer({"speedup", "generate", "--params", "f=0.99,k=1.7,m1=0.002,m2=0.28", "--noise", "0.02",
                  "--seed", "1", "--out", data}));
  {
    std::mt19937_64 rng(1);
    std::gamma_distribution<double> g(2.0, 0.5);
    std::ofstream out(loads);
    for (int i = 0; i < 1000000; ++i) out << g(rng) << '\n';
  }

  struct Case {
    const char* what;
    std::vector<std::string> argv;
    bool reads_c;
  };
  const std::vector<Case> cases = {
      {"pacer --version", pacer({"--version"}), false},
      {"pacer hw list", pacer({"hw", "list"}), false},
      {"pacer predict findmax.xml (all models)",
       pacer({"predict", "examples/models/findmax.xml", "--hw", "parsytec-t800", "--model", "all"}), false},
      {"pacer schedule simulate (96 iterations)",
       pacer({"schedule", "simulate", "--dist", "beta", "--iterations", "96", "--threads", "12", "--strategy", "srr"}),
       false},
      {"pacer speedup fit (amdahl, 1 restart x 2 x 100)",
       pacer({"speedup", "fit", data, "--model", "amdahl", "--annealers", "2", "--iterations", "100", "--restarts",
              "1"}),
       false},
      {"pacer energy compare (spmv, bone010)",
       pacer({"energy", "compare", "--platform", "xeon-e5-2650l-v3", "--algo", "spmv-csc", "--algo", "spmv-csb",
              "--matrix", "bone010"}),
       false},
      {"pacer analyse matmul.c (opens Clang)", pacer({"analyse", "examples/kernels/matmul.c"}), true},
  };

  const Timing base = time_command({"/bin/true"}, reps);
  std::printf("start-up: median (fastest) of %d runs, output to /dev/null\n\n", reps);
  std::printf("%-48s %10s %10s %9s\n", "command", "median ms", "fastest ms", "target");
  std::printf("%-48s %10.2f %10.2f %9s\n", "/bin/true", base.median * 1e3, base.fastest * 1e3, "");
  int met = 0, judged = 0;
  for (const auto& c : cases) {
    const Timing t = time_command(c.argv, reps);
    const char* verdict = c.reads_c ? "(reads C)" : t.median < 0.010 ? "met" : "missed";
    if (!c.reads_c) judged++, met += t.median < 0.010;
    std::printf("%-48s %10.2f %10.2f %9s\n", c.what, t.median * 1e3, t.fastest * 1e3, verdict);
  }
  std::printf("\n%d of %d commands that read no C finish in under 10 ms\n\n", met, judged);

  const int big = std::max(5, reps / 4);
  const Timing text = time_command(pacer({"schedule", "simulate", "--workload", loads, "--threads", "12",
                                          "--strategy", "srr"}), big);
  const Timing json = time_command(pacer({"schedule", "simulate", "--workload", loads, "--threads", "12",
                                          "--strategy", "srr", "--json"}), big);
  std::printf("schedule simulate --workload, 1,000,000 iterations (median of %d; reference 170 ms, target <= 85 ms):\n",
              big);
  std::printf("  text %7.1f ms (%.1fx faster than the reference)\n", text.median * 1e3, 0.170 / text.median);
  std::printf("  json %7.1f ms (%.1fx faster than the reference)\n", json.median * 1e3, 0.170 / json.median);
  icc_from_cache(reps);
  std::remove(data.c_str());
  std::remove(loads.c_str());
  return 0;
}
