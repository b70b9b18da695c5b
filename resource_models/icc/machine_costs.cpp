#include "resource_models/icc/machine_costs.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <sstream>

#include "resource_models/icc/block_counts.hpp"
#include "resource_models/icc/machine_code_cache.hpp"

namespace pacer {

namespace fs = std::filesystem;

namespace {

std::string call_entry(const std::string& construct) { return std::string(kCall) + construct; }

std::string normal(const std::string& path) { return fs::absolute(path).lexically_normal().string(); }

int range_size(const SourceRange& r) { return (r.end_line > 0 ? r.end_line : r.line) - r.line; }

// A compute node with the loops around it, outermost first, the SEG
// function it belongs to and its file, normalised once.
struct Placed {
  SegNode* node = nullptr;
  std::vector<SegNode*> loops;
  std::string function;
  std::string file;

  bool contains(const std::string& source, unsigned line) const {
    const SourceRange& r = node->source;
    const int end = r.end_line > 0 ? r.end_line : r.line;
    return !r.empty() && static_cast<int>(line) >= r.line && static_cast<int>(line) <= end && file == source;
  }
};

Placed placed(SegNode* n, const std::vector<SegNode*>& loops, const std::string& function) {
  return {n, loops, function, n->source.empty() ? std::string() : normal(n->source.file)};
}

// A branch with the compute node that evaluates its condition (the one
// before it), the loops around it, and the compute nodes of its arms when
// no arm holds a loop (what the compiler may if-convert).
struct PlacedBranch {
  const SegNode* branch = nullptr;
  SegNode* condition = nullptr;
  std::vector<SegNode*> loops;
  std::vector<SegNode*> arm_nodes;
};

// The compute nodes of a branch's arms, nested branches included; false
// when an arm holds a loop or a call, which no compiler turns into a select.
bool straight_arm_nodes(const SegNode& branch, std::vector<SegNode*>& out) {
  for (const auto& arm : branch.arms)
    for (SegNode* n : arm.body->mutable_sequence()) {
      if (n->kind == NodeKind::Compute) out.push_back(n);
      else if (n->kind == NodeKind::Branch && !straight_arm_nodes(*n, out)) return false;
      else if (n->kind != NodeKind::Branch) return false;
    }
  return true;
}

struct Placement {
  std::vector<Placed> nodes, loops;
  std::vector<PlacedBranch> branches;
  // Each loop's first compute node of its own body, as a profile names it
  // ("function/node"): it runs once per source iteration.
  std::map<const SegNode*, std::string> iteration_nodes;
};

void place(Seg& seg, const std::string& function, std::vector<SegNode*> loops, Placement& out) {
  SegNode* previous = nullptr;
  for (SegNode* n : seg.mutable_sequence()) {
    if (n->kind == NodeKind::Compute) out.nodes.push_back(placed(n, loops, function));
    if (n->kind == NodeKind::Branch && previous && previous->kind == NodeKind::Compute) {
      PlacedBranch b{n, previous, loops, {}};
      if (!straight_arm_nodes(*n, b.arm_nodes)) b.arm_nodes.clear();
      out.branches.push_back(std::move(b));
    }
    if (n->kind == NodeKind::Loop) {
      out.loops.push_back(placed(n, loops, function));
      auto inner = loops;
      inner.push_back(n);
      for (const SegNode* b : n->body->mutable_sequence())
        if (b->kind == NodeKind::Compute) {
          out.iteration_nodes[n] = function + "/" + b->id;
          break;
        }
      place(*n->body, function, inner, out);
    }
    for (auto& arm : n->arms) place(*arm.body, function, loops, out);
    previous = n;
  }
}

class Attacher {
 public:
  Attacher(ApplicationModel& model, const ParamValues& bound) : bound_{bound, {}}, run_counts_(&model.run_counts) {
    Placement p;
    for (auto& t : model.tasks) {
      place(t.seg, t.name, {}, p);
      tasks_.push_back(t.name);
    }
    for (auto& f : model.functions) {
      place(f.seg, f.name, {}, p);
      modelled_.insert(f.name);
    }
    modelled_.insert(tasks_.begin(), tasks_.end());
    for (const Placed& n : p.nodes) function_of_[n.node] = n.function;
    nodes_ = std::move(p.nodes);
    loops_ = std::move(p.loops);
    iteration_nodes_ = std::move(p.iteration_nodes);
    branches_ = std::move(p.branches);
  }

  void add(const icc::PricedCode& code, const icc::BlockCounts* counts) {
    counts_ = code.intermediate ? nullptr : counts;
    kind_ = code.intermediate ? ruv_kind::ir : ruv_kind::machine;
    remarks_ = &code.remarks;
    source_ = code.source;
    branch_wait_ = code.branch_wait;
    files_ = &code.files;
    for (const auto& f : code.functions) regions(f);
    for (const auto& l : loops_)
      if (unrolled_away(*l.node)) unrolled_.insert(l.node);  // by this code's remarks, while they are at hand
    for (const auto& r : code.remarks)
      if (!r.library_call.empty())
        notes_.push_back(fs::path(source_).filename().string() + ":" + std::to_string(r.line) + " (" + r.function +
                         "): the compiler made the loop a call to " + r.library_call +
                         ", whose code is the C library's; priced as the loop compiled without loop idioms");
  }

  // Writes the chosen region's figures into every node's RUV.
  std::vector<std::string> finish() {
    for (auto& p : nodes_) p.node->ruvs[kind_] = Ruv{};
    std::map<const SegNode*, const Region*> chosen;
    for (auto& [key, candidates] : by_loop_) {
      if (key.first) counted_factors(key.first, candidates);
      const std::vector<double> weights = key.first ? run_shares(candidates) : std::vector<double>{};
      if (weights.empty()) {
        const Region& r = best(candidates);
        if (key.first) chosen[key.first] = &r;
        apply(r);
        continue;
      }
      const size_t most = size_t(std::max_element(weights.begin(), weights.end()) - weights.begin());
      chosen[key.first] = &candidates[most];
      for (size_t c = 0; c < candidates.size(); ++c)
        if (weights[c] > 0) apply(candidates[c], weights[c]);
    }
    for (const auto& b : branches_) mispredictions(b, chosen);
    for (const auto& l : loops_) {
      exit_mispredictions(l, chosen);
      loop_steps(l, chosen);
    }
    if (unbound_)
      notes_.push_back("some trip counts or branch probabilities are not bound (no profile, or a --param missing): "
                       "working sets and expected mispredictions that need them are left out, and a loop the "
                       "compiler unrolled inside another counts once per iteration of the outer loop");
    for (const auto& p : nodes_) {
      const Ruv& r = p.node->ruvs[kind_];
      if (r.get("cycles") == 0 && !p.loops.empty() && !priced_.count(p.node))
        notes_.push_back("node '" + p.node->id + "' (" + p.node->where.str() + ") has no " +
                         (kind_ == ruv_kind::ir ? "IR" : "machine code") +
                         " of its own: the compiler folded it or moved it; priced at 0");
    }
    return notes_;
  }

