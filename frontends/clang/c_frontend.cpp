// Drives Clang over the C files (libTooling), finds the functions each file
// defines and the cycles among their calls (Boost.Graph), builds one SEG per
// function and assembles the application model.
#include "frontends/clang/c_frontend.hpp"

#include <algorithm>
#include <set>

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Tooling/CompilationDatabase.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/ADT/DenseMap.h>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>
#include <filesystem>
#include <map>
#include <string_view>
#include <unordered_set>

#include "frontends/clang/seg_builder.hpp"

namespace pacer {

using namespace clang;

namespace {

// One function as the analysis of its file found it.
struct FunctionRecord {
  Task task;
  std::string file;  // absolute: the named file, or a project file it includes
  bool outside_caller = false;  // called from a function not in its cycle of calls
  int order = 0;                          // position among all files' functions
  // What its SEG calls and the parameters its formulas use, gathered as
  // soon as it is built, while its nodes are in the cache (assemble needs
  // them; a walk of every SEG afterwards met each node cold). The names are
  // views into the SEG's formulas, whose nodes stay where they are.
  std::vector<std::string> callees;
  std::vector<std::string_view> parameters;
};

// Fills `rec`'s callees and parameters from its SEG.
void gather_uses(FunctionRecord& rec) {
  auto use_formula = [&](const Expr& e) {
    for_each_param(e, [&](const std::string& name) { rec.parameters.push_back(name); });
  };
  for_each_node(rec.task.seg, [&](const SegNode& n) {
    if (n.kind == NodeKind::Call) rec.callees.push_back(n.callee);
    if (n.trips) use_formula(n.trips);
    for (const auto& arm : n.arms)
      if (arm.probability) use_formula(arm.probability);
  });
}

struct Collected {
  CAnalysis analysis;
  std::map<std::string, FunctionRecord> functions;
  std::set<std::string> parameter_names;
  std::map<std::string, std::string> display_names;  // absolute path -> as the user wrote it
  std::exception_ptr error;
};

// The defined functions by their first declaration, which every call's
// callee leads to without a walk of its other declarations.
using FunctionIndex = llvm::DenseMap<const FunctionDecl*, size_t>;

// Every function the statement calls directly, by its first declaration,
// once per call.
void collect_calls(const Stmt* s, std::vector<const FunctionDecl*>& out) {
  if (!s || isa<DeclRefExpr, IntegerLiteral, FloatingLiteral, CharacterLiteral, StringLiteral>(s)) return;  // leaves
  if (const auto* call = dyn_cast<CallExpr>(s))
    if (const FunctionDecl* f = call->getDirectCallee()) out.push_back(f->getCanonicalDecl());
  for (const Stmt* child : s->children()) collect_calls(child, out);
}

// The callees among the defined functions, each once, in the order of
// their definitions.
void defined_callees(const std::vector<const FunctionDecl*>& calls, const FunctionIndex& index, std::vector<size_t>& out) {
  for (const FunctionDecl* f : calls)
    if (auto it = index.find(f); it != index.end()) out.push_back(it->second);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

class AnalysisConsumer : public ASTConsumer {
 public:
  explicit AnalysisConsumer(Collected& out) : out_(out) {}

  // The calls of each function, found as soon as it is parsed, while its
  // statements are still in the cache (a walk of every body after the
  // whole file is parsed met each node cold).
  bool HandleTopLevelDecl(DeclGroupRef group) override {
    for (const Decl* d : group)
      if (const auto* f = dyn_cast<FunctionDecl>(d); f && f->doesThisDeclarationHaveABody())
        collect_calls(f->getBody(), calls_[f]);
    return true;
  }

  void HandleTranslationUnit(ASTContext& ctx) override {
    // Exceptions must not cross Clang's frames: keep the first and rethrow
    // once the tool has finished.
    try {
      analyse(ctx);
    } catch (...) {
      if (!out_.error) out_.error = std::current_exception();
    }
  }

 private:
  void analyse(ASTContext& ctx) {
    const SourceManager& sm = ctx.getSourceManager();
    if (ctx.getDiagnostics().hasErrorOccurred()) return;
    std::vector<const FunctionDecl*> defs;
    FunctionIndex index;
    // The functions of the file and of the project files it includes (a
    // unity build, static inline helpers); not those of system headers.
    for (const Decl* d : ctx.getTranslationUnitDecl()->decls()) {
      const auto* f = dyn_cast<FunctionDecl>(d);
      if (!f || !f->doesThisDeclarationHaveABody() || sm.isInSystemHeader(sm.getExpansionLoc(f->getLocation()))) continue;
      index[f->getCanonicalDecl()] = defs.size();
      defs.push_back(f);
    }

    // Cycles of calls are the strongly connected components of the call
    // graph, plus functions that call themselves.
    using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
    Graph calls(defs.size());
    std::vector<std::vector<size_t>> callees(defs.size());
    std::vector<std::vector<size_t>> callers(defs.size());
    for (size_t i = 0; i < defs.size(); ++i) {
      auto parsed = calls_.find(defs[i]);
      if (parsed == calls_.end()) {  // not handed over as parsed: walked now
        parsed = calls_.try_emplace(defs[i]).first;
        collect_calls(defs[i]->getBody(), parsed->second);
      }
      defined_callees(parsed->second, index, callees[i]);
      for (size_t j : callees[i]) {
        boost::add_edge(i, j, calls);
        callers[j].push_back(i);
      }
    }
    std::vector<int> component(defs.size());
    if (!defs.empty()) boost::strong_components(calls, component.data());
    std::vector<int> component_size(defs.size() + 1, 0);
    for (int c : component) ++component_size[c];
    // Asked only of functions the file defines (the SEG builder checks
    // `defined` first).
    auto at = [&](const FunctionDecl& f) { return index.find(f.getCanonicalDecl())->second; };
    auto recursive = [&](size_t i) { return component_size[component[i]] > 1 || std::binary_search(callees[i].begin(), callees[i].end(), i); };

    cfront::FileFunctions file;
    file.defined = [&](const FunctionDecl& f) { return index.count(f.getCanonicalDecl()) != 0; };
    file.recursive_call = [&](const FunctionDecl& caller, const FunctionDecl& callee) {
      return component[at(caller)] == component[at(callee)] && recursive(at(callee));
    };
    file.recursive = [&](const FunctionDecl& f) { return recursive(at(f)); };

    for (size_t i = 0; i < defs.size(); ++i) {
      std::string name = defs[i]->getName().str();
      const auto [absolute, display] = file_of(sm, defs[i]->getLocation());
      const int line = int(sm.getExpansionLineNumber(defs[i]->getLocation()));
      if (auto seen = out_.functions.find(name); seen != out_.functions.end()) {
        // A header's function, met again through another of the files.
        if (seen->second.file == absolute && seen->second.task.where.line == line) continue;
        throw InputError(SourceLocation{display, line}, "", "function '" + name + "' is defined in more than one of the files");
      }
      FunctionRecord rec;
      rec.file = absolute;
      rec.task = cfront::build_function_seg(ctx, *defs[i], file, display, out_.analysis, out_.parameter_names);
      gather_uses(rec);
      rec.order = int(out_.functions.size());
      for (size_t j : callers[i])
        if (component[j] != component[i]) rec.outside_caller = true;
      out_.functions.emplace(name, std::move(rec));
    }
  }

  // The file holding `loc`, absolute, and as the user wrote it (an
  // included file as the include resolved it, tidied).
  std::pair<std::string, std::string> file_of(const SourceManager& sm, clang::SourceLocation loc) const {
    const auto entry = sm.getFileEntryRefForID(sm.getFileID(sm.getExpansionLoc(loc)));
    const std::string name = entry ? entry->getName().str() : std::string("<unknown>");
    const std::string absolute = std::filesystem::absolute(name).lexically_normal().string();
    auto named = out_.display_names.find(absolute);
    if (named != out_.display_names.end()) return {absolute, named->second};
    const auto relative = std::filesystem::path(absolute).lexically_relative(std::filesystem::current_path());
    const bool below = !relative.empty() && *relative.begin() != "..";
    return {absolute, below ? relative.string() : absolute};
  }

  Collected& out_;
  llvm::DenseMap<const FunctionDecl*, std::vector<const FunctionDecl*>> calls_;  // by definition
};

class AnalysisAction : public ASTFrontendAction {
 public:
  explicit AnalysisAction(Collected& out) : out_(out) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance&, llvm::StringRef) override {
    return std::make_unique<AnalysisConsumer>(out_);
  }

 private:
  Collected& out_;
};

class AnalysisFactory : public tooling::FrontendActionFactory {
 public:
  explicit AnalysisFactory(Collected& out) : out_(out) {}
  std::unique_ptr<FrontendAction> create() override { return std::make_unique<AnalysisAction>(out_); }

