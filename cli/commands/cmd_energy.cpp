// pacer energy compare | list | measure: the ICE energy model of "ICE: A
// General and Validated Energy Complexity Model for Multithreaded Algorithms"
// on its algorithms and platforms, and measured energy where the machine
// has counters.
#include <filesystem>
#include <sstream>

#include "framework/number.hpp"
#include "cli/commands/application_source.hpp"
#include "cli/commands/commands.hpp"
#include "cli/views/report.hpp"
#include "frontends/xml/algorithm_io.hpp"
#include "resource_models/energy/rapl.hpp"

namespace pacer::cli {

namespace {

namespace fs = std::filesystem;

std::vector<fs::path> shipped(const std::string& dir, const std::string& except = "") {
  std::vector<fs::path> out = xml_files_in(dir);
  out.erase(std::remove_if(out.begin(), out.end(), [&](const fs::path& p) { return p.stem() == except; }), out.end());
  return out;
}

const char* kInputs = "matrices";  // examples/energy/matrices.xml: Table 7

std::string names_of(const std::vector<fs::path>& files) {
  std::string out;
  for (const auto& f : files) out += (out.empty() ? "" : ", ") + f.stem().string();
  return out;
}

AlgorithmComplexity load_algorithm(const std::string& name_or_path) {
  if (name_or_path.find('/') != std::string::npos || name_or_path.find(".xml") != std::string::npos)
    return read_algorithm_file(name_or_path);
  fs::path file = fs::path(energy_dir()) / (name_or_path + ".xml");
  if (name_or_path == kInputs || !fs::exists(file))
    throw InputError("unknown algorithm '" + name_or_path + "' (shipped: " +
                     names_of(shipped(energy_dir(), kInputs)) + "; or give an algorithm file)");
  return read_algorithm_file(file.string());
}

std::vector<std::string> ice_platform_names() {
  std::vector<std::string> out;
  for (const auto& f : shipped(hardware_dir())) {
    try {
      if (has_ice_platform(load_hardware(f.string()))) out.push_back(f.stem().string());
    } catch (const InputError&) {
    }
  }
  return out;
}

Hardware load_platform(const std::string& name) {
  const std::string file = resolve_hardware(name);
  if (!fs::exists(file)) {
    std::string known;
    for (const auto& n : ice_platform_names()) known += (known.empty() ? "" : ", ") + n;
    throw InputError("unknown platform '" + name + "' (platforms with ICE figures: " + known +
                     "; or give a hardware description file)");
  }
  return load_hardware(file);
}

struct Case {
  const Hardware* hw = nullptr;
  const InputSet* input = nullptr;  // null: parameters only
};

struct CompareOptions {
  std::vector<std::string> platforms, algos, matrices, params;
  std::string inputs;
  bool json = false;
};

// Amounts and sizes: a negative one is nonsense.
std::map<std::string, double> parse_params(const std::vector<std::string>& items) {
  std::map<std::string, double> out = parse_assignments(items);
  for (const auto& [name, v] : out)
    if (v < 0) throw InputError("--param " + name + "=" + digits(v, 6) + ": " + name + " cannot be negative");
  return out;
}

// A --param that no compared algorithm reads is a typo, not a no-op.
void check_param_names(const std::map<std::string, double>& params, const std::vector<AlgorithmComplexity>& algos) {
  for (const auto& [name, v] : params) {
    bool used = name == "B" || name == "Z" || name == "N";
    for (const auto& a : algos)
      for (const auto& p : a.parameters) used = used || p.name == name;
    if (!used) throw InputError("--param " + name + ": no compared algorithm has a parameter '" + name + "'");
  }
}

struct AlgoResult {
  const AlgorithmComplexity* algo;
  EvaluatedComplexity complexity;
  IceEnergy energy;
  double eq15 = 0;
};

json algo_json(const AlgoResult& r) {
  const auto& w = r.complexity.workload;
  json j{{"name", r.algo->name}, {"title", r.algo->title}, {"file", r.algo->file},
         {"complexity", {{"work", w.work}, {"span", w.span}, {"io", w.io}}},
         {"parameters", r.complexity.parameters},
         {"energy_joules", r.energy.total()}, {"static", r.energy.static_joules}, {"ops", r.energy.ops_joules},
         {"io", r.energy.io_joules}, {"bound", bound_name(r.energy.bound)},
         {"static_if_cpu_bound", r.energy.comp_static}, {"static_if_memory_bound", r.energy.mem_static},
         {"platform_independent", r.eq15}};
  if (r.energy.seconds) j["seconds"] = *r.energy.seconds;
  j["notes"] = r.complexity.notes;
  return j;
}

std::string largest_share(const IceEnergy& e) {
  const double total = e.total();
  if (!(total > 0)) return "-";
  std::pair<double, const char*> parts[] = {
      {e.static_joules, "static"}, {e.ops_joules, "operations"}, {e.io_joules, "I/O"}};
  auto best = *std::max_element(std::begin(parts), std::end(parts));
  return format_number(std::round(best.first / total * 1000) / 10) + "% " + best.second;
}

// The platform's figures, and B, Z, N as bound (a --param overrides the platform's).
std::string platform_line(const Hardware& hw, const IcePlatform& p, std::map<std::string, double> lent,
                          const std::map<std::string, double>& params) {
  for (auto& [k, v] : lent)
    if (params.count(k)) v = params.at(k);
  std::ostringstream os;
  os << "platform " << hw.name << ": eps_op " << format_joules(p.eps_op) << ", pi_op " << format_joules(p.pi_op)
     << ", eps_io " << format_joules(p.eps_io) << ", pi_io " << format_joules(p.pi_io);
  for (const auto& [k, v] : lent) os << ", " << k << "=" << format_number(v);
  return os.str();
}

std::pair<json, std::string> compare_case(const Case& c, const std::vector<AlgorithmComplexity>& algos,
                                          const std::map<std::string, double>& params) {
  const IcePlatform platform = ice_platform(*c.hw);
  const auto lent = platform_parameters(*c.hw);
  for (const auto& a : algos)
    if (c.input && a.inputs != c.input->family)
      throw InputError(a.name + " takes " + (a.inputs.empty() ? "no input sets" : a.inputs + " inputs") + ", not the " +
                       c.input->family + " '" + c.input->name + "'; give its parameters with --param");
  std::map<std::string, double> given;
  if (c.input)
    for (const auto& [k, v] : c.input->values) given[k] = v.value;
  for (const auto& [k, v] : params) given[k] = v;
  std::vector<AlgoResult> results;
  for (const auto& a : algos) {
    AlgoResult r{&a, evaluate_complexity(a, given, lent), {}, 0};
    r.energy = ice_energy(platform, r.complexity.workload);
    r.eq15 = ice_complexity(r.complexity.workload);
    results.push_back(std::move(r));
  }
  json j{{"platform", c.hw->name}, {"platform_file", c.hw->file}};
  if (c.input) j["matrix"] = c.input->name;
  json list = json::array();
  for (const auto& r : results) list.push_back(algo_json(r));
  j["algorithms"] = list;
  std::ostringstream os;
  os << platform_line(*c.hw, platform, lent, params) << (c.input ? "; matrix " + c.input->name : "") << "\n";
  Table t({"algorithm", "work", "span", "I/O", "static", "ops", "I/O energy", "energy", "bound", "largest"});
  for (const auto& r : results) {
    const auto& w = r.complexity.workload;
    t.add({r.algo->name, digits(w.work, 6), digits(w.span, 6), digits(w.io, 6),
           format_joules(r.energy.static_joules), format_joules(r.energy.ops_joules),
           format_joules(r.energy.io_joules), format_joules(r.energy.total()), bound_name(r.energy.bound),
           largest_share(r.energy)});
  }
  os << t.text();
  if (results.size() >= 2) {
    const double ratio = results[0].energy.total() / results[1].energy.total();
    j["ratio"] = ratio;
    j["ratio_platform_independent"] = results[0].eq15 / results[1].eq15;
    os << "E(" << results[0].algo->name << ") / E(" << results[1].algo->name << ") = " << digits(ratio, 6)
       << " (Eq. 15, platform-independent: " << digits(results[0].eq15 / results[1].eq15, 6) << "): "
       << (ratio == 1 ? "both use the same energy" : (ratio > 1 ? results[1].algo->name : results[0].algo->name) +
                                                              std::string(" uses less energy"))
       << "\n";
  }
  for (const auto& r : results)
    for (const auto& n : r.complexity.notes) os << "note: " << n << "\n";
  return {j, os.str()};
}

void run_compare(const CompareOptions& o) {
  if (o.algos.empty()) throw InputError("give at least one --algo");
  std::vector<AlgorithmComplexity> algos;
  for (const auto& a : o.algos) algos.push_back(load_algorithm(a));
  const auto params = parse_params(o.params);
  check_param_names(params, algos);
  std::vector<Hardware> platforms;
  for (const auto& p : o.platforms) platforms.push_back(load_platform(p));
  std::vector<InputSet> sets;
  if (!o.matrices.empty())
    sets = read_input_sets_file(o.inputs.empty() ? (fs::path(energy_dir()) / (std::string(kInputs) + ".xml")).string()
                                                 : o.inputs);
  std::vector<const InputSet*> chosen;
  for (const auto& m : o.matrices) {
    if (m == "all") {
      for (const auto& s : sets) chosen.push_back(&s);
      continue;
    }
    auto it = std::find_if(sets.begin(), sets.end(), [&](const InputSet& s) { return s.name == m; });
    if (it == sets.end()) {
      std::string known;
      for (const auto& s : sets) known += (known.empty() ? "" : ", ") + s.name;
      throw InputError("unknown matrix '" + m + "' (Table 7: " + known + ", or all)");
    }
    chosen.push_back(&*it);
  }
  if (chosen.empty()) chosen.push_back(nullptr);
  json cases = json::array();
  std::string text;
  for (const auto& hw : platforms)
    for (const InputSet* s : chosen) {
      auto [j, t] = compare_case({&hw, s}, algos, params);
      cases.push_back(j);
      text += (text.empty() ? "" : "\n") + t;
    }
  if (o.json) emit(cases.size() == 1 ? cases.front() : json{{"comparisons", cases}});
  else emit("ICE energy (Tran and Ha 2016, Eq. 6, 12, 14 and 15)\n" + text);
}

void add_compare(CLI::App& energy) {
  auto o = std::make_shared<CompareOptions>();
  CLI::App* cmd = energy.add_subcommand("compare", "Energy of algorithms on a platform by the ICE model: static, "
                                                   "operations, I/O, CPU- or memory-bound, and their ratio");
  cmd->add_option("--platform", o->platforms, "Platform: a shipped name (pacer hw list) or a hardware file; repeatable")
      ->required();
  cmd->add_option("--algo", o->algos, "Algorithm: spmv-csr, spmv-csc, spmv-csb, matmul-basic, matmul-co, ... or a "
                                      "file; repeat to compare (ratio is first over second)")
      ->required();
  cmd->add_option("--matrix", o->matrices, "Input matrix of Table 7 (e.g. bone010), or all; repeatable");
  cmd->add_option("--inputs", o->inputs, "Input-set file for --matrix (default: the shipped Table 7)");
  cmd->add_option("--param", o->params, "Bind a parameter: NAME=VALUE (repeatable; overrides the matrix and B, Z, N)");
  cmd->add_flag("--json", o->json, "Print JSON");
  cmd->callback([o] { run_compare(*o); });
}

void add_list(CLI::App& energy) {
  auto as_json = std::make_shared<bool>(false);
  CLI::App* cmd = energy.add_subcommand("list", "List the shipped ICE algorithms, input matrices and platforms");
  cmd->add_flag("--json", *as_json, "Print JSON");
  cmd->callback([as_json] {
    json algos = json::array();
    Table t({"algorithm", "work", "span", "I/O"});
    for (const auto& f : shipped(energy_dir(), kInputs)) {
      const AlgorithmComplexity a = read_algorithm_file(f.string());
      json params = json::array();
      for (const auto& p : a.parameters)
        params.push_back({{"name", p.name}, {"meaning", p.meaning}, {"default", p.default_text}});
      algos.push_back({{"name", a.name},
                       {"title", a.title},
                       {"file", a.file},
                       {"inputs", a.inputs},
                       {"parameters", params},
                       {"work", {{"formula", a.work.text}, {"source", a.work.source}}},
                       {"span", {{"formula", a.span.text}, {"source", a.span.source}}},
                       {"io", {{"formula", a.io.text}, {"source", a.io.source}}}});
      t.add({a.name, a.work.text, a.span.text, a.io.text});
    }
    const auto sets = read_input_sets_file((fs::path(energy_dir()) / (std::string(kInputs) + ".xml")).string());
    json matrices = json::array();
    std::string names;
    for (const auto& s : sets) {
      json v = json::object();
      for (const auto& [k, x] : s.values) v[k] = {{"value", x.value}, {"source", x.source}};
      matrices.push_back({{"name", s.name}, {"values", v}});
      names += (names.empty() ? "" : ", ") + s.name;
    }
    const auto platforms = ice_platform_names();
    if (*as_json) return emit(json{{"algorithms", algos}, {"matrices", matrices}, {"platforms", platforms}});
    std::string plats;
    for (const auto& p : platforms) plats += (plats.empty() ? "" : ", ") + p;
    emit("algorithms (" + energy_dir() + "):\n" + t.text() + "\nmatrices (Table 7): " + names +
         "\nplatforms with ICE figures: " + plats + "\n");
  });
}

struct MeasureOptions {
  std::string root = "/sys/class/powercap";
  double tick = 0.1;
  bool json = false;
};

void run_measure(const MeasureOptions& o) {
  const std::vector<std::string>& argv = compile_flags();  // everything after `--`: here the program
  if (argv.empty()) throw InputError("give the program to measure after --: pacer energy measure -- PROG ARGS");
  if (!(o.tick > 0) || o.tick > 60) throw InputError("--tick must be a positive number of seconds, at most 60");
  const PowercapProbe probe = probe_powercap(o.root);
  const EnergyMeasurement m = measure_energy(argv, probe, o.tick);
  if (!m.run.ok())
    throw InputError("'" + argv.front() + "' failed (" + m.run.describe() + "): no energy recorded");
  json domains = json::array();
  Table t({"domain", "name", "energy", "mean power"});
  for (const auto& d : m.domains) {
    domains.push_back({{"id", d.domain.id}, {"name", d.domain.name}, {"joules", d.joules}});
    t.add({d.domain.id, d.domain.name, format_joules(d.joules), format_number(d.joules / m.run.seconds) + " W"});
  }
  if (o.json)
    return emit(json{{"program", argv}, {"seconds", m.run.seconds}, {"energy_joules", m.package_joules},
                     {"source", "RAPL through " + o.root}, {"samples", m.samples}, {"domains", domains}});
  emit("energy of '" + argv.front() + "' (RAPL through " + o.root + ", " + std::to_string(m.samples) +
       " samples): " + format_joules(m.package_joules) + " in " + format_seconds(m.run.seconds) + "\n" + t.text());
}

void add_measure(CLI::App& energy) {
  auto o = std::make_shared<MeasureOptions>();
  CLI::App* cmd = energy.add_subcommand("measure", "Measure a program's energy with RAPL counters (powercap): "
                                                   "measure [...] -- PROG ARGS");
  cmd->add_option("--powercap-root", o->root, "Where the powercap interface is")->capture_default_str();
  cmd->add_option("--tick", o->tick, "Seconds between counter samples (a counter must not wrap twice between them)")
      ->capture_default_str();
  cmd->add_flag("--json", o->json, "Print JSON");
  cmd->callback([o] { run_measure(*o); });
}

}  // namespace

void add_energy_command(CLI::App& app) {
  CLI::App* energy = app.add_subcommand("energy", "Energy by the ICE model (compare, list) and by RAPL (measure)");
  energy->require_subcommand(1);
  add_compare(*energy);
  add_list(*energy);
  add_measure(*energy);
}

}  // namespace pacer::cli
