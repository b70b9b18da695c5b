#include "resource_models/icc/cache_traffic.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <numeric>
#include <optional>
#include <set>
#include <unordered_map>

#include "framework/file_text.hpp"
#include "framework/format.hpp"
#include "framework/reduction.hpp"
#include "resource_models/icc/compiled_source.hpp"
#include "resource_models/icc/machine_code_cache.hpp"

namespace pacer {

std::string CacheShape::source_of(size_t boundary) const {
  return boundary + 1 < levels.size() ? levels[boundary + 1].name : "mem";
}

CacheShape cache_shape(const Hardware& hw, std::vector<std::string>& notes) {
  CacheShape shape;
  if (hw.has("memory", "line_size")) shape.line = hw.require("memory", "line_size", "icc").value;
  if (hw.has("memory", "page_size")) shape.page = hw.require("memory", "page_size", "icc").value;
  if (hw.has("memory", "tlb_entries")) {
    shape.tlb_entries = hw.require("memory", "tlb_entries", "icc").value;
    shape.tlb_ways = hw.has("memory", "tlb_ways") ? static_cast<int>(hw.require("memory", "tlb_ways", "icc").value) : 8;
  }
  std::string guessed;
  for (const char* level : {"l1", "l2", "l3"}) {
    const std::string size = std::string(level) + "_size", ways = std::string(level) + "_ways";
    if (!hw.has("memory", size)) break;
    CacheLevelShape l{level, hw.require("memory", size, "icc").value, 8};
    if (hw.has("memory", ways)) l.ways = static_cast<int>(hw.require("memory", ways, "icc").value);
    else guessed += (guessed.empty() ? "" : ", ") + ways;
    shape.levels.push_back(l);
  }
  if (!guessed.empty())
    notes.push_back("cache simulation: '" + hw.name + "' gives no " + guessed + "; taken as 8 ways");
  return shape;
}

CacheSimulator::CacheSimulator(const CacheShape& shape) {
  while ((1u << line_shift_) < shape.line) ++line_shift_;
  page_shift_ = line_shift_;
  while ((1ull << page_shift_) < shape.page) ++page_shift_;
  for (const auto& l : shape.levels) {
    Level level;
    const auto lines = static_cast<std::uint64_t>(std::max(1.0, l.bytes / shape.line));
    level.ways = l.ways <= 0 ? static_cast<unsigned>(std::min<std::uint64_t>(lines, 1u << 20)) : static_cast<unsigned>(l.ways);
    level.sets = std::max<std::uint64_t>(1, lines / level.ways);
    level.tags.assign(level.sets * level.ways, 0);
    level.dirty.assign(level.sets * level.ways, 0);
    levels_.push_back(std::move(level));
  }
  if (shape.tlb_entries >= 1) {
    const auto entries = static_cast<std::uint64_t>(shape.tlb_entries);
    tlb_ways_ = shape.tlb_ways <= 0 ? static_cast<unsigned>(std::min<std::uint64_t>(entries, 1u << 16))
                                    : static_cast<unsigned>(shape.tlb_ways);
    tlb_sets_ = std::max<std::uint64_t>(1, entries / tlb_ways_);
    tlb_.assign(tlb_sets_ * tlb_ways_, 0);
  }
}

bool CacheSimulator::tlb_misses(std::uint64_t page) {
  std::uint64_t* set = &tlb_[(page % tlb_sets_) * tlb_ways_];
  unsigned way = 0;
  while (way < tlb_ways_ && set[way] != page + 1) ++way;
  const bool miss = way == tlb_ways_;
  if (miss) way = tlb_ways_ - 1;
  std::move_backward(set, set + way, set + way + 1);
  set[0] = page + 1;
  return miss;
}

// Frames are drawn from a mixing sequence (SplitMix64's), each distinct, so
// that the same program is always given the same frames.
std::uint64_t CacheSimulator::physical(std::uint64_t address) {
  const std::uint64_t page = address >> page_shift_;
  if (page != last_page_) {
    auto [it, fresh] = frames_.try_emplace(page, 0);
    if (fresh) {
      std::uint64_t frame;
      do {
        std::uint64_t z = (frame_seed_ += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        frame = (z ^ (z >> 31)) >> (page_shift_ + 12);  // physical addresses below 2^52
      } while (!used_frames_.insert(frame).second);
      it->second = frame;
    }
    last_page_ = page;
    last_frame_ = it->second;
  }
  return (last_frame_ << page_shift_) | (address & ((1ull << page_shift_) - 1));
}

void Crossing::fill_into_set(std::uint64_t set, unsigned stream) {
  if (stream >= runs_.size()) runs_.resize(stream + 1);
  Run& run = runs_[stream];
  run.sets[run.filled++] = set;
  if (run.filled < run.sets.size()) return;
  std::sort(run.sets.begin(), run.sets.end());
  const auto distinct = static_cast<size_t>(std::unique(run.sets.begin(), run.sets.end()) - run.sets.begin());
  runs_by_sets[std::min(kMostSets, distinct)] += 1;
  run.filled = 0;
}

double Crossing::runs() const { return std::accumulate(runs_by_sets.begin(), runs_by_sets.end(), 0.0); }

double Crossing::mean_sets() const {
  double sets = 0;
  for (size_t s = 1; s <= kMostSets; ++s) sets += static_cast<double>(s) * runs_by_sets[s];
  return sets / runs();
}

bool CacheSimulator::access(std::uint64_t address, double width, bool store, Crossing* crossed, bool scattered,
                            unsigned stream) {
  stream_ = stream;
  bool walked = false;
  if (tlb_sets_ > 0 && address >> page_shift_ != tlb_last_) {  // the same page again is the TLB's most recent
    tlb_last_ = address >> page_shift_;
    walked = tlb_misses(tlb_last_);
  }
  const std::uint64_t end = address + static_cast<std::uint64_t>(std::max(1.0, width)) - 1;
  for (std::uint64_t at = address >> line_shift_; at <= end >> line_shift_; ++at)
    touch(0, physical(at << line_shift_) >> line_shift_, store, crossed, false, scattered);
  return walked;
}

// Tags are line numbers plus one, so that 0 marks an empty way. A miss in
// level k brings the line from level k + 1 (one line over boundary k); the
// way it evicts, if dirty, is written back over the same boundary. A line
// written back into a level that does not hold it is taken whole, with no
// fill from beyond.
bool CacheSimulator::touch(size_t k, std::uint64_t line, bool store, Crossing* crossed, bool writeback,
                           bool scattered) {
  if (k == levels_.size()) return false;  // memory
  Level& l = levels_[k];
  const std::uint64_t tag = line + 1;
  std::uint64_t* set = &l.tags[(line % l.sets) * l.ways];
  std::uint8_t* dirty = &l.dirty[(line % l.sets) * l.ways];
  if (set[0] == tag) {  // the most recent line again: most accesses of a stream
    dirty[0] = static_cast<std::uint8_t>(dirty[0] || store);
    return true;
  }
  unsigned way = 0;
  while (way < l.ways && set[way] != tag) ++way;
  const bool hit = way < l.ways;
  std::uint8_t was_dirty = 0;
  if (hit) {
    was_dirty = dirty[way];
  } else {
    way = l.ways - 1;  // the least recently used
    const bool evicts_written = set[way] != 0 && dirty[way];
    if (k == 0) evicted_written_ = evicts_written;
    if (evicts_written) {
      crossed[k].writebacks += 1;
      touch(k + 1, set[way] - 1, true, crossed, true, false);
    }
    if (!writeback) {
      crossed[k].fills += 1;
      if (k == 0) crossed[k].fill_into_set(line % l.sets, stream_);  // only level 1's sets are priced
      if (scattered) crossed[k].scattered += 1;
      if (scattered && evicted_written_) crossed[k].scattered_dirty += 1;
      touch(k + 1, line, false, crossed, false, scattered);
    }
  }
  std::move_backward(set, set + way, set + way + 1);
  std::move_backward(dirty, dirty + way, dirty + way + 1);
  set[0] = tag;
  dirty[0] = static_cast<std::uint8_t>(was_dirty || store);
  return hit;
}

namespace {

struct NodeTraffic {
  double executions = 0;
  double walks = 0;  // TLB misses
  std::vector<Crossing> crossed;
};

// One access with its numbers bound: the address is base + the sum of
// stride x counter. Scattered: its stride in the innermost loop around it
// is a page or more, so no prefetcher brings its lines ahead.
struct BoundAccess {
  double base = 0;
  std::vector<std::pair<const double*, double>> strides;
  double width = 0;
  bool store = false;
  bool scattered = false;
  bool pointee = false;  // of an object a pointer reaches, which a store through another pointer may alias
  mutable std::uint64_t last_page = ~0ull;  // the page its last access reached
};

// Runs one SEG's loop nests in order through the caches.
class NestWalk {
 public:
  // The pages a node reached first per execution, by how the system maps
  // them: written first (a fault that zero-fills a page), read first (a
  // fault that maps the system's page of zeros), and written after such a
  // read (a second fault, which gives it a frame of its own).
  struct PageCounts {
    double written = 0, read = 0, copied = 0;
  };
  PageCounts fresh_pages(const SegNode& n) const {
    auto it = fresh_.find(&n);
    if (it == fresh_.end() || it->second.executions == 0) return {};
    const auto& [pages, executions] = it->second;
    return {pages.written / executions, pages.read / executions, pages.copied / executions};
  }
  NestWalk(const CacheShape& shape, const ParamValues& bound, double budget, const char* kind)
      : sim_(shape), levels_(shape.levels.size()), budget_(budget), scratch_(levels_), line_(shape.line),
        page_(shape.page), kind_(kind) {
    bindings_.params = bound;
    for (const auto& l : shape.levels) capacity_ += l.bytes;
    while ((1.0 * (1ull << (page_shift_ + 1))) <= page_) ++page_shift_;
  }

  void run(const Seg& seg) {
    initialise(seg);
    for (const SegNode* n : seg.sequence()) sample(*n);
  }

  std::map<const SegNode*, NodeTraffic> traffic;
  std::vector<std::string> notes;

 private:
  // A program writes its arrays before a kernel reads them, and a kernel
  // timed again finds what its last run left: the objects of known size the
  // SEG references are read through once, so that data which fits is found
  // in the cache, not counted as a first miss. When they do not all fit,
  // the caches hold a share of each object's end, read line by line in
  // turn, as a run streaming them together leaves them; read one object
  // after another, the last objects were held whole, and a sample of
  // triad's first pass found two of its three arrays in level 3.
  void initialise(const Seg& seg) {
    std::vector<const MemoryAccess*> objects;
    for_each_node(seg, [&](const SegNode& n) {
      for (const MemoryAccess& m : n.memory.affine)
        if (m.object_bytes && !bases_.count(m.object)) {
          base_of(m);
          objects.push_back(&m);
        }
    });
    std::vector<double> sizes;
    for (const MemoryAccess* m : objects) sizes.push_back(std::max(1.0, evaluate(m->object_bytes, bindings_)));
    // The caches' room shared out: objects smaller than an equal share kept
    // whole (a vector every row reuses), the others an equal share each.
    std::vector<size_t> by_size(objects.size());
    std::iota(by_size.begin(), by_size.end(), 0);
    std::sort(by_size.begin(), by_size.end(), [&](size_t a, size_t b) { return sizes[a] < sizes[b]; });
    std::vector<double> lines(objects.size()), start(objects.size()), next(objects.size(), 0);
    double room = capacity_, most = 0;
    for (size_t k = 0; k < by_size.size(); ++k) {
      const size_t i = by_size[k];
      const double share = std::min(sizes[i], room / static_cast<double>(by_size.size() - k));
      room -= share;
      lines[i] = std::ceil(share / line_);
      start[i] = bases_.at(objects[i]->object) + (std::ceil(sizes[i] / line_) - lines[i]) * line_;  // its last lines
      most = std::max(most, lines[i]);
    }
    // In steps of up to 64 lines of the largest share (4 KiB, far finer than
    // any level): each object reads on to its part of the steps, and a
    // program of hundreds of objects is not walked object by object per line.
    const double steps = std::ceil(most / 64);
    for (double step = 1; step <= steps; ++step)
      for (size_t i = 0; i < objects.size(); ++i)
        for (; next[i] < std::floor(step * lines[i] / steps); ++next[i])
          sim_.access(static_cast<std::uint64_t>(start[i] + next[i] * line_), 1, false, scratch_.data());
  }

  // A loop one iteration of which overruns the budget, around several
  // nodes that reference memory (a time step around a sweep and a copy),
  // would have its first node alone counted: the budget ends inside it.
  // Its first iteration is walked instead, each of those nodes sampled in
  // turn, so that each is counted and each finds the caches as the one
  // before left them.
  void sample(const SegNode& n) {
    if (n.kind != NodeKind::Loop) return nest(n);
    int referencing = 0;
    try {
      if (!n.induction.empty()) bindings_.params[n.induction] = evaluate(n.induction_start, bindings_);
      if (accesses(*n.body) <= budget_) return nest(n);
      for (const SegNode* c : n.body->sequence()) referencing += accesses(*c) > 0;
    } catch (const InputError&) {
      return nest(n);  // trips that depend on counters of loops inside: walked whole
    }
    if (referencing < 2) return nest(n);
    for (const SegNode* c : n.body->sequence()) sample(*c);
  }

  // The lines one access of `width` bytes touches, at least one: what it
  // spends of the budget.
  double lines_of(double width) const { return std::max(1.0, std::ceil(width / line_)); }

  // The accesses a node makes per execution (lines, for a copy's range),
  // with the loops' mean trips.
  double accesses(const SegNode& n) {
    switch (n.kind) {
      case NodeKind::Compute: {
        double lines = 0;  // a copy's range touches many lines at once
        for (const MemoryAccess& m : n.memory.affine) lines += lines_of(m.width);
        return lines;
      }
      case NodeKind::Loop: return std::max(0.0, evaluate(n.trips_at ? n.trips_at : n.trips, bindings_)) * accesses(*n.body);
      case NodeKind::Branch: {
        double sum = 0;
        for (const auto& arm : n.arms) sum += accesses(*arm.body);  // an upper bound: every arm
        return sum;
      }
      case NodeKind::Call: return 0;
    }
    return 0;
  }
  double accesses(const Seg& s) {
    double sum = 0;
    for (const SegNode* n : s.sequence()) sum += accesses(*n);
    return sum;
  }

  // A top-level node: simulated within the budget. Warmed by its first
  // quarter when that is cut short; run twice, the second counted, when it
  // ends within half the budget.
  void nest(const SegNode& n) {
    pass_.clear();
    held_.clear();
    accesses_ = executions_ = 0;
    counting_from_ = budget_ / 4;
    stop_ = false;
    node(n);
    if (!stop_ && accesses_ <= budget_ / 2) {
      pass_.clear();
      accesses_ = executions_ = 0;
      counting_from_ = 0;
      held_.clear();
      second_run_ = true;  // its pages were all reached in the first
      node(n);
      second_run_ = false;
    }
    for (auto& [node, t] : pass_) {
      NodeTraffic& into = traffic[node];
      if (into.crossed.empty()) into.crossed.assign(levels_, Crossing{});
      into.executions += t.executions;
      into.walks += t.walks;
      for (size_t k = 0; k < levels_; ++k) {
        into.crossed[k].fills += t.crossed[k].fills;
        into.crossed[k].writebacks += t.crossed[k].writebacks;
        into.crossed[k].scattered += t.crossed[k].scattered;
        into.crossed[k].scattered_dirty += t.crossed[k].scattered_dirty;
        for (size_t c = 0; c <= Crossing::kMostSets; ++c) into.crossed[k].runs_by_sets[c] += t.crossed[k].runs_by_sets[c];
      }
    }
  }

  void node(const SegNode& n) {
    if (stop_) return;
    switch (n.kind) {
      case NodeKind::Compute: return compute(n);
      case NodeKind::Loop: return loop(n);
      case NodeKind::Branch: return branch(n);
      case NodeKind::Call:  // the callee's own SEG is walked on its own; it may store anywhere
        held_.clear();
        return;
    }
  }

  void seg(const Seg& s) {
    for (const SegNode* n : s.sequence()) {
      if (stop_) return;
      node(*n);
    }
  }

  void loop(const SegNode& n) {
    const double mean = std::max(0.0, evaluate(n.trips_at ? n.trips_at : n.trips, bindings_));
    // A fractional mean runs its whole part, and one more as often as the
    // fraction says.
    double& carry = carry_[&n];
    carry += mean - std::floor(mean);
    auto trips = static_cast<long long>(std::floor(mean));
    if (carry >= 1) ++trips, carry -= 1;
    double* counter = n.induction.empty() ? nullptr : &bindings_.params[n.induction];
    const double start = counter ? evaluate(n.induction_start, bindings_) : 0;
    innermost_.push_back(counter);
    const Lanes outer = lanes_;
    // Only the vectoriser's loop steps by lanes: an inner loop marked too
    // (remarks are matched by line) walks its outer loop's lanes as one.
    const long long step = counter && lanes_.count == 1 ? vector_iterations(n) : 1;
    const bool away = unrolled_away(n);
    long long k = 0;
    if (step > 1) lanes_ = {counter, n.induction_step, step};
    for (; k + step <= trips && !stop_; k += step) {  // the vector body, then what is left one at a time
      if (counter) *counter = start + n.induction_step * static_cast<double>(k);
      if (!away) held_.clear();
      seg(*n.body);
    }
    lanes_ = outer;
    for (; k < trips && !stop_; ++k) {
      if (counter) *counter = start + n.induction_step * static_cast<double>(k);
      if (!away) held_.clear();
      seg(*n.body);
    }
    if (!away) held_.clear();
    innermost_.pop_back();
  }

  // Whether the compiler unrolled the loop into the code around it
  // (loop_unrolled_away).
  bool unrolled_away(const SegNode& n) const {
    const auto r = n.ruvs.find(kind_);
    return r != n.ruvs.end() && r->second.get(loop_unrolled_away) > 0;
  }

  // The source iterations one step of the loop runs together: its vector
  // body's, when the machine code says so (loop_vector_iterations); else 1.
  long long vector_iterations(const SegNode& n) const {
    const auto r = n.ruvs.find(kind_);
    return r == n.ruvs.end() ? 1 : std::max(1LL, std::llround(r->second.get(loop_vector_iterations)));
  }

  // One arm per execution, chosen by a low-discrepancy sequence, so that
  // each runs in the share its probability says.
  void branch(const SegNode& n) {
    auto [it, first] = arms_.try_emplace(&n);
    if (first)
      for (const auto& arm : n.arms) it->second.push_back(evaluate(arm_probability(n, arm), bindings_));
    double& u = phase_[&n];
    u = std::fmod(u + 0.6180339887498949, 1.0);
    double cumulative = 0;
    for (size_t a = 0; a < n.arms.size(); ++a) {
      cumulative += it->second[a];
      if (u < cumulative) return seg(*n.arms[a].body);
    }
  }

  void compute(const SegNode& n) {
    const std::vector<BoundAccess>& accesses = bound_accesses(n);
    const bool counted = accesses_ >= counting_from_;
    NodeTraffic* t = nullptr;
    if (counted) {
      t = &pass_[&n];
      if (t->crossed.empty()) t->crossed.assign(levels_, Crossing{});
      t->executions += static_cast<double>(lanes_.count);
    }
    if (n.memory.opaque > 0) held_.clear();  // a reference no address describes may be a store to any object
    if (&n != fresh_node_) fresh_node_ = &n, fresh_at_ = &fresh_[&n];  // most executions repeat the last node
    Fresh& f = *fresh_at_;
    double spent = 0;
    for (size_t i = 0; i < accesses.size(); ++i) {
      const BoundAccess& a = accesses[i];
      double address = a.base, apart = 0;  // apart: bytes between the lanes' addresses
      for (const auto& [counter, stride] : a.strides) {
        address += stride * *counter;
        if (counter == lanes_.counter) apart = stride * lanes_.step;
      }
      auto touch = [&](double at, double width) {
        if (held(at, width, a)) return;
        const bool walked = sim_.access(static_cast<std::uint64_t>(std::max(0.0, at)), width, a.store,
                                        counted ? t->crossed.data() : scratch_.data(), a.scattered,
                                        static_cast<unsigned>(i));
        if (walked && counted) t->walks += 1;
        const std::uint64_t first = static_cast<std::uint64_t>(std::max(0.0, at));
        const std::uint64_t page = first >> page_shift_,
                            last = (first + static_cast<std::uint64_t>(std::max(1.0, width)) - 1) >> page_shift_;
        if (page != a.last_page || last != page) {  // most accesses stay on their reference's last page
          a.last_page = last;
          for (std::uint64_t p = page; p <= last; ++p) first_touch(p, a.store, f.pages);
        }
      };
      // A vector step's lanes: one access of them all where they lie side
      // by side, one where they share an address, else one each. They spend
      // the budget as the source iterations would, so that a vectorised
      // loop is sampled over the same iterations as a scalar one.
      const auto lanes = static_cast<double>(lanes_.count);
      spent += lanes * lines_of(a.width);
      if (lanes_.count == 1 || apart == 0) touch(address, a.width);
      else if (std::abs(apart) == a.width) touch(address + std::min(0.0, apart * (lanes - 1)), a.width * lanes);
      else
        for (long long j = 0; j < lanes_.count; ++j) touch(address + apart * static_cast<double>(j), a.width);
    }
    if (!second_run_) f.executions += static_cast<double>(lanes_.count);
    accesses_ += spent;
    // Executions bound the walk too: nodes with no address the simulation
    // can place (a pointer chase) spend no budget, and a loop of them
    // around another ran on for minutes.
    executions_ += static_cast<double>(lanes_.count);
    if (accesses_ >= budget_ || executions_ >= kExecutionsPerAccess * budget_) stop_ = true;
  }

  // The node's accesses with the parameters bound, once per node: their
  // offsets and strides do not change while the loops run.
  const std::vector<BoundAccess>& bound_accesses(const SegNode& n) {
    auto it = bound_.find(&n);
    if (it != bound_.end()) return it->second;
    std::vector<BoundAccess> out;
    try {
      for (const MemoryAccess& m : n.memory.affine) {
        BoundAccess a;
        a.base = base_of(m) + evaluate(m.offset, bindings_);
        const double* inner = innermost_.empty() ? nullptr : innermost_.back();
        for (const auto& [counter, stride] : m.strides) {
          a.strides.emplace_back(&bindings_.params[counter], evaluate(stride, bindings_));
          if (inner && a.strides.back().first == inner) a.scattered = std::abs(a.strides.back().second) >= page_;
        }
        a.width = m.width;
        a.store = m.store;
        a.pointee = !m.object_bytes;
        out.push_back(std::move(a));
      }
    } catch (const InputError& e) {
      notes.push_back("cache simulation: node '" + n.id + "' (" + n.where.str() + ") left out: " + e.what());
      out.clear();
    }
    return bound_.emplace(&n, std::move(out)).first->second;
  }

  // Objects of known size lie one after another, line-aligned, as a
  // program's static arrays do; a pointer's pointee lies far from the rest,
  // a few lines into its page as an allocator's block does.
  double base_of(const MemoryAccess& m) {
    if (auto it = bases_.find(m.object); it != bases_.end()) return it->second;
    double base;
    if (m.object_bytes) {
      base = next_static_;
      next_static_ += std::ceil(std::max(1.0, evaluate(m.object_bytes, bindings_)) / 64) * 64;
    } else {
      ++pointees_;
      base = static_cast<double>(pointees_) * 68719476736.0 + 64.0 * static_cast<double>(pointees_ % 8);
    }
    return bases_[m.object] = base;
  }

  CacheSimulator sim_;
  size_t levels_;
  double budget_;
  std::vector<Crossing> scratch_;
  double line_ = 64, page_ = 4096, capacity_ = 0;
  Bindings bindings_;
  std::vector<const double*> innermost_;  // the counters of the loops being run, innermost last
  // What one step of the loop being run has loaded or stored, by address
  // and width, which the compiler keeps in registers for the rest of the
  // step: a load of the same again is no access. A step is an iteration of
  // a loop that stays a loop in the machine code; loops unrolled away are
  // part of it (a D2Q9 collision reads each distribution in two unrolled
  // loops of one cell, and loads it once: 12.4 ms compiled scalar, where
  // every load a fill predicted 17.8). A store through a pointer may alias
  // any other object, and a store to an array what a pointer reaches: they
  // end what is held of those.
  // A step holds a few dozen values at most, as a register file does: kept
  // in short vectors, searched in place, no allocation per access.
  struct Held {
    std::vector<std::uint64_t> arrays, pointees;
    void clear() { arrays.clear(), pointees.clear(); }
  };
  static constexpr size_t kMostHeld = 256;  // beyond, spilled: a step this long holds no more
  Held held_;
  static constexpr double kWidestHeld = 64;  // bytes: a 512-bit register
  static std::uint64_t held_key(double at, double width) {
    return static_cast<std::uint64_t>(std::max(0.0, at)) * 128 + static_cast<std::uint64_t>(width);
  }
  // Whether the access finds its value held; records it as held after.
  // A copy's range, or lanes wider than a vector register, are no value
  // in registers.
  bool held(double at, double width, const BoundAccess& a) {
    if (width > kWidestHeld) return false;
    const std::uint64_t key = held_key(at, width);
    if (a.store) {
      if (a.pointee) held_.arrays.clear();
      held_.pointees.clear();
    }
    std::vector<std::uint64_t>& kept = a.pointee ? held_.pointees : held_.arrays;
    if (std::find(kept.begin(), kept.end(), key) != kept.end()) return !a.store;
    if (kept.size() < kMostHeld) kept.push_back(key);
    return false;
  }

  // The vector step being run: its loop's counter, the counter's step per
  // source iteration, and the source iterations it runs (1: none).
  struct Lanes {
    const double* counter = nullptr;
    double step = 0;
    long long count = 1;
  };
  Lanes lanes_;
  const char* kind_;  // the RUV whose loop entries say what the compiler vectorised
  std::map<const SegNode*, NodeTraffic> pass_;
  std::map<const SegNode*, std::vector<BoundAccess>> bound_;
  // Pages each node reached first, over all its simulated executions
  // (warming and counted), and every page the nodes reached (not those the
  // objects' initial read-through did): whether the task's pages were
  // untouched at its start is the profile's to say, not the simulation's.
  struct Fresh {
    PageCounts pages;
    double executions = 0;
  };
  // A page's first read maps the zero page; its first write after that, by
  // this node or another, is a second fault, charged to the node that
  // writes.
  enum class PageState : std::uint8_t { Read, Written };
  void first_touch(std::uint64_t page, bool store, PageCounts& counts) {
    auto [it, fresh] = reached_.try_emplace(page, store ? PageState::Written : PageState::Read);
    if (fresh) return void((store ? counts.written : counts.read) += 1);
    if (store && it->second == PageState::Read) it->second = PageState::Written, counts.copied += 1;
  }
  std::map<const SegNode*, Fresh> fresh_;
  const SegNode* fresh_node_ = nullptr;
  Fresh* fresh_at_ = nullptr;
  std::unordered_map<std::uint64_t, PageState> reached_;
  unsigned page_shift_ = 0;  // log2 of the page
  bool second_run_ = false;
  std::map<const SegNode*, double> carry_, phase_;
  std::map<const SegNode*, std::vector<double>> arms_;  // each arm's probability
  std::map<std::string, double> bases_;
  double next_static_ = 1 << 20;
  long long pointees_ = 0;
  double accesses_ = 0, counting_from_ = 0;
  double executions_ = 0;  // of compute nodes, in this pass
  static constexpr double kExecutionsPerAccess = 16;
  bool stop_ = false;
};

}  // namespace

namespace {

// What the simulation attaches: each node's RUV entries, by "SEG/node id",
// and the notes. Kept on disk beside ICC's code, so that a second
// prediction of the same model at the same point costs no simulation.
struct Traffic {
  std::map<std::string, std::map<std::string, double>> nodes;
  std::vector<std::string> notes;
};

Traffic simulate(const ApplicationModel& model, const CacheShape& shape, const ParamValues& bound, double budget,
                 const char* kind) {
  Traffic out;
  int placed = 0, unplaced = 0;
  auto run = [&](const Task& t) {
    NestWalk walk(shape, bound, budget, kind);
    walk.run(t.seg);
    for (auto& n : walk.notes) out.notes.push_back(std::move(n));
    for_each_node(t.seg, [&](const SegNode& n) {
      if (n.kind != NodeKind::Compute || n.memory.affine.empty()) return;
      if (const auto fresh = walk.fresh_pages(n); fresh.written + fresh.read + fresh.copied > 0) {
        auto& r = out.nodes[t.name + "/" + n.id];
        r["fresh_pages"] = fresh.written;
        if (fresh.read > 0) r["fresh_pages_read"] = fresh.read;
        if (fresh.copied > 0) r["fresh_pages_copied"] = fresh.copied;
      }
      auto it = walk.traffic.find(&n);
      if (n.memory.opaque > 0 || it == walk.traffic.end() || it->second.executions == 0) {
        ++unplaced;
        return;
      }
      ++placed;
      auto& r = out.nodes[t.name + "/" + n.id];
      r["traffic"] = 1;
      if (it->second.walks > 0) r["page_walks"] = it->second.walks / it->second.executions;
      for (size_t k = 0; k < shape.levels.size(); ++k) {
        const Crossing& c = it->second.crossed[k];
        r["bytes_from_" + shape.source_of(k)] = c.fills * shape.line / it->second.executions;
        r["bytes_to_" + shape.source_of(k)] = c.writebacks * shape.line / it->second.executions;
        if (c.scattered > 0) r["lines_scattered_from_" + shape.source_of(k)] = c.scattered / it->second.executions;
        if (c.scattered_dirty > 0 && shape.source_of(k) == "l3")  // only level 3's are priced
          r["lines_scattered_dirty_from_l3"] = c.scattered_dirty / it->second.executions;
        if (const double runs = c.runs(); k == 0 && runs > 0) {
          r["l1_fill_sets"] = c.mean_sets();
          for (size_t s = 1; s <= Crossing::kMostSets; ++s)
            if (c.runs_by_sets[s] > 0) r["l1_fill_sets_share_" + std::to_string(s)] = c.runs_by_sets[s] / runs;
        }
      }
    });
  };
  for (const auto& t : model.tasks) run(t);
  for (const auto& f : model.functions) run(f);
  if (unplaced > 0)
    out.notes.push_back("cache simulation: " + std::to_string(unplaced) + " of " + std::to_string(placed + unplaced) +
                        " nodes that reference memory make a reference no affine address describes (or did not run "
                        "in the sample); their traffic is their bytes from the level their loop's working set fits in");
  return out;
}

// Everything the simulation reads, as text: the caches, the budget, the
// bound parameters, and each SEG's loops, branches and references.
void describe(const Seg& seg, const char* kind, std::string& key) {
  for (const SegNode* n : seg.sequence()) {
    key += "\n" + n->id + " " + kind_name(n->kind);
    if (n->kind == NodeKind::Loop) {
      key += " trips " + to_string(n->trips_at ? n->trips_at : n->trips) + " counter " + n->induction + " " +
             (n->induction_start ? to_string(n->induction_start) : "") + " " + std::to_string(n->induction_step);
      if (const auto r = n->ruvs.find(kind); r != n->ruvs.end()) {
        if (r->second.get(loop_vector_iterations) > 1) key += " vector " + format_number(r->second.get(loop_vector_iterations));
        if (r->second.get(loop_unrolled_away) > 0) key += " unrolled";
      }
      describe(*n->body, kind, key);
      key += "\nend";
    }
    for (const auto& arm : n->arms) {
      key += "\narm " + (arm.probability ? to_string(arm.probability) : std::string("else"));
      describe(*arm.body, kind, key);
      key += "\nend";
    }
    for (const MemoryAccess& m : n->memory.affine) {
      key += "\n  " + m.object + " " + (m.object_bytes ? to_string(m.object_bytes) : "?") + " " +
             std::to_string(m.width) + (m.store ? " store " : " load ") + to_string(m.offset);
      for (const auto& [counter, stride] : m.strides) key += " " + counter + ":" + to_string(stride);
    }
    if (n->memory.opaque > 0) key += "\n  opaque " + std::to_string(n->memory.opaque);
  }
}

std::string traffic_key(const ApplicationModel& model, const CacheShape& shape, const ParamValues& bound,
                        double budget, const char* kind) {
  std::string key = "pacer traffic 19\nline " + std::to_string(shape.line) + " page " + std::to_string(shape.page) +
                    " tlb " + std::to_string(shape.tlb_entries) + " " + std::to_string(shape.tlb_ways) + " budget " +
                    std::to_string(budget);
  for (const auto& l : shape.levels) key += "\n" + l.name + " " + std::to_string(l.bytes) + " " + std::to_string(l.ways);
  key += "\nbound";
  for (const auto& [name, value] : bound) key += " " + name + "=" + format_number(value);
  for (const auto* tasks : {&model.tasks, &model.functions})
    for (const auto& t : *tasks) {
      key += "\nseg " + t.name;
      describe(t.seg, kind, key);
    }
  return key;
}

std::optional<Traffic> lookup(const std::filesystem::path& entry, const std::string& key) {
  const auto text = file_text(entry);
  if (!text) return std::nullopt;
  try {
    const nlohmann::json j = nlohmann::json::parse(*text);
    if (j.at("key").get<std::string>() != key) return std::nullopt;
    Traffic t;
    t.nodes = j.at("nodes").get<decltype(t.nodes)>();
    t.notes = j.at("notes").get<std::vector<std::string>>();
    return t;
  } catch (const std::exception&) {
    return std::nullopt;  // damaged: simulated again and replaced
  }
}

void store(const std::filesystem::path& entry, const std::string& key, const Traffic& t) {
  write_cache_entry(entry, nlohmann::json{{"key", key}, {"nodes", t.nodes}, {"notes", t.notes}}.dump());
}

}  // namespace

namespace {

// The page faults the profile counted in a call of the task (F), shared
// among its own compute nodes by the faults each takes first per execution
// times its executions per call, by kind: W pages written first, R read
// first, C written after a first read. The sample's pages are as if nothing
// were touched before the task; the count says how many were. A page the
// task writes first held nothing it needed, so its fault is taken first; a
// page it reads first may be its input, written before it (heap_scale's
// x), so the reads and their copies take what the count leaves beyond W,
// in proportion; a count beyond W + R + C scales all three.
struct FaultScale {
  double written = 0, read = 0;  // the factor on W, and on R and C
};
FaultScale fault_scale(double counted, double written, double read_or_copied) {
  if (counted <= written) return {counted / written, 0};
  if (counted <= written + read_or_copied) return {1, (counted - written) / read_or_copied};
  const double all = counted / (written + read_or_copied);
  return {all, all};
}

void share_first_touches(ApplicationModel& model, Task& task, const ParamValues& bound,
                         const std::vector<const char*>& kinds, std::vector<std::string>& notes) {
  const auto counted = model.first_touches.find(task.name);
  if (counted == model.first_touches.end() || counted->second <= 0) return;
  Bindings b;
  b.params = bound;
  std::set<std::string> reaching;  // ids of the nodes that reach pages first
  double written = 0, read_or_copied = 0;  // in a call
  try {
    for (const NodeTerm& term : reduce(model, task).terms) {
      if (term.id.find('/') != std::string::npos || !term.node->ruvs.count(kinds.front())) continue;  // a callee's
      const Ruv& r = term.node->ruvs.at(kinds.front());
      const double executions = evaluate(term.executions, b),
                   w = r.get("fresh_pages") * executions,
                   rc = (r.get("fresh_pages_read") + r.get("fresh_pages_copied")) * executions;
      if (w + rc > 0) reaching.insert(term.id), written += w, read_or_copied += rc;
    }
  } catch (const InputError& e) {
    notes.push_back("cache simulation: the page faults of '" + task.name + "' are not priced: " + e.what());
    return;
  }
  if (written + read_or_copied <= 0) {
    notes.push_back("cache simulation: the profiled run's " + format_number(counted->second) + " page faults a call of '" +
                    task.name + "' (first touches of memory) fall in no node of its own that the simulation places; "
                    "they are not priced");
    return;
  }
  // Per execution: first_touches (pages written first), first_reads (read
  // first), first_copies (written after a first read).
  const FaultScale k = fault_scale(counted->second, written, read_or_copied);
  for_each_node_mutable(task.seg, [&](SegNode& n) {
    if (!reaching.count(n.id)) return;
    for (const char* kind : kinds) {
      Ruv& r = n.ruvs[kind];
      r.set("first_touches", k.written * r.get("fresh_pages"));
      if (r.has("fresh_pages_read")) r.set("first_reads", k.read * r.get("fresh_pages_read"));
      if (r.has("fresh_pages_copied")) r.set("first_copies", k.read * r.get("fresh_pages_copied"));
    }
  });
}

}  // namespace

std::vector<std::string> attach_cache_traffic(ApplicationModel& model, const Hardware& hw, const ParamValues& bound,
                                              double budget, const std::vector<const char*>& kinds) {
  std::vector<std::string> notes;
  if (!hw.sections.count("memory")) return notes;
  const CacheShape shape = cache_shape(hw, notes);
  if (shape.levels.empty()) return notes;
  const std::string key = traffic_key(model, shape, bound, budget, kinds.front());
  const std::filesystem::path dir = cache_directory();
  const std::filesystem::path entry =
      dir.empty() ? std::filesystem::path() : dir / "traffic" / (content_digest(key) + ".json");
  std::optional<Traffic> traffic = dir.empty() ? std::nullopt : lookup(entry, key);
  if (!traffic) {
    traffic = simulate(model, shape, bound, budget, kinds.front());
    if (!dir.empty()) store(entry, key, *traffic);
  }
  auto apply = [&](Task& t) {
    for_each_node_mutable(t.seg, [&](SegNode& n) {
      auto it = traffic->nodes.find(t.name + "/" + n.id);
      if (it == traffic->nodes.end()) return;
      for (const char* kind : kinds) {
        Ruv& r = n.ruvs[kind];
        for (const auto& [name, value] : it->second) r.set(name, value);
      }
    });
  };
  for (auto& t : model.tasks) apply(t);
  for (auto& f : model.functions) apply(f);
  for (auto& t : model.tasks) share_first_touches(model, t, bound, kinds, notes);
  notes.insert(notes.end(), traffic->notes.begin(), traffic->notes.end());
  return notes;
}

}  // namespace pacer
