// LLVM's MC layer decodes the object, its DWARF line table places each
// instruction in the source, and MCA simulates loop bodies on the CPU's
// scheduling model: the same machinery as llvm-objdump and llvm-mca.
#include "resource_models/icc/machine_code.hpp"

#include <cstdint>
#include <deque>
#include <iterator>
#include <algorithm>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <stdexcept>
#include <tuple>

#include "framework/error.hpp"
#include "llvm/ADT/StringMap.h"
#include "llvm/DebugInfo/DWARF/DWARFContext.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCInstrAnalysis.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/MCA/Context.h"
#include "llvm/MCA/HardwareUnits/LSUnit.h"
#include "llvm/MCA/HardwareUnits/RegisterFile.h"
#include "llvm/MCA/HardwareUnits/RetireControlUnit.h"
#include "llvm/MCA/HardwareUnits/Scheduler.h"
#include "llvm/MCA/Stages/DispatchStage.h"
#include "llvm/MCA/Stages/EntryStage.h"
#include "llvm/MCA/Stages/ExecuteStage.h"
#include "llvm/MCA/Stages/RetireStage.h"
#include "llvm/MCA/CustomBehaviour.h"
#include "llvm/MCA/InstrBuilder.h"
#include "llvm/MCA/SourceMgr.h"
#include "llvm/MCA/Support.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/Support/raw_ostream.h"

namespace pacer::icc {

namespace detail {

struct TargetContext {
  llvm::Triple triple;
  std::string cpu;
  const llvm::Target* target = nullptr;
  std::unique_ptr<llvm::MCRegisterInfo> registers;
  std::unique_ptr<llvm::MCAsmInfo> asm_info;
  std::unique_ptr<llvm::MCInstrInfo> instr_info;
  std::unique_ptr<llvm::MCSubtargetInfo> subtarget;
  std::unique_ptr<llvm::MCInstrAnalysis> analysis;  // may be null for some targets
  // Opcodes by LLVM's name, filled on first use (replace_latency).
  mutable std::once_flag opcodes_once;
  mutable llvm::StringMap<unsigned> opcodes;
  // The resources its stores share with vector loads, found on first use
  // (load_pipes_of_stores).
  mutable std::once_flag load_pipes_once;
  mutable std::vector<uint64_t> load_pipes;
};

struct EncodedFunction {
  std::shared_ptr<const TargetContext> target;  // the MCInsts' opcodes are this target's
  std::vector<llvm::MCInst> insts;              // parallel to MachineFunction::instructions
};

}  // namespace detail

struct MachineCodeAccess {
  static const detail::TargetContext& target(const MachineCode& code) { return *code.target_; }
};

namespace {

using detail::EncodedFunction;
using detail::TargetContext;

// LLVM's YAML errors quote the offending source lines below the first.
std::string message(llvm::Error error) {
  std::string text = llvm::toString(std::move(error));
  return text.substr(0, text.find('\n'));
}

void initialise_llvm() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeAllTargetInfos();
    llvm::InitializeAllTargetMCs();
    llvm::InitializeAllDisassemblers();
  });
}

// A subtarget made with an unknown CPU only warns on stderr, so the name is
// checked on a generic subtarget first.
std::unique_ptr<llvm::MCSubtargetInfo> make_subtarget(const TargetContext& t, const std::string& cpu) {
  const std::string triple = t.triple.str();
  std::unique_ptr<llvm::MCSubtargetInfo> generic(t.target->createMCSubtargetInfo(t.triple, "", ""));
  if (!generic) throw InputError("no subtarget information for " + triple);
  if (!generic->isCPUStringValid(cpu))
    throw InputError("CPU '" + cpu + "' is not known to LLVM for " + triple);
  return std::unique_ptr<llvm::MCSubtargetInfo>(t.target->createMCSubtargetInfo(t.triple, cpu, ""));
}

std::shared_ptr<TargetContext> make_target(const llvm::Triple& triple, const std::string& cpu) {
  initialise_llvm();
  auto t = std::make_shared<TargetContext>();
  t->triple = triple;
  t->cpu = cpu;
  std::string error;
  t->target = llvm::TargetRegistry::lookupTarget(triple, error);
  if (!t->target) throw InputError("unknown target '" + triple.str() + "': " + error);
  t->registers.reset(t->target->createMCRegInfo(triple));
  t->asm_info.reset(t->target->createMCAsmInfo(*t->registers, triple, llvm::MCTargetOptions()));
  t->instr_info.reset(t->target->createMCInstrInfo());
  if (!t->registers || !t->asm_info || !t->instr_info)
    throw InputError("LLVM has no machine code support for " + triple.str());
  t->subtarget = make_subtarget(*t, cpu);
  t->analysis.reset(t->target->createMCInstrAnalysis(t->instr_info.get()));
  return t;
}

std::unique_ptr<llvm::object::ObjectFile> open_object(const std::string& path,
                                                      std::unique_ptr<llvm::MemoryBuffer>& buffer) {
  auto file = llvm::MemoryBuffer::getFile(path);
  if (!file) throw InputError(path + ": " + file.getError().message());
  buffer = std::move(*file);
  auto object = llvm::object::ObjectFile::createObjectFile(buffer->getMemBufferRef());
  if (!object) throw InputError(path + ": not an object file: " + message(object.takeError()));
  if (!(*object)->isELF()) throw InputError(path + ": not an ELF object file");
  return std::move(*object);
}

// The MC objects used only while decoding.
struct Decoder {
  std::unique_ptr<llvm::MCContext> context;
  std::unique_ptr<llvm::MCDisassembler> disassembler;
  std::unique_ptr<llvm::MCInstPrinter> printer;
};

Decoder make_decoder(const TargetContext& t) {
  Decoder d;
  d.context = std::make_unique<llvm::MCContext>(t.triple, t.asm_info.get(), t.registers.get(),
                                                t.subtarget.get());
  d.disassembler.reset(t.target->createMCDisassembler(*t.subtarget, *d.context));
  d.printer.reset(t.target->createMCInstPrinter(t.triple, 0, *t.asm_info, *t.instr_info, *t.registers));
  if (!d.disassembler || !d.printer)
    throw InputError("LLVM has no disassembler for " + t.triple.str());
  d.printer->setPrintBranchImmAsAddress(true);
  return d;
}

// Section offsets that a relocation patches, with the symbol it names
// (empty when none): the operand bytes there are placeholders, so a branch
// through them has no known target yet, and a call through them goes to
// that symbol.
std::map<uint64_t, std::string> relocated_offsets(const llvm::object::ObjectFile& object,
                                                  const llvm::object::SectionRef& section) {
  std::map<uint64_t, std::string> offsets;
  for (const llvm::object::SectionRef& candidate : object.sections()) {
    auto target = candidate.getRelocatedSection();
    if (!target) {
      llvm::consumeError(target.takeError());
      continue;
    }
    if (*target == object.section_end() || **target != section) continue;
    for (const llvm::object::RelocationRef& r : candidate.relocations()) {
      std::string name;
      if (auto symbol = r.getSymbol(); symbol != object.symbol_end()) {
        if (auto n = symbol->getName()) name = n->str();
        else llvm::consumeError(n.takeError());
      }
      offsets.emplace(r.getOffset(), std::move(name));
    }
  }
  return offsets;
}

// The relocation that patches an instruction's bytes, if one does.
const std::string* patched(const std::map<uint64_t, std::string>& relocated, uint64_t address, uint64_t size) {
  auto it = relocated.lower_bound(address);
  return it != relocated.end() && it->first < address + size ? &it->second : nullptr;
}

struct SectionView {
  const llvm::object::SectionRef* section;
  std::string name;
  llvm::ArrayRef<uint8_t> bytes;
  std::map<uint64_t, std::string> relocated;
};

std::string trim(std::string text) {
  const char* blank = " \t\n";
  size_t begin = text.find_first_not_of(blank);
  if (begin == std::string::npos) return {};
  return text.substr(begin, text.find_last_not_of(blank) + 1 - begin);
}

