#include "frontends/clang/instrumenter.hpp"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Lex/Lexer.h>
#include <clang/Tooling/CompilationDatabase.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/ADT/RewriteBuffer.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <set>

#include "framework/error.hpp"
#include "framework/program_run.hpp"
#include "frontends/clang/c_frontend.hpp"
#include "resource_models/icc/optimisation_record.hpp"

namespace pacer {

using namespace clang;

namespace {

// The timer the rewritten program carries: the time-stamp counter where
// there is one (a few cycles to read), converted with the run's own ratio
// of counter ticks to monotonic-clock seconds.
const char* const runtime = R"PACER(
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
/* The counter through Clang's generic builtin where there is one: the
   optimiser lets values through it, while its x86 builtin stops them (a
   kernel's counters, kept in registers in the program, went back to memory
   in every iteration once timed). */
#if (defined(__x86_64__) || defined(__i386__)) && defined(__has_builtin)
#if __has_builtin(__builtin_readcyclecounter)
#define PACER_TICKS_ __builtin_readcyclecounter()
#endif
#endif
#if (defined(__x86_64__) || defined(__i386__)) && !defined(PACER_TICKS_)
#define PACER_TICKS_ __builtin_ia32_rdtsc()
#endif
#ifdef PACER_TICKS_
static inline unsigned long long pacer_ticks_(void) { return PACER_TICKS_; }
#else
static inline unsigned long long pacer_ticks_(void) {
  struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t);
  return (unsigned long long)t.tv_sec * 1000000000ull + (unsigned long long)t.tv_nsec;
}
#endif
/* Weak: every rewritten file of the program shares one copy. Per region:
   entries, ticks, ticks of the regions entered directly inside it, and
   their number. */
__attribute__((weak)) unsigned long long pacer_entries_[PACER_SLOTS_], pacer_time_[PACER_SLOTS_],
    pacer_child_time_[PACER_SLOTS_], pacer_children_[PACER_SLOTS_];
__attribute__((weak)) int pacer_current_ = -1, pacer_written_ = 0;
__attribute__((weak)) unsigned long long pacer_start_ticks_;
__attribute__((weak)) struct timespec pacer_start_clock_;
/* The core's clock while the program runs: a chain of dependent integer
   additions (one cycle each on every x86 core, as pacer calibrate times the
   clock), three times at start and three at exit; the clock is from the
   median trial, which one preemption cannot move. Eight additions per
   iteration: with one, the loop's own counter and branch set the pace on
   some cores (two cycles an iteration on a Zen 3 virtual machine, which
   read its 3.2 GHz clock as 1.0-3.1 GHz), not the chain. */
enum { PACER_CHAIN_ = 400000, PACER_TRIALS_ = 6 };
#define PACER_ADD_(x, i) x += (unsigned long long)(i); __asm__ volatile("" : "+r"(x));
__attribute__((weak)) unsigned long long pacer_chain_ticks_[PACER_TRIALS_];
__attribute__((weak)) int pacer_chain_trials_;
static void pacer_probe_clock_(void) {
  for (int trial = 0; trial < 3 && pacer_chain_trials_ < PACER_TRIALS_; trial++) {
    unsigned long long x = trial, t0 = pacer_ticks_();
    for (int i = 0; i < PACER_CHAIN_ / 8; i++) {
      PACER_ADD_(x, i) PACER_ADD_(x, i) PACER_ADD_(x, i) PACER_ADD_(x, i)
      PACER_ADD_(x, i) PACER_ADD_(x, i) PACER_ADD_(x, i) PACER_ADD_(x, i)
    }
    pacer_chain_ticks_[pacer_chain_trials_++] = pacer_ticks_() - t0;
  }
}
static double pacer_median_chain_(void) {
  int n = pacer_chain_trials_;
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && pacer_chain_ticks_[j - 1] > pacer_chain_ticks_[j]; j--) {
      unsigned long long t = pacer_chain_ticks_[j]; pacer_chain_ticks_[j] = pacer_chain_ticks_[j - 1]; pacer_chain_ticks_[j - 1] = t;
    }
  return n ? 0.5 * (double)(pacer_chain_ticks_[(n - 1) / 2] + pacer_chain_ticks_[n / 2]) : 0;
}
struct pacer_scope_ { int id, parent; unsigned long long t0; };
static inline struct pacer_scope_ pacer_begin_(int id) {
  struct pacer_scope_ s; s.id = id; s.parent = pacer_current_; pacer_current_ = id; s.t0 = pacer_ticks_(); return s;
}
static inline void pacer_end_(struct pacer_scope_* s) {
  unsigned long long t = pacer_ticks_() - s->t0;
  pacer_time_[s->id] += t; pacer_entries_[s->id]++;
  pacer_current_ = s->parent;
  if (s->parent >= 0) { pacer_child_time_[s->parent] += t; pacer_children_[s->parent]++; }
}
#define PACER_REGION_(k) struct pacer_scope_ pacer_scope_##k __attribute__((cleanup(pacer_end_))) = pacer_begin_(k)
__attribute__((constructor)) static void pacer_start_(void) {
  if (pacer_start_ticks_) return;
  clock_gettime(CLOCK_MONOTONIC, &pacer_start_clock_); pacer_start_ticks_ = pacer_ticks_();
  pacer_probe_clock_();
}
/* The timer's cost, measured the way the program paid it: `inside`, what an
   empty region records for itself; `outside`, what one region costs the
   region around it. */
