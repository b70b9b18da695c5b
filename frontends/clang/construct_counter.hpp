// HLLC resource usage of C expressions (Papaefstathiou et al. 1994 section
// 3.3.3): every operator, conversion, memory reference, subscript and call
// counted by its C semantics. Control flow inside expressions (?:) and calls
// to functions of the analysed file are handed back to the SEG builder,
// which turns them into nodes.
#pragma once
#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>
#include <llvm/ADT/DenseMap.h>

#include "framework/construct_tally.hpp"
#include "framework/constructs.hpp"

namespace pacer::cfront {

class ExprHooks {
 public:
  virtual ~ExprHooks() = default;
  // The counts of the compute segment being filled.
  virtual ConstructTally& current() = 0;
  virtual void conditional(const clang::AbstractConditionalOperator& e) = 0;
  // && or ||: the builder makes a branch over the right operand when that
  // holds nodes of its own (a call, a ?:) and returns true; otherwise both
  // operands are counted as always evaluated.
  virtual bool short_circuit(const clang::BinaryOperator& e) = 0;
  virtual void statement_expression(const clang::StmtExpr& e) = 0;
  // A call: the builder makes a node of calls to functions of the file and
  // returns true; otherwise the counter prices it as a library call.
  virtual bool user_call(const clang::CallExpr& e, const clang::FunctionDecl& callee) = 0;
  virtual void unmodelable(const char* kind, const clang::Stmt& where, const std::string& message) = 0;
  // A load (or a store) of memory other than a local variable: an array
  // element, a pointee, a global.
  virtual void memory_reference(const clang::Expr& lvalue, bool store) = 0;
  // `bytes` from where a pointer points, read (or written when `store`) in
  // one go: memcpy's source and destination.
  virtual void memory_range(const clang::Expr& pointer, double bytes, bool store) = 0;
  // Whether `e` has the same value in every iteration of the innermost loop
  // around the segment being filled (loop_invariance.hpp), and that loop has
  // a segment before it to count it in: then hoisted() is that count.
  virtual bool invariant(const clang::Expr& e) = 0;
  virtual ConstructTally& hoisted() = 0;
};

// The construct family of arithmetic in a type: its constructs' names
// begin "int", "float" or "double".
enum class Family { Int, Float, Double };
Family type_family(clang::QualType type);
// An operation of a family: int_add, double_cmp and the like.
enum class Arithmetic { Add, Sub, Mul, Div, Cmp };
ConstructId arithmetic(Family family, Arithmetic op);

class ConstructCounter {
 public:
  ConstructCounter(clang::ASTContext& ctx, ExprHooks& hooks) : ctx_(ctx), hooks_(hooks) {}

  // Counts the evaluation of `e` for its value and side effects.
  void count(const clang::Expr* e);
  // Counts the address computation of an lvalue (subscripts, pointer loads).
  void count_address(const clang::Expr* lvalue);
  // Whether an lvalue is a local variable, a part of one or a compound
  // literal, rather than a global, an array element or a pointee: its
  // memory reference kind.
  static bool local(const clang::Expr* lvalue);

 private:
  void add(ConstructId construct, double n = 1) {
    (hoisting_ ? hooks_.hoisted() : hooks_.current()).add(construct, n);
  }
  void dispatch(const clang::Expr* e);
  bool worth_hoisting(const clang::Expr* e) const;
  // Counts a load or store of `lvalue` and hands memory references to the hooks.
  void reference(const clang::Expr* lvalue, bool store);
  void cast(const clang::CastExpr& e);
  void binary(const clang::BinaryOperator& e);
  void integer_division(const clang::Expr& divisor, clang::QualType type, bool remainder);
  void compound_assign(const clang::CompoundAssignOperator& e);
  void unary(const clang::UnaryOperator& e);
  void call(const clang::CallExpr& e);
  void moved(const clang::CallExpr& e, const MemoryMover& mover);
  void conversion(clang::QualType from, clang::QualType to);
  bool folded(const clang::Expr* e);
  bool never_constant(const clang::Expr* e);
  static bool literal_conversion(const clang::Expr* e);

  clang::ASTContext& ctx_;
  ExprHooks& hooks_;
  llvm::DenseMap<const clang::Expr*, bool> never_constant_;
  bool hoisting_ = false;  // counting an invariant expression, before its loop
};

}  // namespace pacer::cfront
