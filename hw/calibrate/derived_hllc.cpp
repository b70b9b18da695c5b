#include "hw/calibrate/derived_hllc.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <optional>

#include "framework/constructs.hpp"
#include "framework/scratch_dir.hpp"
#include "hw/calibrate/construct_benchmarks.hpp"
#include "resource_models/intcc/ir_classes.hpp"
#include "resource_models/icc/compiled_source.hpp"
#include "resource_models/icc/machine_costs.hpp"

namespace pacer::calibrate {

namespace {

// MCA's cycles per repetition of a benchmark's timed loop; none when the
// function or its loop is missing, or the loop calls out.
struct Priced {
  std::optional<double> cycles;
  std::string why_not;
};

Priced timed_loop(const icc::PricedCode& code, const std::string& benchmark) {
  const std::string name = benchmark_function(benchmark);
  for (const auto& f : code.functions) {
    if (f.name != name) continue;
    if (f.loops.empty()) return {std::nullopt, "the compiler left no loop in " + name};
    double cycles = 0;
    for (size_t l = 0; l < f.loops.size(); ++l) {
      for (size_t i = f.loops[l].first; i <= f.loops[l].last; ++i)
        if (f.instructions[i].call) return {std::nullopt, "its benchmark makes calls, which MCA leaves out"};
      cycles += f.loop_cycles[l];
    }
    return {cycles, ""};
  }
  // "irclass:double_div.v8:independent": the class between the colons.
  const size_t first = benchmark.find(':'), last = benchmark.rfind(':');
  if (const size_t bytes = first == last ? 0 : vector_bytes(benchmark.substr(first + 1, last - first - 1)); bytes > 16)
    return {std::nullopt, "the description's flags give no register that holds " + std::to_string(bytes) + " bytes"};
  return {std::nullopt, "no function " + name + " in the compiled benchmarks"};
}

Figure derived(double seconds, const std::string& mcpu, const std::string& how) {
  Figure f;
  f.value = std::max(0.0, seconds);
  f.written = f.value * 1e9;
  f.unit = "ns";
  f.estimated = true;
  f.source = "derived by pacer from LLVM MCA's " + mcpu + " model, not measured: the calibration's benchmark, " + how;
  return f;
}

}  // namespace

DerivedHllc derive_hllc(const Hardware& hw) {
  // The CPU model's own latencies and occupancies: a derived vector owes
  // nothing to the costs the description may already carry.
  MachineCostOptions options = machine_cost_options(hw, {});
  options.cpu_model.latencies.clear();
  options.cpu_model.occupancies.clear();
  const double t_cyc = cycle_time(hw, "derived hllc (MCA gives cycles; the clock makes them seconds)");
  ScratchDir dir("pacer-derive");
  const std::string source = (dir.path / "benchmarks.c").string();
  std::ofstream(source) << construct_benchmark_program();
  const CompiledSource compiled = compile_and_price(source, options, (dir.path / "benchmarks").string(), false);

  DerivedHllc out;
  out.hllc.name = "hllc";
  auto cycles = [&](const std::string& benchmark) { return timed_loop(compiled.code, benchmark); };
  const Priced base = cycles("baseline");
  if (!base.cycles) throw InputError("cannot derive HLLC costs for '" + hw.name + "': " + base.why_not);
  std::map<std::string, double> independent;  // seconds, for what later constructs subtract
  // Each benchmark of a table ("construct:" or "irclass:"), as calibration
  // measures it: less the loop and what its statement also performs.
  auto derive_table = [&](const std::vector<ConstructBenchmark>& table, const std::string& kind, HwSection& into) {
    for (const auto& b : table) {
      const Priced i = cycles(kind + b.construct + ":independent");
      bool known = i.cycles.has_value();
      for (const auto& m : b.minus) known = known && independent.count(m);
      if (!known) {
        into.unknown[b.construct] = i.cycles ? "a construct it subtracts is unknown" : i.why_not;
        continue;
      }
      double minus = 0;
      for (const auto& m : b.minus) minus += independent.at(m);
      Figure f = derived((*i.cycles - *base.cycles) / ops_per_repetition * t_cyc - minus, options.mcpu,
                         "independent form (four interleaved chains), loop cost subtracted");
      if (!b.dependent.empty())
        if (const Priced d = cycles(kind + b.construct + ":dependent"); d.cycles)
          f.dependent = std::max(0.0, *d.cycles / ops_per_repetition * t_cyc - minus);
      independent[b.construct] = f.value;
      into.params[b.construct] = f;
    }
  };
  derive_table(construct_benchmarks(), "construct:", out.hllc);
  derive_table(pipeline_pair_benchmarks(), "pair:", out.hllc);
  if (const Priced loop = cycles("loop"); loop.cycles && independent.count("int_add") && independent.count("int_cmp"))
    out.hllc.params["loop"] = derived(*loop.cycles * t_cyc - independent.at("int_add") - independent.at("int_cmp"),
                                      options.mcpu, "an empty counted loop, its increment and test subtracted");
  else
    out.hllc.unknown["loop"] = "not derived: the empty loop or the constructs it subtracts were not priced";
  for (const auto& c : constructs())
    if (!out.hllc.params.count(std::string(c.name)) && !out.hllc.unknown.count(std::string(c.name)))
      out.hllc.unknown[std::string(c.name)] = "pacer calibrate has no benchmark for it";
  out.intcc = intcc_from_constructs(out.hllc);
  derive_table(ir_class_benchmarks(), "irclass:", out.intcc);
  out.notes.push_back("costs derived for " + compiled.code.triple + " with the " + options.mcpu +
                      " scheduling model at " + std::to_string(1 / t_cyc / 1e9).substr(0, 5) + " GHz");
  return out;
}

}  // namespace pacer::calibrate
