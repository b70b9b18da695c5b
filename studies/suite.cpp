#include "studies/suite.hpp"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "framework/error.hpp"
#include "framework/format.hpp"

namespace pacer {

std::vector<SuiteKernel> read_suite_manifest(const std::string& suite, const std::string& hardware, int runs) {
  const bool folder = std::filesystem::is_directory(suite);
  const std::string path = folder ? (std::filesystem::path(suite) / "suite.json").string() : suite;
  const std::string dir = std::filesystem::path(path).parent_path().string();
  std::ifstream in(path);
  if (!in)
    throw InputError(SourceLocation{path, 0}, "",
                     folder ? "no suite manifest (suite.json) in " + suite : "no such suite manifest");
  std::vector<SuiteKernel> out;
  try {
    const nlohmann::json j = nlohmann::json::parse(in);
    for (const auto& k : j.at("kernels")) {
      SuiteKernel s;
      s.first = k.at("name").get<std::string>();
      ValidationOptions& o = s.second;
      for (const auto& f : k.at("files")) o.files.push_back((std::filesystem::path(dir) / f.get<std::string>()).string());
      o.function = k.at("function").get<std::string>();
      o.args = k.value("args", "");
      o.flags = k.value("flags", std::vector<std::string>{});
      o.hardware = hardware;
      o.runs = runs;
      out.push_back(s);
    }
  } catch (const nlohmann::json::exception& e) {
    throw InputError(SourceLocation{path, 0}, "", std::string("not a suite manifest: ") + e.what());
  }
  if (out.empty()) throw InputError(SourceLocation{path, 0}, "kernels", "the suite lists no kernel");
  return out;
}

std::map<std::string, std::vector<double>> suite_errors(const std::vector<ValidationOutcome>& ks, bool minus_ct) {
  std::map<std::string, std::vector<double>> out;
  for (const auto& k : ks) {
    if (!k.failure.empty() || !k.v.measurement.judgeable) continue;
    double ct = 0;
    bool have_ct = false;
    for (const auto& m : k.v.models)
      if (m.model == "ct" && m.available) ct = m.error_percent, have_ct = true;
    if (minus_ct && !have_ct) continue;
    for (const auto& m : k.v.models) {
      if (!m.available || (minus_ct && m.model == "ct")) continue;
      out[m.model].push_back(std::fabs(minus_ct ? m.error_percent - ct : m.error_percent));
    }
  }
  return out;
}

void require_judged(const std::vector<ValidationOutcome>& outcomes) {
  std::string failed, unjudged;
  for (const auto& o : outcomes) {
    if (!o.failure.empty()) failed += (failed.empty() ? "" : ", ") + o.name;
    else if (!o.v.measurement.judgeable) unjudged += (unjudged.empty() ? "" : ", ") + o.name;
  }
  if (!failed.empty()) throw InputError("the suite's kernels " + failed + " failed (the report says why)");
  if (!unjudged.empty())
    throw Unavailable("the kernels " + unjudged + " could not be judged on this machine: their times moved more than " +
                      digits(judging_tolerance_percent, 2) + "% (the report gives each one's uncertainty)");
}

}  // namespace pacer
