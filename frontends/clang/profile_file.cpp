// Profiles as files: written and read as JSON, checked against the sources
// they were made from, and bound to a model. None of this needs Clang.
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "framework/reduction.hpp"
#include "frontends/clang/profile.hpp"

namespace pacer {

namespace fs = std::filesystem;

std::string file_digest(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a
  for (char c; in.get(c);) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  std::ostringstream os;
  os << std::hex << h;
  return os.str();
}

std::string write_profile(const Profile& p) {
  nlohmann::ordered_json j;
  j["pacer_profile"] = 1;
  j["sources"] = p.sources;
  j["digests"] = p.digests;
  j["functions"] = p.functions;
  j["compile_flags"] = p.compile_flags;
  j["args"] = p.args;
  j["parameters"] = p.parameters;
  j["trips"] = p.trips;
  j["counts"] = p.counts;
  j["first_touches"] = p.first_touches;
  j["stopped"] = p.stopped;
  j["notes"] = p.notes;
  return j.dump(2) + "\n";
}

Profile read_profile(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError(SourceLocation{path, 0}, "", "cannot read the profile");
  Profile p;
  try {
    nlohmann::json j = nlohmann::json::parse(in);
    if (j.value("pacer_profile", 0) != 1) throw InputError(SourceLocation{path, 0}, "pacer_profile", "not a pacer profile");
    p.sources = j.at("sources").get<std::vector<std::string>>();
    p.digests = j.at("digests").get<std::map<std::string, std::string>>();
    p.functions = j.at("functions").get<std::vector<std::string>>();
    p.compile_flags = j.at("compile_flags").get<std::vector<std::string>>();
    p.args = j.at("args").get<std::string>();
    p.parameters = j.at("parameters").get<ParamValues>();
    p.trips = j.at("trips").get<std::map<std::string, double>>();
    // Profiles made before the counts were recorded have none.
    if (j.contains("counts")) p.counts = j.at("counts").get<std::map<std::string, double>>();
    if (j.contains("first_touches")) p.first_touches = j.at("first_touches").get<std::map<std::string, double>>();
    p.stopped = j.value("stopped", false);
    p.notes = j.at("notes").get<std::vector<std::string>>();
  } catch (const nlohmann::json::exception& e) {
    throw InputError(SourceLocation{path, 0}, "", std::string("malformed profile: ") + e.what());
  }
  return p;
}

void apply_profile(ApplicationModel& model, const Profile& p, const std::string& profile_path) {
  for (const auto& [file, digest] : p.digests)
    if (fs::exists(file) && file_digest(file) != digest)
      throw InputError(SourceLocation{profile_path, 0}, "",
                       file + " has changed since this profile was made; run pacer profile again");
  for (auto& param : model.parameters)
    if (auto it = p.parameters.find(param.name); it != p.parameters.end()) param.default_value = it->second;
  auto replace = [&](Task& t) {
    for_each_node_mutable(t.seg, [&](SegNode& n) {
      if (auto it = p.trips.find(t.name + "/" + n.id); it != p.trips.end() && n.kind == NodeKind::Loop)
        n.trips = constant(it->second);
    });
  };
  for (auto& t : model.tasks) replace(t);
  for (auto& f : model.functions) replace(f);
  // A run stopped at its time limit would be too long to count again.
  if (!p.stopped) {
    model.run_args = p.args;
    model.run_counts = p.counts;
    model.first_touches = p.first_touches;
  }
}

}  // namespace pacer
