#include "frontends/clang/seg_builder.hpp"

#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>
#include <llvm/ADT/StringSet.h>
#include <llvm/Support/Allocator.h>

#include <algorithm>
#include <charconv>
#include <cstring>
#include <map>
#include <set>

#include "framework/constructs.hpp"
#include "frontends/clang/construct_counter.hpp"
#include "frontends/clang/loop_invariance.hpp"
#include "frontends/clang/memory_access.hpp"
#include "frontends/clang/trip_count.hpp"

namespace pacer::cfront {

using namespace clang;
using Items = llvm::ArrayRef<const Stmt*>;

namespace {

enum class Exit { Never, Maybe, Always };

bool noreturn_call(const Stmt* s) {
  const auto* e = dyn_cast_or_null<clang::Expr>(s);
  const auto* call = e ? dyn_cast<CallExpr>(e->IgnoreParenImpCasts()) : nullptr;
  const FunctionDecl* f = call ? call->getDirectCallee() : nullptr;
  return f && f->isNoReturn();
}

// Whether `s` leaves the block it sits in (return, goto, a break or continue
// aimed outside it, a call that does not return). `loop`/`sw`: s is inside a
// loop/switch nested in the statement being classified.
Exit exits(const Stmt* s, bool loop = false, bool sw = false) {
  if (!s) return Exit::Never;
  if (isa<ReturnStmt, GotoStmt, IndirectGotoStmt>(s) || noreturn_call(s)) return Exit::Always;
  if (isa<BreakStmt>(s)) return loop || sw ? Exit::Never : Exit::Always;
  if (isa<ContinueStmt>(s)) return loop ? Exit::Never : Exit::Always;
  if (const auto* c = dyn_cast<CompoundStmt>(s)) {
    Exit out = Exit::Never;
    for (const Stmt* child : c->body()) {
      Exit e = exits(child, loop, sw);
      if (e == Exit::Always) return Exit::Always;
      if (e == Exit::Maybe) out = Exit::Maybe;
    }
    return out;
  }
  if (const auto* i = dyn_cast<IfStmt>(s)) {
    Exit t = exits(i->getThen(), loop, sw), e = exits(i->getElse(), loop, sw);
    if (t == Exit::Always && e == Exit::Always) return Exit::Always;
    return t == Exit::Never && e == Exit::Never ? Exit::Never : Exit::Maybe;
  }
  if (const auto* f = dyn_cast<ForStmt>(s)) return exits(f->getBody(), true, sw) == Exit::Never ? Exit::Never : Exit::Maybe;
  if (const auto* w = dyn_cast<WhileStmt>(s)) return exits(w->getBody(), true, sw) == Exit::Never ? Exit::Never : Exit::Maybe;
  if (const auto* d = dyn_cast<DoStmt>(s)) return exits(d->getBody(), true, sw) == Exit::Never ? Exit::Never : Exit::Maybe;
  if (const auto* w = dyn_cast<SwitchStmt>(s)) return exits(w->getBody(), loop, true) == Exit::Never ? Exit::Never : Exit::Maybe;
  if (const auto* l = dyn_cast<LabelStmt>(s)) return exits(l->getSubStmt(), loop, sw);
  if (const auto* c = dyn_cast<SwitchCase>(s)) return exits(c->getSubStmt(), loop, sw);
  if (const auto* a = dyn_cast<AttributedStmt>(s)) return exits(a->getSubStmt(), loop, sw);
  return Exit::Never;
}

// The first statement in a loop body that leaves the loop altogether.
const Stmt* leaves_loop(const Stmt* s, bool inner_loop = false, bool sw = false) {
  if (!s) return nullptr;
  if (isa<clang::Expr>(s)) return noreturn_call(s) ? s : nullptr;
  if (isa<ReturnStmt, GotoStmt, IndirectGotoStmt>(s)) return s;
  if (isa<BreakStmt>(s)) return inner_loop || sw ? nullptr : s;
  if (isa<ForStmt, WhileStmt, DoStmt>(s)) inner_loop = true;
  if (isa<SwitchStmt>(s)) sw = true;
  for (const Stmt* child : s->children())
    if (const Stmt* found = leaves_loop(child, inner_loop, sw)) return found;
  return nullptr;
}

const char* statement_name(const Stmt* s) {
  if (isa<BreakStmt>(s)) return "break";
  if (isa<ReturnStmt>(s)) return "return";
  if (isa<GotoStmt, IndirectGotoStmt>(s)) return "goto";
  return "a call that does not return";
}

std::vector<const Stmt*> items_of(const Stmt* s) {
  if (const auto* c = dyn_cast<CompoundStmt>(s)) return {c->body_begin(), c->body_end()};
  return {s};
}

class Builder final : public ExprHooks {
 public:
  Builder(ASTContext& ctx, const FunctionDecl& fn, const FileFunctions& file, const FileName& display_file,
          CAnalysis& out, std::set<std::string>& parameter_names)
      : ctx_(ctx), sm_(ctx.getSourceManager()), fn_(fn), file_(file), display_(display_file), out_(out),
        names_(parameter_names), name_(fn.getName().str()), counter_(ctx, *this), trips_(ctx, fn, name_), accesses_(ctx, fn, trips_), invariance_(ctx, trips_),
        first_diagnostic_(out.diagnostics.size()) {}

  Task build() {
    Task task;
    task.name = name_;
    task.where = {display_, line(fn_.getBeginLoc())};
    task.description = "C function at " + task.where.str();
    for (const ParmVarDecl* p : fn_.parameters())
      if (p->getOriginalType()->isVariablyModifiedType())
        report("vla", p->getBeginLoc(), "parameter '" + p->getName().str() +
                                            "' is a variable-length array: only its size expressions are counted");
    seg_ = &task.seg;
    collect_labels(fn_.getBody());
    if (out_.sites_counted) out_.node_positions.push_back({name_, "", position(fn_.getBody()->getBeginLoc())});
    stmt_ = fn_.getBody();
    statement(fn_.getBody());
    flush();
    goto_entries();
    if (task.seg.empty()) {
      // Nothing the model counts (an empty body, return of a constant): one
      // segment of no cost keeps the function a valid SEG.
      stmt_ = fn_.getBody();
      open_.emplace(OpenSegment{fn_.getBody()->getBeginLoc(), fn_.getBody(), fn_.getBody()->getBeginLoc(), {}, {}});
      flush(true);
    }
    for (const auto& [variable, description] : trips_.variables())
      shared_parameter(variable, ParamKind::Real, description);
    if (first_indirect_goto_.isValid() && !dispatch_built_)
      report("goto", first_indirect_goto_,
             "computed goto whose targets are not the labels of one block: each jump is modelled as an early exit, "
             "and the code after it as a continuation branch");
    return task;
  }