 private:
  // A recurrence's classes on one iteration's path, with its node.
  struct Chain {
    SegNode* node = nullptr;
    std::map<std::string, double> classes;
  };
  struct Share {
    double instructions = 0;
    double bytes = 0;
    std::map<std::string, double> classes;  // IR only: instructions by IntCC class
    // Machine code: calls by the construct they cost
    // (PricedInstruction::call_construct), and how often the counted run
    // made them.
    std::map<std::string, double> calls, calls_executed;
    // Counted machine code: reads a dependence chain waits for beyond level
    // 2 and beyond level 3, per machine iteration, each times its load's
    // chain slope.
    double waits_l3 = 0, waits_mem = 0;
    // The same for reads that decide a conditional branch, not yet times
    // the chance that the branch is mispredicted.
    double branch_waits_l3 = 0, branch_waits_mem = 0;
    // Reads no chain or branch waits for, and stores, whose address was
    // loaded (a gather through an index read from memory, a scatter): the
    // lines that no
    // prefetcher brought and that left level 1, level 2 and level 3 (from
    // level 2 or beyond, from level 3 or beyond, from memory), per machine
    // iteration.
    double gathered_l2 = 0, gathered_l3 = 0, gathered_mem = 0;
    // Counted machine code: the executions of its instructions in the
    // counted run, and the bytes they moved.
    double executed = 0, executed_bytes = 0;

    void add(const Share& s) {
      instructions += s.instructions;
      bytes += s.bytes;
      executed += s.executed;
      executed_bytes += s.executed_bytes;
      for (const auto& [c, n] : s.classes) classes[c] += n;
      for (const auto& [c, n] : s.calls) calls[c] += n;
      for (const auto& [c, n] : s.calls_executed) calls_executed[c] += n;
      waits_l3 += s.waits_l3;
      waits_mem += s.waits_mem;
      branch_waits_l3 += s.branch_waits_l3;
      branch_waits_mem += s.branch_waits_mem;
      gathered_l2 += s.gathered_l2;
      gathered_l3 += s.gathered_l3;
      gathered_mem += s.gathered_mem;
    }
  };
  // One machine loop body (or a function's code outside loops), with the
  // SEG loop it stands for (null: function level).
  struct Region {
    std::string machine_function;
    const SegNode* loop = nullptr;
    double cycles = 0;         // per machine iteration
    double factor = 1;         // source iterations per machine iteration
    double other_factor = 0;   // the other one the remarks allow (0: none), see factors()
    double lanes = 1;          // the vector width the vectoriser reports for its loop (1: scalar code)
    double instructions = 0;
    double executions = -1;    // machine iterations in the counted run; -1: not counted
    std::map<SegNode*, Share> shares;
    Share overhead;            // instructions on no node's lines: the loop's own
    // Source lines of its conditional branches, each with the longest path
    // from a misprediction's right path to the next decision of a branch
    // of the line (PricedInstruction::restart; 0: unknown).
    std::map<int, double> conditional_lines;
    std::vector<Chain> chains;  // IR only: its loop's recurrences
    double gathered_bytes = 0;  // of its loads and stores whose address was loaded, per machine iteration
  };

  void regions(const icc::PricedFunction& f) {
    const auto& machine_loops = f.loops;
    const std::vector<int> innermost = icc::innermost_loops(machine_loops, f.instructions.size());
    // Inner loops first: a machine loop stands for a SEG loop around those
    // its inner loops stand for.
    std::vector<const SegNode*> seg_of(machine_loops.size(), nullptr);
    for (int l = static_cast<int>(machine_loops.size()) - 1; l >= -1; --l) {
      std::vector<size_t> own;
      for (size_t i = 0; i < f.instructions.size(); ++i)
        if (innermost[i] == l) own.push_back(i);
      std::vector<const SegNode*> inner;
      for (size_t c = 0; c < machine_loops.size(); ++c)
        if (machine_loops[c].parent == l && seg_of[c]) inner.push_back(seg_of[c]);
      if (l >= 0) seg_of[l] = seg_loop_of(f, own, inner);
      if (own.empty()) continue;
      static const std::vector<icc::Recurrence> none;
      const auto& recurrences = l >= 0 && size_t(l) < f.loop_recurrences.size() ? f.loop_recurrences[size_t(l)] : none;
      const double executions =
          counts_ && l >= 0 ? counts_->at(f.name, f.instructions[f.loops[size_t(l)].head].offset) : -1;
      double cycles = l >= 0 ? f.loop_cycles[l] : f.outside_cycles;
      if (l >= 0 && path_taken(f, size_t(l), executions)) {
        const auto& skipped = f.loop_skipped[size_t(l)];
        std::erase_if(own, [&](size_t i) { return std::binary_search(skipped.begin(), skipped.end(), i); });
        cycles = f.loop_path_cycles[size_t(l)];
      }
      region(f, own, l, l >= 0 ? seg_of[l] : nullptr, cycles, recurrences, executions);
    }
  }

  // How often the counted run made the call at instruction `i` (callgrind's
  // count of the call site; the instruction's own execution count is no
  // measure of it: for gauss.c's 1.05 M calls to exp it read 2.1 M).
  double calls_made(const icc::PricedFunction& f, size_t i) const {
    return counts_->calls_at(f.name, f.instructions[i].offset).value_or(0);
  }

  // How many times a loop's machine iteration makes the call at
  // instruction `i` (one of `own`, of machine loop `l`, -1 outside loops):
  // as the counted run made it; uncounted, once, unless the loop may skip
  // the call (an error path: PricedFunction::loop_skipped) or also computes
  // the function inline: sqrt is a square root instruction, its call kept
  // for errno's sake on a path a positive argument never takes.
  double calls_per_iteration(const icc::PricedFunction& f, const std::vector<size_t>& own, int l, size_t i,
                             double executions) const {
    if (counts_ && executions > 0) return calls_made(f, i) / executions;
    if (l >= 0 && size_t(l) < f.loop_skipped.size() &&
        std::binary_search(f.loop_skipped[size_t(l)].begin(), f.loop_skipped[size_t(l)].end(), i))
      return 0;
    if (!f.instructions[i].call_construct.ends_with("_sqrt")) return 1;
    const bool inline_twin = std::any_of(own.begin(), own.end(), [&](size_t k) {
      const std::string& text = f.instructions[k].text;
      return !f.instructions[k].call && text.substr(0, text.find_first_of(" \t")).find("sqrt") != std::string::npos;
    });
    return inline_twin ? 0 : 1;
  }

  // Whether the counted run kept to loop `l`'s path, entering the code its
  // jumps skip in at most one iteration in a hundred: then the loop is
  // priced by MCA's run of that path (PricedFunction::loop_skipped).
  bool path_taken(const icc::PricedFunction& f, size_t l, double executions) const {
    if (!counts_ || !(executions > 0) || l >= f.loop_skipped.size() || f.loop_skipped[l].empty()) return false;
    return std::all_of(f.loop_skipped[l].begin(), f.loop_skipped[l].end(), [&](size_t i) {
      return counts_->at(f.name, f.instructions[i].offset) <= 0.01 * executions;
    });
  }

