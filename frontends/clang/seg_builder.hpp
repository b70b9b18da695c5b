// One function's body to its SEG (Papaefstathiou et al. 1994 section 2, Figure 4): maximal
// straight-line compute segments, loops, branches (if, switch, ?:) and calls,
// with early exits (break, continue, return, goto) turned into branches over
// the code they skip.
#pragma once
#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>

#include <functional>
#include <set>

#include "frontends/clang/c_frontend.hpp"

namespace pacer::cfront {

// What the builder must know about the file's other functions.
struct FileFunctions {
  // Whether calls to `f` become call nodes (it is defined in the file).
  std::function<bool(const clang::FunctionDecl& f)> defined;
  // Whether a call from `caller` to `callee` closes a cycle of calls.
  std::function<bool(const clang::FunctionDecl& caller, const clang::FunctionDecl& callee)> recursive_call;
  // Whether `f` is part of a cycle of calls.
  std::function<bool(const clang::FunctionDecl& f)> recursive;
};

// Builds the SEG of `function`; parameters, diagnostics and count sites go
// into `out` (parameters once, however many functions use them).
Task build_function_seg(clang::ASTContext& ctx, const clang::FunctionDecl& function, const FileFunctions& file,
                        const FileName& display_file, CAnalysis& out, std::set<std::string>& parameter_names);

}  // namespace pacer::cfront