void describe(MachineInstruction& out, const llvm::MCInst& inst, const TargetContext& t,
              const SectionView& section, Decoder& decoder) {
  const llvm::MCInstrDesc& desc = t.instr_info->get(inst.getOpcode());
  out.is_branch = desc.isBranch();
  out.is_indirect_branch = desc.isIndirectBranch();
  out.is_conditional_branch = desc.isConditionalBranch();
  out.is_call = desc.isCall();
  out.is_return = desc.isReturn();
  out.may_load = desc.mayLoad();
  out.may_store = desc.mayStore();
  uint64_t target = 0;
  const std::string* relocation = patched(section.relocated, out.address, out.size);
  if (t.analysis && !relocation && t.analysis->evaluateBranch(inst, out.address, out.size, target))
    out.branch_target = target;
  if (out.is_call && relocation) out.callee = *relocation;
  std::string text;
  llvm::raw_string_ostream os(text);
  // x86 branch displacements count from the next instruction.
  uint64_t base = t.triple.isX86() ? out.address + out.size : out.address;
  decoder.printer->printInst(&inst, base, "", *t.subtarget, os);
  out.text = trim(os.str());
}

// The instruction's source line and file; the file with its folder (a line
// table names an included file apart from its directory).
void place(MachineInstruction& out, llvm::DWARFContext& dwarf, const SectionView& section) {
  using llvm::DILineInfoSpecifier;
  DILineInfoSpecifier spec(DILineInfoSpecifier::FileLineInfoKind::AbsoluteFilePath,
                           DILineInfoSpecifier::FunctionNameKind::None);
  llvm::object::SectionedAddress where{section.section->getAddress() + out.address,
                                       section.section->getIndex()};
  llvm::DILineInfo info = dwarf.getLineInfoForAddress(where, spec).value_or(llvm::DILineInfo());
  out.line = info.Line;
  out.column = info.Column;
  if (info.FileName != llvm::DILineInfo::BadString) out.file = info.FileName;
}

struct FunctionSymbol {
  std::string name;
  uint64_t address;  // within the section
  uint64_t size;
};

MachineFunction decode(const FunctionSymbol& symbol, const SectionView& section,
                       const std::shared_ptr<const TargetContext>& t, Decoder& decoder,
                       llvm::DWARFContext& dwarf) {
  MachineFunction f{symbol.name, section.name, symbol.address, symbol.size, {}, 0, nullptr};
  auto encoded = std::make_shared<EncodedFunction>();
  encoded->target = t;
  const uint64_t end = std::min<uint64_t>(symbol.address + symbol.size, section.bytes.size());
  for (uint64_t at = symbol.address; at < end;) {
    llvm::MCInst inst;
    uint64_t size = 0;
    auto status = decoder.disassembler->getInstruction(inst, size, section.bytes.slice(at, end - at),
                                                       at, llvm::nulls());
    if (status != llvm::MCDisassembler::Success) {
      size = std::max<uint64_t>(size, 1);
      f.undecoded_bytes += size;
      at += size;
      continue;
    }
    MachineInstruction& out = f.instructions.emplace_back();
    out.address = at;
    out.size = size;
    describe(out, inst, *t, section, decoder);
    place(out, dwarf, section);
    encoded->insts.push_back(inst);
    at += size;
  }
  f.encoded = std::move(encoded);
  return f;
}

// Function symbols of one section, aliases of one address once.
std::vector<FunctionSymbol> function_symbols(const llvm::object::ObjectFile& object,
                                             const llvm::object::SectionRef& section) {
  std::map<uint64_t, FunctionSymbol> by_address;
  for (const llvm::object::ELFSymbolRef symbol : object.symbols()) {
    auto type = symbol.getType();
    auto in = symbol.getSection();
    auto name = symbol.getName();
    auto address = symbol.getAddress();
    if (!type || !in || !name || !address) {
      llvm::consumeError(type.takeError());
      llvm::consumeError(in.takeError());
      llvm::consumeError(name.takeError());
      llvm::consumeError(address.takeError());
      continue;
    }
    if (*type != llvm::object::SymbolRef::ST_Function || *in != section || symbol.getSize() == 0)
      continue;
    uint64_t offset = *address - section.getAddress();
    by_address.try_emplace(offset, FunctionSymbol{name->str(), offset, symbol.getSize()});
  }
  std::vector<FunctionSymbol> out;
  for (auto& entry : by_address) out.push_back(std::move(entry.second));
  return out;
}

SectionView view(const llvm::object::ObjectFile& object, const llvm::object::SectionRef& section,
                 const std::string& path) {
  auto name = section.getName();
  auto contents = section.getContents();
  if (!name || !contents)
    throw InputError(path + ": unreadable section: " +
                     message(name ? contents.takeError() : name.takeError()));
  return {&section, name->str(), llvm::arrayRefFromStringRef(*contents), relocated_offsets(object, section)};
}

std::unique_ptr<llvm::DWARFContext> read_dwarf(const llvm::object::ObjectFile& object,
                                               const std::string& path) {
  // Problems in the debug sections surface as missing positions, not as noise on stderr.
  auto quiet = [](llvm::Error e) { llvm::consumeError(std::move(e)); };
  auto dwarf = llvm::DWARFContext::create(object, llvm::DWARFContext::ProcessDebugRelocations::Process,
                                          nullptr, "", quiet, quiet);
  if (dwarf->getNumCompileUnits() == 0)
    throw InputError(path + ": no debug information (compile with -g)");
  return dwarf;
}

}  // namespace

const MachineFunction& MachineCode::function(const std::string& name) const {
  for (const MachineFunction& f : functions_)
    if (f.name == name) return f;
  throw InputError("no function '" + name + "' in the machine code");
}

MachineCode load_object(const std::string& object_path, const std::string& mcpu) {
  std::unique_ptr<llvm::MemoryBuffer> buffer;
  auto object = open_object(object_path, buffer);
  llvm::Triple triple(llvm::Triple::normalize(object->makeTriple().str()));
  std::shared_ptr<const TargetContext> target = make_target(triple, mcpu);
  auto dwarf = read_dwarf(*object, object_path);
  Decoder decoder = make_decoder(*target);
  MachineCode code;
  code.triple_ = target->triple.str();
  code.cpu_ = mcpu;
  for (const llvm::object::SectionRef& section : object->sections()) {
    if (!section.isText()) continue;
    SectionView v = view(*object, section, object_path);
    for (const FunctionSymbol& symbol : function_symbols(*object, section))
      code.functions_.push_back(decode(symbol, v, target, decoder, *dwarf));
  }
  code.target_ = std::move(target);
  return code;
}

std::optional<TargetProblem> target_problem(const std::string& triple, const std::string& mcpu) {
  const llvm::Triple t(llvm::Triple::normalize(triple.empty() ? llvm::sys::getDefaultTargetTriple() : triple));
  try {
    make_target(t, "generic");
  } catch (const InputError& e) {
    return TargetProblem{"triple", e.what()};
  }
  try {
    if (!make_target(t, mcpu)->subtarget->getSchedModel().hasInstrSchedModel())
      return TargetProblem{"mcpu", "CPU '" + mcpu + "' has no scheduling model in LLVM for MCA; name one that has"};
  } catch (const InputError& e) {
    return TargetProblem{"mcpu", e.what()};
  }
  return std::nullopt;
}

// ---- loops

