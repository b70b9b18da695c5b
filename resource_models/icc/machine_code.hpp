// What the instruction-level (ICC) model reads from compiled code: the
// instructions of each function of an object file with their source positions,
// the loops the branches form, cycle estimates from LLVM's machine code
// analyser (MCA) and the compiler's vectorisation and unrolling remarks.
// LLVM types stay behind this header so that users need not include LLVM.
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "resource_models/icc/optimisation_record.hpp"

namespace pacer::icc {

namespace detail {
struct TargetContext;    // the LLVM MC objects of one triple and CPU
struct EncodedFunction;  // the decoded MCInsts of one function
}  // namespace detail

struct MachineInstruction {
  uint64_t address = 0;  // offset within the function's section
  uint64_t size = 0;
  // As the line table gives it (the same spelling as in the optimisation
  // record, so remarks and instructions match); empty and line 0 when the
  // instruction has no source position.
  std::string file;
  unsigned line = 0;
  unsigned column = 0;
  bool is_branch = false;
  bool is_conditional_branch = false;
  bool is_indirect_branch = false;  // through a register or memory: a switch's table
  bool is_call = false;
  bool is_return = false;
  bool may_load = false;
  bool may_store = false;
  // Section offset of a direct branch or call; none when indirect or left to
  // a relocation (calls to other functions in an object file).
  std::optional<uint64_t> branch_target;
  // A call to another function in an object file: the symbol its
  // relocation names ("exp"); empty otherwise.
  std::string callee;
  std::string text;  // AT&T syntax, for reports
};

struct MachineFunction {
  std::string name;
  std::string section;
  uint64_t address = 0;  // offset of its first byte within the section
  uint64_t size = 0;
  std::vector<MachineInstruction> instructions;
  // Bytes the disassembler could not decode; they are left out of instructions.
  uint64_t undecoded_bytes = 0;
  std::shared_ptr<const detail::EncodedFunction> encoded;
};

// Copies share the LLVM contexts and the MCInsts (the records are copied);
// moves are cheap.
class MachineCode {
 public:
  const std::string& triple() const { return triple_; }
  const std::string& cpu() const { return cpu_; }
  const std::vector<MachineFunction>& functions() const { return functions_; }
  const MachineFunction& function(const std::string& name) const;  // throws InputError

