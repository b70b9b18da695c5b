#include "resource_models/icc/compiled_source.hpp"

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <map>
#include <optional>
#include <set>

#include "framework/constructs.hpp"
#include "framework/error.hpp"
#include "framework/file_text.hpp"
#include "framework/program_run.hpp"
#include "resource_models/intcc/ir_code.hpp"
#include "llvm/Support/BLAKE3.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

namespace pacer {

namespace fs = std::filesystem;

namespace {

// A make rule as clang -MD writes it: "target: dep dep \<newline> dep",
// spaces in names escaped with a backslash.
std::vector<std::string> read_dependencies(const std::string& path) {
  const std::optional<std::string> text = file_text(path);
  if (!text) throw InputError(path + ": the compiler wrote no dependency list");
  const std::string& s = *text;
  std::vector<std::string> out;
  std::string word;
  bool target_done = false;
  auto flush = [&] {
    if (word.empty()) return;
    if (target_done) out.push_back(fs::absolute(word).lexically_normal().string());
    else if (word.back() == ':') target_done = true;
    word.clear();
  };
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size() && (s[i + 1] == '\n' || s[i + 1] == ' ')) {
      if (s[i + 1] == ' ') word += ' ';
      ++i;
      if (s[i] == '\n') flush();
    } else if (s[i] == ' ' || s[i] == '\n' || s[i] == '\t') {
      flush();
    } else {
      word += s[i];
    }
  }
  flush();
  return out;
}

// The width of an AT&T size letter: b, w, l or d, q.
double letter_bytes(char c) {
  switch (c) {
    case 'b': return 1;
    case 'w': return 2;
    case 'l':
    case 'd': return 4;
    default: return 8;
  }
}

// Bytes one instruction moves, read from its operands' spelling (AT&T).
// Where the mnemonic names a narrower memory operand than its register,
// the memory's: an extension (movslq, movzbl: movs or movz, then the
// source's letter and the destination's) loads its source, 4 bytes of an
// int index for movslq, not the 8 of the register it fills; a broadcast
// loads one element (or one 16-byte lane), whatever register it fills.
double access_bytes(const icc::MachineInstruction& i) {
  if (!i.may_load && !i.may_store) return 0;
  const std::string& t = i.text;
  const std::string op = t.substr(0, t.find_first_of(" \t"));
  auto ends = [&](const char* s) { return op.size() >= 2 && op.compare(op.size() - 2, 2, s) == 0; };
  if (op.size() == 6 && (op.starts_with("movs") || op.starts_with("movz"))) return letter_bytes(op[4]);
  if (op == "vbroadcastss") return 4;
  if (op == "vbroadcastsd") return 8;
  if (op == "vbroadcastf128" || op == "vbroadcasti128") return 16;
  if (op.size() == 12 && op.starts_with("vpbroadcast")) return letter_bytes(op.back());
  if (t.find("%zmm") != std::string::npos) return 64;
  if (t.find("%ymm") != std::string::npos) return 32;
  if (t.find("%xmm") != std::string::npos && (ends("ps") || ends("pd") || op.find("dq") != std::string::npos)) return 16;
  if (ends("ss")) return 4;
  if (ends("sd")) return 8;
  if (op == "movd" || op == "vmovd") return 4;
  // Packed integer work on an xmm register (vpaddd) ends in 'd' too, and
  // reads 16 bytes: left at 8, as before, until its own rule.
  const char letter = op.empty() ? 'q' : op.back();
  return letter == 'd' ? 8 : letter_bytes(letter);
}

