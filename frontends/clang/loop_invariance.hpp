// Which expressions of a loop compute the same value in every iteration, so
// that every optimising compiler computes them once, before the loop (loop-
// invariant code motion): the bound `n - 1` of `i < n - 1`, the row address
// `c[i]` of `c[i][j]` in the loop over j. HLLC counts such an expression's
// constructs where it runs, once per entry of the loop, not per iteration.
//
// Conservative, at the language level: an invariant expression reads only
// constants, addresses of variables, and local variables that nothing in
// the loop writes and whose address the function never takes; it loads no
// global or other memory (a store or a call in the loop may change it),
// calls nothing, and does not divide by a value that may be zero.
#pragma once
#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>
#include <llvm/ADT/DenseMap.h>

#include "frontends/clang/trip_count.hpp"

namespace pacer::cfront {

class LoopInvariance {
 public:
  // What loops and the function change comes from the trip counter's walks.
  LoopInvariance(clang::ASTContext& ctx, TripCounter& trips) : ctx_(ctx), trips_(trips) {}

  // Whether `e` has the same value in every iteration of `loop`.
  bool invariant(const clang::Expr& e, const clang::Stmt& loop);

 private:
  bool value(const clang::Expr* e, const clang::Stmt& loop);
  bool address(const clang::Expr* lvalue, const clang::Stmt& loop);
  bool unchanged_local(const clang::Expr* lvalue, const clang::Stmt& loop);

  clang::ASTContext& ctx_;
  TripCounter& trips_;
  llvm::DenseMap<std::pair<const clang::Stmt*, const clang::Expr*>, bool> known_;
};

}  // namespace pacer::cfront