 private:
  friend MachineCode load_object(const std::string&, const std::string&);
  friend struct MachineCodeAccess;
  std::string triple_;
  std::string cpu_;
  std::vector<MachineFunction> functions_;
  std::shared_ptr<const detail::TargetContext> target_;
};

// Disassembles every function symbol of the object's executable sections for
// the object's triple and the CPU (an LLVM name such as "znver4"; pass it
// explicitly, as the host may be newer than LLVM knows). Throws InputError
// when the file is missing or not an object, the target or CPU is unknown or
// there is no debug information.
MachineCode load_object(const std::string& object_path, const std::string& mcpu);

// Why LLVM cannot read and price code for the triple (empty: the default)
// and CPU, if it cannot: the field at fault ("triple" or "mcpu") and why.
struct TargetProblem {
  std::string field;
  std::string message;
};
std::optional<TargetProblem> target_problem(const std::string& triple, const std::string& mcpu);

// A loop closed by backward branches to one head: branches to an earlier
// instruction from which control can come back to them (a vectorised loop's
// jump back to its scalar remainder is not a loop). Indices are into the
// function's instructions; parent is an index into the vector loops() returns.
struct MachineLoop {
  size_t first = 0;  // the first instruction of its code: a backward branch's target
  // The end of the loop's code: the latch, or further when the head of an
  // inner loop lies before the latch and that loop ends after it (rotated
  // outer loops branch back from the middle of their code).
  size_t last = 0;
  size_t latch = 0;    // the last backward branch to the head
  unsigned depth = 1;  // 1 for an outermost loop
  int parent = -1;     // the enclosing loop, -1 when none
  // Where control enters the loop, which runs once per iteration: `first`,
  // unless the compiler rotated the loop and enters it in the middle of its
  // code (a block on a rare path laid out after the entry, branching back).
  size_t head = 0;
};

// Ordered by first instruction, enclosing loops before the loops they contain; a loop
// contains another when its range [first, last] holds the other's.
std::vector<MachineLoop> loops(const MachineFunction& function);

// Steady-state cost of a straight run of instructions, as MCA simulates it.
struct IterationCycles {
  double cycles = 0;     // total simulated cycles / iterations; 0 if nothing was modelled
  unsigned skipped = 0;  // instructions MCA could not model, left out of the run
};

// Where the machine's description corrects the CPU model MCA simulates:
// LLVM may give a processor its predecessor's model (LLVM 22's znver5 is
// Zen 4's), whose latencies, dispatch width and queues are the
// predecessor's. 0 and empty keep the model's own.
struct CpuModelCorrections {
  // Cycles, by HLLC construct (double_add, float_mul, ...): they replace
  // the latency of the register forms of the x86 floating-point
  // instructions that do that construct (addsd, vaddpd, mulss, divsd, ...).
  std::map<std::string, unsigned> latencies;
  // Cycles a divide or square root keeps its unit busy (its reciprocal
  // throughput), by construct for the scalar forms (double_div, float_sqrt)
  // and by construct and lanes for the packed ones (double_div.v2 for
  // divpd, double_div.v8 for a 512-bit vdivpd): they replace the model's
  // occupancy of the units those x86 instructions use, in proportion.
  std::map<std::string, unsigned> occupancies;
  unsigned dispatch_width = 0;  // instructions dispatched per cycle
  unsigned reorder_buffer = 0;  // instructions in flight, dispatched to retired
  // Instructions waiting for operands: the size of the buffers an x86
  // floating-point add (fp) and an integer add (int) issue from.
  unsigned fp_queue = 0;
  unsigned int_queue = 0;
  unsigned load_queue = 0;   // loads dispatched and not retired
  unsigned store_queue = 0;  // stores dispatched and not retired
  // Cycles a floating-point multiply's result takes beyond its latency
  // when the next instruction to read it is an add (the pipes it crosses).
  unsigned fp_bypass = 0;
  // Cycles of a floating-point bitwise operation (andpd, orpd: a compiled
  // select's blend), and what an add's result takes beyond its latency to
  // reach one.
  unsigned fp_logic = 0;
  unsigned fp_logic_bypass = 0;
  // Vector stores measured beside vector loads without slowing them: the
  // resources the model makes stores share with vector loads (where it has
  // such) are left to the loads.
  bool vector_stores_apart = false;
};

// Simulates the instructions (indices into function.instructions, in the
// order given) repeated `iterations` times on the scheduling model of the
// CPU given to load_object, as `corrections` amend it. The function must
// come from `code` (std::invalid_argument otherwise). Throws InputError
// when the CPU has no scheduling model or iterations is 0.
// MCA warns on stderr once per call if the run holds a call or a return.
// `added_latency` (cycles, by index into function.instructions) makes those
// instructions' results later still: how much a loop's cycles grow with a
// load's latency tells whether the next iteration waits for that load.
IterationCycles cycles_per_iteration(const MachineCode& code, const MachineFunction& function,
                                     const std::vector<size_t>& instruction_indices,
                                     unsigned iterations = 200,
                                     const CpuModelCorrections& corrections = {},
                                     const std::map<size_t, unsigned>& added_latency = {});

// One instruction of a function of the code, by its index there.
struct InstructionRef {
  const MachineFunction* function = nullptr;
  size_t index = 0;
};

// The same for a run drawn from several functions of `code`: a loop's
// instructions with the body of a function it calls where its call was.
IterationCycles cycles_per_iteration(const MachineCode& code, const std::vector<InstructionRef>& run,
                                     unsigned iterations = 200, const CpuModelCorrections& corrections = {});

// What register dataflow says of each load among `instruction_indices` (a
// loop's own instructions, in order; indices into function.instructions),
// and of each store that does not load whose address comes from a value
// loaded in the loop (a scatter: only `indirect` set, in the group of the
// nearest load before it with the same memory operand and no write to its
// registers between, a read-modify-write's, else in a group of its own).
// A load whose address moves by a fixed step (registers the loop does not
// write or only steps) feeds nothing here: a prefetcher brings its lines
// ahead, and nothing waits for them.
struct LoadDependence {
  // Its value reaches an address the loop computes, in this iteration or the
  // next (a pointer chase, an index read from memory): the loop waits for it.
  bool feeds_address = false;
  // Its value decides a conditional branch of the iteration: when the branch
  // is mispredicted, the right path starts only once the load arrives.
  bool feeds_branch = false;
  // Its address comes from a value loaded in the loop (a gather through an
  // index read from memory, or a scatter): no prefetcher brings its lines
  // ahead.
  bool indirect = false;
  // The first load of the loop with the same address registers (itself when
  // none comes before): loads of one record, whose line the first brings,
  // and a store to a line such a load brought.
  size_t same_address_as = 0;
};
std::map<size_t, LoadDependence> load_dependences(const MachineCode& code, const MachineFunction& function,
                                                  const std::vector<size_t>& instruction_indices);

// For each conditional branch among `instruction_indices` (a loop's own
// instructions, in order; indices into function.instructions), the cycles
// from the start of its right path after a misprediction to its next
// decision: the chain of register dependences round the loop to it (the
// loads that decide a merge's next compare, from an index the compare
// moved). None for a target whose calibration branch has no x86 opcodes
// (calibrated_branch_wait() 0).
std::map<size_t, double> restart_cycles(const MachineCode& code, const MachineFunction& function,
                                        const std::vector<size_t>& instruction_indices,
                                        const CpuModelCorrections& corrections = {});

// The cycles the branch `pacer calibrate` mispredicts waits for its
// decision beyond its loop's own chain (a compare with a byte in memory),
// which the description's `mispredict` holds beside the pipeline's refill;
// 0 where the target has no such opcode.
double calibrated_branch_wait(const MachineCode& code);

// The constant the call at `call` (an index into function.instructions)
// passes as its integer argument `argument` (from 0), when its block moves
// an immediate into that argument's register: memcpy's size. x86-64 only
// (the System V calling convention); none elsewhere or when not constant.
std::optional<int64_t> argument_constant(const MachineCode& code, const MachineFunction& function, size_t call,
                                         unsigned argument);

}  // namespace pacer::icc