// Packed work, as a vectorised loop body has and scalar code does not:
// register copies (movaps) and zeroing idioms (xorps, pxor) do not count.
bool is_vector(const icc::MachineInstruction& i) {
  std::string op = i.text.substr(0, i.text.find_first_of(" \t"));
  if (op.size() > 1 && op[0] == 'v') op = op.substr(1);
  auto ends = [&](const char* s) { return op.size() >= 2 && op.compare(op.size() - 2, 2, s) == 0; };
  const bool memory = i.may_load || i.may_store;
  if (op.rfind("xorp", 0) == 0 || op == "pxor") return false;
  if (op.rfind("mov", 0) == 0) return memory && (ends("ps") || ends("pd") || op.find("dq") != std::string::npos);
  if (ends("ps") || ends("pd")) return true;
  for (const char* p : {"padd", "psub", "pmul", "pand", "por", "pcmp", "pmax", "pmin", "pshuf", "pblend"})
    if (op.rfind(p, 0) == 0) return true;
  return false;
}

icc::PricedInstruction priced(const icc::MachineInstruction& i, const icc::MachineFunction& f, icc::FileTable& files) {
  icc::PricedInstruction out{i.line,       files.index(i.file), i.is_conditional_branch, i.is_call,  i.is_return,   i.may_load,
                             i.may_store, i.text,              access_bytes(i),         is_vector(i), {}, i.address - f.address};
  // A call costs at least a call and return (the description's "call"); one
  // to a C library function a construct stands for costs that construct.
  if (i.is_call) {
    const char* construct = library_construct(i.callee);
    out.call_construct = construct ? construct : "call";
  }
  return out;
}

// The extra latency given one load at a time to find its chain slope:
// enough to stand well above MCA's rounding, little enough that a load off
// every chain stays hidden behind the reorder buffer.
constexpr unsigned chain_probe_cycles = 20;
// Loops with more such loads than this keep slope 0 for the rest: each
// probe is a simulation of its own.
constexpr size_t most_chain_probes = 32;

// The machine trips per entry at which a loop nest is simulated whole, and
// the longest run of instructions simulated as one iteration: past it the
// loop's own steady state carries the curve on.
constexpr double nest_trips[] = {1, 2, 4, 8, 16, 32, 64};
constexpr size_t longest_nest_run = 2048;
// Instructions simulated per point: MCA's cost grows with them, and a few
// iterations of a long run already reach its steady state.
constexpr size_t nest_run_instructions = 6000;

// PricedFunction::nest_cycles for loop `l`: its parent's own instructions
// before it, the loop's t times, the parent's after it, simulated as one
// iteration of the parent. Only for an innermost loop; the parent's other
// loops (a remainder of an unrolled loop, a loop after it) keep their own
// steady state and are left out of the run.
template <typename Cycles>
std::vector<std::pair<double, double>> nest_curve(const icc::PricedFunction& f, const std::vector<int>& innermost,
                                                  size_t l, Cycles cycles) {
  const icc::MachineLoop& loop = f.loops[l];
  if (loop.parent < 0) return {};
  for (const auto& c : f.loops)
    if (c.parent == static_cast<int>(l)) return {};
  const auto own = icc::simulated_instructions(innermost, static_cast<int>(l), f.instructions);
  const auto around = icc::simulated_instructions(innermost, loop.parent, f.instructions);
  if (own.empty()) return {};
  std::vector<size_t> before, after;
  for (size_t i : around) (i < loop.first ? before : after).push_back(i);
  std::vector<std::pair<double, double>> curve;
  for (const double t : nest_trips) {
    std::vector<size_t> run = before;
    for (int k = 0; k < static_cast<int>(t); ++k) run.insert(run.end(), own.begin(), own.end());
    run.insert(run.end(), after.begin(), after.end());
    if (run.size() > longest_nest_run) break;
    curve.emplace_back(t, cycles(run));
  }
  return curve;
}

// Whether each instruction's block calls out of the function (a block
// starts at a branch target or after a branch), for the whole function at
// once.
std::vector<bool> in_calling_block(const icc::MachineFunction& f) {
  const auto& code = f.instructions;
  std::set<uint64_t> targets;
  for (const auto& ins : code)
    if (ins.is_branch && ins.branch_target) targets.insert(*ins.branch_target);
  auto starts_block = [&](size_t i) {
    return i == 0 || targets.count(code[i].address) || code[i - 1].is_branch || code[i - 1].is_return;
  };
  std::vector<bool> out(code.size(), false);
  for (size_t first = 0; first < code.size();) {
    size_t next = first + 1;
    while (next < code.size() && !starts_block(next)) ++next;
    const bool call = std::any_of(code.begin() + static_cast<long>(first), code.begin() + static_cast<long>(next),
                                  [](const icc::MachineInstruction& i) { return i.is_call; });
    std::fill(out.begin() + static_cast<long>(first), out.begin() + static_cast<long>(next), call);
    first = next;
  }
  return out;
}