namespace {

// The instruction at a section offset, if one starts there.
std::optional<size_t> index_at(const std::vector<MachineInstruction>& code, uint64_t address) {
  auto it = std::lower_bound(code.begin(), code.end(), address,
                             [](const MachineInstruction& i, uint64_t a) { return i.address < a; });
  if (it == code.end() || it->address != address) return std::nullopt;
  return static_cast<size_t>(it - code.begin());
}

// Whether control can flow from one instruction to another. An indirect
// jump (a switch's table) may go anywhere, so it counts as reaching.
bool reaches(const MachineFunction& f, size_t from, size_t to) {
  const auto& code = f.instructions;
  std::vector<bool> seen(code.size());
  std::vector<size_t> work{from};
  auto visit = [&](size_t i) {
    if (i < code.size() && !seen[i]) seen[i] = true, work.push_back(i);
  };
  while (!work.empty()) {
    size_t i = work.back();
    work.pop_back();
    if (i == to) return true;
    const MachineInstruction& in = code[i];
    if (in.is_return) continue;
    if (in.is_indirect_branch) return true;
    if (in.is_branch && in.branch_target)
      if (auto next = index_at(code, *in.branch_target)) visit(*next);
    if (!in.is_branch || in.is_conditional_branch) visit(i + 1);
  }
  return false;
}

// Head -> outermost latch. A backward branch closes a loop only if its target
// leads back to it: a vectorised loop's exit jumps back to the scalar
// remainder laid out before it, which never returns to the vector code.
std::map<size_t, size_t> back_edges(const MachineFunction& f) {
  std::map<size_t, size_t> latches;
  for (size_t i = 0; i < f.instructions.size(); ++i) {
    const MachineInstruction& branch = f.instructions[i];
    if (!branch.is_branch || !branch.branch_target) continue;
    uint64_t target = *branch.branch_target;
    if (target < f.address || target > branch.address) continue;
    auto head = index_at(f.instructions, target);
    if (!head || !reaches(f, *head, i)) continue;
    size_t& latch = latches[*head];
    latch = std::max(latch, i);
  }
  return latches;
}

// A rotated outer loop may branch back from the middle of its code, with an
// inner loop laid out after that branch: an inner head inside the range
// stretches the range over the inner loop. Needs ranges ordered by head.
void stretch(std::vector<MachineLoop>& ranges) {
  for (size_t i = ranges.size(); i-- > 0;)
    for (size_t j = i + 1; j < ranges.size() && ranges[j].first <= ranges[i].last; ++j)
      ranges[i].last = std::max(ranges[i].last, ranges[j].last);
}

void nest(std::vector<MachineLoop>& ranges) {
  std::vector<int> open;  // the loops enclosing the current one, innermost last
  for (size_t i = 0; i < ranges.size(); ++i) {
    while (!open.empty() && ranges[open.back()].last < ranges[i].last) open.pop_back();
    if (!open.empty()) {
      ranges[i].parent = open.back();
      ranges[i].depth = ranges[open.back()].depth + 1;
    }
    open.push_back(static_cast<int>(i));
  }
}

// The instructions of [first, last] that control enters from outside it
// and that lead on to its latch: targets of branches from outside, and
// `first` when the code before it falls through (the padding that aligns a
// loop does not count).
std::set<size_t> entries(const MachineFunction& f, size_t first, size_t last, size_t latch) {
  const auto& code = f.instructions;
  std::set<size_t> out;
  size_t before = first;
  while (before > 0 && llvm::StringRef(code[before - 1].text).starts_with("nop")) --before;
  const bool falls_through =
      before == 0 || (!code[before - 1].is_return && (!code[before - 1].is_branch || code[before - 1].is_conditional_branch));
  if (falls_through) out.insert(first);
  for (size_t i = 0; i < code.size(); ++i) {
    if (i >= first && i <= last) continue;
    if (!code[i].is_branch || !code[i].branch_target) continue;
    if (auto target = index_at(code, *code[i].branch_target);
        target && *target >= first && *target <= last && reaches(f, *target, latch))
      out.insert(*target);
  }
  return out;
}

// A loop is entered at one place. A range entered at one place in its
// middle is a rotated loop, whose iterations are counted at that entry. A
// backward branch inside it whose own range control also enters at that
// place, and that calls out, is no loop of its own but part of the rotated
// one (sqrt's call that sets errno, laid out after the entry and jumping
// back into the body): it is dropped.
void rotated(const MachineFunction& f, std::vector<MachineLoop>& ranges) {
  std::vector<std::set<size_t>> in;
  for (const MachineLoop& l : ranges) in.push_back(entries(f, l.first, l.last, l.latch));
  auto calls_out = [&](const MachineLoop& l) {
    return std::any_of(f.instructions.begin() + static_cast<long>(l.first),
                       f.instructions.begin() + static_cast<long>(l.last) + 1,
                       [](const MachineInstruction& i) { return i.is_call; });
  };
  std::vector<MachineLoop> kept;
  for (size_t i = 0; i < ranges.size(); ++i) {
    const MachineLoop& l = ranges[i];
    bool part_of_another = false;
    for (size_t o = 0; o < ranges.size() && in[i].size() > 1 && calls_out(l); ++o) {
      const MachineLoop& r = ranges[o];
      part_of_another = part_of_another || (o != i && r.first <= l.first && r.last >= l.last && in[o].size() == 1 &&
                                            *in[o].begin() > r.first && in[i].count(*in[o].begin()));
    }
    if (part_of_another) continue;
    kept.push_back(l);
    kept.back().head = in[i].size() == 1 ? *in[i].begin() : l.first;
  }
  ranges = std::move(kept);
}

}  // namespace

std::vector<MachineLoop> loops(const MachineFunction& function) {
  std::vector<MachineLoop> out;
  for (auto [head, latch] : back_edges(function)) out.push_back({head, latch, latch, 1, -1, head});
  stretch(out);
  rotated(function, out);
  nest(out);
  return out;
}

// ---- MCA

namespace {

// LLVM's MCA (seen in release 16) loses the dependency through an eliminated register move
// (znver3/znver4 eliminate vector moves): a reduction chain running through
// a movaps came out three times too fast. Kept as ordinary instructions,
// moves cost an issue slot but carry their dependency.
class MovesKept : public llvm::MCInstrAnalysis {
 public:
  MovesKept(const llvm::MCInstrInfo* info, const llvm::MCInstrAnalysis& inner)
      : llvm::MCInstrAnalysis(info), inner_(inner) {}
  bool clearsSuperRegisters(const llvm::MCRegisterInfo& registers, const llvm::MCInst& inst,
                            llvm::APInt& writes) const override {
    return inner_.clearsSuperRegisters(registers, inst, writes);
  }
  bool isZeroIdiom(const llvm::MCInst& inst, llvm::APInt& mask, unsigned cpu) const override {
    return inner_.isZeroIdiom(inst, mask, cpu);
  }
  bool isDependencyBreaking(const llvm::MCInst& inst, llvm::APInt& mask, unsigned cpu) const override {
    return inner_.isDependencyBreaking(inst, mask, cpu);
  }
  bool isOptimizableRegisterMove(const llvm::MCInst&, unsigned) const override { return false; }

