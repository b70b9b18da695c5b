#include "resource_models/icc/block_counts.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <utility>
#include <vector>

#include "frontends/clang/clang_module.hpp"
#include "framework/file_text.hpp"
#include "framework/program_run.hpp"
#include "framework/scratch_dir.hpp"
#include "resource_models/icc/compiled_source.hpp"
#include "resource_models/icc/machine_code_cache.hpp"

#ifndef PACER_LLVM_BIN
#define PACER_LLVM_BIN ""
#endif

namespace pacer::icc {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// Raise when what is counted or how changes.
constexpr const char* counts_format = "pacer block counts 5";  // 5: write misses

bool ok_or(const ProgramRun& run, const std::string& what, std::string& why) {
  if (run.ok()) return true;
  why = what + " (" + run.describe() + ")";
  return false;
}

// The sources compiled as ICC compiles them (compiled_source.cpp: the same
// flags, -g included, which changes no code) and linked at fixed addresses,
// so that the symbol table's addresses are those the run executes.
bool build(const std::vector<std::string>& sources, const MachineCostOptions& o, bool without_loop_idioms,
           const fs::path& program, std::string& why) {
  std::vector<std::string> argv = {o.compiler};
  argv.insert(argv.end(), o.flags.begin(), o.flags.end());
  for (const char* a : {"-g", "-w", "-no-pie"}) argv.push_back(a);
  if (without_loop_idioms) argv.insert(argv.end(), {"-mllvm", "-disable-loop-idiom-all"});
  argv.insert(argv.end(), sources.begin(), sources.end());
  for (const std::string& a : {std::string("-o"), program.string(), std::string("-lm")}) argv.push_back(a);
  ProgramRun run;
  capture_output(argv, &run, true);
  return ok_or(run, "the program does not link with the machine's compiler", why);
}

// Function name -> address, from the program's symbol table.
std::map<std::string, std::uint64_t> function_addresses(const fs::path& program) {
  std::map<std::string, std::uint64_t> out;
  const std::string nm = std::string(PACER_LLVM_BIN).empty() ? "nm" : std::string(PACER_LLVM_BIN) + "/llvm-nm";
  std::istringstream lines(capture_output({nm, "--defined-only", program.string()}));
  for (std::string address, type, name; lines >> address >> type >> name;)
    if (type == "T" || type == "t") out.emplace(name, std::stoull(address, nullptr, 16));
  return out;
}

json pairs(const std::map<std::string, std::map<std::uint64_t, double>>& by_function) {
  json out = json::object();
  for (const auto& [f, counts] : by_function) {
    json of = json::array();
    for (const auto& [offset, n] : counts) of.push_back(json::array({offset, n}));
    out[f] = std::move(of);
  }
  return out;
}

void read_pairs(const json& j, std::map<std::string, std::map<std::uint64_t, double>>& into) {
  for (const auto& [f, of] : j.items())
    for (const auto& pair : of) into[f][pair.at(0).get<std::uint64_t>()] = pair.at(1).get<double>();
}

json to_json(const BlockCounts& c) {
  json out = pairs(c.executions), misses = json::object();
  for (const auto& [f, counts] : c.misses) {
    json of = json::array();
    for (const auto& [offset, m] : counts)
      of.push_back(json::array({offset, m.reads.l2, m.reads.l3, m.reads.l1, m.writes.l2, m.writes.l3, m.writes.l1}));
    misses[f] = std::move(of);
  }
  return {{"executions", out}, {"misses", misses}, {"calls", pairs(c.calls)}};
}

BlockCounts from_json(const json& j) {
  BlockCounts c;
  read_pairs(j.at("executions"), c.executions);
  read_pairs(j.at("calls"), c.calls);
  for (const auto& [f, of] : j.at("misses").items())
    for (const auto& m : of)
      c.misses[f][m.at(0).get<std::uint64_t>()] = {{m.at(1).get<double>(), m.at(2).get<double>(), m.at(3).get<double>()},
                                                    {m.at(4).get<double>(), m.at(5).get<double>(), m.at(6).get<double>()}};
  return c;
}

// The columns of callgrind's events line ("events: Ir Dr ... D1mr ..."),
// -1 for an event it does not count.
struct EventColumns {
  int ir = 0, first_level_reads = -1, last_level_reads = -1, first_level_writes = -1, last_level_writes = -1;
};
EventColumns event_columns(const std::string& line) {
  EventColumns c;
  std::istringstream names(line.substr(7));
  int k = 0;
  for (std::string name; names >> name; ++k) {
    if (name == "Ir") c.ir = k;
    if (name == "D1mr") c.first_level_reads = k;
    if (name == "DLmr") c.last_level_reads = k;
    if (name == "D1mw") c.first_level_writes = k;
    if (name == "DLmw") c.last_level_writes = k;
  }
  return c;
}

}  // namespace