__attribute__((destructor)) static void pacer_finish_(void) {
  if (pacer_written_) return;
  pacer_written_ = 1;
  pacer_probe_clock_();
  struct timespec now; clock_gettime(CLOCK_MONOTONIC, &now);
  double seconds = (double)(now.tv_sec - pacer_start_clock_.tv_sec) + 1e-9 * (double)(now.tv_nsec - pacer_start_clock_.tv_nsec);
  double hz = (double)(pacer_ticks_() - pacer_start_ticks_) / seconds;
  const int n = 20000, empty = PACER_SLOTS_ - 1;
  double outside = 1e300, inside = 1e300;
  for (int trial = 0; trial < 5; trial++) {
    unsigned long long before = pacer_time_[empty], a = pacer_ticks_();
    for (int i = 0; i < n; i++) {
      struct pacer_scope_ s __attribute__((cleanup(pacer_end_))) = pacer_begin_(empty);
    }
    double per = (double)(pacer_ticks_() - a) / n, in = (double)(pacer_time_[empty] - before) / n;
    if (per < outside) outside = per;
    if (in < inside) inside = in;
  }
  const char* path = getenv("PACER_TIMING_FILE");
  FILE* f = path ? fopen(path, "w") : NULL;
  if (!f) return;
  fprintf(f, "clock %.17g\noverhead %.17g %.17g\ncore_clock %.17g\n", hz, inside, outside,
          (double)PACER_CHAIN_ * hz / pacer_median_chain_());
  for (int id = 0; id < empty; id++)
    if (pacer_entries_[id])
      fprintf(f, "region %d %llu %llu %llu %llu\n", id, pacer_entries_[id], pacer_time_[id], pacer_child_time_[id],
              pacer_children_[id]);
  fclose(f);
}
)PACER";

// One insertion into a source file, kept until every file has been read:
// whether a function is timed at its call sites or at its entry depends on
// how all the files refer to it. Entry and call edits carry "%ID%" for the
// function's region.
struct Edit {
  enum Kind { always, entry, call };
  unsigned offset = 0;
  bool after = false;  // after text inserted at the same place before, else before it
  std::string text;
  Kind kind = always;
  std::string function;
};

// How the program refers to a timed function.
struct References {
  int calls = 0;         // direct calls that can be wrapped
  bool others = false;   // any other reference: address taken, in a header or a macro, recursion
};

struct Shared {
  std::set<std::string> functions;
  bool loops = false;
  LoopChoice time_loop;
  Instrumentation result;
  std::map<std::string, bool> inlined;      // the program inlines it at every call (true), at none (false)
  std::map<std::string, int> function_ids;  // defined in a main file
  std::map<std::string, References> references;
  std::map<std::string, std::string> originals;  // file -> text as read
  std::map<std::string, std::vector<Edit>> edits;  // file -> edits in the order made
  std::exception_ptr error;
};

// Offsets into the main file of one translation unit.
class Places {
 public:
  explicit Places(ASTContext& ctx) : sm_(ctx.getSourceManager()), lang_(ctx.getLangOpts()) {}
  const SourceManager& sm() const { return sm_; }
  bool in_main_file(clang::SourceLocation l) const { return l.isFileID() && sm_.isInMainFile(l); }
  unsigned offset(clang::SourceLocation l) const { return sm_.getFileOffset(l); }
  clang::SourceLocation after_token(clang::SourceLocation l) const {
    return Lexer::getLocForEndOfToken(l, 0, sm_, lang_);
  }
  clang::SourceLocation after_semicolon(clang::SourceLocation l) const {
    return Lexer::findLocationAfterToken(l, tok::semi, sm_, lang_, false);
  }
  int line(clang::SourceLocation l) const { return static_cast<int>(sm_.getSpellingLineNumber(l)); }

