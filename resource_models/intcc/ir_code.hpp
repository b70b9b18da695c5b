// What the intermediate code characterisation (IntCC, Papaefstathiou et al.
// 1994 section 3.3.4) reads of a source: its optimised LLVM IR, as the
// machine's compiler and flags leave it before code generation, in the form
// ICC's attachment reads (machine_costs.hpp): each function's instructions
// with their source lines and IntCC classes (ir_classes.hpp), laid out loop
// by loop so that each loop of LLVM's LoopInfo is one range, enclosing
// loops first. Part of the Clang module; LLVM types stay behind it.
#pragma once
#include <string>

#include "resource_models/icc/priced_code.hpp"

namespace pacer::intcc {

// Reads the bitcode `bitcode_path` compiled from `source` (absolute). Throws
// InputError when it is not bitcode or has no debug locations.
icc::PricedCode read_ir(const std::string& bitcode_path, const std::string& source);

}  // namespace pacer::intcc