 private:
  // ---- ExprHooks: what the construct counter hands back ----
  void memory_reference(const clang::Expr& lvalue, bool store) override {
    current();
    accesses_.read(lvalue, store, loops_, open_->memory);
  }
  void memory_range(const clang::Expr& pointer, double bytes, bool store) override {
    current();
    accesses_.read_range(pointer, bytes, store, loops_, open_->memory);
  }

  bool invariant(const clang::Expr& e) override {
    return !entries_.empty() && entries_.back().has_segment && invariance_.invariant(e, *entries_.back().loop);
  }
  ConstructTally& hoisted() override { return entries_.back().hoisted; }

  // Adds what a loop's iterations compute alike to the segment before it,
  // the last node of the sequence when the loop is appended.
  void count_before_loop(const ConstructTally& hoisted) {
    SegNode* entry = nullptr;
    for (SegNode* n : seg_->mutable_sequence()) entry = n;
    Ruv& constructs = entry->ruvs[ruv_kind::constructs];
    hoisted.add_to(constructs);
    entry->ruvs[ruv_kind::flops].set("flops", mcmahon_flops(constructs));
  }

  ConstructTally& current() override {
    if (!open_) {
      open_.emplace();
      open_->begin = open_->count_at = stmt_->getBeginLoc();
    }
    open_->last = stmt_;
    return open_->tally;
  }

  void conditional(const AbstractConditionalOperator& e) override {
    counter_.count(e.getCond());
    current().add(construct_id("if"));
    flush();
    SegNode node = make(NodeKind::Branch, "cond", e.getBeginLoc(), e.getEndLoc());
    std::string p = unique_parameter("P_" + name_ + "_L" + std::to_string(line(e.getBeginLoc())),
                                     ParamKind::Probability, "probability that the ?: condition at " + here(e.getBeginLoc()) + " holds");
    const auto* full = dyn_cast<ConditionalOperator>(&e);
    node.arms.push_back({param(p), sub_seg([&] { if (full) operand(full->getTrueExpr()); })});
    node.arms.push_back({nullptr, sub_seg([&] { operand(e.getFalseExpr()); })});
    site(CountSite::Kind::Arm, node.id, p, e.getBeginLoc(), {e.getTrueExpr()->getBeginLoc()});
    append(std::move(node));
  }

  // The right operand of && or || runs only as often as the left does not
  // decide the value; when it holds calls or ?:, their nodes would otherwise
  // be counted on every evaluation of the left.
  bool short_circuit(const BinaryOperator& e) override {
    if (!makes_nodes(e.getRHS())) return false;
    counter_.count(e.getLHS());
    current().add(construct_id("logic"));
    flush();
    SegNode node = make(NodeKind::Branch, "sc", e.getBeginLoc(), e.getEndLoc());
    const std::string op = e.getOpcodeStr().str(), at = here(e.getOperatorLoc());
    node.label = "right operand of " + op + " at " + at;
    std::string p = unique_parameter("P_" + name_ + "_L" + std::to_string(line(e.getOperatorLoc())) + "_rhs",
                                     ParamKind::Probability,
                                     "probability that the right operand of the " + op + " at " + at + " is evaluated");
    node.arms.push_back({param(p), sub_seg([&] { operand(e.getRHS()); })});
    site(CountSite::Kind::Arm, node.id, p, e.getBeginLoc(), {e.getRHS()->getBeginLoc()});
    append(std::move(node));
    return true;
  }

  // An operand evaluated on its own branch: its segment runs (and is
  // counted by the profile) where the operand begins.
  void operand(const clang::Expr* e) {
    stmt_ = e;
    counter_.count(e);
  }

  // Whether evaluating `s` makes nodes: a call to a function of the files, a
  // ?: or a statement expression.
  bool makes_nodes(const Stmt* s) const {
    if (!s) return false;
    if (isa<AbstractConditionalOperator, StmtExpr>(s)) return true;
    if (const auto* c = dyn_cast<CallExpr>(s))
      if (const FunctionDecl* f = c->getDirectCallee(); f && f->getDefinition() && file_.defined(*f->getDefinition()))
        return true;
    for (const Stmt* child : s->children())
      if (makes_nodes(child)) return true;
    return false;
  }

  void statement_expression(const StmtExpr& e) override { block(items_of(e.getSubStmt())); }

  bool user_call(const CallExpr& e, const FunctionDecl& callee) override {
    // Functions are known by their first declaration: no walk of the
    // callee's declarations to find its body, at every call.
    if (!file_.defined(callee)) return false;
    current().add(construct_id("call"));
    std::string name = callee.getName().str();
    if (file_.recursive_call(fn_, callee)) {
      report("recursion", e.getBeginLoc(),
             "call to '" + name + "' closes a cycle of calls: only its overhead is counted here; the cycle's "
             "invocations are the parameter R_" + name + " at each call from outside it");
      return true;
    }
    flush();
    SegNode call = make(NodeKind::Call, ("call_" + name).c_str(), e.getBeginLoc(), e.getEndLoc());
    call.callee = name;
    if (!file_.recursive(callee)) {
      append(std::move(call));
      return true;
    }
    // A recursive function runs R times per call from outside its cycle.
    SegNode wrap = make(NodeKind::Loop, ("rec_" + name).c_str(), e.getBeginLoc(), e.getEndLoc());
    std::string r = shared_parameter("R_" + name, ParamKind::Real,
                                     "mean invocations of recursive '" + name + "' per call from outside its cycle");
    wrap.trips = param(r);
    wrap.body = std::make_shared<Seg>();
    wrap.body->append(std::move(call));
    recursion_site(r, *callee.getDefinition(), e.getBeginLoc());
    append(std::move(wrap));
    return true;
  }