// The instructions of `run` (one loop's own, in address order) that an
// iteration may skip: those an unconditional forward jump within the run
// skips, and the blocks that call out (`calling`: sqrt's call that sets
// errno, an error report), which a branch takes only on a rare path. The
// counted run decides whether they ran (machine_costs.cpp).
std::vector<size_t> skippable(const icc::MachineFunction& f, const std::vector<size_t>& run,
                              const std::vector<bool>& calling) {
  std::vector<size_t> out;
  if (run.empty()) return out;
  const uint64_t end = f.instructions[run.back()].address;
  std::optional<uint64_t> until;
  for (size_t i : run) {
    const icc::MachineInstruction& ins = f.instructions[i];
    if (until && ins.address >= *until) until.reset();
    if (until || calling[i]) {
      out.push_back(i);
      continue;
    }
    const bool jump = ins.is_branch && !ins.is_conditional_branch && !ins.is_indirect_branch && !ins.is_call &&
                      !ins.is_return && ins.branch_target;
    if (jump && *ins.branch_target > ins.address && *ins.branch_target <= end) until = *ins.branch_target;
  }
  return out;
}

// Whether the loop's own instructions (`innermost`: icc::innermost_loops)
// hold a call.
bool makes_calls(const icc::MachineFunction& f, const icc::MachineLoop& l, const std::vector<int>& innermost,
                 int loop) {
  for (size_t i = l.first; i <= l.last && i < f.instructions.size(); ++i)
    if (innermost[i] == loop && f.instructions[i].is_call) return true;
  return false;
}

// A call to memcpy, memmove or memset reads and writes in the C library's
// code, which MCA does not see: with a constant size (a row, a struct), the
// call's bytes are those it moves, so that the memory term streams them.
void moved_bytes(const icc::MachineCode& code, const icc::MachineFunction& f, icc::PricedFunction& out) {
  for (size_t i = 0; i < f.instructions.size(); ++i) {
    const std::optional<MemoryMover> mover = f.instructions[i].is_call ? memory_mover(f.instructions[i].callee)
                                                                       : std::nullopt;
    if (!mover) continue;
    if (const auto size = icc::argument_constant(code, f, i, mover->size_argument); size && *size > 0)
      out.instructions[i].bytes = static_cast<double>(*size) * mover->bytes_per_size();
  }
}

