// Does `pacer validate --suite` measure the same time twice? Runs the suite
// PASSES times (default 2) in a row, exactly as a user would, and prints per
// kernel each pass's estimate and uncertainty, the pass-to-pass difference,
// whether the uncertainties pacer reported cover it (the two intervals
// overlap: |difference| <= u1 + u2), and how far the core's clock moved
// between the passes; then the share of kernels within 3%, the share
// covered, the share judged in both passes and the largest difference.
// Target (docs/validation.md): at least 90% of the kernels within 3%, and
// every difference covered.
//
//   bench_reproducibility [--suite DIR] [--hw FILE] [--passes N] [--runs N] [--save PREFIX]
//
// Run from the source folder. Standard C++ and POSIX; it links no pacer library.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "validate_report.hpp"


namespace {

using nlohmann::json;

struct Options {
  std::string suite = "examples/kernels";
  std::string hw = "hw/host.xml";
  int passes = 2;
  std::string runs;
  std::string save;  // write pass K's report to SAVE-K.json
};

json run_pass(const Options& o) {
  return json::parse(bench::validate_report(o.suite, o.hw, o.runs.empty() ? "" : "--runs " + o.runs,
                                            "bench_reproducibility"));
}

struct Estimate {
  double seconds = 0, uncertainty = 0, clock = 0;
  bool judged = false;
};

std::map<std::string, Estimate> estimates(const json& pass) {
  std::map<std::string, Estimate> out;
  for (const auto& k : pass["kernels"]) {
    if (k["status"] == "failed") continue;
    out[k["name"]] = {k["estimate_seconds"].get<double>(), k["uncertainty_percent"].get<double>(),
                      k.value("core_clock_hz", 0.0), k["status"] == "validated"};
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; i += 2) {
    // An option without its value (--help among them) is a usage error,
    // never a silent run with the defaults.
    const bool paired = i + 1 < argc;
    const std::string a = paired ? argv[i] : "", v = paired ? argv[i + 1] : "";
    if (a == "--suite") o.suite = v;
    else if (a == "--hw") o.hw = v;
    else if (a == "--passes") o.passes = std::max(2, std::atoi(v.c_str()));
    else if (a == "--runs") o.runs = v;
    else if (a == "--save") o.save = v;
    else {
      std::fprintf(stderr, "usage: bench_reproducibility [--suite DIR] [--hw FILE] [--passes N] [--runs N] [--save PREFIX]\n");
      return 2;
    }
  }
  std::vector<std::map<std::string, Estimate>> passes;
  for (int p = 0; p < o.passes; ++p) {
    std::fprintf(stderr, "pass %d of %d ...\n", p + 1, o.passes);
    const json report = run_pass(o);
    if (!o.save.empty()) std::ofstream(o.save + "-" + std::to_string(p + 1) + ".json") << report.dump(1);
    passes.push_back(estimates(report));
  }
  int kernels = 0, within = 0, covered = 0, judged = 0;
  double worst = 0;
  std::printf("%-16s %12s %12s %9s %9s %9s %8s %s\n", "kernel", "first", "second", "u1 (%)", "u2 (%)", "diff (%)",
              "clock (%)", "covered");
  for (std::size_t p = 1; p < passes.size(); ++p)
    for (const auto& [name, a] : passes[p - 1]) {
      auto it = passes[p].find(name);
      if (it == passes[p].end()) continue;
      const Estimate& b = it->second;
      const double diff = 100 * (b.seconds - a.seconds) / a.seconds;
      const bool cover = std::fabs(diff) <= a.uncertainty + b.uncertainty;
      // How far the core's clock moved between the two measurements (pacer
      // gives times at the description's clock, taking out the share of it
      // ICC says the clock sets).
      const double clock = a.clock > 0 && b.clock > 0 ? 100 * (b.clock - a.clock) / a.clock : 0;
      ++kernels;
      within += std::fabs(diff) <= 3;
      covered += cover;
      judged += a.judged && b.judged;
      worst = std::max(worst, std::fabs(diff));
      std::printf("%-16s %9.4f ms %9.4f ms %9.2f %9.2f %+9.2f %+8.2f  %s\n", name.c_str(), a.seconds * 1e3,
                  b.seconds * 1e3, a.uncertainty, b.uncertainty, diff, clock, cover ? "yes" : "NO");
    }
  if (kernels == 0) {
    std::fprintf(stderr, "bench_reproducibility: no kernel was measured in two passes\n");
    return 1;
  }
  std::printf("\n%d kernel pairs: %.1f%% within 3%% (target 90%%), %.1f%% covered by the reported uncertainty, "
              "%.1f%% judged in both passes; largest difference %.2f%%\n",
              kernels, 100.0 * within / kernels, 100.0 * covered / kernels, 100.0 * judged / kernels, worst);
  return 0;
}