 private:
  const SourceManager& sm_;
  const LangOptions& lang_;
};

class RegionVisitor : public RecursiveASTVisitor<RegionVisitor> {
 public:
  RegionVisitor(const Places& at, Shared& s, std::vector<Edit>& edits, const std::string& function)
      : at_(at), s_(s), edits_(edits), function_(function) {}

  bool VisitForStmt(ForStmt* f) { return loop(f, f->getBody()); }
  bool VisitWhileStmt(WhileStmt* w) { return loop(w, w->getBody()); }
  bool VisitDoStmt(DoStmt* d) { return loop(d, nullptr); }
  // A loop under pragmas (#pragma clang loop, #pragma unroll) or attributes
  // is an AttributedStmt's statement, visited first: its region opens
  // before them, which must stay next to the loop.
  bool VisitAttributedStmt(AttributedStmt* a) {
    if (isa<ForStmt, WhileStmt, DoStmt>(a->getSubStmt())) attributed_[a->getSubStmt()] = a;
    return true;
  }

 private:
  // Where a loop's region opens and the text that opens it: before the
  // loop, or before its attributes; before its pragmas on a line of its
  // own, with a #line directive that keeps the lines after it numbered as
  // written.
  std::pair<unsigned, std::string> opening(const Stmt* s, const std::string& open) const {
    auto a = attributed_.find(s);
    if (a == attributed_.end()) return {at_.offset(s->getBeginLoc()), open};
    // Where they stand in the loop's file (a _Pragma from a macro: where the
    // macro was used); in another file, before the loop itself.
    const SourceManager& sm = at_.sm();
    clang::SourceLocation first = sm.getExpansionLoc(a->second->getBeginLoc());
    for (const Attr* attr : a->second->getAttrs())
      if (const auto l = sm.getExpansionLoc(attr->getLocation()); l.isValid() && sm.isBeforeInTranslationUnit(l, first))
        first = l;
    const auto [file, offset] = sm.getDecomposedLoc(first);
    if (file != sm.getFileID(sm.getExpansionLoc(s->getBeginLoc()))) return {at_.offset(s->getBeginLoc()), open};
    const llvm::StringRef text = sm.getBufferData(file);
    const unsigned line_start = offset - (sm.getColumnNumber(file, offset) - 1);
    const size_t code = text.find_first_not_of(" \t", line_start);
    if (code == llvm::StringRef::npos || text[code] != '#') return {offset, open};
    return {line_start, open + "\n#line " + std::to_string(sm.getPresumedLoc(first).getLine()) + "\n"};
  }

  bool loop(Stmt* s, Stmt* body) {
    if (s->getBeginLoc().isMacroID() || s->getEndLoc().isMacroID()) return true;  // inside a macro: not timed
    clang::SourceLocation end;
    if (auto* compound = dyn_cast_or_null<CompoundStmt>(body)) {
      end = at_.after_token(compound->getRBracLoc());
    } else {
      end = at_.after_semicolon(s->getEndLoc());
      if (end.isInvalid()) end = at_.after_token(s->getEndLoc());
    }
    const int line = at_.line(s->getBeginLoc());
    if (s_.time_loop && !s_.time_loop(function_, line)) return true;
    const int id = static_cast<int>(s_.result.regions.size());
    s_.result.regions.push_back({id, function_, true, at_.sm().getFilename(s->getBeginLoc()).str(), line});
    const auto [where, open] = opening(s, "{ PACER_REGION_(" + std::to_string(id) + "); ");
    edits_.push_back({where, false, open, Edit::always, function_});
    edits_.push_back({at_.offset(end), true, " }", Edit::always, function_});
    return true;
  }

  const Places& at_;
  Shared& s_;
  std::vector<Edit>& edits_;
  std::string function_;
  std::map<const Stmt*, const AttributedStmt*> attributed_;
};

// Every reference to a timed function: a direct call from another function,
// in the main file and outside macros, can be wrapped in a region at the
// call; the function's own code then stays as the program has it, and so do
// the compiler's choices about it (inlining above all), which a region in
// its body changes.
class ReferenceVisitor : public RecursiveASTVisitor<ReferenceVisitor> {
 public:
  ReferenceVisitor(const Places& at, Shared& s, std::vector<Edit>& edits) : at_(at), s_(s), edits_(edits) {}

  bool TraverseFunctionDecl(FunctionDecl* f) {
    const FunctionDecl* outer = caller_;
    caller_ = f;
    const bool go_on = RecursiveASTVisitor::TraverseFunctionDecl(f);
    caller_ = outer;
    return go_on;
  }