  // The region of these instructions, kept among its SEG loop's candidates
  // unless it stands for no SEG code.
  void region(const icc::PricedFunction& f, const std::vector<size_t>& own, int machine_loop, const SegNode* seg_loop,
              double cycles, const std::vector<icc::Recurrence>& recurrences, double executions) {
    const bool loop = machine_loop >= 0;
    Region r;
    r.machine_function = f.name;
    r.executions = executions;
    r.loop = seg_loop;
    if (loop && !r.loop) {  // library or compiler-made code
      if (kind_ == ruv_kind::ir) unmapped(f, own);
      return;
    }
    bool vector = false;
    for (size_t i : own) {
      const auto& ins = f.instructions[i];
      vector = vector || ins.vector;
      if (ins.conditional_branch) {
        double& restart = r.conditional_lines[static_cast<int>(ins.line)];
        restart = std::max(restart, ins.restart);
      }
      // A store back to the line a gathered load of the iteration brought
      // (hist[key[i]] += w[i], a load and a store through one loaded index)
      // moves no bytes of its own: the line is the load's, which the
      // stream keeps once; counted again, its bytes went to the stream's
      // level (memory) as if written there, not to the table's level.
      const bool rewrites_gathered = ins.stores && !ins.loads && ins.indirect && ins.address_group >= 0 &&
                                     static_cast<size_t>(ins.address_group) != i;
      const double bytes = rewrites_gathered ? 0 : ins.bytes;
      // A load or store whose address was loaded revisits what its index
      // chooses: its bytes are no new data each iteration (priced as
      // scattered lines where they miss).
      if (ins.indirect) r.gathered_bytes += bytes;
      // A call's bytes (a memcpy's) move as often as it is made.
      const double made = ins.call ? calls_per_iteration(f, own, machine_loop, i, executions) : 1;
      Share s{1, bytes * made, {}};
      if (!ins.ir_class.empty()) s.classes[ins.ir_class] = 1;
      if (!ins.call_construct.empty()) s.calls[ins.call_construct] = made;
      if (counts_) {
        s.executed = counts_->at(f.name, ins.offset);
        s.executed_bytes = (ins.call ? calls_made(f, i) : s.executed) * bytes;
        if (!ins.call_construct.empty()) s.calls_executed[ins.call_construct] = calls_made(f, i);
      }
      SegNode* n = node_at(ins, r.loop);
      (n ? r.shares[n] : r.overhead).add(s);
    }
    if (loop) waits(f, own, executions, r);
    if (!loop && r.shares.empty()) return;
    if_converted(r);
    r.instructions = static_cast<double>(own.size());
    if (loop) std::tie(r.factor, r.other_factor) = factors(*r.loop, vector, f.name);
    r.lanes = loop && vector ? lanes(*r.loop) : 1;
    r.cycles = loop ? nested_cycles(f, size_t(machine_loop), cycles, r) : cycles;
    if (!loop) {
      for (Region& part : by_function(std::move(r))) {
        const std::string function = function_of_.at(part.shares.begin()->first);
        by_loop_[{nullptr, function}].push_back(std::move(part));
      }
      return;
    }
    r.chains = chains(recurrences, r);
    by_loop_[{r.loop, ""}].push_back(std::move(r));
  }

  // A loop's cycles per machine iteration when it runs t iterations per
  // entry of its parent (PricedFunction::nest_cycles): what MCA gave the
  // parent's whole iteration at t, less the parent's own cycles, over t;
  // never more than its own steady state. t is counted (the loop's
  // iterations over its parent's in the run) or, without counts, the bound
  // trips over the source iterations per machine iteration. Past the curve's
  // last t, the loop's steady state carries it on.
  double nested_cycles(const icc::PricedFunction& f, size_t l, double steady, const Region& r) {
    if (l >= f.nest_cycles.size() || f.nest_cycles[l].empty() || !r.loop) return steady;
    const auto& curve = f.nest_cycles[l];
    const int parent = f.loops[l].parent;
    const double parent_cycles = f.loop_cycles[size_t(parent)];
    // The loop's own cycles in one iteration of its parent, at t per entry.
    auto own = [&](double t) {
      t = std::max(t, curve.front().first);
      double whole = curve.back().second + (t - curve.back().first) * steady;
      for (size_t k = 1; k < curve.size(); ++k)
        if (t <= curve[k].first) {
          const auto& [t0, c0] = curve[k - 1];
          const auto& [t1, c1] = curve[k];
          whole = c0 + (c1 - c0) * (t - t0) / (t1 - t0);
          break;
        }
      return std::max(0.0, whole - parent_cycles);
    };
    if (!same_trips_each_entry(*r.loop)) return triangular_cycles(*r.loop, r.factor, own, steady);
    double t = -1;
    if (counts_) {
      const double outer = counts_->at(f.name, f.instructions[f.loops[size_t(parent)].head].offset);
      if (r.executions > 0 && outer > 0) t = r.executions / outer;
    } else if (const std::optional<double> trips = bound_value(r.loop->trips)) {
      t = *trips / r.factor;
    }
    if (!(t > 0)) return steady;
    return std::clamp(own(std::max(t, curve.front().first)) / t, 0.0, steady);
  }

  // A triangular loop (its trips at each entry a formula of the counters
  // around it: cholesky's k < j) runs entries of every length, and the
  // overlap of one entry with the next is far from linear in its length:
  // the cycles are the curve's at each entry's machine trips, summed over
  // the entries, over their iterations. Entries too short for one machine
  // iteration run the remainder code alone and are left out of both.
  template <typename Own>
  double triangular_cycles(const SegNode& loop, double factor, const Own& own, double steady) {
    if (!loop.trips_at || !(factor > 0)) return steady;
    double cycles = 0, iterations = 0;
    for (const auto& [trips, entries] : entry_trips(loop)) {
      const double t = std::floor(trips / factor + 1e-9);
      if (t < 1) continue;
      cycles += entries * own(t);
      iterations += entries * t;
    }
    return iterations > 0 ? std::clamp(cycles / iterations, 0.0, steady) : steady;
  }

  // Each entry's trips of a loop whose trips depend on the counters of the
  // loops around it, with the number of entries of that length: the
  // counters are walked (each at most kMostCounterValues values, evenly
  // spaced, each standing for those it skips); a loop around whose counter
  // nothing further in reads (no trips_at or first value of a loop inside
  // it names it) multiplies the entries by its trips, so LU's nest walks
  // one counter, not two. Empty when a figure is not bound.
  std::vector<std::pair<double, double>> entry_trips(const SegNode& loop) {
    const auto at = std::find_if(loops_.begin(), loops_.end(), [&](const Placed& p) { return p.node == &loop; });
    std::vector<std::pair<double, double>> out;
    if (at == loops_.end()) return out;
    Bindings b = bound_;
    std::vector<bool> walked(at->loops.size());  // decided once, not at each of the counters' values
    for (size_t k = 0; k < walked.size(); ++k) walked[k] = read_further_in(at->loops, k, loop);
    try {
      walk_counters(at->loops, walked, 0, loop, b, 1, out);
    } catch (const InputError&) {
      out.clear();
    }
    return out;
  }

