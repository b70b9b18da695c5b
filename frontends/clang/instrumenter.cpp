#include "frontends/clang/instrumenter.hpp"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Lex/Lexer.h>
#include <clang/Rewrite/Core/Rewriter.h>
#include <clang/Tooling/CompilationDatabase.h>
#include <clang/Tooling/Tooling.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "framework/error.hpp"
#include "frontends/clang/c_frontend.hpp"

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
#if defined(__x86_64__) || defined(__i386__)
static inline unsigned long long pacer_ticks_(void) { return __builtin_ia32_rdtsc(); }
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

struct Shared {
  std::set<std::string> functions;
  bool loops = false;
  LoopChoice time_loop;
  std::string out_dir;
  Instrumentation result;
  std::map<std::string, std::string> rewritten;  // original -> instrumented text
  std::exception_ptr error;
};

class RegionVisitor : public RecursiveASTVisitor<RegionVisitor> {
 public:
  RegionVisitor(Rewriter& rw, Shared& s, const std::string& function) : rw_(rw), s_(s), function_(function) {}

  bool VisitForStmt(ForStmt* f) { return loop(f, f->getBody()); }
  bool VisitWhileStmt(WhileStmt* w) { return loop(w, w->getBody()); }
  bool VisitDoStmt(DoStmt* d) { return loop(d, nullptr); }

 private:
  bool loop(Stmt* s, Stmt* body) {
    const SourceManager& sm = rw_.getSourceMgr();
    if (s->getBeginLoc().isMacroID() || s->getEndLoc().isMacroID()) return true;  // inside a macro: not timed
    clang::SourceLocation end;
    if (auto* compound = dyn_cast_or_null<CompoundStmt>(body)) {
      end = Lexer::getLocForEndOfToken(compound->getRBracLoc(), 0, sm, rw_.getLangOpts());
    } else {
      end = Lexer::findLocationAfterToken(s->getEndLoc(), tok::semi, sm, rw_.getLangOpts(), false);
      if (end.isInvalid()) end = Lexer::getLocForEndOfToken(s->getEndLoc(), 0, sm, rw_.getLangOpts());
    }
    const int line = static_cast<int>(sm.getSpellingLineNumber(s->getBeginLoc()));
    if (s_.time_loop && !s_.time_loop(function_, line)) return true;
    const int id = static_cast<int>(s_.result.regions.size());
    s_.result.regions.push_back({id, function_, true, sm.getFilename(s->getBeginLoc()).str(), line});
    rw_.InsertTextBefore(s->getBeginLoc(), "{ PACER_REGION_(" + std::to_string(id) + "); ");
    rw_.InsertTextAfter(end, " }");
    return true;
  }

  Rewriter& rw_;
  Shared& s_;
  std::string function_;
};

class InstrumentConsumer : public ASTConsumer {
 public:
  InstrumentConsumer(Rewriter& rw, Shared& s) : rw_(rw), s_(s) {}

  void HandleTranslationUnit(ASTContext& ctx) override {
    try {
      if (ctx.getDiagnostics().hasErrorOccurred()) return;
      const SourceManager& sm = ctx.getSourceManager();
      for (Decl* d : ctx.getTranslationUnitDecl()->decls()) {
        auto* f = dyn_cast<FunctionDecl>(d);
        if (!f || !f->doesThisDeclarationHaveABody() || !sm.isInMainFile(sm.getExpansionLoc(f->getLocation())))
          continue;
        if (!s_.functions.count(f->getNameAsString())) continue;
        auto* body = dyn_cast<CompoundStmt>(f->getBody());
        const int id = static_cast<int>(s_.result.regions.size());
        s_.result.regions.push_back({id, f->getNameAsString(), false, sm.getFilename(body->getLBracLoc()).str(),
                                     static_cast<int>(sm.getSpellingLineNumber(f->getBeginLoc()))});
        rw_.InsertTextAfterToken(body->getLBracLoc(), " PACER_REGION_(" + std::to_string(id) + ");");
        if (s_.loops) RegionVisitor(rw_, s_, f->getNameAsString()).TraverseStmt(body);
      }
    } catch (...) {
      if (!s_.error) s_.error = std::current_exception();
    }
  }

 private:
  Rewriter& rw_;
  Shared& s_;
};

class InstrumentAction : public ASTFrontendAction {
 public:
  explicit InstrumentAction(Shared& s) : s_(s) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance& ci, StringRef) override {
    rw_.setSourceMgr(ci.getSourceManager(), ci.getLangOpts());
    return std::make_unique<InstrumentConsumer>(rw_, s_);
  }

  void EndSourceFileAction() override {
    const SourceManager& sm = rw_.getSourceMgr();
    const FileID main = sm.getMainFileID();
    const std::string original = sm.getFileEntryRefForID(main)->getName().str();
    const llvm::RewriteBuffer* buffer = rw_.getRewriteBufferFor(main);
    s_.rewritten[original] = buffer ? std::string(buffer->begin(), buffer->end()) : sm.getBufferData(main).str();
  }

 private:
  Shared& s_;
  Rewriter rw_;
};

class InstrumentFactory : public tooling::FrontendActionFactory {
 public:
  explicit InstrumentFactory(Shared& s) : s_(s) {}
  std::unique_ptr<FrontendAction> create() override { return std::make_unique<InstrumentAction>(s_); }

 private:
  Shared& s_;
};

}  // namespace

Instrumentation instrument_sources(const std::vector<std::string>& files, const std::vector<std::string>& functions,
                                   bool loops, const std::vector<std::string>& compile_flags,
                                   const std::string& out_dir, const LoopChoice& time_loop) {
  Shared s;
  s.functions.insert(functions.begin(), functions.end());
  s.loops = loops;
  s.time_loop = time_loop;
  tooling::FixedCompilationDatabase db(".", compiler_arguments(compile_flags));
  tooling::ClangTool tool(db, files);
  InstrumentFactory factory(s);
  const int status = tool.run(&factory);
  if (s.error) std::rethrow_exception(s.error);
  if (status != 0) throw InputError(SourceLocation{files.front(), 0}, "", "does not compile; it cannot be timed");
  // One slot per region and one for measuring the timer itself.
  const std::string preamble =
      "#define PACER_SLOTS_ " + std::to_string(s.result.regions.size() + 1) + "\n" + runtime;
  int n = 0;
  for (const auto& f : files) {
    const std::filesystem::path out =
        std::filesystem::path(out_dir) / (std::to_string(n++) + "_" + std::filesystem::path(f).filename().string());
    std::ofstream(out) << preamble << "#line 1 \"" << f << "\"\n" << s.rewritten[f];
    s.result.sources.push_back(out.string());
  }
  return s.result;
}

}  // namespace pacer