  bool VisitCallExpr(CallExpr* c) {
    auto* callee = dyn_cast<DeclRefExpr>(c->getCallee()->IgnoreParenImpCasts());
    const std::string name = callee ? callee->getDecl()->getNameAsString() : "";
    if (!callee || !s_.functions.count(name) || !wrappable(c, name)) return true;
    direct_.insert(callee);
    s_.references[name].calls++;
    // After whatever else goes at the same place (a region that ends
    // there, the caller's own region), as the call comes after them.
    edits_.push_back({at_.offset(c->getBeginLoc()), true, "(__extension__({ PACER_REGION_(%ID%); ", Edit::call, name});
    edits_.push_back({at_.offset(at_.after_token(c->getRParenLoc())), true, "; }))", Edit::call, name});
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr* r) {
    if (!isa<FunctionDecl>(r->getDecl())) return true;
    const std::string name = r->getDecl()->getNameAsString();
    if (s_.functions.count(name) && !direct_.count(r)) s_.references[name].others = true;
    return true;
  }

 private:
  bool wrappable(const CallExpr* c, const std::string& callee) const {
    return caller_ && caller_->getNameAsString() != callee && at_.in_main_file(c->getBeginLoc()) &&
           at_.in_main_file(c->getRParenLoc());
  }

  const Places& at_;
  Shared& s_;
  std::vector<Edit>& edits_;
  const FunctionDecl* caller_ = nullptr;
  std::set<const DeclRefExpr*> direct_;
};

class InstrumentConsumer : public ASTConsumer {
 public:
  explicit InstrumentConsumer(Shared& s) : s_(s) {}

  void HandleTranslationUnit(ASTContext& ctx) override {
    try {
      if (ctx.getDiagnostics().hasErrorOccurred()) return;
      const Places at(ctx);
      const SourceManager& sm = ctx.getSourceManager();
      const std::string file = sm.getFileEntryRefForID(sm.getMainFileID())->getName().str();
      s_.originals[file] = sm.getBufferData(sm.getMainFileID()).str();
      std::vector<Edit>& edits = s_.edits[file];
      for (Decl* d : ctx.getTranslationUnitDecl()->decls()) {
        auto* f = dyn_cast<FunctionDecl>(d);
        if (!f || !f->doesThisDeclarationHaveABody() || !sm.isInMainFile(sm.getExpansionLoc(f->getLocation())))
          continue;
        const std::string name = f->getNameAsString();
        if (!s_.functions.count(name)) continue;
        auto* body = dyn_cast<CompoundStmt>(f->getBody());
        const int id = static_cast<int>(s_.result.regions.size());
        s_.function_ids[name] = id;
        s_.result.regions.push_back({id, name, false, sm.getFilename(body->getLBracLoc()).str(), at.line(f->getBeginLoc())});
        edits.push_back({at.offset(at.after_token(body->getLBracLoc())), true, " PACER_REGION_(%ID%);", Edit::entry, name});
        if (auto pin = s_.inlined.find(name); pin != s_.inlined.end() && at.in_main_file(f->getBeginLoc()))
          edits.push_back({at.offset(f->getBeginLoc()), false,
                           pin->second ? "__attribute__((always_inline)) " : "__attribute__((noinline)) ", Edit::always, name});
        if (s_.loops) RegionVisitor(at, s_, edits, name).TraverseStmt(body);
      }
      ReferenceVisitor(at, s_, edits).TraverseDecl(ctx.getTranslationUnitDecl());
    } catch (...) {
      if (!s_.error) s_.error = std::current_exception();
    }
  }

 private:
  Shared& s_;
};

class InstrumentAction : public ASTFrontendAction {
 public:
  explicit InstrumentAction(Shared& s) : s_(s) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance&, StringRef) override {
    return std::make_unique<InstrumentConsumer>(s_);
  }

 private:
  Shared& s_;
};

class InstrumentFactory : public tooling::FrontendActionFactory {
 public:
  explicit InstrumentFactory(Shared& s) : s_(s) {}
  std::unique_ptr<FrontendAction> create() override { return std::make_unique<InstrumentAction>(s_); }

 private:
  Shared& s_;
};