 private:
  const llvm::MCInstrAnalysis& inner_;
};

// The builder owns the descriptors its instructions point to, so it lives
// as long as the simulation.
struct Simulated {
  explicit Simulated(const TargetContext& t)
      : analysis(t.analysis ? std::make_unique<MovesKept>(t.instr_info.get(), *t.analysis) : nullptr),
        instruments(*t.subtarget, *t.instr_info),
        builder(*t.subtarget, *t.instr_info, *t.registers, analysis.get(), instruments, /*CallLatency=*/100) {}
  std::unique_ptr<MovesKept> analysis;
  llvm::mca::InstrumentManager instruments;
  llvm::mca::InstrBuilder builder;
  llvm::SmallVector<std::unique_ptr<llvm::mca::Instruction>> sequence;
  std::deque<llvm::mca::WriteDescriptor> writes;  // the latencies replaced, owned here
  std::deque<llvm::mca::InstrDesc> descriptors;   // the resources replaced, owned here
  std::vector<size_t> from;                       // each instruction's place in the run built
  unsigned skipped = 0;
};

// The HLLC construct an x86 floating-point instruction does, by LLVM's name
// of its opcode ("VADDSDrr", "MULPSrr", "VDIVPDYrr"), or null.
const char* fp_construct(llvm::StringRef opcode) {
  opcode.consume_front("V");
  static const std::pair<const char*, const char*> table[] = {
      {"ADDSD", "double_add"}, {"SUBSD", "double_add"}, {"ADDPD", "double_add"}, {"SUBPD", "double_add"},
      {"ADDSS", "float_add"},  {"SUBSS", "float_add"},  {"ADDPS", "float_add"},  {"SUBPS", "float_add"},
      {"MULSD", "double_mul"}, {"MULPD", "double_mul"}, {"MULSS", "float_mul"},  {"MULPS", "float_mul"},
      {"DIVSD", "double_div"}, {"DIVPD", "double_div"}, {"DIVSS", "float_div"},  {"DIVPS", "float_div"},
      {"SQRTSD", "double_sqrt"}, {"SQRTPD", "double_sqrt"}, {"SQRTSS", "float_sqrt"}, {"SQRTPS", "float_sqrt"}};
  for (const auto& [prefix, construct] : table)
    if (opcode.starts_with(prefix)) return construct;
  return nullptr;
}

// The opcode of that LLVM name ("ADDPDrr"), if the target has it.
std::optional<unsigned> opcode_named(const TargetContext& t, const std::string& name) {
  std::call_once(t.opcodes_once, [&] {
    for (unsigned o = 0; o < t.instr_info->getNumOpcodes(); ++o) t.opcodes[t.instr_info->getName(o)] = o;
  });
  auto it = t.opcodes.find(name);
  if (it == t.opcodes.end()) return std::nullopt;
  return it->second;
}

// The scheduling model's latency of an opcode (its scheduling class's, when
// that is not variant); 0 when there is none.
unsigned class_latency(const TargetContext& t, unsigned opcode) {
  const llvm::MCSchedModel& model = t.subtarget->getSchedModel();
  const llvm::MCSchedClassDesc* sc = model.getSchedClassDesc(t.instr_info->get(opcode).getSchedClass());
  if (!sc || !sc->isValid() || sc->isVariant()) return 0;
  const int latency = llvm::MCSchedModel::computeInstrLatency(*t.subtarget, *sc);
  return latency > 0 ? static_cast<unsigned>(latency) : 0;
}

// The scheduling model's latency of an opcode's register form: the opcode
// itself, or for a load-folding form ("ADDSDrm") the one with "rr" for its
// last "rm" ("ADDSDrr"); 0 when there is none.
unsigned register_form_latency(const TargetContext& t, unsigned opcode) {
  std::string name = t.instr_info->getName(opcode).str();
  if (t.instr_info->get(opcode).mayLoad()) {
    const size_t at = name.rfind("rm");
    if (at == std::string::npos) return 0;
    name.replace(at, 2, "rr");
    const std::optional<unsigned> register_form = opcode_named(t, name);
    if (!register_form) return 0;
    opcode = *register_form;
  }
  return class_latency(t, opcode);
}

// Remakes the instruction's writes with descriptors `delta` cycles slower
// (at least 1 cycle), owned by the simulation.
void move_latency(Simulated& sim, llvm::mca::Instruction& inst, int delta) {
  for (llvm::mca::WriteState& w : inst.getDefs()) {
    const unsigned latency = static_cast<unsigned>(std::max(1, static_cast<int>(w.getLatency()) + delta));
    sim.writes.push_back({0, latency, 0, w.getWriteResourceID(), false});
    w = llvm::mca::WriteState(sim.writes.back(), w.getRegisterID(), w.clearsSuperRegisters(), w.isWriteZero());
  }
}

// Gives an instruction the latency the description has for its construct:
// its writes are remade with descriptors moved by the difference between
// that latency and the model's for the register form (so a load-folding
// form keeps its load's part).
void replace_latency(Simulated& sim, const TargetContext& t, const llvm::MCInst& mc, llvm::mca::Instruction& inst,
                     const std::map<std::string, unsigned>& latencies) {
  if (latencies.empty()) return;
  const char* construct = fp_construct(t.instr_info->getName(mc.getOpcode()));
  auto it = construct ? latencies.find(construct) : latencies.end();
  if (it == latencies.end()) return;
  const unsigned model = register_form_latency(t, mc.getOpcode());
  if (model == 0 || model == it->second) return;
  move_latency(sim, inst, static_cast<int>(it->second) - static_cast<int>(model));
}

// The instruction remade on a descriptor with other resources (`resources`,
// and the units and groups used among them, as MCA's masks): its operands,
// writes and reads (which keep pointing at the builder's descriptors) and
// flags carried over.
std::unique_ptr<llvm::mca::Instruction> with_resources(
    Simulated& sim, const llvm::mca::Instruction& inst,
    llvm::SmallVector<std::pair<uint64_t, llvm::mca::ResourceUsage>, 4> resources, uint64_t units, uint64_t groups) {
  const llvm::mca::InstrDesc& old = inst.getDesc();
  llvm::mca::InstrDesc& d = sim.descriptors.emplace_back();
  d.Writes = old.Writes;
  d.Reads = old.Reads;
  d.Resources = std::move(resources);
  d.UsedBuffers = old.UsedBuffers;
  d.UsedProcResUnits = units;
  d.UsedProcResGroups = groups;
  d.MaxLatency = old.MaxLatency;
  d.NumMicroOps = old.NumMicroOps;
  d.SchedClassID = old.SchedClassID;
  d.MustIssueImmediately = old.MustIssueImmediately;
  d.IsRecyclable = false;
  d.HasPartiallyOverlappingGroups = old.HasPartiallyOverlappingGroups;
  auto out = std::make_unique<llvm::mca::Instruction>(d, inst.getOpcode());
  for (const llvm::mca::WriteState& w : inst.getDefs()) out->getDefs().push_back(w);
  for (const llvm::mca::ReadState& r : inst.getUses()) out->getUses().push_back(r);
  for (unsigned k = 0; k < inst.getNumOperands(); ++k)
    if (const llvm::mca::MCAOperand* op = inst.getOperand(k)) out->addOperand(*op);
  if (inst.isOptimizableMove()) out->setOptimizableMove();
  out->setMayLoad(inst.getMayLoad());
  out->setMayStore(inst.getMayStore());
  out->setHasSideEffects(inst.getHasSideEffects());
  out->setBeginGroup(inst.getBeginGroup());
  out->setEndGroup(inst.getEndGroup());
  out->setRetireOOO(inst.getRetireOOO());
  out->setLoadBarrier(inst.isALoadBarrier());
  out->setStoreBarrier(inst.isAStoreBarrier());
  out->setUsedBuffers(inst.getUsedBuffers());
  return out;
}

// The instruction on a descriptor whose units are busy `target` cycles
// where the model's busiest is busy `model`, each in proportion.
std::unique_ptr<llvm::mca::Instruction> with_occupancy(Simulated& sim, const llvm::mca::Instruction& inst,
                                                       unsigned model, unsigned target) {
  llvm::SmallVector<std::pair<uint64_t, llvm::mca::ResourceUsage>, 4> resources;
  for (const auto& [mask, usage] : inst.getDesc().Resources) {
    const unsigned cycles = std::max(1u, static_cast<unsigned>(std::lround(1.0 * usage.size() * target / model)));
    resources.emplace_back(mask, llvm::mca::ResourceUsage(llvm::mca::CycleSegment(0, cycles, usage.isReserved()),
                                                          usage.NumUnits));
  }
  return with_resources(sim, inst, std::move(resources), inst.getDesc().UsedProcResUnits,
                        inst.getDesc().UsedProcResGroups);
}

// The processor resources (their indices in the scheduling model) an
// opcode, by LLVM's name ("ADDPDrr"), is written to use; empty where the
// target has no such opcode or its class varies with the operands.
std::vector<unsigned> written_resources(const TargetContext& t, const std::string& opcode) {
  std::vector<unsigned> out;
  const std::optional<unsigned> op = opcode_named(t, opcode);
  if (!op) return out;
  const llvm::MCSchedModel& model = t.subtarget->getSchedModel();
  const llvm::MCSchedClassDesc* sc = model.getSchedClassDesc(t.instr_info->get(*op).getSchedClass());
  if (!sc || !sc->isValid() || sc->isVariant()) return out;
  for (auto w = t.subtarget->getWriteProcResBegin(sc); w != t.subtarget->getWriteProcResEnd(sc); ++w)
    out.push_back(w->ProcResourceIdx);
  return out;
}

// The resources (MCA's masks) the model makes a vector store share with a
// vector load and not with an integer load (which takes the load-store
// units every load takes). On LLVM's Zen 4 model: the two pipes that bring
// vector loads in (Zn4FP45), which also carry the stores' data, so that two
// loads and a store take a cycle and a half. Empty where the model lacks
// one of the three instructions (x86's names).
std::vector<uint64_t> find_load_pipes_of_stores(const TargetContext& t) {
  const llvm::MCSchedModel& model = t.subtarget->getSchedModel();
  llvm::SmallVector<uint64_t> masks(model.getNumProcResourceKinds());
  llvm::mca::computeProcResourceMasks(model, masks);
  auto used_by = [&](const char* opcode) {
    std::vector<uint64_t> out;
    for (unsigned r : written_resources(t, opcode)) out.push_back(masks[r]);
    return out;
  };
  const std::vector<uint64_t> store = used_by("MOVAPDmr"), load = used_by("MOVAPDrm"), any_load = used_by("MOV64rm");
  std::vector<uint64_t> out;
  if (store.empty() || load.empty() || any_load.empty()) return out;
  for (uint64_t r : store)
    if (std::count(load.begin(), load.end(), r) && !std::count(any_load.begin(), any_load.end(), r)) out.push_back(r);
  return out;
}

const std::vector<uint64_t>& load_pipes_of_stores(const TargetContext& t) {
  std::call_once(t.load_pipes_once, [&] { t.load_pipes = find_load_pipes_of_stores(t); });
  return t.load_pipes;
}

// A store that the description measured beside vector loads without taking
// their pipes (CpuModelCorrections::vector_stores_apart) leaves the
// resources it shares with them. Any instruction that stores and does not
// load: scalar and vector stores from floating-point registers alike take
// the same path. Left as it is where it would keep nothing, or where a
// group it keeps holds a unit it leaves (the builder counted that unit's
// cycles into the group).
void apart_from_loads(Simulated& sim, const TargetContext& t, const llvm::MCInst& mc,
                      std::unique_ptr<llvm::mca::Instruction>& inst, const std::vector<uint64_t>& load_pipes) {
  const llvm::MCInstrDesc& d = t.instr_info->get(mc.getOpcode());
  if (load_pipes.empty() || !d.mayStore() || d.mayLoad()) return;
  auto shared = [&](uint64_t mask) { return std::count(load_pipes.begin(), load_pipes.end(), mask) > 0; };
  uint64_t removed = 0, units = inst->getDesc().UsedProcResUnits, groups = inst->getDesc().UsedProcResGroups;
  llvm::SmallVector<std::pair<uint64_t, llvm::mca::ResourceUsage>, 4> kept;
  for (const auto& entry : inst->getDesc().Resources)
    if (shared(entry.first)) removed |= entry.first;
    else kept.push_back(entry);
  if (removed == 0 || kept.empty()) return;
  for (const auto& entry : kept)
    if (llvm::popcount(entry.first) > 1 && ((entry.first ^ llvm::bit_floor(entry.first)) & removed)) return;
  for (const auto& entry : inst->getDesc().Resources)
    if (!shared(entry.first)) continue;
    else if (llvm::popcount(entry.first) == 1) units &= ~entry.first;
    else groups &= ~llvm::bit_floor(entry.first);
  inst = with_resources(sim, *inst, std::move(kept), units, groups);
}

// What a divide or square root is in the description's terms: its
// construct for a scalar form ("double_div" for DIVSD), its construct and
// lanes for a packed one ("double_div.v8" for VDIVPDZrr, a 512-bit
// register); empty for other instructions.
std::string divider_form(llvm::StringRef opcode) {
  const char* construct = fp_construct(opcode);
  opcode.consume_front("V");
  for (const char* op : {"DIV", "SQRT"}) {
    if (!construct || !opcode.consume_front(op)) continue;
    if (opcode.starts_with("S")) return construct;
    if (!opcode.starts_with("P")) return "";
    const unsigned element = opcode.starts_with("PD") ? 64 : 32;
    opcode = opcode.drop_front(2);
    // EVEX forms name their width (Z: 512, Z256, Z128); VEX's Y is 256.
    const unsigned bits = opcode.starts_with("Z256") || opcode.starts_with("Y") ? 256
                          : opcode.starts_with("Z128")                          ? 128
                          : opcode.starts_with("Z")                             ? 512
                                                                                : 128;
    return std::string(construct) + ".v" + std::to_string(bits / element);
  }
  return "";
}

// Gives a divide or square root the occupancy the description measured for
// its form, scalar or packed at its width.
void replace_occupancy(Simulated& sim, const TargetContext& t, const llvm::MCInst& mc,
                       std::unique_ptr<llvm::mca::Instruction>& inst, const std::map<std::string, unsigned>& occupancies) {
  if (occupancies.empty()) return;
  const std::string form = divider_form(t.instr_info->getName(mc.getOpcode()));
  auto it = form.empty() ? occupancies.end() : occupancies.find(form);
  if (it == occupancies.end()) return;
  unsigned model = 0;
  for (const auto& [mask, usage] : inst->getDesc().Resources) model = std::max(model, usage.size());
  if (model <= 1 || model == it->second) return;
  inst = with_occupancy(sim, *inst, model, it->second);
}

// The registers an instruction reads for addresses, reads otherwise, and
// writes: its memory operands' registers (OPERAND_MEMORY), the other
// register operands after its definitions, its implicit uses and defs.
struct RegisterUse {
  std::vector<llvm::MCRegister> address, reads, writes;
};

RegisterUse register_use(const TargetContext& t, const llvm::MCInst& mc) {
  const llvm::MCInstrDesc& d = t.instr_info->get(mc.getOpcode());
  RegisterUse u;
  for (unsigned k = 0; k < mc.getNumOperands(); ++k) {
    const llvm::MCOperand& op = mc.getOperand(k);
    if (!op.isReg() || !op.getReg()) continue;
    const bool memory = k < d.getNumOperands() && d.operands()[k].OperandType == llvm::MCOI::OPERAND_MEMORY;
    if (memory) u.address.push_back(op.getReg());
    else (k < d.getNumDefs() ? u.writes : u.reads).push_back(op.getReg());
  }
  for (llvm::MCPhysReg r : d.implicit_uses()) u.reads.push_back(r);
  for (llvm::MCPhysReg r : d.implicit_defs()) u.writes.push_back(r);
  return u;
}

bool overlaps(const TargetContext& t, const std::vector<llvm::MCRegister>& a, const std::vector<llvm::MCRegister>& b) {
  for (llvm::MCRegister x : a)
    for (llvm::MCRegister y : b)
      if (t.registers->regsOverlap(x, y)) return true;
  return false;
}

// A floating-point bitwise operation on registers (andpd, andnps, orpd,
// xorps and their VEX and EVEX forms), not the xor of a register with itself
// that zeroes it.
bool fp_logic_op(const TargetContext& t, const llvm::MCInst& mc) {
  llvm::StringRef name = t.instr_info->getName(mc.getOpcode());
  name.consume_front("V");
  const bool logic = name.starts_with("ANDP") || name.starts_with("ANDNP") || name.starts_with("ORP") ||
                     name.starts_with("XORP");
  if (!logic || mc.getNumOperands() < 3) return logic;
  const llvm::MCOperand &a = mc.getOperand(mc.getNumOperands() - 2), &b = mc.getOperand(mc.getNumOperands() - 1);
  return !(a.isReg() && b.isReg() && a.getReg() == b.getReg());
}

// Which of a run's instructions produce a value the next instruction to
// read its register (the run taken as a loop) is of another kind: on a
// machine whose adds, multiplies and logic sit on different pipes, such a
// value arrives late (CpuModelCorrections::fp_bypass, fp_logic_bypass).
template <typename From, typename To>
std::vector<bool> feeding(const TargetContext& t, const std::vector<const llvm::MCInst*>& run, From from, To to) {
  std::vector<RegisterUse> uses;
  for (const llvm::MCInst* mc : run) uses.push_back(register_use(t, *mc));
  std::vector<bool> out(run.size(), false);
  for (size_t k = 0; k < run.size(); ++k) {
    if (!from(*run[k])) continue;
    for (size_t step = 1; step <= run.size(); ++step) {
      const size_t j = (k + step) % run.size();
      if (overlaps(t, uses[j].reads, uses[k].writes) || overlaps(t, uses[j].address, uses[k].writes)) {
        out[k] = to(*run[j]);
        break;
      }
      if (overlaps(t, uses[j].writes, uses[k].writes)) break;
    }
  }
  return out;
}

// Whether an instruction does a floating-point construct ending in `kind`
// ("_mul", "_add").
auto does(const TargetContext& t, const char* kind) {
  return [&t, kind](const llvm::MCInst& mc) {
    const char* c = fp_construct(t.instr_info->getName(mc.getOpcode()));
    return c && llvm::StringRef(c).ends_with(kind);
  };
}

// The run's instructions made MCA's, with the description's corrections;
// `added` raises the latency of the instructions at those positions.
void build(Simulated& sim, const TargetContext& t, const std::vector<const llvm::MCInst*>& run,
           const CpuModelCorrections& corrections, const std::map<size_t, unsigned>& added) {
  const llvm::SmallVector<llvm::mca::Instrument*> none;
  const std::vector<bool> none_late(run.size(), false);
  const std::vector<bool> late = corrections.fp_bypass ? feeding(t, run, does(t, "_mul"), does(t, "_add")) : none_late;
  auto logic = [&t](const llvm::MCInst& mc) { return fp_logic_op(t, mc); };
  const std::vector<bool> late_to_logic =
      corrections.fp_logic_bypass ? feeding(t, run, does(t, "_add"), logic) : none_late;
  static const std::vector<uint64_t> none_shared;
  const std::vector<uint64_t>& load_pipes = corrections.vector_stores_apart ? load_pipes_of_stores(t) : none_shared;
  for (size_t k = 0; k < run.size(); ++k) {
    const llvm::MCInst& mc = *run[k];
    auto inst = sim.builder.createInstruction(mc, none);
    if (inst) {
      replace_latency(sim, t, mc, **inst, corrections.latencies);
      replace_occupancy(sim, t, mc, *inst, corrections.occupancies);
      apart_from_loads(sim, t, mc, *inst, load_pipes);
      if (corrections.fp_logic && logic(mc))
        if (const unsigned model = register_form_latency(t, mc.getOpcode()); model > 0)
          move_latency(sim, **inst, static_cast<int>(corrections.fp_logic) - static_cast<int>(model));
      if (late[k]) move_latency(sim, **inst, static_cast<int>(corrections.fp_bypass));
      if (late_to_logic[k]) move_latency(sim, **inst, static_cast<int>(corrections.fp_logic_bypass));
      if (auto more = added.find(k); more != added.end()) move_latency(sim, **inst, static_cast<int>(more->second));
      sim.sequence.push_back(std::move(*inst));
      sim.from.push_back(k);
    } else {
      llvm::consumeError(inst.takeError());
      ++sim.skipped;
    }
  }
}

// The processor resources whose buffers an instruction (by LLVM's name of
// its opcode: "ADDPDrr") waits in: those it uses and the groups that hold
// them, as MCA counts them. Empty where the target has no such instruction.
std::vector<unsigned> buffers_of(const TargetContext& t, const llvm::MCSchedModel& model, const std::string& opcode) {
  std::vector<unsigned> out;
  auto units_of = [&](unsigned r) {
    const llvm::MCProcResourceDesc& d = *model.getProcResource(r);
    return d.SubUnitsIdxBegin ? std::vector<unsigned>(d.SubUnitsIdxBegin, d.SubUnitsIdxBegin + d.NumUnits)
                              : std::vector<unsigned>{r};
  };
  for (unsigned written : written_resources(t, opcode)) {
    const std::vector<unsigned> used = units_of(written);
    for (unsigned r = 1; r < model.getNumProcResourceKinds(); ++r) {
      if (model.getProcResource(r)->BufferSize <= 0) continue;
      const std::vector<unsigned> group = units_of(r);
      if (std::all_of(used.begin(), used.end(),
                      [&](unsigned u) { return std::find(group.begin(), group.end(), u) != group.end(); }))
        out.push_back(r);
    }
  }
  return out;
}

// The CPU's scheduling model with the description's dispatch width, window
// and queues in place of the model's (the load and store queues go to the
// pipeline); it and the tables it points to outlive the pipeline.
struct AmendedModel {
  AmendedModel(const TargetContext& t, const CpuModelCorrections& c) : sched(t.subtarget->getSchedModel()) {
    if (c.dispatch_width) sched.IssueWidth = c.dispatch_width;
    if (c.reorder_buffer) {
      sched.MicroOpBufferSize = c.reorder_buffer;
      if (sched.hasExtraProcessorInfo()) {
        extra = sched.getExtraProcessorInfo();
        extra.ReorderBufferSize = c.reorder_buffer;
        sched.ExtraProcessorInfo = &extra;
      }
    }
    if (c.fp_queue || c.int_queue) {
      resources.assign(sched.ProcResourceTable, sched.ProcResourceTable + sched.NumProcResourceKinds);
      for (const auto& [opcode, size] : {std::pair{"ADDPDrr", c.fp_queue}, std::pair{"ADD64rr", c.int_queue}})
        if (size)
          for (unsigned r : buffers_of(t, sched, opcode)) resources[r].BufferSize = static_cast<int>(size);
      sched.ProcResourceTable = resources.data();
    }
  }
  llvm::MCSchedModel sched;
  llvm::MCExtraProcessorInfo extra{};
  std::vector<llvm::MCProcResourceDesc> resources;
};

// MCA's default out-of-order pipeline (llvm::mca::Context's), built on the
// amended model: no micro-op queue, load and store queues from the model,
// no aliasing between loads and stores, as llvm-mca's defaults.
std::unique_ptr<llvm::mca::Pipeline> out_of_order_pipeline(llvm::mca::Context& context, const TargetContext& t,
                                                           const llvm::MCSchedModel& model,
                                                           const CpuModelCorrections& c, llvm::mca::SourceMgr& source) {
  auto retire_unit = std::make_unique<llvm::mca::RetireControlUnit>(model);
  auto registers = std::make_unique<llvm::mca::RegisterFile>(model, *t.registers, 0);
  auto lsu = std::make_unique<llvm::mca::LSUnit>(model, c.load_queue, c.store_queue, /*AssumeNoAlias=*/true);
  auto scheduler = std::make_unique<llvm::mca::Scheduler>(model, *lsu);
  auto pipeline = std::make_unique<llvm::mca::Pipeline>();
  pipeline->appendStage(std::make_unique<llvm::mca::EntryStage>(source));
  pipeline->appendStage(
      std::make_unique<llvm::mca::DispatchStage>(*t.subtarget, *t.registers, c.dispatch_width, *retire_unit, *registers));
  pipeline->appendStage(std::make_unique<llvm::mca::ExecuteStage>(*scheduler));
  pipeline->appendStage(std::make_unique<llvm::mca::RetireStage>(*retire_unit, *registers, *lsu));
  context.addHardwareUnit(std::move(retire_unit));
  context.addHardwareUnit(std::move(registers));
  context.addHardwareUnit(std::move(lsu));
  context.addHardwareUnit(std::move(scheduler));
  return pipeline;
}

}  // namespace

