// The ICC model's RUVs from compiled code (Papaefstathiou et al. 1994 section 4.2.3, with
// LLVM MCA in place of the T800's instruction tables): the sources are
// compiled with the machine's recorded compiler and flags, each machine loop
// is matched to the SEG loop its instructions' source lines fall in, MCA
// prices one iteration of it, and the cycles are shared among the loop's
// compute nodes by the instructions each owns, divided by the source
// iterations one machine iteration does (the compiler's vectorisation and
// unrolling factors, from its optimisation remarks). Bytes moved per
// execution and the loop's working set go with the cycles, for the memory
// term (icc.cpp). The same attachment gives IntCC its RUVs from optimised
// IR (PricedCode::intermediate): instruction counts by class instead of
// cycles, and each loop's recurrences. This half reads no LLVM: compiling,
// MCA and the IR reader are the Clang module's (compiled_source.hpp), and
// their results are cached on disk.
#pragma once
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "framework/application_model.hpp"
#include "framework/hardware.hpp"
#include "resource_models/icc/machine_code.hpp"
#include "resource_models/icc/priced_code.hpp"

namespace pacer {
namespace icc {
struct BlockCounts;
}

struct MachineCostOptions {
  std::string compiler;
  std::vector<std::string> flags;  // the machine's, then the user's
  std::string mcpu;                // LLVM's name of the CPU, for MCA's scheduling model
  std::string triple;              // empty: the compiler's default target
  std::string sysroot;             // a cross target's headers (Debian: /usr/<triple>)
  // Where the description corrects the CPU model MCA simulates
  // (cycles_per_iteration): the dependent costs of the floating-point
  // constructs as latencies, the dispatch width and the window.
  icc::CpuModelCorrections cpu_model;
  // The description's level 2 and level 3 in valgrind's terms
  // ("--D1=bytes,ways,line --LL=bytes,ways,line"): the run that counts the
  // blocks (block_counts.hpp) then also counts each load's misses of them.
  // Empty when the description does not give both levels.
  std::string simulated_caches;
  // Level 1 and level 2 the same way: a program with gathers is counted a
  // second time under them, for the gathered lines that leave level 1.
  std::string simulated_near_caches;
  SourceLocation where;            // the description's <icc>, for errors
  // Read the optimised LLVM IR for IntCC (resource_models/intcc/ir_code.hpp)
  // instead of pricing the machine code: the same compilation stops before
  // code generation.
  bool intermediate = false;
};

// A machine RUV's entry "call_<construct>": calls per execution that cost
// that construct, which MCA cannot see into (calls and returns are left out
// of its simulation): "call" for a call and return of any function, a C
// library function's construct (math_exp) for a call to it.
inline constexpr std::string_view kCall = "call_";

// The machine's cycle time: <icc> t_cyc, else the inverse of the <cpu>
// clock; MissingFigure names `needed_by` when neither is given.
double cycle_time(const Hardware& hw, const std::string& needed_by);

// From the description's <icc compiler= flags= mcpu= [triple= sysroot=]>;
// throws MissingFigure.
// `model` names who needs them in the error ("icc", "intcc").
MachineCostOptions machine_cost_options(const Hardware& hw, const std::vector<std::string>& user_flags,
                                        const std::string& model = "icc");

// Attaches a machine RUV (cycles, bytes, working_set per execution) to every
// compute node of the model from the priced code of its sources; nodes with
// no machine code (folded by the compiler) get zero cycles. `bound`
// evaluates trip counts. Returns notes on what could not be matched.
// `counts`, when given, weights each loop's machine copies by how often
// they ran (block_counts.hpp); otherwise the copy inlined into a task, then
// the widest, stands for the loop.
std::vector<std::string> attach_machine_costs(ApplicationModel& model, const std::vector<icc::PricedCode>& code,
                                              const ParamValues& bound, const icc::BlockCounts* counts = nullptr);

// The same, with each source compiled and priced for the options, or read
// from the cache (machine_code_cache.hpp).
std::vector<std::string> attach_machine_costs(ApplicationModel& model, const std::vector<std::string>& sources,
                                              const MachineCostOptions& options, const ParamValues& bound);

}  // namespace pacer