// The inliner's record of one file compiled as the program is, per callee;
// none when the compiler keeps no such record. Kept for the process, by
// compiler, flags, file and its time of change: a validation builds the same
// program three times (measured, surveyed, component-timed).
std::optional<std::map<std::string, icc::CallInlining>> file_inlining(const InstrumentRequest& r, const std::string& f,
                                                                      const std::string& record) {
  static std::mutex lock;
  static std::map<std::string, std::optional<std::map<std::string, icc::CallInlining>>> kept;
  std::error_code e;
  std::string key = r.compiler + "\n" + f + "\n" + std::to_string(std::filesystem::last_write_time(f, e).time_since_epoch().count());
  for (const auto& flag : r.compile_flags) key += "\n" + flag;
  std::lock_guard<std::mutex> guard(lock);
  if (auto it = kept.find(key); it != kept.end()) return it->second;
  std::vector<std::string> argv = {r.compiler};
  argv.insert(argv.end(), r.compile_flags.begin(), r.compile_flags.end());
  for (const std::string& a : {std::string("-w"), std::string("-c"), f, std::string("-o"), std::string("/dev/null"),
                               std::string("-fsave-optimization-record"), "-foptimization-record-file=" + record,
                               std::string("-foptimization-record-passes=inline")})
    argv.push_back(a);
  ProgramRun run;
  capture_output(argv, &run, true);
  std::optional<std::map<std::string, icc::CallInlining>> out;
  if (run.ok() && std::filesystem::exists(record)) out = icc::read_inlining(record);
  return kept[key] = out;
}

// Which timed functions the program inlines at all its call sites (true)
// and at none (false), from the inliner's record of each file; none when
// the compiler keeps no such record.
std::map<std::string, bool> program_inlining(const InstrumentRequest& r) {
  std::map<std::string, bool> out;
  if (r.compiler.empty()) return out;
  std::map<std::string, icc::CallInlining> calls;
  int n = 0;
  for (const auto& f : r.files) {
    const auto record = std::filesystem::path(r.out_dir) / ("inlining_" + std::to_string(n++) + ".yaml");
    const auto file = file_inlining(r, f, record.string());
    if (!file) return {};
    for (const auto& [callee, c] : *file) {
      calls[callee].inlined += c.inlined;
      calls[callee].kept += c.kept;
    }
  }
  for (const auto& name : r.functions) {
    auto it = calls.find(name);
    if (it == calls.end()) continue;
    if (it->second.kept == 0) out[name] = true;
    if (it->second.inlined == 0) out[name] = false;
  }
  return out;
}

// Timed at its call sites when every reference to it is a call that can be
// wrapped, else at its entry.
bool timed_at_calls(const Shared& s, const std::string& function) {
  auto it = s.references.find(function);
  return it != s.references.end() && it->second.calls > 0 && !it->second.others;
}

// The file with the edits this choice keeps.
std::string rewritten(const Shared& s, const std::string& file) {
  llvm::RewriteBuffer out;
  out.Initialize(s.originals.at(file));
  for (const Edit& e : s.edits.at(file)) {
    std::string text = e.text;
    if (e.kind != Edit::always) {
      auto id = s.function_ids.find(e.function);
      if (id == s.function_ids.end() || timed_at_calls(s, e.function) != (e.kind == Edit::call)) continue;
      if (auto at = text.find("%ID%"); at != std::string::npos) text.replace(at, 4, std::to_string(id->second));
    }
    out.InsertText(e.offset, text, e.after);
  }
  return std::string(out.begin(), out.end());
}

}  // namespace

Instrumentation instrument_sources(const InstrumentRequest& r) {
  Shared s;
  s.functions.insert(r.functions.begin(), r.functions.end());
  s.loops = r.loops;
  s.time_loop = r.time_loop;
  s.inlined = program_inlining(r);
  tooling::FixedCompilationDatabase db(".", compiler_arguments(r.parse_flags));
  tooling::ClangTool tool(db, r.files);
  InstrumentFactory factory(s);
  const int status = tool.run(&factory);
  if (s.error) std::rethrow_exception(s.error);
  const bool all_read =
      std::all_of(r.files.begin(), r.files.end(), [&](const std::string& f) { return s.originals.count(f); });
  if (status != 0 || !all_read)
    throw InputError(SourceLocation{r.files.front(), 0}, "", "does not compile; it cannot be timed");
  // One slot per region and one for measuring the timer itself.
  const std::string preamble =
      "#define PACER_SLOTS_ " + std::to_string(s.result.regions.size() + 1) + "\n" + runtime;
  int n = 0;
  for (const auto& f : r.files) {
    const std::filesystem::path out =
        std::filesystem::path(r.out_dir) / (std::to_string(n++) + "_" + std::filesystem::path(f).filename().string());
    std::ofstream(out) << preamble << "#line 1 \"" << f << "\"\n" << rewritten(s, f);
    s.result.sources.push_back(out.string());
  }
  return s.result;
}

}  // namespace pacer