  void unmodelable(const char* kind, const Stmt& where, const std::string& message) override {
    report(kind, where.getBeginLoc(), message);
  }

  // ---- statements ----
  void statement(const Stmt* s) {
    if (!s) return;
    if (const auto* c = dyn_cast<CompoundStmt>(s)) return block(items_of(c));
    if (const auto* i = dyn_cast<IfStmt>(s)) return if_statement(*i, {});
    if (const auto* f = dyn_cast<ForStmt>(s)) return loop(*f, f->getInit(), f->getCond(), f->getInc(), f->getBody());
    if (const auto* w = dyn_cast<WhileStmt>(s)) return loop(*w, nullptr, w->getCond(), nullptr, w->getBody());
    if (const auto* d = dyn_cast<DoStmt>(s)) return loop(*d, nullptr, d->getCond(), nullptr, d->getBody());
    if (const auto* w = dyn_cast<SwitchStmt>(s)) return switch_statement(*w);
    if (const auto* l = dyn_cast<LabelStmt>(s)) {
      // Gotos enter here: the code from the label runs more often than the
      // code before it, so it is a node of its own.
      if (gotos_.count(l->getDecl())) flush();
      return statement(l->getSubStmt());
    }
    if (const auto* c = dyn_cast<SwitchCase>(s)) return statement(c->getSubStmt());
    if (const auto* a = dyn_cast<AttributedStmt>(s)) return statement(a->getSubStmt());
    // A copy's nodes begin where the originals' do, so that each is one of them.
    if (copying_ && open_) {
      const unsigned at = sm_.getExpansionLoc(s->getBeginLoc()).getRawEncoding();
      if (node_at_.count(at) && sm_.getExpansionLoc(open_->count_at).getRawEncoding() != at) flush();
    }
    stmt_ = s;
    if (const auto* d = dyn_cast<DeclStmt>(s)) return declaration(*d);
    if (const auto* r = dyn_cast<ReturnStmt>(s)) return counter_.count(r->getRetValue());
    if (const auto* g = dyn_cast<IndirectGotoStmt>(s)) {
      // A dispatch of the loop over the handlers (dispatch()), or, when its
      // targets are scattered, an early exit (said once, at build()'s end).
      if (!first_indirect_goto_.isValid()) first_indirect_goto_ = s->getBeginLoc();
      return counter_.count(g->getTarget());
    }
    if (const auto* g = dyn_cast<GotoStmt>(s); g && !joins_.count(g))
      return report("goto", s->getBeginLoc(), "goto: the jump is modelled as an early exit; code after it is a continuation branch");
    if (isa<AsmStmt>(s)) return report("inline_asm", s->getBeginLoc(), "inline assembly: its cost is not modelled");
    if (const auto* e = dyn_cast<clang::Expr>(s)) return counter_.count(e);
  }

  // A sequence; code after an early exit becomes a branch over what it skips.
  // `before`: where the count is that of entering the first item, when
  // known (a label there may start a loop of backward gotos).
  void block(Items items, clang::SourceLocation before = {}) {
    for (size_t i = 0; i < items.size(); ++i) {
      const Stmt* s = items[i];
      Items rest = items.drop_front(i + 1);
      const clang::SourceLocation entry = i > 0 ? items[i - 1]->getBeginLoc() : before;
      if (entry.isValid() && restart(items.drop_front(i), entry)) return;
      // Falling into the handlers of a computed goto.
      if (dispatch_region(items.drop_front(i)))
        return dispatch(items.drop_front(i), i > 0 ? items[i - 1]->getBeginLoc() : fn_.getBody()->getBeginLoc());
      if (const auto* f = dyn_cast<IfStmt>(s); f && !rest.empty() &&
                                               (exits(f->getThen()) == Exit::Always) != (exits(f->getElse()) == Exit::Always)) {
        // An arm that jumps forward to a label of this block joins the
        // other there: only the code before the label is the other arm's.
        const bool then_leaves = exits(f->getThen()) == Exit::Always;
        const Stmt* leaving = then_leaves ? f->getThen() : f->getElse();
        if (const size_t join = forward_goto(leaving, rest); join < rest.size())
          return joined_if(*f, then_leaves, rest, join);
        return if_statement(*f, rest);
      }
      // `goto L;` with L later in this block: what lies between is dead.
      if (isa<GotoStmt>(s))
        if (const size_t join = forward_goto(s, rest); join < rest.size()) return block(rest.drop_front(join), s->getBeginLoc());
      statement(s);
      Exit e = exits(s);
      if (e == Exit::Always) {
        // Dead code, unless a label there is the target of a goto: the
        // handlers of a computed goto, or a continuation.
        auto label = std::find_if(rest.begin(), rest.end(), [](const Stmt* r) { return isa<LabelStmt>(r); });
        if (label != rest.end() && dispatch_region(rest.drop_front(label - rest.begin())))
          dispatch(rest.drop_front(label - rest.begin()), s->getBeginLoc());
        else if (label != rest.end()) continuation(*s, rest.drop_front(label - rest.begin()));
        return;
      }
      if (e == Exit::Maybe && !rest.empty()) return continuation(*s, rest);
    }
  }

  // An if whose leaving arm jumps forward to rest[join]. When the other arm
  // (with the code before the label) never leaves, both meet at the label;
  // when it always leaves, the label's code is the leaving arm's alone;
  // otherwise the jump stays an exit, as any goto.
  void joined_if(const IfStmt& f, bool then_leaves, Items rest, size_t join) {
    const Stmt* other = then_leaves ? f.getElse() : f.getThen();
    Exit e = exits(other);
    for (const Stmt* r : rest.take_front(join))
      if (e != Exit::Always) e = std::max(e, exits(r));
    if (e == Exit::Never) {
      if_statement(f, rest.take_front(join));
      return block(rest.drop_front(join), f.getBeginLoc());
    }
    if (e == Exit::Always) return if_statement(f, rest.take_front(join), rest.drop_front(join));
    joins_.erase(last_goto(then_leaves ? f.getThen() : f.getElse()));
    if_statement(f, rest);
  }