// MCA runs a loop body 200 times for its steady state; the code outside
// loops runs once (price_calls_in_loops may lower a leaf's). Each load of a
// loop whose value reaches an address is run again with its latency raised
// (PricedInstruction::chain).
icc::PricedFunction price_function(const icc::MachineCode& code, const icc::MachineFunction& f, icc::FileTable& files,
                                   const icc::CpuModelCorrections& cpu_model, bool nest_curves) {
  icc::PricedFunction out;
  out.name = f.name;
  for (const auto& i : f.instructions) out.instructions.push_back(priced(i, f, files));
  out.loops = icc::loops(f);
  const std::vector<int> innermost = icc::innermost_loops(out.loops, f.instructions.size());
  auto cycles = [&](const std::vector<size_t>& simulated, unsigned iterations, const std::map<size_t, unsigned>& added) {
    return simulated.empty() ? 0.0 : icc::cycles_per_iteration(code, f, simulated, iterations, cpu_model, added).cycles;
  };
  const std::vector<bool> calling = in_calling_block(f);
  moved_bytes(code, f, out);
  for (size_t l = 0; l < out.loops.size(); ++l) {
    const auto simulated = icc::simulated_instructions(innermost, static_cast<int>(l), out.instructions);
    const double base = cycles(simulated, 200, {});
    out.loop_cycles.push_back(base);
    const std::vector<size_t> skipped = skippable(f, simulated, calling);
    std::vector<size_t> path;
    std::set_difference(simulated.begin(), simulated.end(), skipped.begin(), skipped.end(), std::back_inserter(path));
    out.loop_skipped.push_back(skipped);
    out.loop_path_cycles.push_back(skipped.empty() ? 0.0 : cycles(path, 200, {}));
    if (simulated.empty()) continue;
    // Only where the run is the whole iteration: in a loop that calls or
    // holds loops, the right path's chain runs through code the run leaves
    // out, and an iteration that long could not have run ahead of the
    // branch anyway (integration's Richardson test, after three estimates).
    if (!makes_calls(f, out.loops[l], innermost, static_cast<int>(l)) &&
        std::none_of(out.loops.begin(), out.loops.end(),
                     [&](const icc::MachineLoop& m) { return m.parent == static_cast<int>(l); }))
      for (const auto& [i, cycles] : icc::restart_cycles(code, f, simulated, cpu_model))
        out.instructions[i].restart = cycles;
    size_t probes = 0;
    for (const auto& [i, d] : icc::load_dependences(code, f, simulated)) {
      out.instructions[i].address_group = static_cast<int>(d.same_address_as);
      out.instructions[i].feeds_branch = d.feeds_branch;
      out.instructions[i].indirect = d.indirect;
      if (d.feeds_address && probes++ < most_chain_probes)
        out.instructions[i].chain =
            std::max(0.0, (cycles(simulated, 200, {{i, chain_probe_cycles}}) - base) / chain_probe_cycles);
    }
  }
  out.outside_cycles = cycles(icc::simulated_instructions(innermost, -1, out.instructions), 1, {});
  out.nest_cycles.resize(out.loops.size());
  for (size_t l = 0; nest_curves && l < out.loops.size(); ++l)
    out.nest_cycles[l] = nest_curve(out, innermost, l, [&](const std::vector<size_t>& run) {
      return cycles(run, std::max(4u, static_cast<unsigned>(nest_run_instructions / run.size())), {});
    });
  return out;
}

// The functions of `code` a call can go to, by the name a relocation gives
// and by their place in their section, found once for the whole file.
class Callees {
 public:
  explicit Callees(const icc::MachineCode& code) {
    for (size_t k = 0; k < code.functions().size(); ++k) {
      const icc::MachineFunction& g = code.functions()[k];
      by_name_.emplace(g.name, k);
      by_place_.emplace(std::pair{g.section, g.address}, k);
    }
  }
  // The index of the function a call instruction of `f` goes to: the one
  // its relocation names, or the one at its target in the same section;
  // none for a call out of the file or through a register.
  std::optional<size_t> of(const icc::MachineFunction& f, const icc::MachineInstruction& call) const {
    if (!call.callee.empty()) {
      const auto it = by_name_.find(call.callee);
      return it == by_name_.end() ? std::nullopt : std::optional<size_t>(it->second);
    }
    if (!call.branch_target) return std::nullopt;
    const auto it = by_place_.find({f.section, *call.branch_target});
    return it == by_place_.end() ? std::nullopt : std::optional<size_t>(it->second);
  }

 private:
  std::map<std::string, size_t> by_name_;
  std::map<std::pair<std::string, uint64_t>, size_t> by_place_;
};

// A function with no loops, no calls or jumps out of its own and no stores
// (a leaf: a clamp, a small formula the compiler kept out of line). One that
// stores may carry a chain from call to call through memory (a generator's
// state, a counter), which MCA, whose loads never wait for stores, would
// not see.
bool straight_leaf(const icc::MachineFunction& f, const icc::PricedFunction& g) {
  const uint64_t end = f.instructions.empty() ? 0 : f.instructions.back().address + f.instructions.back().size;
  return g.loops.empty() && std::none_of(f.instructions.begin(), f.instructions.end(), [&](const auto& i) {
           const bool out = i.is_branch && !i.is_return &&
                            (!i.branch_target || *i.branch_target < f.address || *i.branch_target >= end);
           return i.is_call || i.may_store || out;
         });
}

