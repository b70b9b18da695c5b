#include "frontends/clang/trip_count.hpp"

#include <cmath>

#include <clang/AST/Expr.h>
#include <clang/Basic/SourceManager.h>

namespace pacer::cfront {

using namespace clang;

namespace {

const VarDecl* referenced_var(const clang::Expr* e) {
  if (!e) return nullptr;
  if (const auto* ref = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts())) return dyn_cast<VarDecl>(ref->getDecl());
  return nullptr;
}

void mark(const clang::Expr* lv, VarSet& out) {
  lv = lv->IgnoreParenImpCasts();
  if (const auto* m = dyn_cast<MemberExpr>(lv); m && !m->isArrow()) return mark(m->getBase(), out);
  if (const VarDecl* v = referenced_var(lv)) out.insert(v);
}

std::string location(const SourceManager& sm, SourceLocation loc) {
  return "line " + std::to_string(sm.getExpansionLineNumber(loc));
}

}  // namespace

void collect_modified(const Stmt* s, VarSet& out, bool declarations, VarSet* address_taken) {
  if (!s) return;
  if (const auto* b = dyn_cast<BinaryOperator>(s); b && b->isAssignmentOp()) mark(b->getLHS(), out);
  if (const auto* u = dyn_cast<UnaryOperator>(s); u && (u->isIncrementDecrementOp() || u->getOpcode() == UO_AddrOf)) {
    mark(u->getSubExpr(), out);
    if (address_taken && u->getOpcode() == UO_AddrOf) mark(u->getSubExpr(), *address_taken);
  }
  if (const auto* d = dyn_cast<DeclStmt>(s); d && declarations)
    for (const Decl* decl : d->decls())
      if (const auto* v = dyn_cast<VarDecl>(decl)) out.insert(v);
  for (const Stmt* child : s->children()) collect_modified(child, out, declarations, address_taken);
}

TripCounter::TripCounter(ASTContext& ctx, const FunctionDecl& function, std::string function_name)
    : ctx_(ctx), function_(function), function_name_(std::move(function_name)) {}

const VarSet& TripCounter::assigned() const {
  if (!walked_) walk_function();
  return assigned_;
}

const VarSet& TripCounter::address_taken() const {
  if (!walked_) walk_function();
  return address_taken_;
}

const VarSet& TripCounter::modified_in(const Stmt* s) const {
  if (!walked_) walk_function();
  auto it = modified_.find(s);
  if (it != modified_.end()) return it->second;
  VarSet& set = modified_[s];  // a statement no loop is, nor a loop's body
  collect_modified(s, set);
  return set;
}

// One walk of the function gives what each loop and each loop body may
// change (collect_modified's sets, declarations included), what the
// function assigns anywhere (declarations aside), and whose address it
// takes: walking each loop apart cost a tenth of an analysis.
class TripCounter::FunctionWalk {
 public:
  explicit FunctionWalk(const TripCounter& t) : t_(t) {}

  void visit(const Stmt* s) {
    // Leaves, a good part of every body, change nothing and hold nothing.
    if (!s || isa<DeclRefExpr, IntegerLiteral, FloatingLiteral, CharacterLiteral, StringLiteral>(s)) return;
    if (const auto* b = dyn_cast<BinaryOperator>(s); b && b->isAssignmentOp()) changes(b->getLHS(), false);
    if (const auto* u = dyn_cast<UnaryOperator>(s); u && (u->isIncrementDecrementOp() || u->getOpcode() == UO_AddrOf))
      changes(u->getSubExpr(), u->getOpcode() == UO_AddrOf);
    if (const auto* d = dyn_cast<DeclStmt>(s))
      for (const Decl* decl : d->decls())
        if (const auto* v = dyn_cast<VarDecl>(decl))
          for (VarSet* set : open_) set->insert(v);
    const Stmt* body = nullptr;
    if (const auto* f = dyn_cast<ForStmt>(s)) body = f->getBody();
    else if (const auto* w = dyn_cast<WhileStmt>(s)) body = w->getBody();
    else if (const auto* d = dyn_cast<DoStmt>(s)) body = d->getBody();
    if (body) open_.push_back(&t_.modified_[s]);
    for (const Stmt* child : s->children()) {
      if (child && child == body) open_.push_back(&t_.modified_[body]);
      visit(child);
      if (child && child == body) open_.pop_back();
    }
    if (body) open_.pop_back();
  }