  // `leaving_rest`: what follows the arm that always leaves (the code at the
  // label it jumps to, when it is the arm's alone).
  void if_statement(const IfStmt& s, Items rest, Items leaving_rest = {}) {
    stmt_ = &s;
    if (s.getInit()) statement(s.getInit());
    stmt_ = &s;
    if (s.getConditionVariableDeclStmt()) declaration(*s.getConditionVariableDeclStmt());
    counter_.count(s.getCond());
    current().add(construct_id("if"));
    flush();
    SegNode node = make(NodeKind::Branch, "if", s.getBeginLoc(), s.getEndLoc());
    node.label = "if (" + text(s.getCond()->getSourceRange()) + ")";
    std::string p = unique_parameter("P_" + name_ + "_L" + std::to_string(line(s.getBeginLoc())), ParamKind::Probability,
                                     "probability that the condition of the if at " + here(s.getBeginLoc()) + " holds");
    bool then_exits = exits(s.getThen()) == Exit::Always, else_exits = exits(s.getElse()) == Exit::Always;
    node.arms.push_back({param(p), sub_seg([&] { arm_then(s.getThen(), then_exits ? leaving_rest : rest); })});
    auto other = sub_seg([&] { arm_then(s.getElse(), else_exits ? leaving_rest : rest); });
    if (!other->empty()) node.arms.push_back({nullptr, other});
    site(CountSite::Kind::Arm, node.id, p, s.getBeginLoc(), {s.getThen()->getBeginLoc()});
    append(std::move(node));
  }

  // An arm of an if and the code after the if that runs with it. When the
  // arm may leave early (a loop in it returns), that code runs only when it
  // did not: the two are one sequence, and block() makes the rest a
  // continuation.
  void arm_then(const Stmt* arm, Items rest) {
    if (rest.empty() || exits(arm) == Exit::Never) {
      statement(arm);
      return block(rest);
    }
    std::vector<const Stmt*> sequence = arm ? items_of(arm) : std::vector<const Stmt*>{};
    sequence.insert(sequence.end(), rest.begin(), rest.end());
    block(sequence);
  }

  void loop(const Stmt& s, const Stmt* init, const clang::Expr* cond, const clang::Expr* inc, const Stmt* body) {
    bool is_do = isa<DoStmt>(s);
    if (init) statement(init);
    stmt_ = cond ? static_cast<const Stmt*>(cond) : &s;
    if (cond && !is_do) {
      const bool opens = !open_;
      counter_.count(cond);  // the first test
      if (opens && open_) open_->count_at = s.getBeginLoc();
    }
    const size_t before = seg_->size();
    flush();
    const bool entry_segment = seg_->size() > before;
    SegNode node = make(NodeKind::Loop, "loop", s.getBeginLoc(), s.getEndLoc());
    node.label = header(s);

    const Stmt* early = leaves_loop(body);
    std::string early_text = early ? std::string(statement_name(early)) + " at " + here(early->getBeginLoc()) : "";
    TripCount tc;
    if (const auto* f = dyn_cast<ForStmt>(&s)) tc = trips_.analyse(*f, loops_, early_text);
    else tc.reason = std::string(is_do ? "do" : "while") + " loop: the count is decided as it runs";
    std::string p;
    if (tc.trips) {
      node.trips = tc.trips;
      node.trips_at = tc.per_iteration;
      if (const Induction* ind = isa<ForStmt>(s) ? trips_.induction_of(cast<ForStmt>(s)) : nullptr) {
        node.induction = ind->name;
        node.induction_start = ind->start;
        node.induction_step = ind->step;
      }
    } else {
      p = unique_parameter("N_" + name_ + "_L" + std::to_string(line(s.getBeginLoc())), ParamKind::Count,
                           "mean trip count of the loop at " + here(s.getBeginLoc()));
      node.trips = param(p);
      report("trip_count", s.getBeginLoc(), "trip count not derived: " + tc.reason + "; bind " + p, p);
    }
    site(CountSite::Kind::Loop, node.id, p, s.getBeginLoc(), {body->getBeginLoc()}).trips = node.trips;

    loops_.push_back(&s);
    entries_.push_back({&s, entry_segment, {}});
    node.body = sub_seg([&] {
      stmt_ = cond ? static_cast<const Stmt*>(cond) : &s;
      current().add(construct_id("loop"));  // one iteration's test, step and jump
      open_->count_at = body->getBeginLoc();
      if (cond) counter_.count(cond);
      if (inc) counter_.count(inc);
      statement(body);
    });
    loops_.pop_back();
    if (!entries_.back().hoisted.empty()) count_before_loop(entries_.back().hoisted);
    entries_.pop_back();
    append(std::move(node));
  }

  void switch_statement(const SwitchStmt& s) {
    stmt_ = &s;
    if (s.getInit()) statement(s.getInit());
    stmt_ = &s;
    counter_.count(s.getCond());
    current().add(construct_id("switch"));
    flush();
    SegNode node = make(NodeKind::Branch, "switch", s.getBeginLoc(), s.getEndLoc());
    node.label = "switch (" + text(s.getCond()->getSourceRange()) + ")";

    // Flatten the body: each label starts an arm that runs, falling through,
    // until a break.
    std::vector<const Stmt*> flat;
    std::vector<std::pair<size_t, const SwitchCase*>> labels;
    for (const Stmt* c : items_of(s.getBody())) {
      while (const auto* label = dyn_cast<SwitchCase>(c)) {
        labels.push_back({flat.size(), label});
        c = label->getSubStmt();
      }
      flat.push_back(c);
    }
    Arm default_arm;
    for (size_t k = 0; k < labels.size(); ++k) {
      size_t at = labels[k].first;
      bool is_default = isa<DefaultStmt>(labels[k].second);
      while (k + 1 < labels.size() && labels[k + 1].first == at) is_default |= isa<DefaultStmt>(labels[++k].second);
      auto body = sub_seg([&] { block(Items(flat).drop_front(at)); });
      if (is_default) {
        default_arm.body = body;
        continue;
      }
      clang::SourceLocation where = labels[k].second->getBeginLoc();
      std::string p = unique_parameter("P_" + name_ + "_L" + std::to_string(line(where)), ParamKind::Probability,
                                       "probability of entering the switch at the case at " + here(where));
      node.arms.push_back({param(p), body});
      CountSite& arm = site(CountSite::Kind::Arm, node.id, p, s.getBeginLoc(), {where});
      if (at > 0 && exits(flat[at - 1]) != Exit::Always) arm.fallthrough = position(flat[at - 1]->getBeginLoc());
    }
    if (default_arm.body) node.arms.push_back(default_arm);
    if (!node.arms.empty()) append(std::move(node));
  }