// A loop's calls to straight leaf functions of the same file run call after
// call, overlapped with the loop's own work and with each other, not each
// from an empty pipeline as outside_cycles prices a function's code once.
// Each such function costs, per call, what its body adds to the loop's
// simulated iteration where the call was (its own chain into the next
// call's argument included, when the loop makes one), the most over the
// loops that call it and never more than the single run. Calls and returns
// themselves stay out of the simulation, as in every loop.
void price_calls_in_loops(const icc::MachineCode& code, std::vector<icc::PricedFunction>& priced,
                          const icc::CpuModelCorrections& cpu_model) {
  const auto& functions = code.functions();
  const Callees callees(code);
  std::map<size_t, double> per_call;  // callee -> its most added cycles per call
  for (size_t fi = 0; fi < functions.size(); ++fi) {
    const icc::PricedFunction& pf = priced[fi];
    const std::vector<int> innermost = icc::innermost_loops(pf.loops, pf.instructions.size());
    for (size_t l = 0; l < pf.loops.size(); ++l) {
      std::map<size_t, std::vector<size_t>> calls;  // callee -> its call instructions in the loop
      for (size_t i = 0; i < pf.instructions.size(); ++i)
        if (innermost[i] == static_cast<int>(l) && pf.instructions[i].call)
          if (const auto g = callees.of(functions[fi], functions[fi].instructions[i]))
            if (straight_leaf(functions[*g], priced[*g])) calls[*g].push_back(i);
      for (const auto& [gi, sites] : calls) {
        const std::vector<int> none(priced[gi].instructions.size(), -1);
        const auto body = icc::simulated_instructions(none, -1, priced[gi].instructions);
        std::vector<icc::InstructionRef> run;
        for (size_t i = 0; i < pf.instructions.size(); ++i) {
          if (innermost[i] != static_cast<int>(l)) continue;
          if (std::binary_search(sites.begin(), sites.end(), i))
            for (size_t b : body) run.push_back({&functions[gi], b});
          else if (!pf.instructions[i].call && !pf.instructions[i].returns)
            run.push_back({&functions[fi], i});
        }
        const double with = icc::cycles_per_iteration(code, run, 200, cpu_model).cycles;
        const double added = std::max(0.0, with - pf.loop_cycles[l]) / static_cast<double>(sites.size());
        per_call[gi] = std::max(per_call[gi], added);
      }
    }
  }
  for (const auto& [gi, cycles] : per_call) priced[gi].outside_cycles = std::min(priced[gi].outside_cycles, cycles);
}

// The target's flags: a triple other than the compiler's default, with the
// cross headers of its sysroot.
std::vector<std::string> target_flags(const MachineCostOptions& o) {
  const std::string host = llvm::Triple::normalize(llvm::sys::getDefaultTargetTriple());
  if (o.triple.empty() || llvm::Triple::normalize(o.triple) == host) return {};
  std::vector<std::string> out = {"--target=" + o.triple};
  if (!o.sysroot.empty()) {
    if (!fs::is_directory(o.sysroot + "/include"))
      throw InputError(o.where, "icc/sysroot",
                       "'" + o.sysroot + "' holds no include folder: install the target's C headers (Debian: "
                       "libc6-dev-<arch>-cross, which setup.sh installs for arm64)");
    out.push_back("--sysroot=" + o.sysroot);
  }
  return out;
}

// Errors of the description's target, named at its <icc> element.
void check_description(const MachineCostOptions& o) {
  if (auto problem = icc::target_problem(o.triple, o.mcpu))
    throw InputError(o.where, "icc/" + problem->field, problem->message);
}

ProgramRun compile(const std::vector<std::string>& argv, const MachineCostOptions& o) {
  try {
    return run_program(argv);
  } catch (const InputError& e) {
    throw InputError(o.where, "icc/compiler", "the machine's compiler cannot be run: " + std::string(e.what()));
  }
}

