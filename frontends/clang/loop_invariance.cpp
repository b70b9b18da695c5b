#include "frontends/clang/loop_invariance.hpp"

namespace pacer::cfront {

using namespace clang;
using clang::Expr;  // not pacer::Expr, the formulas' expression

bool LoopInvariance::invariant(const Expr& e, const Stmt& loop) { return value(&e, loop); }

bool LoopInvariance::value(const Expr* e, const Stmt& loop) {
  e = e->IgnoreParens();
  if (auto k = known_.find({&loop, e}); k != known_.end()) return k->second;
  bool same = false;
  if (isa<IntegerLiteral, FloatingLiteral, CharacterLiteral>(e)) {
    same = true;
  } else if (const auto* ref = dyn_cast<DeclRefExpr>(e)) {
    same = isa<EnumConstantDecl>(ref->getDecl());
  } else if (const auto* size = dyn_cast<UnaryExprOrTypeTraitExpr>(e)) {
    same = size->isArgumentType() ? !size->getArgumentType()->isVariableArrayType()
                                  : !size->getArgumentExpr()->getType()->isVariableArrayType();
  } else if (const auto* c = dyn_cast<CastExpr>(e)) {
    switch (c->getCastKind()) {
      case CK_LValueToRValue: same = unchanged_local(c->getSubExpr(), loop); break;
      case CK_ArrayToPointerDecay:
      case CK_FunctionToPointerDecay: same = address(c->getSubExpr(), loop); break;
      default: same = value(c->getSubExpr(), loop);
    }
  } else if (const auto* b = dyn_cast<BinaryOperator>(e)) {
    // A division by what may be zero traps where the loop would not have
    // run it: compilers keep it in place.
    const bool may_trap = (b->getOpcode() == BO_Div || b->getOpcode() == BO_Rem) && b->getType()->isIntegerType() &&
                          [&] {
                            std::optional<llvm::APSInt> d = b->getRHS()->getIntegerConstantExpr(ctx_);
                            return !d || *d == 0;
                          }();
    same = !b->isAssignmentOp() && !b->isLogicalOp() && !b->isCommaOp() && !may_trap && value(b->getLHS(), loop) &&
           value(b->getRHS(), loop);
  } else if (const auto* u = dyn_cast<UnaryOperator>(e)) {
    switch (u->getOpcode()) {
      case UO_Plus:
      case UO_Minus:
      case UO_Not:
      case UO_LNot: same = value(u->getSubExpr(), loop); break;
      case UO_AddrOf: same = address(u->getSubExpr(), loop); break;
      default: same = false;
    }
  }
  known_[{&loop, e}] = same;
  return same;
}

// The address of a variable never changes; an element's, while its base
// and index do not.
bool LoopInvariance::address(const Expr* lv, const Stmt& loop) {
  lv = lv->IgnoreParens();
  if (const auto* ref = dyn_cast<DeclRefExpr>(lv)) return isa<VarDecl, FunctionDecl>(ref->getDecl());
  if (const auto* a = dyn_cast<ArraySubscriptExpr>(lv)) return value(a->getBase(), loop) && value(a->getIdx(), loop);
  if (const auto* m = dyn_cast<MemberExpr>(lv)) return m->isArrow() ? value(m->getBase(), loop) : address(m->getBase(), loop);
  return false;
}

// A local variable the loop may not change (it assigns, steps, declares or
// takes the address of it: trip_count.hpp), whose address the function
// does not take elsewhere (a store through a pointer may change it).
bool LoopInvariance::unchanged_local(const Expr* lv, const Stmt& loop) {
  const auto* ref = dyn_cast<DeclRefExpr>(lv->IgnoreParens());
  const auto* v = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  if (!v || !v->hasLocalStorage() || v->getType().isVolatileQualified()) return false;  // a global: a store or a call may change it
  return !trips_.address_taken().count(v) && !trips_.modified_in(&loop).count(v);
}

}  // namespace pacer::cfront