  void declaration(const DeclStmt& d) {
    for (const Decl* decl : d.decls()) {
      const auto* v = dyn_cast<VarDecl>(decl);
      if (!v) continue;
      if (v->getType()->isVariablyModifiedType()) {
        report("vla", v->getBeginLoc(), "'" + v->getName().str() +
                                            "' is a variable-length array: its size is computed at run time and "
                                            "only the size expressions are counted");
        for (const Type* t = v->getType().getTypePtr(); const auto* vat = ctx_.getAsVariableArrayType(QualType(t, 0));
             t = vat->getElementType().getTypePtr())
          counter_.count(vat->getSizeExpr());
      }
      if (!v->hasLocalStorage() || !v->getInit()) continue;
      counter_.count(v->getInit());
      const auto* list = dyn_cast<InitListExpr>(v->getInit()->IgnoreParens());
      current().add(construct_id("local_store"), list ? std::max(1u, list->getNumInits()) : 1);
    }
  }

  // ---- goto ----
  // When `s` ends in a goto (it is one, or a block whose last statement is
  // one) to a label that is a statement of `rest`, that label's index in
  // `rest`, and the goto is a join, not an exit; rest.size() otherwise.
  static const GotoStmt* last_goto(const Stmt* s) {
    while (const auto* c = dyn_cast_or_null<CompoundStmt>(s)) s = c->body_empty() ? nullptr : c->body_back();
    return dyn_cast_or_null<GotoStmt>(s);
  }

  size_t forward_goto(const Stmt* s, Items rest) {
    const GotoStmt* g = last_goto(s);
    if (!g) return rest.size();
    for (size_t k = 0; k < rest.size(); ++k)
      for (const auto* l = dyn_cast<LabelStmt>(rest[k]); l; l = dyn_cast<LabelStmt>(l->getSubStmt()))
        if (l->getDecl() == g->getLabel()) {
          joins_.insert(g);
          return k;
        }
    return rest.size();
  }

  // The gotos to `label` within `s`.
  static void gotos_to(const LabelDecl* label, const Stmt* s, std::vector<const GotoStmt*>& out) {
    if (!s) return;
    if (const auto* g = dyn_cast<GotoStmt>(s); g && g->getLabel() == label) out.push_back(g);
    for (const Stmt* child : s->children()) gotos_to(label, child, out);
  }

  // A label that gotos after it, within this block, jump back to: the code
  // from the label to the block's end runs again each time, a loop of
  // N_..._restart passes per entry (the count at the label over the count
  // at `entry`); the gotos are exits of the constructs they sit in.
  bool restart(Items region, clang::SourceLocation entry) {
    const auto* label = dyn_cast<LabelStmt>(region.front());
    // A copy's items run past the label's block, where gotos back to it
    // are no restart: those are counted by the label's own goto entries.
    if (!label || handler(label) || copying_) return false;
    std::vector<const GotoStmt*> back;
    for (const Stmt* s : region) gotos_to(label->getDecl(), s, back);
    if (back.empty()) return false;
    joins_.insert(back.begin(), back.end());
    in_place_.insert(label->getDecl());
    restarts_.insert(label->getDecl());
    flush();
    const clang::SourceLocation begin = label->getBeginLoc();
    SegNode loop = make(NodeKind::Loop, "restart", begin, region.back()->getEndLoc());
    loop.label = "from '" + std::string(label->getName()) + "' again, by a goto back to it";
    const std::string n = unique_parameter("N_" + name_ + "_L" + std::to_string(line(begin)) + "_restart",
                                           ParamKind::Count,
                                           "passes from the label '" + std::string(label->getName()) + "' at " +
                                               here(begin) + " per entry (gotos back to it)");
    loop.trips = param(n);
    std::vector<const Stmt*> body = {label->getSubStmt()};
    body.insert(body.end(), region.begin() + 1, region.end());
    loop.body = sub_seg([&] { block(body); });
    site(CountSite::Kind::Loop, loop.id, n, entry, {begin}).trips = loop.trips;
    report("trip_count", begin, "a goto back to the label '" + std::string(label->getName()) +
                                    "' repeats the code from it: bind " + n, n);
    append(std::move(loop));
    return true;
  }

  // ---- gotos from elsewhere ----
  // The gotos by target, the labels in source order, and the labels whose
  // address is taken (&&label): the handlers a computed goto (goto *p)
  // can reach. One walk; none when the function declares no label.
  void collect_labels(const Stmt* s) {
    if (s == fn_.getBody() && std::none_of(fn_.decls_begin(), fn_.decls_end(), [](const Decl* d) { return isa<LabelDecl>(d); }))
      return;
    if (!s) return;
    if (const auto* g = dyn_cast<GotoStmt>(s)) gotos_[g->getLabel()].push_back(g);
    else if (const auto* l = dyn_cast<LabelStmt>(s)) labels_.push_back(l);
    else if (const auto* a = dyn_cast<AddrLabelExpr>(s)) handlers_.insert(a->getLabel());
    for (const Stmt* child : s->children()) collect_labels(child);
  }