 private:
  void changes(const clang::Expr* lv, bool address) {
    VarSet one;
    mark(lv, one);
    for (const VarDecl* v : one) {
      for (VarSet* set : open_) set->insert(v);
      t_.assigned_.insert(v);
      if (address) t_.address_taken_.insert(v);
    }
  }

  const TripCounter& t_;
  std::vector<VarSet*> open_;  // the loops and loop bodies around the statement
};

void TripCounter::walk_function() const {
  walked_ = true;
  FunctionWalk(*this).visit(function_.getBody());
}

// i++, i--, i += c, i -= c, i = i + c, i *= 2, i <<= 1, i = i * 2.
bool TripCounter::step_of(const clang::Expr* inc, Step& out) const {
  if (!inc) return false;
  inc = inc->IgnoreParenImpCasts();
  auto constant = [&](const clang::Expr* e, long long& v) {
    clang::Expr::EvalResult r;
    if (!e->EvaluateAsInt(r, ctx_)) return false;
    v = r.Val.getInt().getExtValue();
    return true;
  };
  if (const auto* u = dyn_cast<UnaryOperator>(inc); u && u->isIncrementDecrementOp()) {
    out.var = referenced_var(u->getSubExpr());
    out.add = u->isIncrementOp() ? 1 : -1;
    return out.var != nullptr;
  }
  const auto* b = dyn_cast<BinaryOperator>(inc);
  if (!b) return false;
  out.var = referenced_var(b->getLHS());
  if (!out.var) return false;
  long long c = 0;
  switch (b->getOpcode()) {
    case BO_AddAssign: return constant(b->getRHS(), out.add);
    case BO_SubAssign:
      if (!constant(b->getRHS(), c)) return false;
      out.add = -c;
      return true;
    case BO_MulAssign: return (out.doubles = constant(b->getRHS(), c) && c == 2);
    case BO_ShlAssign: return (out.doubles = constant(b->getRHS(), c) && c == 1);
    case BO_Assign: break;
    default: return false;
  }
  const auto* rhs = dyn_cast<BinaryOperator>(b->getRHS()->IgnoreParenImpCasts());
  if (!rhs) return false;
  const clang::Expr* other = nullptr;
  if (referenced_var(rhs->getLHS()) == out.var) other = rhs->getRHS();
  else if (referenced_var(rhs->getRHS()) == out.var && (rhs->getOpcode() == BO_Add || rhs->getOpcode() == BO_Mul))
    other = rhs->getLHS();
  if (!other || !constant(other, c)) return false;
  switch (rhs->getOpcode()) {
    case BO_Add: out.add = c; return true;
    case BO_Sub: out.add = -c; return true;
    case BO_Mul: return (out.doubles = c == 2);
    case BO_Shl: return (out.doubles = c == 1);
    default: return false;
  }
}

const clang::Expr* TripCounter::start_of(const Stmt* init, const VarDecl* var) const {
  if (!init) return nullptr;
  if (const auto* d = dyn_cast<DeclStmt>(init)) {
    for (const Decl* decl : d->decls())
      if (decl == var) return var->getInit();
    return nullptr;
  }
  const auto* b = dyn_cast<BinaryOperator>(init);
  if (!b) return nullptr;
  if (b->getOpcode() == BO_Comma) {
    if (const clang::Expr* s = start_of(b->getRHS(), var)) return s;
    return start_of(b->getLHS(), var);
  }
  if (b->getOpcode() == BO_Assign && referenced_var(b->getLHS()) == var) return b->getRHS();
  return nullptr;
}

