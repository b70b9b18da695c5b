#include "frontends/clang/construct_counter.hpp"

#include <optional>
#include <stdexcept>
#include <string>

#include "framework/constructs.hpp"

namespace pacer::cfront {

using namespace clang;

Family type_family(QualType type) {
  const Type* t = type.getCanonicalType().getTypePtr();
  if (const auto* c = t->getAs<ComplexType>()) t = c->getElementType().getCanonicalType().getTypePtr();
  if (const auto* b = t->getAs<BuiltinType>()) {
    switch (b->getKind()) {
      case BuiltinType::Half:
      case BuiltinType::Float16:
      case BuiltinType::BFloat16:
      case BuiltinType::Float: return Family::Float;
      case BuiltinType::Double:
      case BuiltinType::LongDouble:
      case BuiltinType::Float128: return Family::Double;
      default: break;
    }
  }
  return Family::Int;  // integers, enums, booleans, pointers (address arithmetic)
}

ConstructId arithmetic(Family family, Arithmetic op) {
  static constexpr ConstructId table[3][5] = {
      {construct_id("int_add"), construct_id("int_sub"), construct_id("int_mul"), construct_id("int_div"), construct_id("int_cmp")},
      {construct_id("float_add"), construct_id("float_sub"), construct_id("float_mul"), construct_id("float_div"),
       construct_id("float_cmp")},
      {construct_id("double_add"), construct_id("double_sub"), construct_id("double_mul"), construct_id("double_div"),
       construct_id("double_cmp")}};
  return table[static_cast<int>(family)][static_cast<int>(op)];
}

bool ConstructCounter::local(const Expr* lv) {
  lv = lv->IgnoreParens();
  if (const auto* ref = dyn_cast<DeclRefExpr>(lv)) {
    const auto* var = dyn_cast<VarDecl>(ref->getDecl());
    return var && var->hasLocalStorage();
  }
  if (const auto* member = dyn_cast<MemberExpr>(lv)) return !member->isArrow() && local(member->getBase());
  return isa<CompoundLiteralExpr>(lv);  // array elements and pointees are global
}

namespace {

// The construct a library function stands for (library_construct), by place.
ConstructId library_id(const char* construct) {
  const int i = construct_index(construct);
  if (i < 0) throw std::logic_error(std::string("library construct '") + construct + "' is not in the vocabulary");
  return static_cast<ConstructId>(i);
}

// The variable an lvalue names, through element and member (not ->) access.
const VarDecl* named_variable(const Expr* lvalue) {
  lvalue = lvalue->IgnoreParens();
  if (const auto* ref = dyn_cast<DeclRefExpr>(lvalue)) return dyn_cast<VarDecl>(ref->getDecl());
  if (const auto* member = dyn_cast<MemberExpr>(lvalue)) return member->isArrow() ? nullptr : named_variable(member->getBase());
  if (const auto* element = dyn_cast<ArraySubscriptExpr>(lvalue)) {
    const auto* decay = dyn_cast<ImplicitCastExpr>(element->getBase()->IgnoreParens());
    return decay && decay->getCastKind() == CK_ArrayToPointerDecay ? named_variable(decay->getSubExpr()) : nullptr;
  }
  return nullptr;
}

// Whether `e` is the address of an automatic variable or of a part of one
// (an array's decay to a pointer is such an address): no constant, though
// an expression that compares two such addresses may be one.
bool automatic_address(const Expr* e) {
  // A change of the pointer's type keeps its value: (void *)buffer.
  while (const auto* c = dyn_cast<ImplicitCastExpr>(e)) {
    if (c->getCastKind() != CK_BitCast && c->getCastKind() != CK_NoOp) break;
    e = c->getSubExpr()->IgnoreParens();
  }
  const Expr* of = nullptr;
  if (const auto* u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_AddrOf) of = u->getSubExpr();
  if (const auto* c = dyn_cast<ImplicitCastExpr>(e); c && c->getCastKind() == CK_ArrayToPointerDecay) of = c->getSubExpr();
  const VarDecl* v = of ? named_variable(of) : nullptr;
  return v && v->hasLocalStorage();
}

// Whether `e` is the address of a variable of static storage (not a
// thread's), of a member of one, or of a string literal, or of an element of
// a static array at a literal index inside it: the linker's constant.
bool static_address(const Expr* e) {
  // A qualifier added to the pointee keeps the value: (const char *)table.
  while (const auto* c = dyn_cast<ImplicitCastExpr>(e)) {
    if (c->getCastKind() != CK_NoOp) break;
    e = c->getSubExpr()->IgnoreParens();
  }
  const Expr* of = nullptr;
  if (const auto* u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_AddrOf) of = u->getSubExpr();
  if (const auto* c = dyn_cast<ImplicitCastExpr>(e); c && c->getCastKind() == CK_ArrayToPointerDecay) of = c->getSubExpr();
  if (!of) return false;
  of = of->IgnoreParens();
  if (isa<StringLiteral>(of)) return true;
  while (true) {
    if (const auto* member = dyn_cast<MemberExpr>(of); member && !member->isArrow()) {
      of = member->getBase()->IgnoreParens();
    } else if (const auto* element = dyn_cast<ArraySubscriptExpr>(of)) {
      const auto* decay = dyn_cast<ImplicitCastExpr>(element->getBase()->IgnoreParens());
      const auto* index = dyn_cast<IntegerLiteral>(element->getIdx()->IgnoreParenImpCasts());
      if (!decay || decay->getCastKind() != CK_ArrayToPointerDecay || !index) return false;
      const auto* array = dyn_cast<ConstantArrayType>(decay->getSubExpr()->getType()->getAsArrayTypeUnsafe());
      if (!array || index->getValue().uge(array->getSize().getZExtValue())) return false;
      of = decay->getSubExpr()->IgnoreParens();
    } else {
      break;
    }
  }
  const auto* ref = dyn_cast<DeclRefExpr>(of);
  const auto* v = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  return v && v->hasGlobalStorage() && v->getTLSKind() == VarDecl::TLS_None;
}

}  // namespace

// A constant expression without side effects costs nothing at run time: the
// compiler folds it. Clang's evaluator is asked only what the shape of the
// expression does not answer; those answers are C's (C++ has constant
// references and functions: there only reads of local variables are judged
// by shape).
bool ConstructCounter::folded(const Expr* e) {
  const bool c = !ctx_.getLangOpts().CPlusPlus;
  if (c && (literal_conversion(e) || static_address(e))) return true;
  if ((c && automatic_address(e)) || never_constant(e) || e->isValueDependent() || e->HasSideEffects(ctx_))
    return false;
  return e->isEvaluatable(ctx_);
}

// An integer or character literal converted to another integer type, to
// bool, to floating point or to a null pointer: a constant Clang folds
// whatever the value, found without its evaluator.
bool ConstructCounter::literal_conversion(const Expr* e) {
  e = e->IgnoreParens();
  if (isa<IntegerLiteral, CharacterLiteral>(e)) return true;
  // A literal is never negative, so negating one cannot overflow its type.
  if (const auto* u = dyn_cast<UnaryOperator>(e); u && (u->getOpcode() == UO_Minus || u->getOpcode() == UO_Plus))
    return isa<IntegerLiteral>(u->getSubExpr()->IgnoreParens());
  const auto* c = dyn_cast<CastExpr>(e);
  if (!c) return false;
  switch (c->getCastKind()) {
    case CK_IntegralCast:
    case CK_IntegralToBoolean:
    case CK_IntegralToFloating:
    case CK_NullToPointer:
    case CK_NoOp:
      return literal_conversion(c->getSubExpr());
    default:
      return false;
  }
}

// Whether `e` is certainly no constant: it reads the value of a variable
// that is not const (local or, in C, global), or (in C, which has no
// constant functions) calls a function that is not one of Clang's builtins. Then
// Clang's evaluator cannot fold it, and its costly check, which walks the
// whole operand each time an operator inside is counted (quadratic in the
// nesting), is skipped. Only operators that evaluate every operand pass the
// answer up; &&, ||, the comma, ?:, sizeof and builtin calls (such as
// __builtin_constant_p) answer "not certain". Remembered per node.
bool ConstructCounter::never_constant(const Expr* e) {
  bool never = false;
  const auto* call = dyn_cast<CallExpr>(e);
  const unsigned builtin = call ? call->getBuiltinCallee() : 0;
  if (call) never = !ctx_.getLangOpts().CPlusPlus && builtin == 0;
  if (const auto* c = dyn_cast<ImplicitCastExpr>(e); !never && c && c->getCastKind() == CK_LValueToRValue)
    if (const auto* ref = dyn_cast<DeclRefExpr>(c->getSubExpr()->IgnoreParens()))
      if (const auto* v = dyn_cast<VarDecl>(ref->getDecl()))
        never = !v->getType().isConstQualified() && (v->hasLocalStorage() || !ctx_.getLangOpts().CPlusPlus);
  // The operands whose being no constant makes `e` none: every operand of
  // an operator that evaluates them all; every argument of a library
  // function's builtin (fabs, sqrt: folded only from constant arguments);
  // the left operand of && and || (the evaluator may still find X && 0 to
  // be 0, but only by taking X's failure as a side effect, and folding
  // refuses those).
  const auto* b = dyn_cast<BinaryOperator>(e);
  const bool library = builtin && (ctx_.BuiltinInfo.isLibFunction(builtin) || ctx_.BuiltinInfo.isPredefinedLibFunction(builtin));
  const bool every_operand = library || (isa<BinaryOperator, UnaryOperator, CastExpr, ArraySubscriptExpr, MemberExpr, ParenExpr>(e) &&
                                         !(b && (b->isLogicalOp() || b->isCommaOp())));
  const bool left_operand = b && b->isLogicalOp();
  // What the node's own shape answers needs no memo: only an answer that
  // walks the operands is remembered (most nodes are reads of variables
  // and literals, and a lookup each cost more than the answer).
  if (never || !(every_operand || left_operand)) return never;
  if (auto known = never_constant_.find(e); known != never_constant_.end()) return known->second;
  if (left_operand) {
    never = never_constant(b->getLHS());
  } else {
    for (const Stmt* child : e->children())
      if (const auto* sub = dyn_cast_or_null<Expr>(child); sub && never_constant(sub)) {
        never = true;
        break;
      }
  }
  never_constant_[e] = never;
  return never;
}

void ConstructCounter::count(const Expr* e) {
  if (!e) return;
  e = e->IgnoreParens();
  if (isa<IntegerLiteral, FloatingLiteral, CharacterLiteral, StringLiteral, DeclRefExpr,
          UnaryExprOrTypeTraitExpr, OffsetOfExpr>(e)) {
    if (const auto* size = dyn_cast<UnaryExprOrTypeTraitExpr>(e); size && !size->isArgumentType() &&
                                                                 size->getArgumentExpr()->getType()->isVariableArrayType())
      count(size->getArgumentExpr());
    return;
  }
  if (isa<BinaryOperator, UnaryOperator, CastExpr>(e) && folded(e)) return;
  // What every iteration of its loop computes alike is computed once, before
  // the loop (loop_invariance.hpp): counted there.
  if (!hoisting_ && worth_hoisting(e) && hooks_.invariant(*e)) {
    hoisting_ = true;
    dispatch(e);
    hoisting_ = false;
    return;
  }
  dispatch(e);
}

// An operation, a conversion or an element's address: what costs something
// when hoisted (a variable's read alone is an operand).
bool ConstructCounter::worth_hoisting(const Expr* e) const {
  if (isa<BinaryOperator, UnaryOperator>(e)) return true;
  const auto* c = dyn_cast<CastExpr>(e);
  if (!c || c->getCastKind() == CK_LValueToRValue || c->getCastKind() == CK_NoOp) return false;
  return c->getCastKind() != CK_ArrayToPointerDecay || isa<ArraySubscriptExpr>(c->getSubExpr()->IgnoreParens());
}

void ConstructCounter::dispatch(const Expr* e) {
  if (const auto* c = dyn_cast<CastExpr>(e)) return cast(*c);
  if (const auto* b = dyn_cast<CompoundAssignOperator>(e)) return compound_assign(*b);
  if (const auto* b = dyn_cast<BinaryOperator>(e)) return binary(*b);
  if (const auto* u = dyn_cast<UnaryOperator>(e)) return unary(*u);
  if (const auto* c = dyn_cast<CallExpr>(e)) return call(*c);
  if (const auto* c = dyn_cast<AbstractConditionalOperator>(e)) return hooks_.conditional(*c);
  if (const auto* s = dyn_cast<StmtExpr>(e)) return hooks_.statement_expression(*s);
  if (isa<ArraySubscriptExpr, MemberExpr>(e)) return count_address(e);
  if (const auto* list = dyn_cast<InitListExpr>(e)) {
    for (const Expr* init : list->inits()) count(init);
    return;
  }
  for (const Stmt* child : e->children())
    if (const auto* sub = dyn_cast_or_null<Expr>(child)) count(sub);
}

void ConstructCounter::count_address(const Expr* lv) {
  lv = lv->IgnoreParens();
  if (const auto* a = dyn_cast<ArraySubscriptExpr>(lv)) {
    add(construct_id("array_index"));
    count(a->getBase());
    count(a->getIdx());
  } else if (const auto* m = dyn_cast<MemberExpr>(lv)) {
    if (m->isArrow()) count(m->getBase());
    else count_address(m->getBase());
  } else if (const auto* u = dyn_cast<UnaryOperator>(lv); u && u->getOpcode() == UO_Deref) {
    count(u->getSubExpr());
  } else if (!isa<DeclRefExpr>(lv)) {
    count(lv);
  }
}

void ConstructCounter::reference(const Expr* lv, bool store) {
  if (local(lv)) return add(store ? construct_id("local_store") : construct_id("local_load"));
  add(store ? construct_id("global_store") : construct_id("global_load"));
  hooks_.memory_reference(*lv, store);
}

void ConstructCounter::conversion(QualType from, QualType to) {
  bool f = from->isRealFloatingType(), t = to->isRealFloatingType();
  if (!f && t) add(construct_id("conv_int_fp"));
  else if (f && !t && to->isIntegerType()) add(construct_id("conv_fp_int"));
  else if (f && t && ctx_.getTypeSize(from) != ctx_.getTypeSize(to)) add(construct_id("conv_fp_fp"));
}

void ConstructCounter::cast(const CastExpr& e) {
  const Expr* sub = e.getSubExpr();
  switch (e.getCastKind()) {
    case CK_LValueToRValue:
      count_address(sub);
      reference(sub, false);
      return;
    case CK_ArrayToPointerDecay:
    case CK_FunctionToPointerDecay:
      count_address(sub);
      return;
    case CK_IntegralToFloating: add(construct_id("conv_int_fp")); break;
    case CK_FloatingToIntegral: add(construct_id("conv_fp_int")); break;
    case CK_FloatingCast: conversion(sub->getType(), e.getType()); break;
    case CK_IntegralToBoolean:
    case CK_PointerToBoolean: add(construct_id("int_cmp")); break;
    case CK_FloatingToBoolean: add(arithmetic(type_family(sub->getType()), Arithmetic::Cmp)); break;
    default: break;
  }
  count(sub);
}

void ConstructCounter::binary(const BinaryOperator& e) {
  const Expr* lhs = e.getLHS();
  const Expr* rhs = e.getRHS();
  if (e.getOpcode() == BO_Assign) {
    count(rhs);
    count_address(lhs);
    reference(lhs, true);
    return;
  }
  if (e.isLogicalOp() && hooks_.short_circuit(e)) return;
  count(lhs);
  count(rhs);
  const Family family = type_family(e.getType());
  switch (e.getOpcode()) {
    case BO_Add: add(arithmetic(family, Arithmetic::Add)); break;
    case BO_Sub: add(arithmetic(family, Arithmetic::Sub)); break;
    case BO_Mul: add(arithmetic(family, Arithmetic::Mul)); break;
    case BO_Div:
      if (family == Family::Int) integer_division(*rhs, e.getType(), false);
      else add(arithmetic(family, Arithmetic::Div));
      break;
    case BO_Rem: integer_division(*rhs, e.getType(), true); break;
    case BO_Shl:
    case BO_Shr: add(construct_id("int_shift")); break;
    case BO_And:
    case BO_Or:
    case BO_Xor: add(construct_id("int_bitwise")); break;
    case BO_LAnd:
    case BO_LOr: add(construct_id("logic")); break;
    case BO_LT:
    case BO_GT:
    case BO_LE:
    case BO_GE:
    case BO_EQ:
    case BO_NE: add(arithmetic(type_family(lhs->getType()), Arithmetic::Cmp)); break;
    default: break;  // comma
  }
}

// An integer division or remainder by a constant is counted as what every
// optimising compiler makes of it, the divide instruction being many times
// dearer: by a power of two, a shift or a mask (a signed operand adds its
// rounding fix-up); by another constant, a multiplication by its inverse
// and a shift (the remainder then multiplies back and subtracts).
void ConstructCounter::integer_division(const Expr& divisor, QualType type, bool remainder) {
  std::optional<llvm::APSInt> c = divisor.getIntegerConstantExpr(ctx_);
  if (!c || *c == 0 || (c->isSigned() && c->isNegative())) {
    add(remainder ? construct_id("int_mod") : construct_id("int_div"));
    return;
  }
  const bool is_signed = type->isSignedIntegerOrEnumerationType();
  if (c->isPowerOf2()) {
    add(remainder ? construct_id("int_bitwise") : construct_id("int_shift"));
    if (is_signed) add(construct_id("int_shift"), 2), add(construct_id("int_add"));  // round towards zero
    return;
  }
  add(construct_id("int_mul")), add(construct_id("int_shift"));
  if (is_signed) add(construct_id("int_shift")), add(construct_id("int_sub"));  // the sign's correction
  if (remainder) add(construct_id("int_mul")), add(construct_id("int_sub"));
}

void ConstructCounter::compound_assign(const CompoundAssignOperator& e) {
  const Expr* lhs = e.getLHS();
  count(e.getRHS());
  count_address(lhs);
  reference(lhs, false);
  // a op= b is a = (T)((C)a op b) with C the computation type: int += double
  // converts both ways.
  QualType computation = e.getComputationLHSType();
  conversion(lhs->getType(), computation);
  const Family family = type_family(e.getComputationResultType());
  switch (e.getOpcode()) {
    case BO_AddAssign: add(arithmetic(family, Arithmetic::Add)); break;
    case BO_SubAssign: add(arithmetic(family, Arithmetic::Sub)); break;
    case BO_MulAssign: add(arithmetic(family, Arithmetic::Mul)); break;
    case BO_DivAssign:
      if (family == Family::Int) integer_division(*e.getRHS(), e.getComputationResultType(), false);
      else add(arithmetic(family, Arithmetic::Div));
      break;
    case BO_RemAssign: integer_division(*e.getRHS(), e.getComputationResultType(), true); break;
    case BO_ShlAssign:
    case BO_ShrAssign: add(construct_id("int_shift")); break;
    default: add(construct_id("int_bitwise")); break;
  }
  conversion(e.getComputationResultType(), lhs->getType());
  reference(lhs, true);
}

void ConstructCounter::unary(const UnaryOperator& e) {
  const Expr* sub = e.getSubExpr();
  const Family family = type_family(sub->getType());
  switch (e.getOpcode()) {
    case UO_PreInc:
    case UO_PostInc:
    case UO_PreDec:
    case UO_PostDec: {
      count_address(sub);
      reference(sub, false);
      add(arithmetic(family, e.isIncrementOp() ? Arithmetic::Add : Arithmetic::Sub));
      reference(sub, true);
      return;
    }
    case UO_AddrOf: return count_address(sub);
    case UO_Deref: return count(sub);
    case UO_Minus: add(arithmetic(family, Arithmetic::Sub)); break;
    case UO_Not: add(construct_id("int_bitwise")); break;
    case UO_LNot: add(construct_id("logic")); break;
    default: break;
  }
  count(sub);
}

void ConstructCounter::call(const CallExpr& e) {
  for (const Expr* arg : e.arguments()) count(arg);
  const FunctionDecl* callee = e.getDirectCallee();
  if (!callee) {
    count(e.getCallee());
    add(construct_id("call"));
    hooks_.unmodelable("function_pointer", e,
                       "call through a function pointer: the callee is unknown; only the call's overhead is counted");
    return;
  }
  if (hooks_.user_call(e, *callee)) return;
  llvm::StringRef name = callee->getName();
  if (const std::optional<MemoryMover> mover = memory_mover(name)) moved(e, *mover);
  if (const char* construct = library_construct(name)) return add(library_id(construct));
  add(construct_id("call"));
  if (name == "setjmp" || name == "_setjmp" || name == "sigsetjmp" || name == "__sigsetjmp" || name == "longjmp" ||
      name == "_longjmp" || name == "siglongjmp")
    hooks_.unmodelable("setjmp", e, name.str() + ": non-local jumps are not modelled; control is taken to continue in order");
}

// memcpy and its kin read and write in the C library: with a size Clang
// can evaluate (a row's, a struct's), their destination and source are
// references of that many bytes. The address of a local scalar is none:
// memcpy(&d, &u, 8) reinterprets a value in registers, and the compiler
// makes it a move.
void ConstructCounter::moved(const CallExpr& e, const MemoryMover& mover) {
  if (e.getNumArgs() <= mover.size_argument || e.getNumArgs() < 2) return;
  clang::Expr::EvalResult size;
  if (!e.getArg(mover.size_argument)->EvaluateAsInt(size, ctx_) || !size.Val.getInt().isStrictlyPositive()) return;
  const double bytes = static_cast<double>(size.Val.getInt().getLimitedValue());
  auto local_scalar = [](const clang::Expr* p) {
    const auto* address = dyn_cast<UnaryOperator>(p->IgnoreParenImpCasts());
    const auto* ref = address && address->getOpcode() == UO_AddrOf
                          ? dyn_cast<DeclRefExpr>(address->getSubExpr()->IgnoreParens())
                          : nullptr;
    const auto* var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
    return var && var->hasLocalStorage() && !var->getType()->isArrayType();
  };
  if (!local_scalar(e.getArg(0))) hooks_.memory_range(*e.getArg(0), bytes, true);
  if (mover.reads_source && !local_scalar(e.getArg(1))) hooks_.memory_range(*e.getArg(1), bytes, false);
}

}  // namespace pacer::cfront
