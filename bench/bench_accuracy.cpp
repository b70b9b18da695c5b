// How close is each resource model to the measured time? Runs
// `pacer validate --suite` (or reads a report it wrote, --from FILE) and
// prints, per model, the median and mean absolute whole-kernel error and the
// share of kernels within 10% and within 20%, over the suite's judged
// kernels and over the paper's three seed kernels (integration, sort,
// matmul). Targets (issue "Accuracy beyond the paper"): ICC median at most
// 10%, at least 80% of kernels within 20%, every seed kernel within 10%;
// HLLC median at most 30%.
//
//   bench_accuracy [--suite DIR] [--hw FILE] [--from REPORT.json] [--save REPORT.json]
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
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "validate_report.hpp"


namespace {

using nlohmann::json;

struct Options {
  std::string suite = "examples/kernels";
  std::string hw = "hw/host.xml";
  std::string from, save;
};

json report(const Options& o) {
  if (!o.from.empty()) {
    std::ifstream in(o.from);
    if (!in) {
      std::fprintf(stderr, "bench_accuracy: cannot read %s\n", o.from.c_str());
      std::exit(1);
    }
    return json::parse(in);
  }
  const std::string out = bench::validate_report(o.suite, o.hw, "", "bench_accuracy");
  if (!o.save.empty()) std::ofstream(o.save) << out;
  return json::parse(out);
}

struct Row {
  size_t n = 0;
  double median = 0, mean = 0, within10 = 0, within20 = 0;
};

Row summarise(std::vector<double> errors) {
  Row r;
  r.n = errors.size();
  if (errors.empty()) return r;
  std::sort(errors.begin(), errors.end());
  const size_t n = errors.size();
  r.median = n % 2 ? errors[n / 2] : (errors[n / 2 - 1] + errors[n / 2]) / 2;
  for (double e : errors) {
    r.mean += e / static_cast<double>(n);
    r.within10 += e <= 10 ? 1 : 0;
    r.within20 += e <= 20 ? 1 : 0;
  }
  return r;
}

void print(const std::string& title, const std::map<std::string, std::vector<double>>& errors) {
  std::printf("%s\n%-6s %8s %8s %10s %10s %8s\n", title.c_str(), "model", "median", "mean", "within 10%", "within 20%",
              "kernels");
  for (const auto& [model, e] : errors) {
    const Row r = summarise(e);
    std::printf("%-6s %7.1f%% %7.1f%% %5zu (%3.0f%%) %5zu (%3.0f%%) %8zu\n", model.c_str(), r.median, r.mean,
                static_cast<size_t>(r.within10), 100 * r.within10 / std::max<double>(1, r.n),
                static_cast<size_t>(r.within20), 100 * r.within20 / std::max<double>(1, r.n), r.n);
  }
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
    else if (a == "--from") o.from = v;
    else if (a == "--save") o.save = v;
    else {
      std::fprintf(stderr, "usage: bench_accuracy [--suite DIR] [--hw FILE] [--from REPORT.json] [--save FILE]\n");
      return 2;
    }
  }
  const json r = report(o);
  const std::set<std::string> seeds = {"integration", "sort", "matmul"};
  std::map<std::string, std::vector<double>> all, seed;
  std::printf("%-12s %12s", "kernel", "measured");
  std::vector<std::string> models;
  for (const auto& k : r["kernels"]) {
    const json errors = k.value("error_percent", json::object());
    for (const auto& e : errors.items())
      if (std::find(models.begin(), models.end(), e.key()) == models.end()) models.push_back(e.key());
  }
  for (const auto& m : models) std::printf(" %8s", m.c_str());
  std::printf("\n");
  for (const auto& k : r["kernels"]) {
    if (k["status"] != "validated") {
      std::printf("%-12s %12s\n", k["name"].get<std::string>().c_str(), k["status"].get<std::string>().c_str());
      continue;
    }
    const std::string name = k["name"];
    std::printf("%-12s %9.3f ms", name.c_str(), k["measured_seconds"].get<double>() * 1e3);
    for (const auto& m : models) {
      const json& e = k["error_percent"];
      if (!e.contains(m)) {
        std::printf(" %8s", "-");
        continue;
      }
      const double err = e[m].get<double>();
      std::printf(" %+7.1f%%", err);
      all[m].push_back(std::fabs(err));
      if (seeds.count(name)) seed[m].push_back(std::fabs(err));
    }
    std::printf("\n");
  }
  std::printf("\n");
  print("absolute whole-kernel error over the suite's judged kernels", all);
  std::printf("\n");
  print("absolute whole-kernel error over the paper's three seed kernels", seed);
  return 0;
}