Expr TripCounter::variable(const VarDecl& var, const VarSet& varying, int depth, std::string& why) {
  if (auto it = active_.find(&var); it != active_.end()) {
    const Induction& ind = *it->second;
    // The mean counter value over the enclosing loop: start + step (trips - 1) / 2.
    used_means_[ind.name] = add(ind.start, mul(constant(ind.step), div(sub(ind.trips, constant(1)), constant(2))));
    return param(ind.name);
  }
  if (varying.count(&var)) {
    why = "it depends on '" + var.getName().str() + "', which changes while the loop runs";
    return nullptr;
  }
  // A local set once and never changed stands for its initial value.
  if (var.hasLocalStorage() && var.getInit() && depth < 8 && !isa<ParmVarDecl>(var) &&
      !assigned().count(&var) && var.getType()->isIntegerType()) {
    std::string ignored;
    if (Expr e = symbolic(var.getInit(), varying, depth + 1, ignored)) return e;
  }
  if (!var.getType()->isIntegerType()) {
    why = "it depends on '" + var.getName().str() + "', which is not an integer";
    return nullptr;
  }
  std::string name = parameter_name(var);
  variables_.emplace(name, "value of '" + var.getName().str() + "' in " + function_name_ + " (" +
                               location(ctx_.getSourceManager(), var.getLocation()) + ")");
  return param(name);
}

Expr TripCounter::symbolic(const clang::Expr* e, const VarSet& varying, int depth, std::string& why) {
  clang::Expr::EvalResult r;
  if (!e->isValueDependent() && e->EvaluateAsInt(r, ctx_)) {
    const llvm::APSInt& v = r.Val.getInt();  // in the expression's own type: an unsigned one reads as unsigned
    return constant(v.isSigned() ? double(v.getSExtValue()) : double(v.getZExtValue()));
  }
  e = e->IgnoreParenImpCasts();
  if (const VarDecl* v = referenced_var(e)) return variable(*v, varying, depth, why);
  const auto* b = dyn_cast<BinaryOperator>(e);
  if (!b) {
    why = "a bound is not an integer expression of variables";
    return nullptr;
  }
  Expr l = symbolic(b->getLHS(), varying, depth, why);
  Expr rt = l ? symbolic(b->getRHS(), varying, depth, why) : nullptr;
  if (!rt) return nullptr;
  switch (b->getOpcode()) {
    case BO_Add: return add(l, rt);
    case BO_Sub: return sub(l, rt);
    case BO_Mul: return mul(l, rt);
    case BO_Div: return func("floor", {div(l, rt)});
    case BO_Shr: return func("floor", {div(l, func("pow", {constant(2), rt}))});
    case BO_Shl: return mul(l, func("pow", {constant(2), rt}));
    default: why = "a bound uses an operator other than + - * / << >>"; return nullptr;
  }
}

TripCount TripCounter::analyse(const ForStmt& loop, const std::vector<const Stmt*>& enclosing,
                               const std::string& early_exit) {
  if (!early_exit.empty()) return {nullptr, "the loop can leave early (" + early_exit + ")"};
  Step step;
  if (!step_of(loop.getInc(), step)) return {nullptr, "the step is not i++, i--, i += c, i -= c, i *= 2 or i <<= 1"};
  const clang::Expr* start = start_of(loop.getInit(), step.var);
  if (!start) return {nullptr, "the loop does not set '" + step.var->getName().str() + "' in its header"};
  const auto* cond = dyn_cast_or_null<BinaryOperator>(loop.getCond() ? loop.getCond()->IgnoreParenImpCasts() : nullptr);
  if (!cond || !cond->isComparisonOp()) return {nullptr, "the condition is not a single comparison"};
  BinaryOperatorKind op = cond->getOpcode();
  const clang::Expr* end = nullptr;
  if (referenced_var(cond->getLHS()) == step.var) end = cond->getRHS();
  else if (referenced_var(cond->getRHS()) == step.var) end = cond->getLHS(), op = BinaryOperator::reverseComparisonOp(op);
  if (!end) return {nullptr, "the condition does not compare '" + step.var->getName().str() + "'"};
  if (modified_in(loop.getBody()).count(step.var))
    return {nullptr, "the body changes '" + step.var->getName().str() + "'"};

  // Counters of enclosing for loops may appear in the bounds (a triangular
  // loop); any other variable those loops change may not.
  active_.clear();
  used_means_.clear();
  VarSet varying;
  for (const Stmt* outer : enclosing) {
    for (const VarDecl* v : modified_in(outer)) varying.insert(v);
    if (const auto* f = dyn_cast<ForStmt>(outer))
      if (const Induction* ind = induction_of(*f); ind && !ind->triangular) active_[ind->var] = ind;
  }
  for (const VarDecl* v : modified_in(loop.getBody())) varying.insert(v), active_.erase(v);
  for (const auto& [v, ind] : active_) varying.erase(v);
  std::string why;
  Expr hi = symbolic(end, varying, 0, why);
  Expr lo = hi ? symbolic(start, varying, 0, why) : nullptr;
  if (!lo) return {nullptr, why, nullptr};

  bool up = step.doubles || step.add > 0;
  if (step.add == 0 && !step.doubles) return {nullptr, "the step is zero", nullptr};
  bool inclusive = op == BO_LE || op == BO_GE;
  bool valid = op == BO_NE || (up ? (op == BO_LT || op == BO_LE) : (op == BO_GT || op == BO_GE));
  if (!valid) return {nullptr, "the comparison runs against the step's direction", nullptr};
  Expr count;
  if (lo->kind == ExprKind::Const && hi->kind == ExprKind::Const && !step.doubles) {
    // Constant bounds: the count as C computes it, in the counter's type.
    count = constant_count(lo->value, hi->value, step, op, up, why);
    if (!count) return {nullptr, why, nullptr};
  } else {
    count = count_of(lo, hi, step, inclusive, up);
  }
  const bool triangular = !used_means_.empty();
  if (!step.doubles) {
    unsigned line = ctx_.getSourceManager().getExpansionLineNumber(loop.getBeginLoc());
    inductions_[&loop] = Induction{step.var, function_name_ + "." + step.var->getName().str() + "_L" + std::to_string(line),
                                   lo, double(step.add), count, triangular};
  }
  if (triangular) return {substitute_params(count, used_means_), "", count};
  return {count, "", nullptr};
}

