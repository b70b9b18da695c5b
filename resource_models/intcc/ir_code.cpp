#include "resource_models/intcc/ir_code.hpp"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <map>
#include <string>

#include "framework/constructs.hpp"
#include "framework/error.hpp"
#include "resource_models/intcc/ir_classes.hpp"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/SourceMgr.h"

namespace pacer::intcc {

namespace {

using llvm::Instruction;

// ".v4" for a vector of four lanes; "" for a scalar.
std::string lanes(const llvm::Type* t) {
  if (const auto* v = llvm::dyn_cast<llvm::FixedVectorType>(t)) return ".v" + std::to_string(v->getNumElements());
  if (llvm::isa<llvm::ScalableVectorType>(t)) return ".vscale";
  return "";
}

// "float_" or "double_", by the width of the floating-point element.
std::string fp(const llvm::Type* t) {
  return t->getScalarType()->getPrimitiveSizeInBits().getFixedValue() <= 32 ? "float_" : "double_";
}

// "mathf_" or "math_": a math library function's single- or double-precision construct.
std::string math(const llvm::Type* t) { return fp(t) == "float_" ? "mathf_" : "math_"; }

std::string intrinsic_class(const llvm::IntrinsicInst& call) {
  // Markers with no code: lifetime, assume, debug, invariant, annotations.
  if (call.isAssumeLikeIntrinsic()) return "";
  const llvm::Type* t = call.getType();
  switch (call.getIntrinsicID()) {
    case llvm::Intrinsic::masked_load:
    case llvm::Intrinsic::masked_gather:
    case llvm::Intrinsic::masked_expandload: return "load" + lanes(t);
    case llvm::Intrinsic::masked_store:
    case llvm::Intrinsic::masked_scatter:
    case llvm::Intrinsic::masked_compressstore: return "store" + lanes(call.getArgOperand(0)->getType());
    case llvm::Intrinsic::copysign: return fp(t) + "abs" + lanes(t);
    case llvm::Intrinsic::ctpop:
    case llvm::Intrinsic::ctlz:
    case llvm::Intrinsic::cttz:
    case llvm::Intrinsic::bswap:
    case llvm::Intrinsic::bitreverse:
    case llvm::Intrinsic::fshl:
    case llvm::Intrinsic::fshr: return "int_bitwise" + lanes(t);
    case llvm::Intrinsic::sadd_with_overflow:
    case llvm::Intrinsic::uadd_with_overflow:
    case llvm::Intrinsic::ssub_with_overflow:
    case llvm::Intrinsic::usub_with_overflow: return "int_add";
    case llvm::Intrinsic::smul_with_overflow:
    case llvm::Intrinsic::umul_with_overflow: return "int_mul";
    case llvm::Intrinsic::sqrt: return fp(t) + "sqrt" + lanes(t);
    case llvm::Intrinsic::fabs: return fp(t) + "abs" + lanes(t);
    case llvm::Intrinsic::fma:
    case llvm::Intrinsic::fmuladd: return fp(t) + "fma" + lanes(t);
    case llvm::Intrinsic::minnum:
    case llvm::Intrinsic::maxnum:
    case llvm::Intrinsic::minimum:
    case llvm::Intrinsic::maximum: return fp(t) + "minmax" + lanes(t);
    case llvm::Intrinsic::smin:
    case llvm::Intrinsic::smax:
    case llvm::Intrinsic::umin:
    case llvm::Intrinsic::umax:
    case llvm::Intrinsic::abs: return "int_minmax" + lanes(t);
    case llvm::Intrinsic::exp:
    case llvm::Intrinsic::exp2: return math(t) + "exp";
    case llvm::Intrinsic::log:
    case llvm::Intrinsic::log2:
    case llvm::Intrinsic::log10: return math(t) + "log";
    case llvm::Intrinsic::pow: return math(t) + "pow";
    case llvm::Intrinsic::sin:
    case llvm::Intrinsic::cos: return math(t) + "trig";
    case llvm::Intrinsic::memcpy:
    case llvm::Intrinsic::memmove:
    case llvm::Intrinsic::memset: return "call";
    default: break;
  }
  const std::string name = call.getCalledFunction()->getName().str();
  if (name.rfind("llvm.vector.reduce.", 0) == 0) return "reduce";
  return "intrinsic";  // code no class describes: named as unpriced, never dropped
}

std::string call_class(const llvm::CallBase& call) {
  if (const auto* i = llvm::dyn_cast<llvm::IntrinsicInst>(&call)) return intrinsic_class(*i);
  // The C library's mathematics, by exact name, as the frontend counts it
  // (a function of the program called "cost" is a call).
  const llvm::Function* callee = call.getCalledFunction();
  const char* construct = callee ? library_construct(callee->getName()) : nullptr;
  if (!construct) return "call";
  // abs as a call (-fno-builtin): the class the llvm.abs intrinsic has.
  return std::string_view(construct) == "int_abs" ? "int_minmax" : construct;
}

std::string binary_class(const llvm::BinaryOperator& b) {
  const llvm::Type* t = b.getType();
  const std::string v = lanes(t);
  switch (b.getOpcode()) {
    case Instruction::Add: return "int_add" + v;
    case Instruction::Sub: return "int_sub" + v;
    case Instruction::Mul: return "int_mul" + v;
    case Instruction::SDiv:
    case Instruction::UDiv: return "int_div" + v;
    case Instruction::SRem:
    case Instruction::URem: return "int_mod" + v;
    case Instruction::Shl:
    case Instruction::LShr:
    case Instruction::AShr: return "int_shift" + v;
    case Instruction::And:
    case Instruction::Or:
    case Instruction::Xor: return "int_bitwise" + v;
    case Instruction::FAdd: return fp(t) + "add" + v;
    case Instruction::FSub: return fp(t) + "sub" + v;
    case Instruction::FMul: return fp(t) + "mul" + v;
    case Instruction::FDiv: return fp(t) + "div" + v;
    case Instruction::FRem: return fp(t) + "mod" + v;
    default: return std::string(b.getOpcodeName()) + v;
  }
}

// The instruction's IntCC class (ir_classes.hpp); empty for what emits no
// code (debug and lifetime markers, allocas of the frame, aggregate moves).
std::string ir_class(const Instruction& i) {
  if (const auto* b = llvm::dyn_cast<llvm::BinaryOperator>(&i)) return binary_class(*b);
  if (const auto* c = llvm::dyn_cast<llvm::CallBase>(&i)) return call_class(*c);
  if (const auto* c = llvm::dyn_cast<llvm::CastInst>(&i)) {
    switch (c->getOpcode()) {
      case Instruction::SIToFP:
      case Instruction::UIToFP: return "conv_int_fp" + lanes(c->getType());
      case Instruction::FPToSI:
      case Instruction::FPToUI: return "conv_fp_int" + lanes(c->getType());
      case Instruction::FPExt:
      case Instruction::FPTrunc: return "conv_fp_fp" + lanes(c->getType());
      case Instruction::SExt:
      case Instruction::ZExt:
      case Instruction::Trunc: return "int_extend" + lanes(c->getType());
      default: return "cast";  // bitcast, pointer to integer and back: the same bits
    }
  }
  const std::string v = lanes(i.getType());
  switch (i.getOpcode()) {
    case Instruction::FNeg: return fp(i.getType()) + "neg" + v;
    case Instruction::ICmp: return "int_cmp" + lanes(i.getOperand(0)->getType());
    case Instruction::FCmp: return fp(i.getOperand(0)->getType()) + "cmp" + lanes(i.getOperand(0)->getType());
    case Instruction::Load: return "load" + v;
    case Instruction::Store: return "store" + lanes(i.getOperand(0)->getType());
    case Instruction::GetElementPtr: return "address" + v;
    case Instruction::Select: return "select" + v;
    case Instruction::PHI: return "phi";
    case Instruction::Br: return llvm::cast<llvm::BranchInst>(i).isConditional() ? "branch" : "jump";
    case Instruction::Switch:
    case Instruction::IndirectBr: return "switch";
    case Instruction::Ret: return "return";
    case Instruction::ExtractElement:
    case Instruction::InsertElement:
    case Instruction::ShuffleVector: return "shuffle";
    case Instruction::AtomicRMW:
    case Instruction::AtomicCmpXchg:
    case Instruction::Fence: return "atomic";
    case Instruction::Alloca:
    case Instruction::ExtractValue:
    case Instruction::InsertValue:
    case Instruction::Freeze:
    case Instruction::Unreachable: return "";
    default: return i.getOpcodeName();
  }
}

bool is_vector(const Instruction& i) {
  if (i.getType()->isVectorTy()) return true;
  for (const llvm::Value* op : i.operands())
    if (op->getType()->isVectorTy()) return true;
  return false;
}

// Bytes a load or store moves (a masked one: all its lanes).
double access_bytes(const Instruction& i, const std::string& cls, const llvm::DataLayout& layout) {
  if (const auto* l = llvm::dyn_cast<llvm::LoadInst>(&i)) return double(layout.getTypeStoreSize(l->getType()));
  if (const auto* s = llvm::dyn_cast<llvm::StoreInst>(&i))
    return double(layout.getTypeStoreSize(s->getValueOperand()->getType()));
  if (const auto* c = llvm::dyn_cast<llvm::IntrinsicInst>(&i)) {
    if (cls.rfind("load", 0) == 0) return double(layout.getTypeStoreSize(c->getType()));
    if (cls.rfind("store", 0) == 0) return double(layout.getTypeStoreSize(c->getArgOperand(0)->getType()));
  }
  return 0;
}

std::string file_of(const llvm::DILocation& at) {
  const std::filesystem::path file = at.getFilename().str();
  if (file.empty() || file.is_absolute()) return file.string();
  return (std::filesystem::path(at.getDirectory().str()) / file).string();
}

icc::PricedInstruction read(const Instruction& i, const std::string& cls, const llvm::DataLayout& layout,
                            icc::FileTable& files) {
  icc::PricedInstruction out;
  if (const llvm::DILocation* at = i.getDebugLoc().get()) {
    out.line = at->getLine();
    out.file = out.line ? files.index(file_of(*at)) : -1;
  }
  const auto* branch = llvm::dyn_cast<llvm::BranchInst>(&i);
  out.conditional_branch = (branch && branch->isConditional()) || llvm::isa<llvm::SwitchInst>(i);
  out.call = cls == "call" || cls.starts_with("math_") || cls.starts_with("mathf_");
  out.returns = llvm::isa<llvm::ReturnInst>(i);
  out.loads = i.mayReadFromMemory() && !out.call;
  out.stores = i.mayWriteToMemory() && !out.call;
  out.bytes = access_bytes(i, cls, layout);
  out.vector = is_vector(i);
  out.ir_class = cls;
  return out;
}

// Whether an instruction of that class emits code that takes time (ir_classes.hpp).
bool works(const std::string& cls) {
  const IrClass* c = find_ir_class(scalar_class(cls));
  return !cls.empty() && (!c || !c->free);
}

// Whether the code generator fuses llvm.fmuladd into one instruction: on
// x86 only where the function's target has FMA (`-O2` alone targets the
// baseline, which has none: a multiply, then an add); other targets in
// pacer's reach (AArch64, POWER) have it in their base set.
bool fuses_muladd(const llvm::Function& f) {
  if (!f.getParent()->getTargetTriple().isX86()) return true;
  const std::string features = f.getFnAttribute("target-features").getValueAsString().str();
  return features.find("+fma") != std::string::npos;  // +fma, and AMD's +fma4
}

// The class an instruction on a recurrence path adds to its latency. An
// unfused multiply-add entered through its addend (s += a * x) puts only its
// add on the path: the multiply runs off it, as the next iteration's does.
std::string path_class(const Instruction& i, const llvm::Value* from, const std::string& cls) {
  const auto* call = llvm::dyn_cast<llvm::IntrinsicInst>(&i);
  if (!call || call->getIntrinsicID() != llvm::Intrinsic::fmuladd || fuses_muladd(*i.getFunction())) return cls;
  if (call->getArgOperand(2) != from) return cls;
  return fp(i.getType()) + "add" + lanes(i.getType());
}

// The recurrences of a loop: for each phi of its header, the longest path,
// counted in instructions that take time, from the phi through the loop's
// own blocks to the value the latch hands back to it. The path is chosen by
// count, as its latency depends on the machine; pricing weighs it.
std::vector<icc::Recurrence> recurrences(const llvm::Loop& loop, const llvm::LoopInfo& info, icc::FileTable& files) {
  std::vector<icc::Recurrence> out;
  const llvm::BasicBlock* latch = loop.getLoopLatch();
  if (!latch) return out;
  for (const llvm::PHINode& phi : loop.getHeader()->phis()) {
    std::map<const llvm::Value*, int> memo;  // longest path from phi; -1: phi does not reach it
    std::function<int(const llvm::Value*)> longest = [&](const llvm::Value* v) -> int {
      if (v == &phi) return 0;
      const auto* i = llvm::dyn_cast<Instruction>(v);
      if (!i || info.getLoopFor(i->getParent()) != &loop) return -1;
      if (llvm::isa<llvm::PHINode>(i) && i->getParent() == loop.getHeader()) return -1;  // another recurrence
      if (auto it = memo.find(v); it != memo.end()) return it->second;
      memo[v] = -1;  // a cycle inside one iteration cannot be; guards it anyway
      int best = -1;
      for (const llvm::Value* op : i->operands()) best = std::max(best, longest(op));
      const int length = best < 0 ? -1 : best + (works(ir_class(*i)) ? 1 : 0);
      return memo[v] = length;
    };
    const llvm::Value* carried = phi.getIncomingValueForBlock(latch);
    if (longest(carried) <= 0) continue;
    icc::Recurrence r;
    const auto* at = llvm::cast<Instruction>(carried);
    if (const llvm::DILocation* where = at->getDebugLoc().get()) {
      r.line = where->getLine();
      r.file = r.line ? files.index(file_of(*where)) : -1;
    }
    for (const Instruction* i = at; i && i != &phi;) {  // back along the path, to the phi
      const Instruction* next = nullptr;
      const llvm::Value* from = nullptr;
      int next_length = -1;
      for (const llvm::Value* op : i->operands())
        if (const int length = longest(op); length > next_length)
          next = llvm::dyn_cast<Instruction>(op), from = op, next_length = length;
      const std::string cls = path_class(*i, from, ir_class(*i));
      if (works(cls)) r.classes[cls] += 1;
      i = next_length < 0 ? nullptr : next;
    }
    out.push_back(std::move(r));
  }
  return out;
}

// A function's instructions laid out loop by loop: the blocks in no loop,
// then each loop's own blocks (header first) followed by its inner loops',
// so that a loop's code is one range and enclosing loops come first.
icc::PricedFunction read_function(llvm::Function& f, icc::FileTable& files) {
  icc::PricedFunction out;
  out.name = f.getName().str();
  llvm::DominatorTree tree(f);
  llvm::LoopInfo info(tree);
  const llvm::DataLayout& layout = f.getParent()->getDataLayout();
  auto emit = [&](const llvm::BasicBlock& b) {
    for (const Instruction& i : b) {
      const std::string cls = ir_class(i);
      if (!cls.empty()) out.instructions.push_back(read(i, cls, layout, files));
    }
  };
  for (const llvm::BasicBlock& b : f)
    if (!info.getLoopFor(&b)) emit(b);
  std::function<void(const llvm::Loop&, int)> lay = [&](const llvm::Loop& loop, int parent) {
    const size_t first = out.instructions.size();
    const int index = int(out.loops.size());
    out.loops.push_back({first, first, first, loop.getLoopDepth(), parent, first});
    out.loop_recurrences.push_back(recurrences(loop, info, files));
    emit(*loop.getHeader());
    for (const llvm::BasicBlock* b : loop.blocks())
      if (b != loop.getHeader() && info.getLoopFor(b) == &loop) emit(*b);
    for (const llvm::Loop* inner : loop.getSubLoops()) lay(*inner, index);
    if (out.instructions.size() == first) {  // a loop of nothing but markers: no range to stand for it
      out.loops.pop_back();
      out.loop_recurrences.pop_back();
      return;
    }
    out.loops[size_t(index)].last = out.loops[size_t(index)].latch = out.instructions.size() - 1;
  };
  for (const llvm::Loop* loop : info.getTopLevelLoops()) lay(*loop, -1);
  out.loop_cycles.assign(out.loops.size(), 0);
  return out;
}

}  // namespace

icc::PricedCode read_ir(const std::string& bitcode_path, const std::string& source) {
  llvm::LLVMContext context;
  llvm::SMDiagnostic error;
  std::unique_ptr<llvm::Module> module = llvm::parseIRFile(bitcode_path, error, context);
  if (!module) throw InputError(bitcode_path + ": not LLVM IR: " + error.getMessage().str());
  icc::PricedCode code;
  code.intermediate = true;
  code.source = source;
  code.triple = module->getTargetTriple().str();
  code.files.push_back(source);
  icc::FileTable files(code.files);
  bool located = false;
  for (llvm::Function& f : *module) {
    if (f.isDeclaration()) continue;
    code.functions.push_back(read_function(f, files));
    for (const auto& i : code.functions.back().instructions) located = located || i.line > 0;
  }
  if (!code.functions.empty() && !located)
    throw InputError(SourceLocation{source, 0}, "", "its IR has no debug locations: IntCC cannot map it to the SEG");
  return code;
}

}  // namespace pacer::intcc