// Compiles `source` into `stem`.o with its remarks and dependencies; the
// extra flags come last.
void compile_object(const std::string& source, const MachineCostOptions& o, const std::string& stem,
                    const std::vector<std::string>& extra) {
  std::vector<std::string> argv = {o.compiler};
  for (auto& f : target_flags(o)) argv.push_back(f);
  argv.insert(argv.end(), o.flags.begin(), o.flags.end());
  for (const std::string& a : {std::string("-g"), std::string("-c"), std::string("-w"), std::string("-MD"),
                               "-MF" + stem + ".d", std::string("-fsave-optimization-record"),
                               "-foptimization-record-file=" + stem + ".yaml"})
    argv.push_back(a);
  argv.insert(argv.end(), extra.begin(), extra.end());
  if (o.intermediate) argv.push_back("-emit-llvm");
  for (const std::string& a : {source, std::string("-o"), stem + ".o"}) argv.push_back(a);
  if (!compile(argv, o).ok())
    throw InputError(SourceLocation{source, 0}, "",
                     "does not compile with the machine's compiler '" + o.compiler + "' (" + o.where.str() + ")");
}

bool has_library_loops(const std::vector<icc::LoopRemark>& remarks) {
  return std::any_of(remarks.begin(), remarks.end(), [](const icc::LoopRemark& r) { return !r.library_call.empty(); });
}

}  // namespace

CompiledSource compile_and_price(const std::string& source, const MachineCostOptions& o, const std::string& stem,
                                 bool nest_curves) {
  check_description(o);
  compile_object(source, o, stem, {});
  std::vector<icc::LoopRemark> remarks = icc::read_loop_remarks(stem + ".yaml");
  std::string priced_stem = stem;
  // A loop the compiler made a call to memcpy or memset runs in the C
  // library, whose code MCA never sees: the loop would be priced at nothing.
  // Such a build is priced as the compiler's code for the same loops
  // without loop idioms (a vectorised copy or fill: the same bytes, and the
  // memory term prices them), and the remarks keep the calls so that a
  // note names each one.
  if (has_library_loops(remarks)) {
    priced_stem = stem + "-loops";
    compile_object(source, o, priced_stem, {"-mllvm", "-disable-loop-idiom-all"});
    std::vector<icc::LoopRemark> calls;
    for (auto& r : remarks)
      if (!r.library_call.empty()) calls.push_back(std::move(r));
    remarks = icc::read_loop_remarks(priced_stem + ".yaml");
    remarks.insert(remarks.end(), calls.begin(), calls.end());
  }
  CompiledSource out;
  out.dependencies = read_dependencies(stem + ".d");
  if (o.intermediate) {
    out.code = intcc::read_ir(priced_stem + ".o", fs::absolute(source).lexically_normal().string());
    out.code.cpu = o.mcpu;
    out.code.remarks = std::move(remarks);
    return out;
  }
  const icc::MachineCode code = icc::load_object(priced_stem + ".o", o.mcpu);
  out.code.source = fs::absolute(source).lexically_normal().string();
  out.code.triple = code.triple();
  out.code.cpu = code.cpu();
  out.code.branch_wait = icc::calibrated_branch_wait(code);
  out.code.files.push_back(out.code.source);
  icc::FileTable files(out.code.files);
  for (const auto& f : code.functions()) out.code.functions.push_back(price_function(code, f, files, o.cpu_model, nest_curves));
  price_calls_in_loops(code, out.code.functions, o.cpu_model);
  out.code.remarks = std::move(remarks);
  return out;
}

std::string content_digest(const std::string& bytes) {
  llvm::BLAKE3 hasher;
  hasher.update(llvm::StringRef(bytes));
  const auto digest = hasher.final();
  return llvm::toHex(llvm::ArrayRef<uint8_t>(digest.data(), digest.size()), /*LowerCase=*/true);
}

}  // namespace pacer