const Induction* TripCounter::induction_of(const ForStmt& loop) const {
  auto it = inductions_.find(&loop);
  return it == inductions_.end() ? nullptr : &it->second;
}

std::string TripCounter::parameter_name(const VarDecl& var) const {
  return var.hasGlobalStorage() && !var.isStaticLocal() ? var.getName().str()
                                                        : function_name_ + "." + var.getName().str();
}

const std::string* TripCounter::parameter_of(const VarDecl& var) const {
  auto it = variables_.find(parameter_name(var));
  return it == variables_.end() ? nullptr : &it->first;
}

// A loop `for (i = lo; i OP hi; i += add)` with constant bounds counts as C
// runs it: a relational condition false at the start runs no iteration
// (the formula (hi - lo) / add would go negative), and `!=` on an unsigned
// counter wraps around modulo 2^width, as csmith's `for (u = -28; u != 18;
// ++u)` on a uint32_t does (46 iterations, not -4294967250).
Expr TripCounter::constant_count(double lo, double hi, const Step& step, clang::BinaryOperatorKind op, bool up,
                                 std::string& why) const {
  const double magnitude = double(step.add > 0 ? step.add : -step.add);
  double span = up ? hi - lo : lo - hi;
  if (op != BO_NE) {
    const bool inclusive = op == BO_LE || op == BO_GE;
    if (span < 0 || (span == 0 && !inclusive)) return constant(0);
    return constant(inclusive ? std::floor(span / magnitude) + 1 : std::ceil(span / magnitude));
  }
  const clang::QualType type = step.var->getType();
  if (span < 0 && type->isUnsignedIntegerType()) span += std::ldexp(1.0, int(ctx_.getTypeSize(type)));
  if (span < 0) {
    why = "the counter runs away from its bound (it would overflow its signed type)";
    return nullptr;
  }
  if (std::fmod(span, magnitude) != 0) {
    why = "the counter steps over its bound (the loop would run until it overflows)";
    return nullptr;
  }
  return constant(span / magnitude);
}

Expr TripCounter::count_of(const Expr& lo, const Expr& hi, const Step& step, bool inclusive, bool up) const {
  if (step.doubles) {
    Expr ratio = func("log2", {div(hi, lo)});
    return inclusive ? add(func("floor", {ratio}), constant(1)) : func("ceil", {ratio});
  }
  Expr span = up ? sub(hi, lo) : sub(lo, hi);
  long long magnitude = step.add > 0 ? step.add : -step.add;
  if (magnitude == 1) return inclusive ? add(span, constant(1)) : span;
  Expr steps = div(span, constant(double(magnitude)));
  return inclusive ? add(func("floor", {steps}), constant(1)) : func("ceil", {steps});
}

}  // namespace pacer::cfront