namespace {

IterationCycles simulate(const TargetContext& t, const std::vector<const llvm::MCInst*>& run, unsigned iterations,
                         const CpuModelCorrections& corrections, const std::map<size_t, unsigned>& added,
                         const std::string& what) {
  if (!t.subtarget->getSchedModel().hasInstrSchedModel())
    throw InputError("CPU '" + t.cpu + "' has no scheduling model in LLVM; name one that has");
  if (iterations == 0) throw InputError("cycles_per_iteration needs at least one iteration");
  Simulated sim(t);
  build(sim, t, run, corrections, added);
  if (sim.sequence.empty()) return {0, sim.skipped};
  llvm::mca::Context context(*t.registers, *t.subtarget);
  llvm::mca::CircularSourceMgr source(sim.sequence, iterations);
  llvm::mca::CustomBehaviour behaviour(*t.subtarget, source, *t.instr_info);
  const AmendedModel model(t, corrections);
  // An in-order CPU has no window to amend: MCA's own pipeline for it.
  auto pipeline = model.sched.isOutOfOrder()
                      ? out_of_order_pipeline(context, t, model.sched, corrections, source)
                      : context.createDefaultPipeline({0, 0, 0, corrections.dispatch_width, 0, 0, true, false},
                                                      source, behaviour);
  auto cycles = pipeline->run();
  if (!cycles) throw InputError("MCA failed on " + what + ": " + message(cycles.takeError()));
  return {static_cast<double>(*cycles) / iterations, sim.skipped};
}

const EncodedFunction& encoded(const TargetContext& t, const MachineFunction& function) {
  if (!function.encoded || function.encoded->target.get() != &t)
    throw std::invalid_argument("function '" + function.name + "' is not from this machine code");
  return *function.encoded;
}

}  // namespace