  // The statements from `to` to the function's end, when `to` sits in
  // blocks and if arms only: each block's statements after the one that
  // holds it, inner blocks first. Empty when a loop or switch holds it (its
  // remaining iterations would be unknown).
  std::vector<const Stmt*> code_from(const LabelStmt& to) const {
    std::vector<const Stmt*> path;
    if (!path_to(fn_.getBody(), &to, path)) return {};
    std::vector<const Stmt*> code = {to.getSubStmt()};
    const Stmt* child = &to;
    for (auto a = path.rbegin(); a != path.rend(); child = *a++) {
      // A continuation past a statement that holds the label was measured
      // where it begins, flows from the label included: the structure
      // counts it, and all after it, already.
      if (child != &to && continued_after_.count(child)) break;
      if (const auto* c = dyn_cast<CompoundStmt>(*a)) {
        auto after = std::find(c->body_begin(), c->body_end(), child);
        code.insert(code.end(), after + 1, c->body_end());
      } else if (!isa<IfStmt, LabelStmt, AttributedStmt>(*a)) {
        return {};
      }
    }
    return code;
  }

  bool holds_restart(const Stmt* s) const {
    if (!s) return false;
    if (const auto* l = dyn_cast<LabelStmt>(s); l && restarts_.count(l->getDecl())) return true;
    return std::any_of(s->child_begin(), s->child_end(), [&](const Stmt* c) { return holds_restart(c); });
  }

  static bool path_to(const Stmt* from, const Stmt* to, std::vector<const Stmt*>& path) {
    if (!from) return false;
    if (from == to) return true;
    path.push_back(from);
    for (const Stmt* child : from->children())
      if (path_to(child, to, path)) return true;
    path.pop_back();
    return false;
  }

  // A goto that leaves its constructs for a label the structure reaches
  // otherwise (an arm of another if, a block further on) was modelled as
  // an early exit, and the code at the label ran only as often as the
  // structure enters it. Each such label adds a loop of N_..._goto passes
  // per call (the gotos' executions over the function's entries, from the
  // counters at the gotos) over a copy of the code from the label to the
  // function's end; a goto met on the way is again an early exit, whose
  // pass is the next one. The copy's nodes are the originals' (copy_of).
  void goto_entries() {
    if (!handlers_.empty()) return;  // a dispatch's handlers are entered by the loop it is
    // Chosen before any copy is built: building one marks labels in it.
    std::vector<std::pair<const LabelStmt*, std::vector<clang::SourceLocation>>> entered;
    for (const LabelStmt* label : labels_) {
      const auto gotos = gotos_.find(label->getDecl());
      if (gotos == gotos_.end() || in_place_.count(label->getDecl())) continue;
      std::vector<clang::SourceLocation> exits_to;
      for (const GotoStmt* g : gotos->second)
        if (!joins_.count(g)) exits_to.push_back(g->getBeginLoc());
      if (!exits_to.empty()) entered.emplace_back(label, std::move(exits_to));
    }
    for (const auto& [label, exits_to] : entered) {
      const std::vector<const Stmt*> code = code_from(*label);
      // A restart in that code would not be one in the copy (see restart()).
      if (code.empty() || std::any_of(code.begin(), code.end(), [&](const Stmt* c) { return holds_restart(c); }))
        continue;
      ++copying_;
      std::shared_ptr<Seg> copy = sub_seg([&] { block(code); });
      --copying_;
      if (copy->empty()) continue;  // nothing there that a model counts
      const clang::SourceLocation begin = label->getBeginLoc();
      SegNode loop = make(NodeKind::Loop, "goto", begin, code.back()->getEndLoc());
      const std::string name = label->getName();
      loop.label = "the code from '" + name + "' to the function's end, entered by goto";
      const std::string n = unique_parameter("N_" + name_ + "_" + name + "_goto", ParamKind::Count,
                                             "gotos to the label '" + name + "' at " + here(begin) + " per call");
      loop.trips = param(n);
      loop.body = std::move(copy);
      CountSite& entries = site(CountSite::Kind::Loop, loop.id, n, fn_.getBody()->getBeginLoc(), exits_to);
      entries.trips = loop.trips;
      for (const clang::SourceLocation g : exits_to)
        for (size_t k = first_diagnostic_; k < out_.diagnostics.size(); ++k)
          if (auto& d = out_.diagnostics[k]; d.kind == "goto" && d.where.line == line(g)) {
            d.kind = "goto_entries";
            d.message = "goto '" + name + "' leaves its constructs early; the code from the label at " + here(begin) +
                        " to the function's end runs once more per goto: bind " + n;
            d.parameter = n;
          }
      append(std::move(loop));
    }
  }

  // ---- computed goto ----
  // The handlers a computed goto can reach are the labels whose address is
  // taken (collect_labels).
  const LabelStmt* handler(const Stmt* s) const {
    const auto* l = dyn_cast<LabelStmt>(s);
    return l && handlers_.count(l->getDecl()) ? l : nullptr;
  }

  // Items that begin with a handler and hold every handler of the function
  // as statements of their own: the dispatch the frontend models.
  bool dispatch_region(Items items) const {
    if (items.empty() || !handler(items.front())) return false;
    size_t found = 0;
    for (const Stmt* s : items)
      for (const auto* l = dyn_cast<LabelStmt>(s); l; l = dyn_cast<LabelStmt>(l->getSubStmt())) found += handlers_.count(l->getDecl());
    return found == handlers_.size();
  }

