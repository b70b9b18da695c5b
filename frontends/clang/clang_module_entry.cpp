// The Clang module's one exported symbol: its table of entry points
// (clang_module.hpp). Everything else in the module is hidden.
#include <llvm/ADT/StringRef.h>
#include <llvm/Config/llvm-config.h>
#include <llvm/TargetParser/Host.h>

#include "frontends/clang/clang_module.hpp"

namespace {

const pacer::ClangModuleApi api = [] {
  pacer::ClangModuleApi a;
  a.analyse_c = &pacer::analyse_c;
  a.run_profile = &pacer::run_profile;
  a.instrument_sources = &pacer::instrument_sources;
  a.compile_and_price = &pacer::compile_and_price;
  a.content_digest = &pacer::content_digest;
  a.host_cpu_name = [] { return llvm::sys::getHostCPUName().str(); };
  a.default_target_triple = [] { return llvm::sys::getDefaultTargetTriple(); };
  a.llvm_version = [] { return std::string(LLVM_VERSION_STRING); };
  return a;
}();

}  // namespace

extern "C" __attribute__((visibility("default"))) const void* pacer_clang_module() { return &api; }