IterationCycles cycles_per_iteration(const MachineCode& code, const MachineFunction& function,
                                     const std::vector<size_t>& instruction_indices,
                                     unsigned iterations, const CpuModelCorrections& corrections,
                                     const std::map<size_t, unsigned>& added_latency) {
  const TargetContext& t = MachineCodeAccess::target(code);
  const EncodedFunction& f = encoded(t, function);
  std::vector<const llvm::MCInst*> run;
  std::map<size_t, unsigned> added;
  for (size_t k = 0; k < instruction_indices.size(); ++k) {
    run.push_back(&f.insts.at(instruction_indices[k]));
    if (auto more = added_latency.find(instruction_indices[k]); more != added_latency.end()) added[k] = more->second;
  }
  return simulate(t, run, iterations, corrections, added, "function '" + function.name + "'");
}

IterationCycles cycles_per_iteration(const MachineCode& code, const std::vector<InstructionRef>& run,
                                     unsigned iterations, const CpuModelCorrections& corrections) {
  const TargetContext& t = MachineCodeAccess::target(code);
  std::vector<const llvm::MCInst*> insts;
  for (const InstructionRef& r : run) insts.push_back(&encoded(t, *r.function).insts.at(r.index));
  return simulate(t, insts, iterations, corrections, {},
                  run.empty() ? std::string("an empty run") : "a run from function '" + run.front().function->name + "'");
}

