#include "resource_models/icc/optimisation_record.hpp"

#include <functional>
#include <tuple>

#include "framework/error.hpp"
#include "llvm/Remarks/Remark.h"
#include "llvm/Remarks/RemarkParser.h"
#include "llvm/Support/MemoryBuffer.h"

namespace pacer::icc {

namespace {

// "4", or "vscale x 4" for scalable vectors: the trailing number.
unsigned count_of(llvm::StringRef value) {
  llvm::StringRef last = value.contains(' ') ? value.rsplit(' ').second : value;
  unsigned n = 0;
  return last.getAsInteger(10, n) || n == 0 ? 1 : n;
}

// "llvm.memcpy.p0.p0.i64" -> "memcpy": the library call a loop became.
std::string library_call_of(const llvm::remarks::Remark& r) {
  for (const llvm::remarks::Argument& arg : r.Args)
    if (arg.Key == "NewFunction") {
      llvm::StringRef name = arg.Val;
      name.consume_front("llvm.");
      return name.split('.').first.str();
    }
  return "";
}

bool wanted(const llvm::remarks::Remark& r) {
  if (r.RemarkType != llvm::remarks::Type::Passed) return false;
  return (r.PassName == "loop-vectorize" && r.RemarkName == "Vectorized") || r.PassName == "loop-unroll" ||
         (r.PassName == "loop-idiom" && !library_call_of(r).empty());
}

void merge(LoopRemark& into, const llvm::remarks::Remark& r) {
  for (const llvm::remarks::Argument& arg : r.Args) {
    if (arg.Key == "VectorizationFactor") into.vectorization_factor = std::max(into.vectorization_factor, count_of(arg.Val));
    if (arg.Key == "InterleaveCount") into.interleave_count = std::max(into.interleave_count, count_of(arg.Val));
    // A full unroll's count is its trip count: the loop is gone, not widened.
    if (arg.Key == "UnrollCount" && r.RemarkName != "FullyUnrolled")
      into.unroll_count = std::max(into.unroll_count, count_of(arg.Val));
  }
  if (r.RemarkName == "FullyUnrolled") into.fully_unrolled = true;
  if (r.PassName == "loop-idiom") into.library_call = library_call_of(r);
}

LoopRemark place_of(const llvm::remarks::Remark& r) {
  LoopRemark out;
  out.function = r.FunctionName.str();
  if (r.Loc) {
    out.file = r.Loc->SourceFilePath.str();
    out.line = r.Loc->SourceLine;
    out.column = r.Loc->SourceColumn;
  }
  return out;
}

// Calls `each` with every remark of the file, in order.
void for_each_remark(const std::string& yaml_path, const std::function<void(const llvm::remarks::Remark&)>& each) {
  // LLVM's YAML errors quote the offending source lines below the first.
  auto first_line = [](llvm::Error e) { return llvm::StringRef(llvm::toString(std::move(e))).split('\n').first.str(); };
  auto file = llvm::MemoryBuffer::getFile(yaml_path);
  if (!file) throw InputError(yaml_path + ": " + file.getError().message());
  // A compilation without remarks leaves an empty file, which the parser rejects.
  if ((*file)->getBuffer().trim().empty()) return;
  auto parser = llvm::remarks::createRemarkParser(llvm::remarks::Format::YAML, (*file)->getBuffer());
  if (!parser) throw InputError(yaml_path + ": " + first_line(parser.takeError()));
  while (true) {
    auto remark = (*parser)->next();
    if (!remark) {
      llvm::Error e = remark.takeError();
      if (e.isA<llvm::remarks::EndOfFileError>()) {
        llvm::consumeError(std::move(e));
        return;
      }
      throw InputError(yaml_path + ": not an optimisation record: " + first_line(std::move(e)));
    }
    each(**remark);
  }
}

std::string argument(const llvm::remarks::Remark& r, llvm::StringRef key) {
  for (const llvm::remarks::Argument& arg : r.Args)
    if (arg.Key == key) return arg.Val.str();
  return "";
}

}  // namespace

std::vector<LoopRemark> read_loop_remarks(const std::string& yaml_path) {
  std::vector<LoopRemark> out;
  std::map<std::tuple<std::string, std::string, unsigned, unsigned>, size_t> seen;
  for_each_remark(yaml_path, [&](const llvm::remarks::Remark& r) {
    if (!wanted(r)) return;
    LoopRemark place = place_of(r);
    auto [it, fresh] = seen.try_emplace({place.function, place.file, place.line, place.column}, out.size());
    if (fresh) out.push_back(std::move(place));
    merge(out[it->second], r);
  });
  return out;
}

std::map<std::string, CallInlining> read_inlining(const std::string& yaml_path) {
  // callee, caller, line, column -> inlined
  std::map<std::tuple<std::string, std::string, unsigned, unsigned>, bool> sites;
  for_each_remark(yaml_path, [&](const llvm::remarks::Remark& r) {
    if (r.PassName != "inline") return;
    const std::string callee = argument(r, "Callee");
    if (callee.empty()) return;
    const LoopRemark at = place_of(r);
    bool& inlined = sites[{callee, at.function, at.line, at.column}];
    inlined = inlined || r.RemarkType == llvm::remarks::Type::Passed;
  });
  std::map<std::string, CallInlining> out;
  for (const auto& [site, inlined] : sites) (inlined ? out[std::get<0>(site)].inlined : out[std::get<0>(site)].kept)++;
  return out;
}

}  // namespace pacer::icc
