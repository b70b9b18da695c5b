// The half of pacer that needs Clang and LLVM: the C frontend, profiles from
// coverage counters, the timing instrumenter, the reading of machine code for
// ICC and the host's target. It is built as the module libpacer-clang.so and
// opened on first use (framework/module.hpp); the functions declared in
// c_frontend.hpp, profile.hpp, instrumenter.hpp and compiled_source.hpp are
// called as usual and forward to this table.
#pragma once
#include <string>
#include <vector>

#include "frontends/clang/c_frontend.hpp"
#include "frontends/clang/instrumenter.hpp"
#include "frontends/clang/profile.hpp"
#include "resource_models/icc/compiled_source.hpp"

namespace pacer {

struct ClangModuleApi {
  // Raise when this table or a type crossing it changes.
  static constexpr int current_version = 7;  // 7: PricedInstruction::indirect
  int version = current_version;
  CAnalysis (*analyse_c)(const AnalyseOptions&) = nullptr;
  Profile (*run_profile)(const CAnalysis&, const ProfileOptions&) = nullptr;
  Instrumentation (*instrument_sources)(const InstrumentRequest&) = nullptr;
  CompiledSource (*compile_and_price)(const std::string&, const MachineCostOptions&, const std::string&, bool) = nullptr;
  std::string (*content_digest)(const std::string&) = nullptr;
  std::string (*host_cpu_name)() = nullptr;          // LLVM's name of this processor, "generic" if it knows none
  std::string (*default_target_triple)() = nullptr;  // the triple the compiler targets by default
  std::string (*llvm_version)() = nullptr;
};

inline constexpr const char* clang_module_name = "pacer-clang";
inline constexpr const char* clang_module_entry = "pacer_clang_module";

const ClangModuleApi& clang_module();

// What the LLVM pacer is built with says of this machine (for calibration);
// llvm_version() is declared with what it prices (compiled_source.hpp).
std::string host_cpu_name();          // "generic" when it knows none
std::string default_target_triple();

}  // namespace pacer