  // An interpreter's dispatch: the handlers from the first to the end of
  // the block, entered (by a computed goto, or by falling in) at `entry`,
  // are a loop of N_..._dispatch handlers per entry, each a branch arm
  // taken with its share of the dispatches. Both bind from the counters at
  // the labels. A handler runs until the next handler's label; one that
  // falls through into it is counted there as well, so the counts hold.
  void dispatch(Items region, clang::SourceLocation entry) {
    flush();
    dispatch_built_ = true;
    std::vector<size_t> starts;
    for (size_t k = 0; k < region.size(); ++k)
      if (handler(region[k])) starts.push_back(k);
    const clang::SourceLocation begin = region.front()->getBeginLoc();
    const std::string at = std::to_string(line(begin));
    SegNode loop = make(NodeKind::Loop, "dispatch", begin, region.back()->getEndLoc());
    loop.label = "computed-goto dispatch over " + std::to_string(starts.size()) + " handlers";
    const std::string n = unique_parameter("N_" + name_ + "_L" + at + "_dispatch", ParamKind::Count,
                                           "handlers run per entry to the computed-goto dispatch at " + here(begin));
    loop.trips = param(n);
    SegNode branch = make(NodeKind::Branch, "handler", begin, region.back()->getEndLoc());
    branch.label = "the handler the computed goto jumps to";
    std::vector<SourcePosition> labels;
    for (size_t k : starts) labels.push_back(position(region[k]->getBeginLoc()));
    for (size_t h = 0; h < starts.size(); ++h) {
      const auto* label = cast<LabelStmt>(region[starts[h]]);
      const size_t end = h + 1 < starts.size() ? starts[h + 1] : region.size();
      std::vector<const Stmt*> body = {label->getSubStmt()};
      for (size_t k = starts[h] + 1; k < end; ++k) body.push_back(region[k]);
      const std::string p = unique_parameter("P_" + name_ + "_L" + std::to_string(line(label->getBeginLoc())),
                                             ParamKind::Probability,
                                             "share of the dispatches that go to '" + std::string(label->getName()) + "' at " +
                                                 here(label->getBeginLoc()));
      branch.arms.push_back({param(p), sub_seg([&] { block(body); })});
      CountSite& share = site(CountSite::Kind::Share, branch.id, p, label->getBeginLoc(), {label->getBeginLoc()});
      share.among = labels;
    }
    CountSite& trips = site(CountSite::Kind::Loop, loop.id, n, entry, {});
    trips.taken = labels;
    trips.trips = loop.trips;
    loop.body = std::make_shared<Seg>();
    loop.body->append(std::move(branch));
    report("dispatch", begin,
           "computed-goto dispatch: a loop over its " + std::to_string(starts.size()) + " handlers, " + n +
               " per entry, each taken with its share of the dispatches (a profile binds them)",
           n);
    append(std::move(loop));
  }

  // `rest` runs only when the code before it did not leave early.
  void continuation(const Stmt& after, Items rest) {
    // Its probability is measured at its first statement: when that is a
    // label, every entry, by goto or not, is in it.
    for (const auto* l = dyn_cast<LabelStmt>(rest.front()); l; l = dyn_cast<LabelStmt>(l->getSubStmt()))
      in_place_.insert(l->getDecl());
    if (!copying_) continued_after_.insert(&after);
    flush();
    clang::SourceLocation begin = rest.front()->getBeginLoc();
    SegNode node = make(NodeKind::Branch, "cont", begin, rest.back()->getEndLoc());
    node.label = "continue past the early exit at " + here(after.getBeginLoc());
    std::string p = unique_parameter("P_" + name_ + "_L" + std::to_string(line(begin)) + "_cont", ParamKind::Probability,
                                     "probability that execution reaches " + here(begin) + " after the early exit at " +
                                         here(after.getBeginLoc()));
    node.arms.push_back({param(p), sub_seg([&] { block(rest); })});
    site(CountSite::Kind::Continuation, node.id, p, after.getBeginLoc(), {begin});
    append(std::move(node));
  }

  // ---- nodes ----
  struct OpenSegment {
    clang::SourceLocation begin;
    // The last statement that counted something: the segment ends where it
    // does (found at the end; finding it at every count walked each
    // expression down to its last operand).
    const Stmt* last = nullptr;
    // Where the code runs as often as the node: its first statement, not a
    // loop test it begins with (which runs once more).
    clang::SourceLocation count_at;
    ConstructTally tally;
    MemoryReferences memory;
  };

  // Ends the open segment; one that counted nothing is dropped unless kept.
  void flush(bool keep_empty = false) {
    if (!open_) return;
    OpenSegment seg = std::move(*open_);
    open_.reset();
    if (seg.tally.empty() && !keep_empty) return;
    SegNode node = make(NodeKind::Compute, "seg", seg.begin, seg.last->getEndLoc());
    node.vector = node.id;
    // The two RUVs, given in name order: one allocation and no search.
    static_assert(std::string_view(ruv_kind::constructs) < std::string_view(ruv_kind::flops));
    decltype(node.ruvs)::sequence_type ruvs;
    ruvs.reserve(2);
    ruvs.emplace_back(ruv_kind::constructs, seg.tally.ruv());
    ruvs.emplace_back(ruv_kind::flops, Ruv::in_name_order({{"flops", seg.tally.mcmahon_flops()}}));
    node.ruvs.adopt_sequence(boost::container::ordered_unique_range, std::move(ruvs));
    node.memory = std::move(seg.memory);
    const unsigned at = sm_.getExpansionLoc(seg.count_at).getRawEncoding();
    if (copying_) {
      if (auto original = node_at_.find(at); original != node_at_.end()) node.copy_of = original->second;
      node.label = "entered by goto";
    } else {
      if (out_.sites_counted) out_.node_positions.push_back({name_, node.id, position(seg.count_at)});
      if (!gotos_.empty()) node_at_.emplace(at, node.id);
    }
    seg_->append(std::move(node));
  }

  void append(SegNode&& node) {
    flush();
    seg_->append(std::move(node));
  }

  SegNode make(NodeKind kind, const char* prefix, clang::SourceLocation begin, clang::SourceLocation end) {
    SegNode node;
    node.kind = kind;
    int first = line(begin);
    // prefix_L<line>, made in place (a node each: the temporaries of
    // string concatenation showed).
    char id[64];
    char* at = std::copy_n(prefix, std::min(std::strlen(prefix), sizeof id - 16), id);
    at = std::to_chars(std::copy_n("_L", 2, at), id + sizeof id, first).ptr;
    node.id = unique(ids_, std::string(id, at));
    node.where = {display_, first};
    node.source = {display_, first, std::max(first, line(end))};
    return node;
  }

  template <class F>
  std::shared_ptr<Seg> sub_seg(F&& fill) {
    auto seg = std::make_shared<Seg>();
    Seg* outer = seg_;
    std::optional<OpenSegment> outer_open = std::move(open_);
    const Stmt* outer_stmt = stmt_;
    open_.reset();
    seg_ = seg.get();
    fill();
    flush();
    seg_ = outer;
    open_ = std::move(outer_open);
    stmt_ = outer_stmt;
    return seg;
  }

  template <class Set>
  static std::string unique(Set& taken, std::string base) {
    if (taken.insert(base).second) return base;
    for (int k = 2;; ++k)
      if (std::string name = base + "_" + std::to_string(k); taken.insert(name).second) return name;
  }