  static constexpr double kMostCounterValues = 256;
  // Whether a loop inside around[k] (down to `loop`) reads around[k]'s
  // counter in its trips or, where it is walked too, its first value.
  static bool read_further_in(const std::vector<SegNode*>& around, size_t k, const SegNode& loop) {
    const std::string& counter = around[k]->induction;
    if (counter.empty()) return false;
    bool reads = false;
    const auto check = [&](const Expr& e) {
      if (e) for_each_param(e, [&](const std::string& p) { reads = reads || p == counter; });
    };
    for (size_t j = k + 1; j < around.size() && !reads; ++j) check(around[j]->trips_at), check(around[j]->induction_start);
    check(loop.trips_at);
    return reads;
  }
  void walk_counters(const std::vector<SegNode*>& around, const std::vector<bool>& walked, size_t k, const SegNode& loop,
                     Bindings& b, double entries, std::vector<std::pair<double, double>>& out) {
    if (k == around.size()) return void(out.emplace_back(evaluate(loop.trips_at, b), entries));
    const SegNode& a = *around[k];
    const double trips = std::floor(std::max(0.0, evaluate(a.trips_at ? a.trips_at : a.trips, b)) + 1e-9);
    if (trips < 1) return;
    if (!walked[k]) return walk_counters(around, walked, k + 1, loop, b, entries * trips, out);
    const double start = evaluate(a.induction_start, b), stride = std::ceil(trips / kMostCounterValues);
    for (double i = 0; i < trips; i += stride) {
      b.params[a.induction] = start + a.induction_step * i;
      walk_counters(around, walked, k + 1, loop, b, entries * std::min(stride, trips - i), out);
    }
    b.params.erase(a.induction);
  }

  // Whether a loop runs the same iterations at every entry, as far as its
  // model says: not a triangular loop, nor one whose count is a measured
  // mean (a profile's N_ and P_ parameters), nor one whose count is a C
  // variable (function.variable) of a function the profiled run entered
  // more than once, whose value a profile gives as a mean. The overlap of
  // entries is far from linear in the iterations (tensor.c's 12-iteration
  // entries save 40%, a 1000-iteration entry nothing), so a mean of
  // unequal entries would price them wrong: a merge sort's merges run 2 to
  // 131072 iterations, 16 on average. Without a profile the variables are
  // what the user bound.
  bool same_trips_each_entry(const SegNode& loop) const {
    if (loop.trips_at || !loop.trips) return false;
    std::vector<std::string> names;
    collect_params(loop.trips, names);
    return std::all_of(names.begin(), names.end(), [&](const std::string& n) {
      const size_t dot = n.find('.');
      if (dot == std::string::npos) return false;
      if (run_counts_->empty()) return true;
      const auto entered = run_counts_->find(n.substr(0, dot));
      return entered != run_counts_->end() && entered->second <= 1;
    });
  }

  // A load the next iteration waits for (its chain slope) waits, beyond
  // the level-1 latency MCA gave it, for each read of its record's line
  // that missed level 2 in the counted run. The first load of the line
  // misses in the count, whichever it is (valgrind runs one load after the
  // other; the core issues them together): so the misses of every load with
  // the same address registers count, times the largest slope among them,
  // per machine iteration, on the node of the load with that slope.
  void waits(const icc::PricedFunction& f, const std::vector<size_t>& own, double executions, Region& r) const {
    if (!counts_ || !(executions > 0)) return;
    struct Group {
      icc::LevelMisses misses;
      double chain = 0;
      const icc::PricedInstruction* waiting = nullptr;  // the load with that slope
      const icc::PricedInstruction* deciding = nullptr;  // a load that decides a branch
      const icc::PricedInstruction* gathering = nullptr;  // a load whose address was loaded
    };
    std::map<int, Group> groups;
    for (size_t i : own) {
      const icc::PricedInstruction& ins = f.instructions[i];
      if (!ins.loads || ins.address_group < 0) continue;
      Group& g = groups[ins.address_group];
      const icc::LevelMisses m = counts_->misses_at(f.name, ins.offset).reads;
      g.misses.l2 += m.l2;
      g.misses.l3 += m.l3;
      g.misses.l1 += m.l1;
      if (ins.chain > g.chain) g.chain = ins.chain, g.waiting = &ins;
      if (ins.feeds_branch && !g.deciding) g.deciding = &ins;
      if (ins.indirect && !g.gathering) g.gathering = &ins;
    }
    auto share_of = [&](const icc::PricedInstruction& ins) -> Share& {
      SegNode* n = node_at(ins, r.loop);
      return n ? r.shares[n] : r.overhead;
    };
    for (const auto& [leader, g] : groups) {
      if (g.waiting) {
        Share& s = share_of(*g.waiting);
        s.waits_l3 += g.chain * g.misses.l2 / executions;
        s.waits_mem += g.chain * g.misses.l3 / executions;
      } else if (g.deciding) {
        SegNode* condition = condition_on_line(g.deciding->line, r.loop);
        Share& s = condition ? r.shares[condition] : share_of(*g.deciding);
        s.branch_waits_l3 += g.misses.l2 / executions;
        s.branch_waits_mem += g.misses.l3 / executions;
      } else if (g.gathering) {
        scattered(share_of(*g.gathering), g.misses, executions);
      }
    }
    // A scatter's store that misses fetches its line as a gather's load
    // does (write-allocate), and nothing waits for it either.
    for (size_t i : own) {
      const icc::PricedInstruction& ins = f.instructions[i];
      if (ins.stores && !ins.loads && ins.indirect)
        scattered(share_of(ins), counts_->misses_at(f.name, ins.offset).writes, executions);
    }
  }

  // Lines no prefetcher brought, which nothing waits for, cost what such
  // lines cost a core that keeps many in flight: the memory term's
  // scattered lines, per machine iteration.
  static void scattered(Share& s, const icc::LevelMisses& m, double executions) {
    s.gathered_l2 += std::max(m.l1, m.l2) / executions;
    s.gathered_l3 += m.l2 / executions;
    s.gathered_mem += m.l3 / executions;
  }

  // The condition node of the SEG branch of `loop` on `line`, which the
  // branch's expected mispredictions go to (mispredictions()); null when
  // there is none.
  SegNode* condition_on_line(unsigned line, const SegNode* loop) const {
    for (const auto& b : branches_)
      if (!b.loops.empty() && b.loops.back() == loop && b.branch->where.line == static_cast<int>(line)) return b.condition;
    return nullptr;
  }

