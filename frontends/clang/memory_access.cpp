#include "frontends/clang/memory_access.hpp"

#include <clang/AST/RecordLayout.h>

namespace pacer::cfront {

using namespace clang;

// The counters of the enclosing for loops, and the variables those loops
// change (which no coefficient may read).
struct AccessReader::Scope {
  llvm::DenseMap<const VarDecl*, std::string> counters;
  const VarSet* varying = nullptr;
};

void AccessReader::Affine::scale(const Expr& by) {
  constant = mul(constant, by);
  for (auto& [name, c] : coefficients) c = mul(c, by);
}

void AccessReader::Affine::plus(const Affine& other, bool subtract) {
  auto combine = [&](const Expr& a, const Expr& b) { return subtract ? sub(a, b) : add(a, b); };
  constant = combine(constant, other.constant);
  for (const auto& [name, c] : other.coefficients) {
    auto it = coefficients.find(name);
    coefficients[name] = combine(it == coefficients.end() ? pacer::constant(0) : it->second, c);
  }
}

void AccessReader::read(const clang::Expr& lvalue, bool store, const std::vector<const Stmt*>& loops,
                        MemoryReferences& out) {
  const QualType type = lvalue.getType();
  if (type->isIncompleteType() || type->isDependentType()) {
    out.opaque += 1;
    return;
  }
  reference(&lvalue, false, static_cast<double>(ctx_.getTypeSizeInChars(type).getQuantity()), store, loops, out);
}

void AccessReader::read_range(const clang::Expr& pointer, double bytes, bool store,
                              const std::vector<const Stmt*>& loops, MemoryReferences& out) {
  reference(&pointer, true, bytes, store, loops, out);
}

void AccessReader::reference(const clang::Expr* e, bool is_pointer, double width, bool store,
                             const std::vector<const Stmt*>& loops, MemoryReferences& out) {
  static const VarSet none;
  Scope scope;
  scope.varying = &none;
  if (!loops.empty()) scope.varying = &trips_.modified_in(loops.front());
  for (const Stmt* l : loops)
    if (const auto* f = dyn_cast<ForStmt>(l))
      if (const Induction* ind = trips_.induction_of(*f)) scope.counters[ind->var] = ind->name;

  Place place;
  if (!(is_pointer ? pointer(e, scope, place) : address(e, scope, place))) {
    out.opaque += 1;
    return;
  }
  MemoryAccess a;
  a.object = std::move(place.object);
  a.object_bytes = std::move(place.object_bytes);
  a.width = width;
  a.store = store;
  a.offset = place.bytes.constant;
  for (auto& [counter, c] : place.bytes.coefficients) a.strides.emplace_back(counter, c);
  out.affine.push_back(std::move(a));
}

Expr AccessReader::size_of(QualType type) const {
  if (type->isIncompleteType() || !type->isConstantSizeType()) return nullptr;
  return constant(static_cast<double>(ctx_.getTypeSizeInChars(type).getQuantity()));
}

// An lvalue's object and its byte offset in it.
bool AccessReader::address(const clang::Expr* lv, const Scope& scope, Place& out) {
  lv = lv->IgnoreParens();
  if (const auto* ref = dyn_cast<DeclRefExpr>(lv)) {
    const auto* var = dyn_cast<VarDecl>(ref->getDecl());
    if (!var) return false;
    out.object = var->getName().str();
    out.object_bytes = size_of(var->getType());
    out.bytes.constant = constant(0);
    return true;
  }
  if (const auto* s = dyn_cast<ArraySubscriptExpr>(lv)) {
    Affine i;
    Expr element = size_of(s->getType());
    if (!element || !pointer(s->getBase(), scope, out) || !index(s->getIdx(), scope, 0, i)) return false;
    i.scale(element);
    out.bytes.plus(i);
    return true;
  }
  if (const auto* u = dyn_cast<UnaryOperator>(lv); u && u->getOpcode() == UO_Deref)
    return pointer(u->getSubExpr(), scope, out);
  if (const auto* m = dyn_cast<MemberExpr>(lv)) {
    const auto* field = dyn_cast<FieldDecl>(m->getMemberDecl());
    if (!field || field->isBitField()) return false;
    if (!(m->isArrow() ? pointer(m->getBase(), scope, out) : address(m->getBase(), scope, out))) return false;
    Affine f;
    f.constant = constant(static_cast<double>(ctx_.getFieldOffset(field) / ctx_.getCharWidth()));
    out.bytes.plus(f);
    return true;
  }
  return false;
}

// The object a pointer value points into, and the byte offset.
bool AccessReader::pointer(const clang::Expr* e, const Scope& scope, Place& out) {
  e = e->IgnoreParens();
  if (const auto* c = dyn_cast<CastExpr>(e)) {
    switch (c->getCastKind()) {
      case CK_ArrayToPointerDecay: return address(c->getSubExpr(), scope, out);
      case CK_NoOp:
      case CK_BitCast: return pointer(c->getSubExpr(), scope, out);
      case CK_LValueToRValue: {
        const auto* ref = dyn_cast<DeclRefExpr>(c->getSubExpr()->IgnoreParens());
        const auto* var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
        if (!var || scope.varying->count(var)) return false;  // a pointer the loops move
        const llvm::StringRef name = var->getName();
        out.object.assign(1, '*').append(name.data(), name.size());  // the pointee
        out.object_bytes = nullptr;
        out.bytes.constant = constant(0);
        return true;
      }
      default: return false;
    }
  }
  if (const auto* b = dyn_cast<BinaryOperator>(e); b && (b->getOpcode() == BO_Add || b->getOpcode() == BO_Sub)) {
    const bool left_pointer = b->getLHS()->getType()->isPointerType();
    const clang::Expr* p = left_pointer ? b->getLHS() : b->getRHS();
    const clang::Expr* n = left_pointer ? b->getRHS() : b->getLHS();
    if (!p->getType()->isPointerType() || !n->getType()->isIntegerType()) return false;
    Affine i;
    Expr element = size_of(p->getType()->getPointeeType());
    if (!element || !pointer(p, scope, out) || !index(n, scope, 0, i)) return false;
    i.scale(element);
    out.bytes.plus(i, b->getOpcode() == BO_Sub);
    return true;
  }
  if (const auto* u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_AddrOf) return address(u->getSubExpr(), scope, out);
  return false;
}

// An integer expression as counters times fixed coefficients plus a constant.
// Clang's constant evaluator is asked only at the leaves (a literal, a
// sizeof, an enumerator, a const variable): constants met on the way up
// fold as the affine forms combine, and evaluating every operator's whole
// operand again would cost the square of the index's depth.
bool AccessReader::index(const clang::Expr* e, const Scope& scope, int depth, Affine& out) {
  e = e->IgnoreParenImpCasts();
  auto evaluated = [&] {
    clang::Expr::EvalResult r;
    if (e->isValueDependent() || !e->EvaluateAsInt(r, ctx_)) return false;
    const llvm::APSInt& v = r.Val.getInt();
    out.constant = constant(v.isSigned() ? double(v.getSExtValue()) : double(v.getZExtValue()));
    return true;
  };
  if (isa<IntegerLiteral, CharacterLiteral, UnaryExprOrTypeTraitExpr>(e)) return evaluated();
  if (const auto* ref = dyn_cast<DeclRefExpr>(e)) {
    if (isa<EnumConstantDecl>(ref->getDecl())) return evaluated();
    const auto* var = dyn_cast<VarDecl>(ref->getDecl());
    if (!var || !var->getType()->isIntegerType()) return false;
    if (var->getType().isConstQualified() && var->getInit() && evaluated()) return true;
    if (auto it = scope.counters.find(var); it != scope.counters.end()) {
      out.constant = constant(0);
      out.coefficients[it->second] = constant(1);
      return true;
    }
    return invariant(*var, scope, depth, out);
  }
  if (const auto* u = dyn_cast<UnaryOperator>(e)) {
    if (u->getOpcode() != UO_Minus && u->getOpcode() != UO_Plus) return false;
    if (!index(u->getSubExpr(), scope, depth, out)) return false;
    if (u->getOpcode() == UO_Minus) out.scale(constant(-1));
    return true;
  }
  const auto* b = dyn_cast<BinaryOperator>(e);
  if (!b) return evaluated();
  Affine l, rt;
  if (!index(b->getLHS(), scope, depth, l) || !index(b->getRHS(), scope, depth, rt)) return false;
  switch (b->getOpcode()) {
    case BO_Add: l.plus(rt); break;
    case BO_Sub: l.plus(rt, true); break;
    case BO_Mul:
      if (!rt.coefficients.empty() && !l.coefficients.empty()) return false;  // not affine
      if (rt.coefficients.empty()) l.scale(rt.constant);
      else rt.scale(l.constant), l = std::move(rt);
      break;
    case BO_Shl:
      if (!rt.coefficients.empty()) return false;
      l.scale(func("pow", {constant(2), rt.constant}));
      break;
    default:  // / % & | ^ >>: affine only when both sides are constants
      return l.coefficients.empty() && rt.coefficients.empty() && evaluated();
  }
  out = std::move(l);
  return true;
}

// A variable the loops do not change: a local set once from such values, or
// one the trip counts already made a parameter (bound by the profile).
bool AccessReader::invariant(const VarDecl& var, const Scope& scope, int depth, Affine& out) {
  if (scope.varying->count(&var)) return false;
  if (var.hasLocalStorage() && var.getInit() && depth < 8 && !isa<ParmVarDecl>(var) && !trips_.assigned().count(&var))
    return index(var.getInit(), scope, depth + 1, out);
  const std::string* name = trips_.parameter_of(var);
  if (!name) return false;
  out.constant = param(*name);
  return true;
}

}  // namespace pacer::cfront