double BlockCounts::at(const std::string& function, std::uint64_t offset) const {
  const auto f = executions.find(function);
  if (f == executions.end()) return 0;
  const auto n = f->second.find(offset);
  return n == f->second.end() ? 0.0 : n->second;
}

std::optional<double> BlockCounts::calls_at(const std::string& function, std::uint64_t offset) const {
  const auto f = calls.find(function);
  if (f == calls.end()) return std::nullopt;
  const auto n = f->second.find(offset);
  if (n == f->second.end()) return std::nullopt;
  return n->second;
}

Misses BlockCounts::misses_at(const std::string& function, std::uint64_t offset) const {
  const auto f = misses.find(function);
  if (f == misses.end()) return {};
  const auto m = f->second.find(offset);
  return m == f->second.end() ? Misses{} : m->second;
}

CallgrindCounts read_callgrind(const std::string& text) {
  CallgrindCounts out;
  std::istringstream lines(text);
  std::string function;
  EventColumns columns;
  bool call_cost = false;  // the line after calls= is the callee's inclusive cost
  double calls_made = 0;   // calls=N: the calls made from that line's address
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("events:", 0) == 0) {
      columns = event_columns(line);
    } else if (line.rfind("fn=", 0) == 0) {
      function = line.substr(3);
    } else if (line.rfind("calls=", 0) == 0) {
      call_cost = true;
      calls_made = std::strtod(line.c_str() + 6, nullptr);
    } else if (line.rfind("0x", 0) == 0) {
      std::istringstream fields(line);
      std::string address;
      fields >> address;
      if (std::exchange(call_cost, false)) {  // the call site: how often it called
        out.calls[function][std::stoull(address, nullptr, 16)] += calls_made;
        continue;
      }
      std::vector<double> values;  // callgrind leaves out trailing zeros
      for (double v; fields >> v;) values.push_back(v);
      auto value = [&](int column) { return column >= 0 && size_t(column) < values.size() ? values[size_t(column)] : 0.0; };
      const std::uint64_t at = std::stoull(address, nullptr, 16);
      out.executions[function][at] += value(columns.ir);
      if (columns.first_level_reads >= 0) {
        Misses& m = out.misses[function][at];
        m.reads.l2 += value(columns.first_level_reads);
        m.reads.l3 += value(columns.last_level_reads);
        m.writes.l2 += value(columns.first_level_writes);
        m.writes.l3 += value(columns.last_level_writes);
      }
    }
  }
  return out;
}

