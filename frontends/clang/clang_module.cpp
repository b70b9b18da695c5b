// libpacer's side of the Clang module: each call opens the module on first use
// and forwards to it.
#include "frontends/clang/clang_module.hpp"

#include <filesystem>

#include "framework/module.hpp"

namespace pacer {

bool is_c_source(const std::string& path) { return std::filesystem::path(path).extension() == ".c"; }

const ClangModuleApi& clang_module() { return module_api<ClangModuleApi>(clang_module_name, clang_module_entry); }

CAnalysis analyse_c(const AnalyseOptions& options) { return clang_module().analyse_c(options); }

std::string host_cpu_name() { return clang_module().host_cpu_name(); }
std::string default_target_triple() { return clang_module().default_target_triple(); }
std::string llvm_version() { return clang_module().llvm_version(); }

Profile run_profile(const CAnalysis& analysis, const ProfileOptions& options) {
  return clang_module().run_profile(analysis, options);
}

Instrumentation instrument_sources(const std::vector<std::string>& files, const std::vector<std::string>& functions,
                                   bool loops, const std::vector<std::string>& compile_flags,
                                   const std::string& out_dir, const LoopChoice& time_loop) {
  return clang_module().instrument_sources(files, functions, loops, compile_flags, out_dir, time_loop);
}

std::vector<std::string> attach_machine_costs(ApplicationModel& model, const std::vector<std::string>& sources,
                                              const MachineCostOptions& options, const ParamValues& bound,
                                              const std::string& dir) {
  return clang_module().attach_machine_costs(model, sources, options, bound, dir);
}

}  // namespace pacer