  // Each recurrence of the loop with the node that computes the value it
  // carries (else the node with the most instructions), found while this
  // code's file table is the current one.
  std::vector<Chain> chains(const std::vector<icc::Recurrence>& recurrences, const Region& r) const {
    SegNode* largest = nullptr;
    for (const auto& [n, s] : r.shares)
      if (!largest || s.instructions > r.shares.at(largest).instructions) largest = n;
    std::vector<Chain> out;
    for (const icc::Recurrence& c : recurrences) {
      icc::PricedInstruction at;
      at.line = c.line;
      at.file = c.file;
      SegNode* n = node_at(at, r.loop);
      if (!n || !r.shares.count(n)) n = largest;
      if (n) out.push_back({n, c.classes});
    }
    return out;
  }

  // Code outside every loop of a machine function holds the top-level code
  // of the SEG functions inlined into it: one region per SEG function, so
  // that each is chosen among that function's copies (its own, inlined
  // ones). The region's cycles and its own instructions go with each part
  // in proportion to the part's instructions.
  std::vector<Region> by_function(Region r) {
    std::map<std::string, Region> parts;
    double owned = 0;
    for (const auto& [n, s] : r.shares) owned += s.instructions;
    for (auto& [n, s] : r.shares) {
      Region& part = parts[function_of_.at(n)];
      part.machine_function = r.machine_function;
      part.factor = 1;
      part.conditional_lines = r.conditional_lines;
      part.shares[n] = s;
      part.instructions += s.instructions;
    }
    std::vector<Region> out;
    for (auto& [function, part] : parts) {
      const double share = part.instructions / owned;
      for (const auto& [c, count] : r.overhead.classes) part.overhead.classes[c] = count * share;
      part.overhead.instructions = r.overhead.instructions * share;
      part.overhead.bytes = r.overhead.bytes * share;
      part.overhead.executed = r.overhead.executed * share;
      part.overhead.executed_bytes = r.overhead.executed_bytes * share;
      part.cycles = r.cycles * share;
      part.instructions = r.instructions * share;
      out.push_back(std::move(part));
    }
    return out;
  }

  // An IR loop on lines of the analysed code that no SEG loop stands for
  // is named, so that its instructions are not priced at zero unsaid.
  void unmapped(const icc::PricedFunction& f, const std::vector<size_t>& own) {
    if (!modelled_.count(f.name)) return;  // a function the model leaves out (validate --function)
    for (size_t i : own)
      if (f.instructions[i].line > 0) {
        notes_.push_back(fs::path(file_of(f.instructions[i])).filename().string() + ":" +
                         std::to_string(f.instructions[i].line) + " (" + f.name + "): an IR loop of " +
                         std::to_string(own.size()) + " instructions that no SEG loop stands for; left unpriced");
        return;
      }
  }

  // The innermost SEG loop most of the instructions' lines fall in, among
  // those enclosing every SEG loop the inner machine loops stand for.
  const SegNode* seg_loop_of(const icc::PricedFunction& f, const std::vector<size_t>& own,
                             const std::vector<const SegNode*>& inner) const {
    // An inner loop of another SEG function (a callee inlined into this
    // loop) constrains nothing: the SEG reaches it through a call node.
    auto encloses_inner = [&](const Placed& l) {
      for (const SegNode* x : inner) {
        const Placed* px = placed_loop(x);
        if (px && px->function != l.function) continue;
        if (!px || std::find(px->loops.begin(), px->loops.end(), l.node) == px->loops.end()) return false;
      }
      return true;
    };
    std::map<const SegNode*, int> votes;
    for (size_t i : own) {
      const Placed* best = nullptr;
      for (const auto& l : loops_)
        if (encloses_inner(l) && l.contains(file_of(f.instructions[i]), f.instructions[i].line) &&
            (!best || range_size(l.node->source) < range_size(best->node->source)))
          best = &l;
      if (best) ++votes[best->node];
    }
    const SegNode* winner = nullptr;
    for (const auto& [loop, n] : votes)
      if (!winner || n > votes.at(winner)) winner = loop;
    // A loop the compiler unrolled fully is code of the loop around it:
    // when the enclosing loop's own lines have instructions here too, this
    // machine loop is that one.
    while (winner && unrolled_away(*winner)) {
      const Placed* pw = placed_loop(winner);
      const SegNode* around = pw && !pw->loops.empty() ? pw->loops.back() : nullptr;
      if (!around || !votes.count(around)) break;
      winner = around;
    }
    if (!winner && !inner.empty()) {  // only its inner loops' code: the SEG loop around them
      const Placed* px = placed_loop(inner.front());
      if (px && !px->loops.empty()) winner = px->loops.back();
    }
    return winner;
  }

  // Whether the compiler unrolled the loop fully somewhere: a remark that
  // says so, at its place, with no vectorisation (a vectorised loop's fully
  // unrolled remainder leaves its vector body a loop).
  bool unrolled_away(const SegNode& loop) const {
    for (const auto& r : *remarks_)
      if (r.fully_unrolled && r.vectorization_factor <= 1 && static_cast<int>(r.line) == loop.where.line &&
          same_file(r.file, loop))
        return true;
    return false;
  }

  const Placed* placed_loop(const SegNode* loop) const {
    for (const auto& l : loops_)
      if (l.node == loop) return &l;
    return nullptr;
  }

  // The compute node owning an instruction: the narrowest whose lines hold
  // it, among those inside `loop` (all at function level when null).
  SegNode* node_at(const icc::PricedInstruction& ins, const SegNode* loop) const {
    const Placed* best = nullptr;
    for (const auto& p : nodes_) {
      const bool inside = loop ? std::find(p.loops.begin(), p.loops.end(), loop) != p.loops.end() : true;
      if (inside && p.contains(file_of(ins), ins.line) &&
          (!best || range_size(p.node->source) < range_size(best->node->source)))
        best = &p;
    }
    return best ? best->node : nullptr;
  }

  // The file an instruction's line is in: the source unless the debug
  // information names another (a function of an included project file).
  const std::string& file_of(const icc::PricedInstruction& ins) const {
    return ins.file >= 0 && size_t(ins.file) < files_->size() ? (*files_)[size_t(ins.file)] : source_;
  }

  // Source iterations per machine iteration of a copy of `loop` in
  // `function`, from the compiler's remarks, and the other value they
  // allow (0: none). The remarks of that function come first: a loop
  // inlined into a caller whose arguments fix its trip count is often
  // unrolled there and not in its own function. The remarks do not say
  // which copy the unroller unrolled: the vector body (by k, so k vector
  // iterations per machine iteration) or the scalar remainder or fall-back,
  // and a scalar loop unrolled at run time keeps a copy of one iteration
  // for what is left. The first value is the vector body as vectorised and
  // a scalar copy as unrolled; the counted run decides (counted_factors).
  std::pair<double, double> factors(const SegNode& loop, bool vector, const std::string& function) const {
    for (const bool own : {true, false})
      for (const auto& r : *remarks_) {
        if ((r.function == function) != own) continue;
        if (static_cast<int>(r.line) != loop.where.line || !same_file(r.file, loop)) continue;
        const double u = r.unroll_count, other = u > 1 ? 1 : 0;
        if (vector && r.vectorization_factor > 1) {
          const double body = r.vectorization_factor * r.interleave_count;
          return {body, other * body * u};
        }
        if (vector) continue;
        if (r.vectorization_factor > 1) {
          if (own) return {1, other * u};
          continue;
        }
        if (u > 1) return {u, 1};
      }
    return {1, 0};
  }