 private:
  Collected& out_;
};

}  // namespace

std::vector<std::string> compiler_arguments(const std::vector<std::string>& user_flags) {
  // -disable-free: the AST dies with the process, as in the clang driver.
  std::vector<std::string> args = {"-resource-dir=" PACER_CLANG_RESOURCE_DIR, "-Xclang", "-disable-free"};
  bool warnings = std::any_of(user_flags.begin(), user_flags.end(),
                              [](const std::string& f) { return f.rfind("-W", 0) == 0; });
  if (!warnings) args.push_back("-w");  // analysis, not linting: only errors matter
  args.insert(args.end(), user_flags.begin(), user_flags.end());
  return args;
}

namespace {

// When the named files define no function of their own, says where the
// analysed ones are (a unity build), or that there are none.
void note_where_functions_are(Collected& c, const std::string& first_file) {
  std::set<std::string> named(c.analysis.sources.begin(), c.analysis.sources.end());
  std::map<std::string, std::vector<std::string>> elsewhere;  // file as displayed -> functions
  for (const auto& [name, rec] : c.functions) {
    if (named.count(rec.file)) return;
    elsewhere[rec.task.where.file].push_back(name);
  }
  std::string where;
  for (const auto& [file, names] : elsewhere)
    where += (where.empty() ? "" : "; ") + file + " (" + std::to_string(names.size()) + ")";
  c.analysis.diagnostics.push_back(
      {"source_files", {first_file, 0}, "",
       elsewhere.empty() ? "defines no function, and neither do the project files it includes"
                         : "defines no function of its own; those analysed are defined in the files it includes: " + where,
       ""});
}

// Tasks: the functions asked for, else those no other function calls (from
// outside its own cycle). Functions: everything the tasks reach.
void assemble(Collected& c, const AnalyseOptions& options, const std::string& first_file) {
  ApplicationModel& m = c.analysis.model;
  std::vector<std::string> task_names = options.functions;
  if (task_names.empty()) {
    std::vector<std::pair<int, std::string>> roots;
    for (const auto& [name, rec] : c.functions)
      if (!rec.outside_caller) roots.push_back({rec.order, name});
    std::sort(roots.begin(), roots.end());
    for (const auto& r : roots) task_names.push_back(r.second);
  }
  for (const auto& name : task_names) {
    if (c.functions.count(name)) continue;
    std::string known;
    for (const auto& [n, rec] : c.functions) known += (known.empty() ? "" : ", ") + n;
    throw InputError(SourceLocation{first_file, 0}, "--function",
                     "no function '" + name + "' is defined here" + (known.empty() ? " (it defines none)" : " (defined: " + known + ")"));
  }
  std::set<std::string> in_model(task_names.begin(), task_names.end());
  std::vector<std::string> queue = task_names;
  std::vector<std::pair<int, std::string>> reached;
  while (!queue.empty()) {
    std::string name = queue.back();
    queue.pop_back();
    for (const auto& callee : c.functions.at(name).callees)
      if (in_model.insert(callee).second) {
        reached.push_back({c.functions.at(callee).order, callee});
        queue.push_back(callee);
      }
  }
  std::sort(reached.begin(), reached.end());
  note_where_functions_are(c, first_file);
  for (const auto& name : task_names) m.tasks.push_back(std::move(c.functions.at(name).task));
  for (const auto& r : reached) m.functions.push_back(std::move(c.functions.at(r.second).task));

  // Keep only what the chosen functions use.
  std::unordered_set<std::string_view> used_set;
  for (const auto& name : in_model) used_set.insert(c.functions.at(name).parameters.begin(), c.functions.at(name).parameters.end());
  std::erase_if(m.parameters, [&](const Parameter& p) { return !used_set.count(p.name); });
  std::erase_if(c.analysis.diagnostics,
                [&](const FrontendDiagnostic& d) { return !d.function.empty() && !in_model.count(d.function); });
  std::erase_if(c.analysis.sites, [&](const CountSite& s) { return !in_model.count(s.function); });
  // In the files' order: usually already so, as functions are met in it.
  auto by_place = [](const FrontendDiagnostic& a, const FrontendDiagnostic& b) {
    return std::tie(a.where.file, a.where.line) < std::tie(b.where.file, b.where.line);
  };
  auto& diagnostics = c.analysis.diagnostics;
  if (!std::is_sorted(diagnostics.begin(), diagnostics.end(), by_place))
    std::stable_sort(diagnostics.begin(), diagnostics.end(), by_place);
}

}  // namespace

CAnalysis analyse_c(const AnalyseOptions& options) {
  if (options.files.empty()) throw InputError("no C file given");
  Collected c;
  c.analysis.sites_counted = options.count_sites;
  for (const auto& f : options.files) {
    if (!std::filesystem::is_regular_file(f)) throw InputError(SourceLocation{f, 0}, "", "no such file");
    std::string abs = std::filesystem::absolute(f).lexically_normal().string();
    c.display_names[abs] = f;
    c.analysis.sources.push_back(abs);
  }
  tooling::FixedCompilationDatabase db(".", compiler_arguments(options.compile_flags));
  tooling::ClangTool tool(db, c.analysis.sources);
  AnalysisFactory factory(c);
  int status = tool.run(&factory);
  if (c.error) std::rethrow_exception(c.error);
  if (status != 0)
    throw InputError(SourceLocation{options.files.front(), 0}, "",
                     "does not compile (Clang's diagnostics are above); pacer analyses only valid C");

  ApplicationModel& m = c.analysis.model;
  m.name = std::filesystem::path(options.files.front()).stem().string();
  m.file = options.files.front();
  m.description = "analysed from C source by pacer's Clang frontend";
  m.sources = c.analysis.sources;
  m.compile_flags = options.compile_flags;
  assemble(c, options, options.files.front());
  if (!m.tasks.empty()) validate(m);  // a file may define no function at all
  return std::move(c.analysis);
}

}  // namespace pacer
