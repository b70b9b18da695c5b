#include "frontends/clang/loop_invariance.hpp"

namespace pacer::cfront {

using namespace clang;

namespace {

template <class F>
void walk(const Stmt* s, F&& f) {
  if (!s) return;
  f(s);
  for (const Stmt* child : s->children()) walk(child, f);
}

// The variable an lvalue names, through parentheses and the members of a
// struct held in it; null for array elements and pointees.
const VarDecl* variable_of(const Expr* lv) {
  lv = lv->IgnoreParenImpCasts();
  while (const auto* m = dyn_cast<MemberExpr>(lv)) {
    if (m->isArrow()) return nullptr;
    lv = m->getBase()->IgnoreParenImpCasts();
  }
  const auto* ref = dyn_cast<DeclRefExpr>(lv);
  return ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
}

}  // namespace

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

bool LoopInvariance::unchanged_local(const Expr* lv, const Stmt& loop) {
  const auto* ref = dyn_cast<DeclRefExpr>(lv->IgnoreParens());
  const auto* v = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  if (!v || v->getType().isVolatileQualified()) return false;
  if (!v->hasLocalStorage()) return false;  // a global: a store or a call in the loop may change it
  if (!address_taken_) {
    address_taken_.emplace();
    walk(fn_.getBody(), [&](const Stmt* s) {
      if (const auto* u = dyn_cast<UnaryOperator>(s); u && u->getOpcode() == UO_AddrOf)
        if (const VarDecl* taken = variable_of(u->getSubExpr())) address_taken_->insert(taken);
    });
  }
  return !address_taken_->count(v) && !written(loop).count(v);
}

// Every local variable the loop assigns, steps or declares (one declared in
// the body is a new value each iteration).
const llvm::DenseSet<const VarDecl*>& LoopInvariance::written(const Stmt& loop) {
  auto [it, fresh] = written_.try_emplace(&loop);
  if (!fresh) return it->second;
  llvm::DenseSet<const VarDecl*>& out = it->second;
  walk(&loop, [&](const Stmt* s) {
    const Expr* target = nullptr;
    if (const auto* b = dyn_cast<BinaryOperator>(s); b && b->isAssignmentOp()) target = b->getLHS();
    if (const auto* u = dyn_cast<UnaryOperator>(s); u && u->isIncrementDecrementOp()) target = u->getSubExpr();
    if (target)
      if (const VarDecl* v = variable_of(target)) out.insert(v);
    if (const auto* d = dyn_cast<DeclStmt>(s))
      for (const Decl* decl : d->decls())
        if (const auto* v = dyn_cast<VarDecl>(decl)) out.insert(v);
  });
  return out;
}

}  // namespace pacer::cfront