  // The factors of the copies of one SEG loop that ran, among those the
  // remarks allow, chosen so that their machine iterations add up to the
  // source iterations the profile counted in the same run. Kept as they
  // are when the profile has no count for the loop, or nothing matches it
  // within 5% (a run that did not repeat the profiled one).
  void counted_factors(const SegNode* loop, std::vector<Region>& candidates) const {
    const double source = run_iterations(loop);
    if (!(source > 0)) return;
    std::vector<Region*> open;
    double fixed = 0;
    for (Region& r : candidates) {
      if (!(r.executions > 0)) continue;
      if (r.other_factor > 0) open.push_back(&r);
      else fixed += r.executions * r.factor;
    }
    if (open.empty() || open.size() > 12) return;
    unsigned best = 0;
    double best_miss = std::numeric_limits<double>::infinity();
    for (unsigned pick = 0; pick < (1u << open.size()); ++pick) {
      double sum = fixed;
      for (size_t c = 0; c < open.size(); ++c)
        sum += open[c]->executions * ((pick >> c) & 1 ? open[c]->other_factor : open[c]->factor);
      if (const double miss = std::abs(sum - source); miss < best_miss) best_miss = miss, best = pick;
    }
    if (best_miss > 0.05 * source) return;
    for (size_t c = 0; c < open.size(); ++c)
      if ((best >> c) & 1) std::swap(open[c]->factor, open[c]->other_factor);
  }

  // The source iterations of `loop` in the counted run: its body's first
  // node's count in the profile; 0 when unknown.
  double run_iterations(const SegNode* loop) const {
    const auto node = iteration_nodes_.find(loop);
    return node == iteration_nodes_.end() ? 0 : run_count(node->second);
  }

  // The profiled run's count of "function/node"; 0 when it has none.
  double run_count(const std::string& key) const {
    const auto count = run_counts_->find(key);
    return count == run_counts_->end() ? 0 : count->second;
  }

  // The vectoriser's width for the loop, from its remark; 1 when it reports none.
  double lanes(const SegNode& loop) const {
    for (const auto& r : *remarks_)
      if (static_cast<int>(r.line) == loop.where.line && same_file(r.file, loop) && r.vectorization_factor > 1)
        return r.vectorization_factor;
    return 1;
  }

  // Remarks name the file relative to the compiler's folder when it lies
  // elsewhere, with no folder: a relative name matches by its file name.
  bool same_file(const std::string& remark_file, const SegNode& loop) const {
    const std::string node_file = loop.source.empty() ? source_ : normal(loop.source.file);
    if (fs::path(remark_file).is_absolute()) return normal(remark_file) == node_file;
    return fs::path(remark_file).filename() == fs::path(node_file).filename();
  }

  // Each copy's share of the source iterations the counted run did
  // (machine iterations times source iterations per machine iteration);
  // empty when the copies were not counted or none ran.
  static std::vector<double> run_shares(const std::vector<Region>& candidates) {
    std::vector<double> shares;
    double all = 0;
    for (const Region& r : candidates) {
      if (r.executions < 0) return {};
      shares.push_back(r.executions * r.factor);
      all += shares.back();
    }
    if (!(all > 0)) return {};
    for (double& s : shares) s /= all;
    return shares;
  }

  // Without counts, the copy that runs: inlined into a task before a
  // function of its own, then the widest (the vector body rather than its
  // scalar remainder).
  const Region& best(const std::vector<Region>& candidates) const {
    auto rank = [&](const Region& r) {
      const bool task = std::find(tasks_.begin(), tasks_.end(), r.machine_function) != tasks_.end();
      return std::make_tuple(task ? 1 : 0, r.factor, r.instructions);
    };
    return *std::max_element(candidates.begin(), candidates.end(),
                             [&](const Region& a, const Region& b) { return rank(a) < rank(b); });
  }

  // Adds the region's figures per source iteration to its nodes, times
  // `weight`, the share of the iterations it runs.
  void apply(const Region& r, double weight = 1) {
    double owned = 0;
    for (const auto& [n, s] : r.shares) owned += s.instructions;
    const double total = owned + r.overhead.instructions;
    if (total == 0) return;
    double region_bytes = 0;
    for (const auto& [n, s] : r.shares) region_bytes += s.bytes;
    region_bytes += r.overhead.bytes;
    const std::optional<double> trips = r.loop ? bound_value(r.loop->trips) : 1.0;
    if (!r.loop && counted_straight(r, total, region_bytes)) return;
    // IR RUVs hold no cycles: only the machine code's are shared this way.
    const std::map<SegNode*, double> counted =
        kind_ == ruv_kind::machine ? counted_loop_cycles(r, total) : std::map<SegNode*, double>{};
    for (const auto& [n, s] : r.shares) {
      // The loop's own instructions (counter, test, branch) go with the
      // nodes in proportion to theirs.
      const double part = s.instructions / total + (owned > 0 ? r.overhead.instructions / total * s.instructions / owned : 0);
      const double bytes = s.bytes + (owned > 0 ? r.overhead.bytes * s.instructions / owned : 0);
      const double per = r.factor * inner_trips(n, r.loop) / weight;
      Ruv& ruv = n->ruvs[kind_];
      if (kind_ == ruv_kind::machine)
        ruv.set("cycles", ruv.get("cycles") + (counted.empty() ? r.cycles * part / per : counted.at(n)));
      // IR: each node its own instructions, and the loop's in proportion.
      const double overhead_part = owned > 0 ? s.instructions / owned : 0;
      for (const auto& [c, count] : s.classes) ruv.set(c, ruv.get(c) + count / per);
      for (const auto& [c, count] : r.overhead.classes) ruv.set(c, ruv.get(c) + count * overhead_part / per);
      ruv.set("bytes", ruv.get("bytes") + bytes / per);
      for (const auto& [c, count] : s.calls) ruv.set(call_entry(c), ruv.get(call_entry(c)) + count / per);
      const double mine = owned > 0 ? s.instructions / owned : 0;  // of the waits on no node's lines
      for (const auto& [name, waits] :
           {std::pair{"waits_l3", s.waits_l3 + r.overhead.waits_l3 * mine},
            std::pair{"waits_mem", s.waits_mem + r.overhead.waits_mem * mine},
            std::pair{"branch_waits_l3", s.branch_waits_l3 + r.overhead.branch_waits_l3 * mine},
            std::pair{"branch_waits_mem", s.branch_waits_mem + r.overhead.branch_waits_mem * mine},
            std::pair{"lines_scattered_from_l2", s.gathered_l2 + r.overhead.gathered_l2 * mine},
            std::pair{"lines_scattered_from_l3", s.gathered_l3 + r.overhead.gathered_l3 * mine},
            std::pair{"lines_scattered_from_mem", s.gathered_mem + r.overhead.gathered_mem * mine}})
        if (waits > 0) ruv.set(name, ruv.get(name) + waits / per);
      if (trips)
        ruv.set("working_set", std::max(ruv.get("working_set"), (region_bytes - r.gathered_bytes) / r.factor * *trips));
      // The width a model at the language level divides its constructs by.
      if (kind_ == ruv_kind::ir && r.lanes > 1) ruv.set(ir_vector_lanes, r.lanes);
      priced_.insert(n);
    }
    recurrences(r);
  }

