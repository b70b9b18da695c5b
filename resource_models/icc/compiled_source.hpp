// ICC's part of the Clang module: one source compiled with a machine's
// compiler and flags, its machine code read and priced by MCA, region by
// region (priced_code.hpp). Reached through the module's table
// (frontends/clang/clang_module.hpp); the cache (machine_code_cache.hpp)
// calls it when it holds no valid entry.
#pragma once
#include <string>
#include <vector>

#include "resource_models/icc/machine_costs.hpp"
#include "resource_models/icc/priced_code.hpp"

namespace pacer {

struct CompiledSource {
  icc::PricedCode code;
  // Every file the compilation read, the source and its headers, absolute:
  // a change to any of them makes the code stale.
  std::vector<std::string> dependencies;
};

// Writes `stem`.o, .yaml (optimisation remarks) and .d (dependencies).
// Throws InputError when the source does not compile, the compiler cannot
// be run, or the CPU is unknown to LLVM. `nest_curves`: whether short inner
// loops are also simulated with their outer loop's code
// (PricedFunction::nest_cycles); a caller that prices single loops only
// (pacer hw derive) spares the simulations.
CompiledSource compile_and_price(const std::string& source, const MachineCostOptions& options, const std::string& stem,
                                 bool nest_curves = true);

// The release of the LLVM that reads and prices the code ("22.1.8").
std::string llvm_version();

// A digest of bytes (BLAKE3, in hex), for cache keys.
std::string content_digest(const std::string& bytes);

}  // namespace pacer
