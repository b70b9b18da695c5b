// The benchmarks that judge `pacer validate --suite` run it as a user would
// and read its JSON report; this is that run, shared by them. Standard C++
// and POSIX: the benchmarks link no pacer library.
#pragma once
#include <array>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>

#ifndef PACER_BINARY
#define PACER_BINARY "pacer"
#endif

namespace bench {

// Runs `pacer validate --suite SUITE --hw HW --json EXTRA` and returns its
// report's text; `who` names the benchmark in the error, which exits.
inline std::string validate_report(const std::string& suite, const std::string& hw, const std::string& extra,
                                   const char* who) {
  const std::string cmd = std::string("'") + PACER_BINARY + "' validate --suite '" + suite + "' --hw '" + hw +
                          "' --json " + extra + " 2>/dev/null";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) {
    std::perror("popen");
    std::exit(1);
  }
  std::string out;
  std::array<char, 4096> buf;
  for (size_t n; (n = fread(buf.data(), 1, buf.size(), p)) > 0;) out.append(buf.data(), n);
  const int status = pclose(p);
  if (out.empty()) {
    std::fprintf(stderr, "%s: pacer validate printed nothing (status %d)\n", who, status);
    std::exit(1);
  }
  return out;
}

}  // namespace bench
