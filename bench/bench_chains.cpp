// How well does ICC's out-of-order simulation overlap independent dependence
// chains, against this machine? Each pattern is a loop whose iteration runs
// two chains of L dependent floating-point operations (additions, or
// multiplies and additions in turn), each started afresh from a register, so
// that iterations are independent and only the core's room for waiting
// operations limits how many overlap; the chains are written one after the
// other, as compilers emit them, or in turns ("_turns"). The loops are inline assembly, so the
// code timed and the code ICC prices are the same instructions. Prints, per
// pattern, the cycles an iteration measured here (against a chain of
// one-cycle integer additions, as `pacer calibrate` times the clock) and
// ICC's, at the description's clock. docs/validation.md ("integration: the
// machine overlaps chains less than MCA does") reads its figures.
//
//   bench_chains [--hw FILE] [--keep]
//
// x86-64 only. Run from the source folder.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "frontends/xml/catalogue.hpp"

namespace {

struct Pattern {
  std::string kind;  // "add" or "mix"
  int length;
  bool interleaved;  // the two chains' operations in turn, not one chain after the other
  std::string name() const {
    return "chain_" + kind + "_" + std::to_string(length) + (interleaved ? "_turns" : "");
  }
};

std::vector<Pattern> patterns() {
  std::vector<Pattern> out;
  for (bool interleaved : {false, true})
    for (const char* kind : {"add", "mix"})
      for (int length : {8, 16, 24, 32, 48}) out.push_back({kind, length, interleaved});
  return out;
}

// Two chains: movapd from xmm14 starts each; xmm15 is added, xmm13 multiplied.
std::string body(const Pattern& p) {
  std::string s;
  for (int c = 0; c < 2; ++c) s += "movapd %%xmm14, %%xmm" + std::to_string(c) + "\\n\\t";
  auto op = [&](int c, int i) {
    const bool mul = p.kind == "mix" && i % 2 == 0;
    s += std::string(mul ? "mulsd %%xmm13" : "addsd %%xmm15") + ", %%xmm" + std::to_string(c) + "\\n\\t";
  };
  if (p.interleaved)
    for (int i = 0; i < p.length; ++i) op(0, i), op(1, i);
  else
    for (int c = 0; c < 2; ++c)
      for (int i = 0; i < p.length; ++i) op(c, i);
  return s;
}

std::string program() {
  std::ostringstream c;
  c << "#include <stdio.h>\n#include <time.h>\n"
       "static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }\n"
       "static double cycle(void) {  /* seconds per cycle: eight dependent integer additions an iteration */\n"
       "  double best = 1e9;\n"
       "  for (int r = 0; r < 5; r++) {\n"
       "    long x = 0; double t = now();\n"
       "    for (long i = 0; i < 20000000; i++)\n"
       "      __asm__ volatile(\"add $1,%0\\n\\tadd $1,%0\\n\\tadd $1,%0\\n\\tadd $1,%0\\n\\tadd $1,%0\\n\\tadd $1,%0\\n\\tadd $1,%0\\n\\tadd $1,%0\" : \"+r\"(x));\n"
       "    t = (now() - t) / 1.6e8; if (t < best) best = t;\n"
       "  }\n"
       "  return best;\n"
       "}\n";
  // The chains' operands are the loop's inputs, in the registers the
  // assembly names: no call between loops can leave them anything else.
  for (const Pattern& p : patterns())
    c << "void " << p.name() << "(long n) {\n"
      << "  register double start __asm__(\"xmm14\") = 0, add __asm__(\"xmm15\") = 1e-9, mul __asm__(\"xmm13\") = 1.0000001;\n"
      << "  for (long i = 0; i < n; i++)\n    __asm__ volatile(\"" << body(p)
      << "\" :: \"x\"(start), \"x\"(add), \"x\"(mul) : \"xmm0\", \"xmm1\");\n}\n";
  c << "int main(void) {\n"
       "  double cyc = cycle();\n";
  for (const Pattern& p : patterns())
    c << "  { double best = 1e9; for (int r = 0; r < 5; r++) { double t = now(); " << p.name()
      << "(2000000); t = (now() - t) / 2e6; if (t < best) best = t; } printf(\"" << p.name()
      << " %.3f\\n\", best / cyc); }\n";
  c << "  return 0;\n}\n";
  return c.str();
}

std::string run(const std::string& command) {
  std::string out;
  if (FILE* f = popen(command.c_str(), "r")) {
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) out.append(buf, n);
    if (pclose(f) != 0) out.clear();
  }
  return out;
}

// ICC's total for one function's 1000 iterations, from `pacer predict --json`.
double icc_seconds(const std::string& json_text) {
  const nlohmann::json j = nlohmann::json::parse(json_text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.contains("predictions") || j["predictions"].empty()) return NAN;
  return j["predictions"][0].value("total_seconds", NAN);
}

}  // namespace

int main(int argc, char** argv) {
#if !defined(__x86_64__)
  std::fprintf(stderr, "bench_chains: the chains are x86-64 assembly\n");
  return 3;
#endif
  std::string hw = "hw/host.xml";
  bool keep = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--hw" && i + 1 < argc) hw = argv[++i];
    else if (a == "--keep") keep = true;
    else {
      std::fprintf(stderr, "usage: bench_chains [--hw FILE] [--keep]\n");
      return 2;
    }
  }
  double clock = 0;  // the description's, which ICC prices at: read by pacer's own reader
  try {
    clock = pacer::load_hardware(hw).require("cpu", "clock", "bench_chains").value;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_chains: %s\n", e.what());
    return 2;
  }
  char dir_template[] = "/tmp/bench_chains.XXXXXX";  // mkdtemp replaces the Xs
  const char* dir = mkdtemp(dir_template);
  if (!dir) return 3;
  const std::string source = std::string(dir) + "/chains.c", binary = std::string(dir) + "/chains";
  std::ofstream(source) << program();
  if (run(std::string(PACER_CLANG) + " -O2 -w -o " + binary + " " + source + " && echo ok").empty()) {
    std::fprintf(stderr, "bench_chains: %s could not build %s\n", PACER_CLANG, source.c_str());
    return 3;
  }
  // Pinned where the machine allows it, as pacer's measurements are.
  std::string timings = run("taskset -c 1 " + binary + " 2>/dev/null");
  if (timings.empty()) timings = run(binary);
  std::istringstream measured(timings);
  std::printf("two chains an iteration, cycles an iteration (ICC at %.3f GHz, %s)\n", clock / 1e9, hw.c_str());
  std::printf("%-22s %10s %10s %8s\n", "pattern", "measured", "icc", "icc/meas");
  std::string name;
  double cycles;
  int rows = 0;
  while (measured >> name >> cycles) {
    ++rows;
    const std::string json = run(std::string(PACER_BINARY) + " predict " + source + " --model icc --hw '" + hw +
                                 "' --function " + name + " --param " + name + ".n=1000 --json 2>/dev/null");
    const double icc = icc_seconds(json) / 1000 * clock;
    std::printf("%-22s %10.1f %10.1f %8.2f\n", name.c_str(), cycles, icc, icc / cycles);
  }
  if (keep) std::printf("kept %s\n", dir);
  else run("rm -rf " + std::string(dir));
  if (rows == 0) {
    std::fprintf(stderr, "bench_chains: %s printed no timings\n", binary.c_str());
    return 3;
  }
  return 0;
}
