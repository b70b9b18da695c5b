// Symbolic trip counts of C loops: from a `for` header such as
// `for (i = lo; i < hi; i += step)` the count (hi - lo) / step, in terms of
// the function's variables (named after them), when the body cannot change
// the count and cannot leave early. Otherwise the reason why not, so the
// builder can bind a named parameter instead and say so.
#pragma once
#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Stmt.h>
#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/SmallPtrSet.h>

#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "framework/expression.hpp"

namespace pacer::cfront {

using VarSet = llvm::SmallPtrSet<const clang::VarDecl*, 16>;

// Variables a statement may change: assigned, incremented, or whose address
// it takes; and, with `declarations`, declared inside it (set anew each time).
// Those whose address it takes also go to `address_taken`, when given.
void collect_modified(const clang::Stmt* s, VarSet& out, bool declarations = true, VarSet* address_taken = nullptr);

struct TripCount {
  Expr trips;          // null when not derivable; the mean when it varies
  std::string reason;  // why not
  // When the count follows enclosing loops' counters (a triangular loop):
  // the count as a formula of them. `trips` then holds its mean over the
  // enclosing loops' iterations, exact when the count is linear in them.
  Expr per_iteration;
};

// A for loop's counter: i = start, start + step, ... for `trips` iterations.
struct Induction {
  const clang::VarDecl* var = nullptr;
  std::string name;  // "<function>.<var>_L<line>"
  Expr start;
  double step = 0;
  Expr trips;
  // A triangular loop's counter: its start or count reads enclosing loops'
  // counters. Addresses and the simulations that walk the counters use it;
  // trip counts of the loops inside do not (a bound on it stays a
  // parameter), since its mean would follow the enclosing counters too.
  bool triangular = false;
};

class TripCounter {
 public:
  TripCounter(clang::ASTContext& ctx, const clang::FunctionDecl& function, std::string function_name);

  // `enclosing` lists the loops around `loop`, outermost first. `early_exit`
  // names a break, return or goto that leaves the loop, if any.
  TripCount analyse(const clang::ForStmt& loop, const std::vector<const clang::Stmt*>& enclosing,
                    const std::string& early_exit);

  // Variables that became formula parameters, with their descriptions.
  const std::map<std::string, std::string>& variables() const { return variables_; }
  // The counter of a loop analysed before, unless it doubles or has none (a
  // triangular loop's included).
  const Induction* induction_of(const clang::ForStmt& loop) const;
  // The parameter a variable became in a trip count analysed before, if any.
  const std::string* parameter_of(const clang::VarDecl& var) const;
  // What a statement may change (collect_modified, declarations included),
  // remembered per statement; and the variables whose address the function
  // takes anywhere. Shared with the loop-invariance analysis.
  const VarSet& modified_in(const clang::Stmt* s) const;
  const VarSet& address_taken() const;
  // The variables the function assigns anywhere (declarations aside).
  const VarSet& assigned() const;

 private:
  struct Step {
    const clang::VarDecl* var = nullptr;
    long long add = 0;  // i += add
    bool doubles = false;  // i *= 2 or i <<= 1
  };
  std::string parameter_name(const clang::VarDecl& var) const;
  bool step_of(const clang::Expr* inc, Step& out) const;
  const clang::Expr* start_of(const clang::Stmt* init, const clang::VarDecl* var) const;
  Expr symbolic(const clang::Expr* e, const VarSet& varying, int depth, std::string& why);
  Expr variable(const clang::VarDecl& var, const VarSet& varying, int depth, std::string& why);
  Expr count_of(const Expr& lo, const Expr& hi, const Step& step, bool inclusive, bool up) const;
  Expr constant_count(double lo, double hi, const Step& step, clang::BinaryOperatorKind op, bool up, std::string& why) const;

  clang::ASTContext& ctx_;
  const clang::FunctionDecl& function_;
  std::string function_name_;
  class FunctionWalk;
  void walk_function() const;
  // Filled by one walk of the function (walk_function); the map's node
  // addresses stay valid as it grows.
  mutable bool walked_ = false;
  mutable std::unordered_map<const clang::Stmt*, VarSet> modified_;
  mutable VarSet assigned_;       // in the whole function, declarations aside
  mutable VarSet address_taken_;  // in the whole function
  std::map<std::string, std::string> variables_;
  llvm::DenseMap<const clang::ForStmt*, Induction> inductions_;
  // During one analysis: counters of the enclosing loops the bounds may
  // use, and the ones they did use.
  llvm::DenseMap<const clang::VarDecl*, const Induction*> active_;
  std::map<std::string, Expr> used_means_;
};

}  // namespace pacer::cfront
