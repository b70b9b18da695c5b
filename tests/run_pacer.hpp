// Runs the `pacer` program as a user would, for tests of whole commands.
#pragma once
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

namespace pacer::test {

struct Run {
  int status;
  std::string out;
  std::string err;
};

// `launcher` goes before the program: mpirun_launcher(N) runs it as N ranks.
inline Run run_pacer(const std::string& args, const std::string& launcher = "") {
  static const std::string err_file =
      std::filesystem::temp_directory_path() / ("pacer-cli-test-" + std::to_string(getpid()) + ".err");
  std::string cmd = "cd '" PACER_SOURCE_DIR "' && " + launcher + " '" PACER_BINARY "' " + args + " 2>'" + err_file + "'";
  FILE* p = popen(cmd.c_str(), "r");
  REQUIRE(p);
  Run r;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
  int raw = pclose(p);
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  std::ifstream e(err_file);
  std::stringstream ss;
  ss << e.rdbuf();
  r.err = ss.str();
  return r;
}

// Open MPI's mpirun for `ranks` processes on this machine, whatever its cores.
inline std::string mpirun_launcher(int ranks) {
  return "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 mpirun --oversubscribe -np " + std::to_string(ranks);
}

// A file in the temporary folder, private to this process (ctest may run
// test cases in parallel processes).
inline std::string temp_file(const std::string& name, const std::string& content) {
  auto path = std::filesystem::temp_directory_path() / (std::to_string(getpid()) + "-" + name);
  std::ofstream(path) << content;
  return path.string();
}

// Runs a command that must succeed and returns its JSON output.
inline nlohmann::json run_json(const std::string& args) {
  INFO(args);
  Run r = run_pacer(args);
  INFO(r.err);
  REQUIRE(r.status == 0);
  return nlohmann::json::parse(r.out);
}

// Runs a measuring command, which may find this machine too noisy to judge
// (exit 3, with the same report); returns the report and its status.
inline std::pair<nlohmann::json, int> run_measuring_json(const std::string& args) {
  INFO(args);
  Run r = run_pacer(args);
  INFO(r.err);
  REQUIRE((r.status == 0 || r.status == 3));
  if (r.status == 3) CHECK_THAT(r.err, Catch::Contains("could not be judged") || Catch::Contains("too loosely to judge"));
  return {nlohmann::json::parse(r.out), r.status};
}

// Runs a command that must be refused: exit 2, nothing on stdout, and
// `message` in the one error.
inline void check_refused(const std::string& args, const std::string& message) {
  INFO(args);
  Run r = run_pacer(args);
  CHECK(r.status == 2);
  CHECK(r.out.empty());
  CHECK_THAT(r.err, Catch::Contains(message));
}

}  // namespace pacer::test
