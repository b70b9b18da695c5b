// One C source compiled for one machine and priced by MCA: the facts ICC's
// attachment (machine_costs.hpp) reads, free of LLVM, so that they can be
// kept on disk (machine_code_cache.hpp) and read back without compiling.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "resource_models/icc/machine_code.hpp"

namespace pacer::icc {

// What the attachment reads of one machine instruction.
struct PricedInstruction {
  unsigned line = 0;  // 0: no source position
  int file = -1;      // its source file: an index into PricedCode::files; -1: unknown
  bool conditional_branch = false;
  bool call = false;
  bool returns = false;
  bool loads = false;
  bool stores = false;
  std::string text;     // AT&T syntax, for reports; empty for IR
  double bytes = 0;     // bytes it loads or stores
  bool vector = false;  // packed work, as a vectorised loop body has
  // IR only: the instruction's IntCC class (resource_models/intcc/ir_classes.hpp);
  // empty for machine code.
  std::string ir_class;
  std::uint64_t offset = 0;  // machine code: its first byte's distance from its function's
  // Machine code, a load in a loop whose value reaches an address the loop
  // computes (a pointer chase, an index read from memory): the cycles an
  // iteration grows by per cycle this load's result comes later (MCA,
  // steady state), about 1 when the next iteration waits for it. 0 for
  // every other load, whose latency out-of-order execution hides.
  double chain = 0;
  // Machine code, a load in a loop, or a scatter's store: the index of the
  // loop's first load with the same address registers (its own when none
  // comes before), whose line the loads of one record share, and the store
  // of a read-modify-write too; -1 otherwise.
  int address_group = -1;
  // Machine code, a load in a loop whose value decides a conditional branch
  // of the iteration (machine_code.hpp, LoadDependence).
  bool feeds_branch = false;
  // Machine code, a load in a loop, or a store that does not load, whose
  // address comes from a value loaded in the loop (machine_code.hpp,
  // LoadDependence): a gather or a scatter, whose lines come on demand.
  bool indirect = false;
  // Machine code, a call: the construct ICC prices it at, since MCA leaves
  // calls out and does not see into the library: for a C library function
  // a construct stands for, that construct (framework/constructs.hpp,
  // library_construct: exp -> math_exp); for any other, "call" (a call and
  // its return). Empty for every other instruction.
  std::string call_construct;
  // Machine code, a conditional branch in a loop: the cycles from the start
  // of its right path after a misprediction to its next decision
  // (machine_code.hpp, restart_cycles); 0 for every other instruction and
  // where unknown.
  double restart = 0;
};

// IR only: a value one iteration of a loop hands to the next (a header
// phi), with the instructions on the longest path from it back to itself
// within one iteration, by class: the next iteration cannot start that
// work before this one ends it, so the loop runs at least at the path's
// latency (a sum, a pointer chase, a compare-and-select search).
struct Recurrence {
  unsigned line = 0;  // where the carried value is computed
  int file = -1;
  std::map<std::string, double> classes;
};

struct PricedFunction {
  std::string name;
  std::vector<PricedInstruction> instructions;
  std::vector<MachineLoop> loops;  // as icc::loops gives them
  // MCA's steady-state cycles per iteration of each loop's own instructions
  // (those of no inner loop), and of the code outside every loop run once
  // (for a leaf function a loop calls, what it adds to that loop's
  // iteration a call, when that is less); calls and returns are left out
  // (a callee is priced by its own SEG, a call at the description's cost).
  std::vector<double> loop_cycles;
  double outside_cycles = 0;
  // For an innermost loop inside another: MCA's cycles per
  // iteration of the parent, whose own instructions run around t machine
  // iterations of the loop, as (t, cycles) for rising t. A loop that runs a
  // few iterations per entry and starts its chain afresh each time (a dot
  // product per element) overlaps one entry's chain with the next's within
  // the reorder buffer, which the loop's own steady state cannot show.
  // Empty for every other loop.
  std::vector<std::vector<std::pair<double, double>>> nest_cycles;
  // Machine code, for each loop: its own instructions that an unconditional
  // forward jump inside it skips, reached only by a taken branch (an error
  // path such as sqrt's call that sets errno, or an arm), and MCA's cycles
  // per iteration without them (0 when there are none). A counted run that
  // never enters them prices the loop by the path it took: simulated, they
  // hold the units and slots the taken path needs. Empty for IR.
  std::vector<std::vector<size_t>> loop_skipped;
  std::vector<double> loop_path_cycles;
  // IR only: each loop's recurrences (empty for machine code).
  std::vector<std::vector<Recurrence>> loop_recurrences;
};

struct PricedCode {
  // LLVM IR read for IntCC (resource_models/intcc/ir_code.hpp) rather than
  // machine code priced by MCA: its instructions carry classes, not cycles.
  bool intermediate = false;
  std::string source;  // absolute and normalised
  std::string triple;
  std::string cpu;
  std::vector<PricedFunction> functions;
  std::vector<LoopRemark> remarks;
  // The files the instructions' lines are in (absolute, normalised): the
  // source, and the project files it includes whose functions were compiled.
  std::vector<std::string> files;
  // Machine code: the cycles the calibration's mispredicted branch waits
  // for its decision beyond its loop's own chain (machine_code.hpp,
  // calibrated_branch_wait); 0 where unknown.
  double branch_wait = 0;
};

// The code's file table (PricedCode::files), filled as instructions name
// files; each name as the line table gives it is normalised once.
class FileTable {
 public:
  explicit FileTable(std::vector<std::string>& files) : files_(files) {}
  int index(const std::string& file);

 private:
  std::vector<std::string>& files_;
  std::map<std::string, int> seen_;
};

// For each instruction, the innermost loop holding it (an index into
// `loops`), or -1 outside every loop.
std::vector<int> innermost_loops(const std::vector<MachineLoop>& loops, size_t instructions);

// The instructions MCA simulates for one region (loop index, -1 for outside
// every loop): its own, without calls and returns.
std::vector<size_t> simulated_instructions(const std::vector<int>& innermost, int region,
                                           const std::vector<PricedInstruction>& instructions);

std::string to_json(const PricedCode& code);
// Throws InputError when the text is not what to_json writes.
PricedCode priced_code_from_json(const std::string& text);

}  // namespace pacer::icc
