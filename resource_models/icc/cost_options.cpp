// How a hardware description says ICC's code is compiled and priced, and
// at what cycle time.
#include <algorithm>
#include <cmath>
#include <sstream>

#include "resource_models/icc/machine_costs.hpp"
#include "framework/hardware.hpp"

namespace pacer {

double cycle_time(const Hardware& hw, const std::string& needed_by) {
  if (hw.has("icc", "t_cyc")) return hw.require("icc", "t_cyc", needed_by).value;
  return 1 / hw.require("cpu", "clock", needed_by).value;
}

// A CPU model can be wrong where the machine was measured: LLVM's znver5
// is Zen 4's model, with a 3-cycle floating-point add where this Zen 5
// machine's chain of dependent adds takes 2, six instructions dispatched a
// cycle where it sustains nearly eight, 72 loads in flight where it holds
// about 210, 64 floating-point instructions waiting where it holds as
// many as its window. The description's
// dependent costs of the floating-point constructs, in whole cycles,
// replace the model's latencies; its dispatch width and queues replace
// the model's.
icc::CpuModelCorrections cpu_model_corrections(const Hardware& hw) {
  icc::CpuModelCorrections out;
  auto count = [&](const char* name) {
    return hw.has("icc", name) ? static_cast<unsigned>(std::lround(hw.require("icc", name, "icc").value)) : 0u;
  };
  out.dispatch_width = count("dispatch_width");
  out.reorder_buffer = count("reorder_buffer");
  out.fp_queue = count("fp_queue");
  out.int_queue = count("int_queue");
  out.load_queue = count("load_queue");
  out.store_queue = count("store_queue");
  auto cycles = [&](const char* name) {
    return hw.has("icc", name) && (hw.has("icc", "t_cyc") || hw.has("cpu", "clock"))
               ? static_cast<unsigned>(std::lround(hw.require("icc", name, "icc").value / cycle_time(hw, "icc")))
               : 0u;
  };
  out.fp_bypass = cycles("fp_bypass");
  out.fp_logic = cycles("fp_logic");
  out.fp_logic_bypass = cycles("fp_logic_bypass");
  // Two vector loads and a store take the time of the two loads where the
  // store has pipes of its own, and of three where it takes a load's. Only
  // a machine clearly at two has them apart: the Zen 5 of hw/host.xml took
  // 4.96 cycles for 8 loads and 4 stores where 8 loads took 4.0 in a
  // benchmark of another session (2.48 loads' time a group), between the
  // two, and with such figures would keep the model's pipes.
  if (hw.has("icc", "vector_load") && hw.has("icc", "vector_load_store"))
    out.vector_stores_apart = hw.require("icc", "vector_load_store", "icc").value <
                              2.2 * hw.require("icc", "vector_load", "icc").value;
  const HwSection* hllc = hw.section("hllc");
  const HwSection* intcc = hw.section("intcc");
  if ((!hllc && !intcc) || !(hw.has("icc", "t_cyc") || hw.has("cpu", "clock"))) return out;
  const double t_cyc = cycle_time(hw, "icc");
  for (const char* c : {"double_add", "float_add", "double_mul", "float_mul", "double_div", "float_div",
                        "double_sqrt", "float_sqrt"}) {
    if (!hllc) break;
    auto it = hllc->params.find(c);
    if (it == hllc->params.end() || it->second.dependent <= 0) continue;
    out.latencies[c] = static_cast<unsigned>(std::max(1.0, std::round(it->second.dependent / t_cyc)));
  }
  // The independent form of a divide or a square root is its throughput:
  // four interleaved chains keep the unit busy. The scalar forms are HLLC
  // constructs; the vector forms, at each width, IntCC's classes
  // ("double_div.v2").
  auto occupancy = [&](const HwSection& section, const std::string& name) {
    auto it = section.params.find(name);
    if (it == section.params.end() || it->second.value <= 0) return;
    out.occupancies[name] = static_cast<unsigned>(std::max(1.0, std::round(it->second.value / t_cyc)));
  };
  for (const char* c : {"double_div", "float_div", "double_sqrt", "float_sqrt"}) {
    if (hllc) occupancy(*hllc, c);
    if (intcc)
      for (const auto& [name, figure] : intcc->params)
        if (name.starts_with(std::string(c) + ".v")) occupancy(*intcc, name);
  }
  return out;
}

// Two levels as valgrind's first and last: its simulation has two. Level 2
// and level 3 decide what a load waits for beyond level 1 (whose latency
// the CPU model already gives every load); level 1 and level 2, which of a
// gather's lines leave level 1 at all.
std::string simulated_caches(const Hardware& hw, const char* first, const char* last) {
  auto figure = [&](const std::string& name) { return hw.has("memory", name) ? hw.require("memory", name, "icc").value : 0.0; };
  const double line = figure("line_size");
  if (line <= 0) return "";
  std::string out;
  for (const auto& [level, flag] : {std::pair{first, "--D1="}, std::pair{last, "--LL="}}) {
    const double size = figure(std::string(level) + "_size");
    if (size <= 0 || !hw.has("memory", std::string(level) + "_ways")) return "";
    const long long lines = std::llround(size / line), ways = std::llround(figure(std::string(level) + "_ways"));
    // valgrind takes only a power of two of sets: the most that leave at
    // least the level's ways (a 30 MiB, 20-way level is simulated as 30-way),
    // all of them for a fully associative level (0 ways).
    long long sets = 1;
    while (ways > 0 && sets * 2 * ways <= lines) sets *= 2;
    const long long simulated_ways = std::max(1LL, lines / sets);
    out += (out.empty() ? "" : " ") + std::string(flag) + std::to_string(sets * simulated_ways * std::llround(line)) +
           "," + std::to_string(simulated_ways) + "," + std::to_string(std::llround(line));
  }
  return out;
}

MachineCostOptions machine_cost_options(const Hardware& hw, const std::vector<std::string>& user_flags,
                                        const std::string& model) {
  auto section = hw.sections.find("icc");
  auto attribute = [&](const char* name) {
    if (section == hw.sections.end() || !section->second.attributes.count(name))
      throw MissingFigure(section == hw.sections.end() ? SourceLocation{hw.file, 0} : section->second.where, "icc",
                          "the " + model + " model compiles code with the machine's <icc " + name +
                              "=...>, which '" + hw.name +
                              "' does not give (<icc compiler=\"clang\" flags=\"-O2\" mcpu=\"LLVM's name of its "
                              "CPU\">; pacer calibrate writes it for this machine)");
    return section->second.attributes.at(name);
  };
  auto optional = [&](const char* name) {
    auto it = section->second.attributes.find(name);
    return it == section->second.attributes.end() ? std::string() : it->second;
  };
  MachineCostOptions o;
  o.compiler = attribute("compiler");
  o.mcpu = attribute("mcpu");
  o.triple = optional("triple");
  o.sysroot = optional("sysroot");
  o.where = section->second.where;
  std::istringstream flags(attribute("flags"));
  for (std::string f; flags >> f;) o.flags.push_back(f);
  o.flags.insert(o.flags.end(), user_flags.begin(), user_flags.end());
  o.cpu_model = cpu_model_corrections(hw);
  o.simulated_caches = simulated_caches(hw, "l2", "l3");
  o.simulated_near_caches = simulated_caches(hw, "l1", "l2");
  return o;
}

}  // namespace pacer
