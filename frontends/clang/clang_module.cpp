// libpacer's side of the Clang module: each call opens the module on first use
// and forwards to it.
#include "frontends/clang/clang_module.hpp"

#include <filesystem>

#include "framework/module.hpp"

namespace pacer {

bool is_c_source(const std::string& path) { return std::filesystem::path(path).extension() == ".c"; }

// Bound deep: Clang's and LLVM's libraries bind hundreds of thousands of
// symbols among themselves, each otherwise looked for in every object the
// program loaded first.
const ClangModuleApi& clang_module() {
  return module_api<ClangModuleApi>(clang_module_name, clang_module_entry, Binding::deep);
}

CAnalysis analyse_c(const AnalyseOptions& options) { return clang_module().analyse_c(options); }

std::string host_cpu_name() { return clang_module().host_cpu_name(); }
std::string default_target_triple() { return clang_module().default_target_triple(); }
std::string llvm_version() { return clang_module().llvm_version(); }

Profile run_profile(const CAnalysis& analysis, const ProfileOptions& options) {
  return clang_module().run_profile(analysis, options);
}

Instrumentation instrument_sources(const InstrumentRequest& request) {
  return clang_module().instrument_sources(request);
}

CompiledSource compile_and_price(const std::string& source, const MachineCostOptions& options, const std::string& stem,
                                 bool nest_curves) {
  return clang_module().compile_and_price(source, options, stem, nest_curves);
}

std::string content_digest(const std::string& bytes) { return clang_module().content_digest(bytes); }

}  // namespace pacer