  // A counted loop's cycles per execution of each of its nodes. MCA priced
  // a machine iteration running every instruction of the body; the run
  // executed each as often as its count says (an arm's, an early exit's
  // code less), so the loop's cycles are taken in proportion to the
  // instructions executed, each node's share those of its lines, over the
  // times the profile counted the node. Priced per iteration instead, an
  // arm that shares its line with the condition took the condition's
  // instructions only as often as the arm ran (sort's merge compares on
  // the line of the store it guards: its loop lost a third of its cycles).
  // Empty when the loop or a node was not counted.
  std::map<SegNode*, double> counted_loop_cycles(const Region& r, double instructions) const {
    double owned = 0;
    for (const auto& [n, s] : r.shares) owned += s.executed;
    if (!(r.executions > 0) || !(owned > 0) || !(instructions > 0)) return {};
    const double with_overhead = 1 + r.overhead.executed / owned;  // the loop's own go with the nodes'
    std::map<SegNode*, double> out;
    for (const auto& [n, s] : r.shares) {
      const double runs = run_count(function_of_.at(n) + "/" + n->id);
      if (!(runs > 0)) return {};
      out[n] = r.cycles * s.executed * with_overhead / instructions / runs;
    }
    return out;
  }

  // Code outside loops, counted: each node's cycles and bytes per execution
  // are its instructions' share of the region's cycles times how often they
  // ran, over how often the node ran (the profile's count). A function
  // inlined at three call sites has three copies of its code here, each run
  // per call, and code the compiler placed outside the loop it belongs to
  // runs per iteration of that loop: per pass through the region's code,
  // as without counts, the first counts three times what one call costs and
  // the second once what an iteration costs. False, with nothing written,
  // when a node was not counted.
  bool counted_straight(const Region& r, double instructions, double region_bytes) {
    double executed = 0;
    for (const auto& [n, s] : r.shares) executed += s.executed;
    if (!(executed > 0)) return false;
    std::map<SegNode*, double> runs;
    for (const auto& [n, s] : r.shares)
      if (!((runs[n] = run_count(function_of_.at(n) + "/" + n->id)) > 0)) return false;
    const double per_instruction = r.cycles / instructions;
    for (const auto& [n, s] : r.shares) {
      const double mine = s.executed / executed;  // of the overhead's executions
      Ruv& ruv = n->ruvs[kind_];
      ruv.set("cycles", ruv.get("cycles") + per_instruction * (s.executed + r.overhead.executed * mine) / runs[n]);
      ruv.set("bytes", ruv.get("bytes") + (s.executed_bytes + r.overhead.executed_bytes * mine) / runs[n]);
      for (const auto& [c, count] : s.calls_executed)
        ruv.set(call_entry(c), ruv.get(call_entry(c)) + count / runs[n]);
      ruv.set("working_set", std::max(ruv.get("working_set"), region_bytes));
      priced_.insert(n);
    }
    return true;
  }

  // Each recurrence goes to its node per source iteration: RUV entries
  // recurrence<k>.<class>, one k per recurrence.
  void recurrences(const Region& r) {
    for (const Chain& c : r.chains) {
      Ruv& ruv = c.node->ruvs[kind_];
      const double per = r.factor * inner_trips(c.node, r.loop);
      const std::string k = "recurrence" + std::to_string(next_recurrence_[c.node]++) + ".";
      for (const auto& [cls, count] : c.classes) ruv.set(k + cls, count / per);
    }
  }

  // A branch of the region's loop with no conditional branch on its line
  // was if-converted: its arms' instructions (compare, blend or select)
  // run on every iteration, so they belong to the node that evaluates the
  // condition, not to an arm the profile says runs 0.5% of the time.
  // Inner branches first: their condition nodes may lie in an outer arm.
  void if_converted(Region& r) {
    for (auto b = branches_.rbegin(); b != branches_.rend(); ++b) {
      const SegNode* innermost = b->loops.empty() ? nullptr : b->loops.back();
      if (innermost != r.loop || r.conditional_lines.count(b->branch->where.line)) continue;
      for (SegNode* n : b->arm_nodes) {
        priced_.insert(n);  // priced with its condition, not folded away
        auto it = r.shares.find(n);
        if (it == r.shares.end()) continue;
        r.shares[b->condition].add(it->second);
        r.shares.erase(it);
      }
    }
  }

  // MCA assumes every branch predicted. A branch the compiler kept inside a
  // loop, on data the profile says goes each way with probabilities p_i,
  // is taken as independent draws, which no predictor can beat: it misses
  // 1 - max p_i of the time (min(p, 1 - p) for an if).
  //
  // A miss costs the pipeline's refill, then the wait for the right path's
  // chain round the loop to the branch's next decision. The calibration's
  // `mispredict` holds the refill and its own branch's wait (branch_wait_);
  // of a branch's wait, the part its loop's iteration takes anyway is in
  // the core's time already: a merge's compare, on the chain of indices
  // that bounds its loop, waits for nothing the loop would not (a miss
  // beside such a chain measured 3.7-4.1 ns on a Zen 4, against 5.2-6.1
  // beside independent work). So each miss adds, in cycles, the path
  // beyond an iteration less the calibration's wait (mispredict_restart,
  // below zero where the path is the shorter).
  void mispredictions(const PlacedBranch& b, const std::map<const SegNode*, const Region*>& chosen) {
    if (b.loops.empty() || !chosen.count(b.loops.back())) return;
    const Region& r = *chosen.at(b.loops.back());
    if (!r.conditional_lines.count(b.branch->where.line)) return;  // if-converted: no branch
    double most = 0, explicit_sum = 0;
    for (const auto& arm : b.branch->arms) {
      const std::optional<double> p = arm.probability ? bound_value(arm.probability) : -1.0;
      if (!p) return;  // unprofiled (pacer analyse): no expected mispredictions
      if (*p >= 0) explicit_sum += *p;
      most = std::max(most, *p);
    }
    most = std::max(most, 1 - explicit_sum);  // the else arm, or falling through
    Ruv& ruv = b.condition->ruvs[kind_];
    ruv.set("mispredicts", ruv.get("mispredicts") + (1 - most));
    if (const double path = r.conditional_lines.at(b.branch->where.line); path > 0 && branch_wait_ > 0) {
      const double iteration = r.factor > 0 ? r.cycles / r.factor : r.cycles;
      const double beyond = std::max(0.0, path - iteration) - branch_wait_;
      ruv.set("mispredict_restart", ruv.get("mispredict_restart") + (1 - most) * beyond);
    }
  }