  std::string unique_parameter(const std::string& base, ParamKind kind, const std::string& description) {
    std::string name = unique(names_, base);
    out_.model.parameters.push_back({name, kind, std::nullopt, description, {display_, 0}});
    return name;
  }

  std::string shared_parameter(const std::string& name, ParamKind kind, const std::string& description) {
    if (names_.insert(name).second) out_.model.parameters.push_back({name, kind, std::nullopt, description, {display_, 0}});
    return name;
  }

  // A count site, recorded when a profile is to be taken (otherwise a
  // scratch site takes what the caller fills in, and nothing reads it).
  CountSite& site(CountSite::Kind kind, const std::string& node, const std::string& parameter,
                  clang::SourceLocation entry, std::vector<clang::SourceLocation> taken) {
    if (!out_.sites_counted) return unrecorded_ = CountSite{kind, {}, {}, {}, nullptr, {}, {}, {}, {}};
    CountSite s{kind, name_, node, parameter, nullptr, position(entry), {}, {}, {}};
    for (auto loc : taken) s.taken.push_back(position(loc));
    out_.sites.push_back(std::move(s));
    return out_.sites.back();
  }

  void recursion_site(const std::string& parameter, const FunctionDecl& callee, clang::SourceLocation call) {
    if (!out_.sites_counted) return;
    for (auto& s : out_.sites)
      if (s.kind == CountSite::Kind::Recursion && s.parameter == parameter) return s.taken.push_back(position(call));
    CountSite s{CountSite::Kind::Recursion, callee.getName().str(), "", parameter, nullptr,
                position(callee.getBody()->getBeginLoc()), {position(call)}, {}, {}};
    out_.sites.push_back(std::move(s));
  }

  void report(const char* kind, clang::SourceLocation where, const std::string& message, const std::string& p = "") {
    if (copying_) return;  // said once, of the code as first modelled
    int l = line(where);
    for (size_t k = first_diagnostic_; k < out_.diagnostics.size(); ++k)  // this function's only
      if (out_.diagnostics[k].kind == kind && out_.diagnostics[k].where.line == l) return;
    out_.diagnostics.push_back({kind, {display_, l}, name_, message, p});
  }

  int line(clang::SourceLocation loc) const { return int(sm_.getExpansionLineNumber(loc)); }
  std::string here(clang::SourceLocation loc) const { return "line " + std::to_string(line(loc)); }

  SourcePosition position(clang::SourceLocation loc) const {
    clang::SourceLocation at = sm_.getExpansionLoc(loc);
    return {sm_.getFilename(at).str(), int(sm_.getExpansionLineNumber(at)), int(sm_.getExpansionColumnNumber(at))};
  }

  // A loop's header as written: `for (...)`, `while (...)`, `do ... while (...)`.
  std::string header(const Stmt& s) const {
    if (const auto* f = dyn_cast<ForStmt>(&s)) return text({f->getBeginLoc(), f->getRParenLoc()});
    if (const auto* w = dyn_cast<WhileStmt>(&s)) return text({w->getBeginLoc(), w->getRParenLoc()});
    const auto* d = cast<DoStmt>(&s);
    return "do ... while (" + text(d->getCond()->getSourceRange()) + ")";
  }

  // Source text for labels, on one line and short.
  std::string text(clang::SourceRange range) const {
    llvm::StringRef raw = Lexer::getSourceText(CharSourceRange::getTokenRange(range), sm_, ctx_.getLangOpts());
    std::string out;
    for (char c : raw) {
      if (c == '\n' || c == '\t' || c == '\r') c = ' ';
      if (c == ' ' && !out.empty() && out.back() == ' ') continue;
      out += c;
    }
    if (out.size() > 60) out = out.substr(0, 57) + "...";
    return out;
  }

  ASTContext& ctx_;
  const SourceManager& sm_;
  const FunctionDecl& fn_;
  const FileFunctions& file_;
  FileName display_;  // shared by every node's location
  CAnalysis& out_;
  std::set<std::string>& names_;
  std::string name_;
  ConstructCounter counter_;
  TripCounter trips_;
  AccessReader accesses_;
  LoopInvariance invariance_;
  // Per enclosing loop, innermost last: what its iterations compute alike,
  // counted in the segment before it (none when it has none: a do loop
  // first in its block keeps such work in its body).
  struct LoopEntry {
    const Stmt* loop;
    bool has_segment;
    ConstructTally hoisted;
  };
  std::vector<LoopEntry> entries_;
  CountSite unrecorded_{};  // see site()

  Seg* seg_ = nullptr;
  std::optional<OpenSegment> open_;
  const Stmt* stmt_ = nullptr;           // the statement being counted
  // The function's node ids; their bytes in one arena, where a std::set took
  // an allocation an id.
  llvm::StringSet<llvm::BumpPtrAllocator> ids_;
  std::vector<const Stmt*> loops_;       // enclosing loops, outermost first
  std::set<const LabelDecl*> handlers_;  // targets of computed gotos
  std::set<const GotoStmt*> joins_;      // forward gotos within a block: joins, not exits
  std::map<const LabelDecl*, std::vector<const GotoStmt*>> gotos_;  // by target
  std::vector<const LabelStmt*> labels_;  // in source order
  std::set<const LabelDecl*> in_place_;  // labels whose every entry the structure counts
  std::set<const LabelDecl*> restarts_;  // labels of restart() loops
  std::set<const Stmt*> continued_after_;  // statements a continuation follows
  std::map<unsigned, std::string> node_at_;  // compute nodes by where they are counted
  int copying_ = 0;                      // > 0: building the code from a label again
  clang::SourceLocation first_indirect_goto_;
  bool dispatch_built_ = false;
  size_t first_diagnostic_;              // where this function's diagnostics begin
};

}  // namespace

Task build_function_seg(ASTContext& ctx, const FunctionDecl& function, const FileFunctions& file,
                        const FileName& display_file, CAnalysis& out, std::set<std::string>& parameter_names) {
  return Builder(ctx, function, file, display_file, out, parameter_names).build();
}

}  // namespace pacer::cfront