namespace {

// A run under callgrind takes 50 to 100 times as long as the program.
constexpr double most_seconds = 300;

// callgrind's output for one run of `program` with `args` (its own output
// discarded); nullopt, with the reason in `why`, when the run fails or
// takes longer than most_seconds (then `too_long` is set).
std::optional<std::string> run_callgrind(const fs::path& program, const std::string& args, const std::string& caches,
                                         const fs::path& out, std::string& why, bool& too_long) {
  ProgramRun run;
  const auto started = std::chrono::steady_clock::now();
  struct TooLong {};
  try {
    run = run_program({"/bin/sh", "-c",
                       "exec valgrind --tool=callgrind --dump-instr=yes --dump-line=no --compress-strings=no "
                       "--compress-pos=no " + (caches.empty() ? std::string() : "--cache-sim=yes " + caches + " ") +
                           "--callgrind-out-file=\"$1\" \"$0\" " + args + " >/dev/null 2>&1",
                       program.string(), out.string()},
                      {}, [&] {
                        if (std::chrono::steady_clock::now() - started > std::chrono::duration<double>(most_seconds))
                          throw TooLong{};
                      });
  } catch (const TooLong&) {
    too_long = true;
    why = "the run under valgrind took longer than " + std::to_string(int(most_seconds)) + " s";
    return std::nullopt;
  } catch (const InputError&) {  // the shell's 127: no valgrind
    why = "valgrind cannot be run (setup.sh installs it)";
    return std::nullopt;
  }
  if (!ok_or(run, "the program failed under valgrind", why)) return std::nullopt;
  std::optional<std::string> text = file_text(out);
  if (!text) why = "valgrind wrote no counts";
  return text;
}

// The program's own functions' counts, by offset from each function's start.
template <class T>
void own_functions(const std::map<std::string, std::map<std::uint64_t, T>>& by_address,
                   const std::map<std::string, std::uint64_t>& starts,
                   std::map<std::string, std::map<std::uint64_t, T>>& by_offset) {
  for (const auto& [function, counts] : by_address) {
    const auto start = starts.find(function);
    if (start == starts.end()) continue;  // the C library's, the loader's
    auto& of = by_offset[function];
    for (const auto& [address, n] : counts)
      if (address >= start->second) of[address - start->second] = n;
  }
}

BlockCounts by_offset(const std::string& callgrind, const fs::path& program) {
  BlockCounts counts;
  const auto starts = function_addresses(program);
  const CallgrindCounts read = read_callgrind(callgrind);
  own_functions(read.executions, starts, counts.executions);
  own_functions(read.misses, starts, counts.misses);
  own_functions(read.calls, starts, counts.calls);
  return counts;
}

// A loop the compiler made a library call is priced as the code built
// without loop idioms (compiled_source.cpp), and counted as that code.
bool without_loop_idioms(const std::vector<PricedCode>& code) {
  return std::any_of(code.begin(), code.end(), [](const PricedCode& c) {
    return std::any_of(c.remarks.begin(), c.remarks.end(), [](const LoopRemark& r) { return !r.library_call.empty(); });
  });
}

// Whether a loop of the code loads or stores through an address it loaded
// (a gather, a scatter): its lines come on demand, from level 2 too.
bool gathers(const std::vector<PricedCode>& code) {
  for (const auto& c : code)
    for (const auto& f : c.functions)
      for (const auto& i : f.instructions)
        if (i.indirect) return true;
  return false;
}

// Each read's misses of level 1, from a second run under a simulation of
// levels 1 and 2; without it (a run that fails), none are known.
void near_misses(const fs::path& program, const std::string& args, const std::string& caches, const fs::path& out,
                 BlockCounts& counts) {
  std::string why;
  bool too_long = false;
  const std::optional<std::string> near = run_callgrind(program, args, caches, out, why, too_long);
  if (!near) return;
  const BlockCounts first = by_offset(*near, program);
  for (const auto& [function, of] : first.misses)
    for (const auto& [offset, m] : of) {  // its first level: level 1
      counts.misses[function][offset].reads.l1 = m.reads.l2;
      counts.misses[function][offset].writes.l1 = m.writes.l2;
    }
}

// The cache's name for the counts: the priced code stands for the program
// (it changes with the sources, their headers, the compiler and the
// flags), so a second prediction neither builds nor runs anything.
std::string counts_key(const std::vector<PricedCode>& code, const MachineCostOptions& o, const std::string& args) {
  std::string key = std::string(counts_format) + "\n" + o.compiler + "\n" + args + "\n" + o.simulated_caches + "\n" +
                    o.simulated_near_caches + "\n";
  for (const auto& f : o.flags) key += f + " ";
  for (const auto& c : code) key += "\n" + to_json(c);
  return content_digest(key);
}

std::optional<BlockCounts> count(const std::vector<PricedCode>& code, const std::vector<std::string>& sources,
                                 const MachineCostOptions& o, const std::string& args, std::string& why) {
  if (!o.triple.empty() && o.triple != default_target_triple()) {
    why = "the machine's target " + o.triple + " is not this one's";
    return std::nullopt;
  }
  const fs::path dir = cache_directory();
  const fs::path entry = dir.empty() ? fs::path() : dir / "blocks" / (counts_key(code, o, args) + ".json");
  if (!dir.empty())
    if (auto text = file_text(entry)) try {
        return from_json(json::parse(*text));
      } catch (const json::exception&) {  // a damaged entry is counted again
      }
  ScratchDir scratch("pacer-blocks");
  const fs::path program = scratch.path / "program";
  if (!build(sources, o, without_loop_idioms(code), program, why)) return std::nullopt;
  const fs::path out = scratch.path / "callgrind.out";
  bool too_long = false;
  std::optional<std::string> callgrind = run_callgrind(program, args, o.simulated_caches, out, why, too_long);
  // A geometry valgrind refuses still leaves the blocks to count, without
  // the misses; a run too long is not tried again.
  if (!callgrind && !o.simulated_caches.empty() && !too_long) callgrind = run_callgrind(program, args, "", out, why, too_long);
  if (!callgrind) return std::nullopt;
  BlockCounts counts = by_offset(*callgrind, program);
  if (gathers(code) && !counts.misses.empty() && !o.simulated_near_caches.empty())
    near_misses(program, args, o.simulated_near_caches, out, counts);
  if (!dir.empty()) write_cache_entry(entry, to_json(counts).dump());
  return counts;
}

}  // namespace

std::optional<BlockCounts> count_blocks(const std::vector<PricedCode>& code, const std::vector<std::string>& sources,
                                        const MachineCostOptions& o, const std::string& args, std::string& why) {
  try {
    return count(code, sources, o, args, why);
  } catch (const InputError& e) {  // a tool that cannot be started
    why = e.what();
    return std::nullopt;
  }
}

}  // namespace pacer::icc