  // A loop whose count the data decides (the frontend could not derive it:
  // a while loop, a for loop to a bound read from memory) and whose counted
  // run gave a mean that is no whole number ended after different numbers of
  // iterations on different entries: like a random branch, its exit is
  // mispredicted, once an entry, which MCA's steady state does not see.
  void exit_mispredictions(const Placed& l, const std::map<const SegNode*, const Region*>& chosen) {
    const SegNode* loop = l.node;
    if (!chosen.count(loop) || !loop->trips || loop->trips->kind != ExprKind::Param || !loop->trips->name.starts_with("N_"))
      return;
    const std::optional<double> mean = bound_value(loop->trips);
    if (!mean || *mean <= 1 || std::abs(*mean - std::round(*mean)) < 0.05) return;
    for (const Placed& p : nodes_)
      if (!p.loops.empty() && p.loops.back() == loop) {
        Ruv& ruv = p.node->ruvs[kind_];
        ruv.set("mispredicts", ruv.get("mispredicts") + 1 / *mean);
        return;
      }
  }

  // A loop whose copy that ran most is the vector body touches the source
  // iterations of one machine iteration together: the cache simulation
  // walks them as one step (loop_vector_iterations). Where fills crowd into
  // few sets of level 1, lanes that share a line share its fill, where
  // source iterations one after another each fetch it again (a D2Q9
  // collision's 18 streams in one set: 7.0 ms vectorised by two, 12.4 ms
  // not; docs/validation.md).
  // And a loop unrolled away holds no step of its own: what its iterations
  // load stays in registers for the step around it (loop_unrolled_away).
  void loop_steps(const Placed& l, const std::map<const SegNode*, const Region*>& chosen) {
    const auto c = chosen.find(l.node);
    const double step = c != chosen.end() && c->second->lanes > 1 ? c->second->factor : 1;
    if (step > 1 || l.node->ruvs.count(kind_)) l.node->ruvs[kind_].set(loop_vector_iterations, step);
    // A loop with machine code of its own stays a loop, though a copy
    // inlined elsewhere was unrolled.
    const bool away = unrolled_.count(l.node) && !chosen.count(l.node);
    // Written where marked or already holding an RUV (marks of an earlier
    // attachment overwritten), without an RUV on every loop.
    if (away || l.node->ruvs.count(kind_)) l.node->ruvs[kind_].set(loop_unrolled_away, away ? 1 : 0);
  }

  // A node in loops the compiler unrolled away inside `loop` runs those
  // loops' trips times per machine iteration.
  double inner_trips(const SegNode* n, const SegNode* loop) {
    for (const auto& p : nodes_) {
      if (p.node != n) continue;
      double product = 1;
      bool below = loop == nullptr;
      for (const SegNode* l : p.loops) {
        if (below) product *= std::max(1.0, bound_value(l->trips).value_or(1));
        if (l == loop) below = true;
      }
      return product;
    }
    return 1;
  }

  // An expression's value at the bound parameters; none when one is not
  // bound (an analysis without a profile): what needs it is left out.
  std::optional<double> bound_value(const Expr& e) {
    try {
      return evaluate(e, bound_);
    } catch (const InputError& error) {
      if (std::string(error.what()).find("is not bound") == std::string::npos) throw;
      unbound_ = true;
      return std::nullopt;
    }
  }

  Bindings bound_;
  bool unbound_ = false;  // an expression needed a parameter not bound
  const char* kind_ = ruv_kind::machine;  // the RUV written: machine code's or IR's
  std::vector<Placed> nodes_, loops_;
  std::vector<PlacedBranch> branches_;
  std::map<const SegNode*, std::string> iteration_nodes_;
  const std::map<std::string, double>* run_counts_;  // the profiled run's node counts
  std::vector<std::string> tasks_;
  std::set<std::string> modelled_;  // the model's tasks and functions
  const std::vector<icc::LoopRemark>* remarks_ = nullptr;
  const icc::BlockCounts* counts_ = nullptr;  // of the code being added, when counted
  std::string source_;
  double branch_wait_ = 0;  // the code's PricedCode::branch_wait
  const std::vector<std::string>* files_ = nullptr;
  // Candidates by the SEG loop they stand for, or, for code outside loops,
  // by the SEG function (null loop and its name).
  std::map<std::pair<const SegNode*, std::string>, std::vector<Region>> by_loop_;
  std::set<const SegNode*> unrolled_;  // loops some code's remarks say were unrolled away
  std::map<const SegNode*, std::string> function_of_;  // each compute node's SEG function
  std::set<const SegNode*> priced_;
  std::map<const SegNode*, int> next_recurrence_;
  std::vector<std::string> notes_;
};

// Whether any loop of the code has a load a chain or a branch waits for.
bool waited_loads(const std::vector<icc::PricedCode>& code) {
  for (const auto& c : code)
    for (const auto& f : c.functions)
      for (const auto& i : f.instructions)
        if (i.chain > 0 || i.feeds_branch) return true;
  return false;
}

}  // namespace

std::vector<std::string> attach_machine_costs(ApplicationModel& model, const std::vector<icc::PricedCode>& code,
                                              const ParamValues& bound, const icc::BlockCounts* counts) {
  Attacher attacher(model, bound);
  for (const auto& c : code) attacher.add(c, counts);
  return attacher.finish();
}

std::vector<std::string> attach_machine_costs(ApplicationModel& model, const std::vector<std::string>& sources,
                                              const MachineCostOptions& o, const ParamValues& bound) {
  std::vector<icc::PricedCode> code;
  for (const auto& source : sources) code.push_back(priced_source(source, o));
  std::optional<icc::BlockCounts> counts;
  std::string why;
  if (!o.intermediate && model.run_args) counts = icc::count_blocks(code, sources, o, *model.run_args, why);
  std::vector<std::string> notes = attach_machine_costs(model, code, bound, counts ? &*counts : nullptr);
  if (counts && counts->misses.empty() && waited_loads(code))
    notes.push_back(std::string("the reads that dependence chains and mispredicted branches wait for are priced at "
                                "level 1's latency: ") +
                    (o.simulated_caches.empty() ? "the description does not give the size, ways and line of level 2 and 3"
                                                : "valgrind would not simulate the description's level 2 and 3 (" +
                                                      o.simulated_caches + ")"));
  if (model.run_args && !o.intermediate && !counts)
    notes.push_back("the machine copies of each loop (vector body, remainder, a versioned loop's fall-back) are not "
                    "weighted by how often they ran: " + why + "; the copy inlined into a task, then the widest, "
                    "stands for each");
  return notes;
}

}  // namespace pacer