// ---- loads a loop waits for

namespace {


// Where the value the load at position `load` writes goes, through
// registers: to an address the loop computes, in this iteration or the next
// (the loop's instructions twice round, from just after the load), and to a
// conditional branch of this iteration (a compare against the load itself
// included).
LoadDependence follow(const TargetContext& t, const std::vector<RegisterUse>& uses, const std::vector<bool>& branches,
                      size_t load) {
  LoadDependence d;
  std::vector<llvm::MCRegister> tainted = uses[load].writes;
  for (size_t step = 1; step <= 2 * uses.size() && !tainted.empty() && !d.feeds_address; ++step) {
    const size_t at = (load + step) % uses.size();
    const RegisterUse& u = uses[at];
    if (overlaps(t, u.address, tainted)) d.feeds_address = true;
    if (branches[at] && step <= uses.size() && overlaps(t, u.reads, tainted)) d.feeds_branch = true;
    if (overlaps(t, u.reads, tainted)) {
      tainted.insert(tainted.end(), u.writes.begin(), u.writes.end());
    } else {  // written from untainted values: no longer the load's
      std::erase_if(tainted, [&](llvm::MCRegister r) { return overlaps(t, {r}, u.writes); });
    }
  }
  return d;
}

// Whether a load's address moves by a fixed step each iteration, as a
// hardware prefetcher follows: each of its address registers is either not
// written in the loop or written only from itself (an add of a constant,
// an increment, a lea of itself), never from memory.
bool strided(const TargetContext& t, const std::vector<RegisterUse>& uses, const std::vector<bool>& loads,
             size_t load) {
  for (llvm::MCRegister a : uses[load].address)
    for (size_t k = 0; k < uses.size(); ++k) {
      if (!overlaps(t, uses[k].writes, {a})) continue;
      if (loads[k]) return false;
      for (const auto* from : {&uses[k].reads, &uses[k].address})
        for (llvm::MCRegister r : *from)
          if (!t.registers->regsOverlap(r, a)) return false;
    }
  return true;
}

// Whether a load's (or store's) address comes from a value loaded in the
// loop: an address register written by a load, or by an instruction that
// reads one a load wrote (a sign extension or a scaling of an index read
// from memory). A load from an address the loop does not move (a pointer
// reloaded from the same place each iteration, a spill) feeds nothing new.
bool indirect(const TargetContext& t, const std::vector<RegisterUse>& uses, const std::vector<bool>& loads,
              size_t load) {
  auto moving = [&](size_t k) {  // a load whose address the loop changes
    for (llvm::MCRegister a : uses[k].address)
      for (const RegisterUse& u : uses)
        if (overlaps(t, u.writes, {a})) return true;
    return false;
  };
  auto loaded = [&](llvm::MCRegister r) {
    for (size_t k = 0; k < uses.size(); ++k)
      if (loads[k] && overlaps(t, uses[k].writes, {r}) && moving(k)) return true;
    return false;
  };
  for (llvm::MCRegister a : uses[load].address)
    for (size_t k = 0; k < uses.size(); ++k) {
      if (!overlaps(t, uses[k].writes, {a})) continue;
      if (loads[k]) {
        if (moving(k)) return true;
        continue;
      }
      for (llvm::MCRegister r : uses[k].reads)
        if (!t.registers->regsOverlap(r, a) && loaded(r)) return true;
    }
  return false;
}

// The operands of an instruction's memory reference (on x86 its base,
// scale, index, displacement and segment): equal when two name one address
// from the same registers. A symbol's expression equals nothing.
std::vector<std::pair<int, std::int64_t>> memory_operand(const TargetContext& t, const llvm::MCInst& mc) {
  std::vector<std::pair<int, std::int64_t>> out;
  const llvm::MCInstrDesc& d = t.instr_info->get(mc.getOpcode());
  for (unsigned k = 0; k < mc.getNumOperands() && k < d.getNumOperands(); ++k) {
    if (d.operands()[k].OperandType != llvm::MCOI::OPERAND_MEMORY) continue;
    const llvm::MCOperand& op = mc.getOperand(k);
    if (op.isReg()) out.emplace_back(1, op.getReg().id());
    else if (op.isImm()) out.emplace_back(2, op.getImm());
    else out.emplace_back(3, reinterpret_cast<std::intptr_t>(&op));
  }
  return out;
}

// A store's read-modify-write load: the nearest load before it (k) that
// reads the same address, with no instruction between writing its
// registers (an unrolled loop reloads the index into the same register
// for the next element; a[p[i]] = a[q[i]] loads and stores through one
// register that holds two indices).
std::optional<size_t> load_of_same_address(const TargetContext& t, const MachineFunction& function,
                                           const std::vector<size_t>& instruction_indices,
                                           const std::vector<RegisterUse>& uses, const std::vector<bool>& loads,
                                           size_t k) {
  const auto address = memory_operand(t, function.encoded->insts.at(instruction_indices[k]));
  for (size_t j = k; j-- > 0;) {
    const bool rewrites = overlaps(t, uses[j].writes, uses[k].address);
    if (loads[j] && !rewrites && memory_operand(t, function.encoded->insts.at(instruction_indices[j])) == address)
      return j;
    if (rewrites) return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace

std::map<size_t, LoadDependence> load_dependences(const MachineCode& code, const MachineFunction& function,
                                                  const std::vector<size_t>& instruction_indices) {
  const TargetContext& t = MachineCodeAccess::target(code);
  encoded(t, function);  // of this code, or it throws
  std::vector<RegisterUse> uses;
  std::vector<bool> branches, loads, stores;
  for (size_t i : instruction_indices) {
    uses.push_back(register_use(t, function.encoded->insts.at(i)));
    branches.push_back(function.instructions.at(i).is_conditional_branch);
    loads.push_back(function.instructions.at(i).may_load);
    stores.push_back(function.instructions.at(i).may_store);
  }
  std::map<size_t, LoadDependence> out;
  for (size_t k = 0; k < instruction_indices.size(); ++k) {
    const size_t i = instruction_indices[k];
    if (!loads[k] && stores[k] && !function.instructions.at(i).is_call && indirect(t, uses, loads, k)) {
      LoadDependence scatter;
      scatter.indirect = true;
      scatter.same_address_as = i;
      if (const auto j = load_of_same_address(t, function, instruction_indices, uses, loads, k))
        scatter.same_address_as = instruction_indices[*j];
      out[i] = scatter;
    }
    if (!loads[k]) continue;
    // A strided load's lines come ahead of it (the prefetcher): nothing waits for them.
    LoadDependence d = strided(t, uses, loads, k) ? LoadDependence{} : follow(t, uses, branches, k);
    d.indirect = indirect(t, uses, loads, k);
    d.same_address_as = i;
    for (size_t j = 0; j < k; ++j)  // the first load of the loop with the same address registers
      if (function.instructions.at(instruction_indices[j]).may_load && uses[j].address == uses[k].address) {
        d.same_address_as = instruction_indices[j];
        break;
      }
    out[i] = d;
  }
  return out;
}

// ---- the wait after a mispredicted branch

namespace {

// The cycles from an instruction's operands to its results, as `build`
// left its writes (the description's corrections applied).
unsigned result_latency(const llvm::mca::Instruction& inst) {
  unsigned most = 0;
  for (const llvm::mca::WriteState& w : inst.getDefs()) most = std::max(most, w.getLatency());
  return most;
}

// The wait of the branch `pacer calibrate` mispredicts (hw/calibrate/
// harness.c, branches(): the index's increment, then a compare of the byte
// it indexes with zero) beyond its loop's own chain: the compare with
// memory. The calibration subtracts the loop run with every branch taken,
// whose iteration is that increment, so its `mispredict` holds the refill
// of the pipeline and this wait. x86 only: 0 where the opcode is unknown.
unsigned calibrated_wait(const TargetContext& t) {
  const std::optional<unsigned> compare = opcode_named(t, "CMP8mi");
  return compare ? class_latency(t, *compare) : 0;
}

// The cycles from the start of the right path after the branch at place
// `branch` of the run (a loop's instructions, in order: `uses`, `latency`)
// to the branch's next evaluation: the longest chain of register
// dependences through the instructions after it, round the loop, to it or
// to the next conditional branch of its source line (`next_test`: an
// unrolled copy's). Values the instructions before the branch wrote are
// ready, as they ran before it; a load takes its latency from level 1. The
// walk goes through the code in its order, both arms of an if included: an
// estimate of the path, not the path taken.
unsigned restart_path(const TargetContext& t, const std::vector<RegisterUse>& uses,
                      const std::vector<unsigned>& latency, const std::vector<bool>& next_test, size_t branch) {
  std::vector<std::pair<llvm::MCRegister, unsigned>> ready;  // written on the right path, and when
  auto when = [&](const std::vector<llvm::MCRegister>& regs) {
    unsigned most = 0;
    for (llvm::MCRegister r : regs)
      for (const auto& [w, at] : ready)
        if (t.registers->regsOverlap(r, w)) most = std::max(most, at);
    return most;
  };
  for (size_t step = 1; step <= uses.size(); ++step) {
    const size_t k = (branch + step) % uses.size();
    const unsigned start = std::max(when(uses[k].reads), when(uses[k].address));
    if (k == branch || next_test[k]) return start;
    // A write replaces what it covers; a partial one (setcc's byte, movss's
    // lane) leaves the rest of the register's chain.
    std::erase_if(ready, [&](const auto& e) {
      return std::any_of(uses[k].writes.begin(), uses[k].writes.end(),
                         [&](llvm::MCRegister w) { return t.registers->isSubRegisterEq(w, e.first); });
    });
    for (llvm::MCRegister r : uses[k].writes) ready.emplace_back(r, start + latency[k]);
  }
  return 0;
}

}  // namespace

std::map<size_t, double> restart_cycles(const MachineCode& code, const MachineFunction& function,
                                        const std::vector<size_t>& instruction_indices,
                                        const CpuModelCorrections& corrections) {
  const TargetContext& t = MachineCodeAccess::target(code);
  const EncodedFunction& f = encoded(t, function);
  std::map<size_t, double> out;
  if (!calibrated_wait(t) || instruction_indices.empty()) return out;
  std::vector<const llvm::MCInst*> run;
  std::vector<RegisterUse> uses;
  const unsigned cpu = t.subtarget->getSchedModel().getProcessorID();
  for (size_t i : instruction_indices) {
    run.push_back(&f.insts.at(i));
    uses.push_back(register_use(t, *run.back()));
    // A zero idiom (xor of a register with itself) waits for no operand.
    llvm::APInt independent;
    if (t.analysis && t.analysis->isDependencyBreaking(*run.back(), independent, cpu) && independent.isZero())
      uses.back().reads.clear();
  }
  Simulated sim(t);
  build(sim, t, run, corrections, {});
  std::vector<unsigned> latency(run.size(), 1);  // MCA's unmodelled instructions: a cycle
  for (size_t s = 0; s < sim.sequence.size(); ++s) latency[sim.from[s]] = result_latency(*sim.sequence[s]);
  for (size_t k = 0; k < run.size(); ++k) {
    const MachineInstruction& branch = function.instructions.at(instruction_indices[k]);
    if (!branch.is_conditional_branch) continue;
    std::vector<bool> next_test(run.size(), false);
    for (size_t j = 0; j < run.size(); ++j) {
      const MachineInstruction& other = function.instructions.at(instruction_indices[j]);
      next_test[j] = j != k && other.is_conditional_branch && other.line == branch.line && other.file == branch.file;
    }
    out[instruction_indices[k]] = restart_path(t, uses, latency, next_test, k);
  }
  return out;
}

double calibrated_branch_wait(const MachineCode& code) { return calibrated_wait(MachineCodeAccess::target(code)); }

std::optional<int64_t> argument_constant(const MachineCode& code, const MachineFunction& function, size_t call,
                                         unsigned argument) {
  const TargetContext& t = MachineCodeAccess::target(code);
  const EncodedFunction& f = encoded(t, function);
  // The System V AMD64 calling convention's integer argument registers.
  static const char* const x86_64[] = {"RDI", "RSI", "RDX", "RCX", "R8", "R9"};
  if (t.triple.getArch() != llvm::Triple::x86_64 || argument >= std::size(x86_64) || call >= f.insts.size())
    return std::nullopt;
  llvm::MCRegister target;
  for (unsigned r = 1; r < t.registers->getNumRegs() && !target; ++r)
    if (llvm::StringRef(t.registers->getName(r)) == x86_64[argument]) target = r;
  if (!target) return std::nullopt;
  std::set<uint64_t> targets;  // where blocks start
  for (const MachineInstruction& ins : function.instructions)
    if (ins.is_branch && ins.branch_target) targets.insert(*ins.branch_target);
  // Back through the call's block: the last instruction that sets the
  // register, a move of an immediate to the whole of it or nothing known.
  for (size_t k = call; k-- > 0;) {
    const MachineInstruction& ins = function.instructions[k];
    if (ins.is_branch || ins.is_call || ins.is_return || targets.count(function.instructions[k + 1].address)) break;
    const llvm::MCInst& mc = f.insts[k];
    if (!overlaps(t, register_use(t, mc).writes, {target})) continue;
    const llvm::StringRef name = t.instr_info->getName(mc.getOpcode());
    if ((name == "MOV32ri" || name == "MOV64ri" || name == "MOV64ri32") && mc.getNumOperands() >= 2 &&
        mc.getOperand(1).isImm())
      return mc.getOperand(1).getImm();
    return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace pacer::icc
