#include "resource_models/ct/component_timing.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "framework/error.hpp"

namespace pacer {

double TimingRun::self_seconds(int id) const {
  auto it = regions.find(id);
  if (it == regions.end()) return 0;
  const RegionTime& r = it->second;
  const double work = r.ticks - r.child_ticks - r.children * (outside - inside) - r.entries * inside;
  return std::max(0.0, work) / ticks_per_second;
}

TimingRun read_timing_run(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError(SourceLocation{path, 0}, "", "the instrumented program wrote no timings (did it exit normally?)");
  TimingRun run;
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    std::istringstream s(line);
    std::string kind;
    s >> kind;
    bool ok = true;
    if (kind == "clock") {
      ok = static_cast<bool>(s >> run.ticks_per_second);
    } else if (kind == "core_clock") {
      ok = static_cast<bool>(s >> run.core_hz);
    } else if (kind == "overhead") {
      ok = static_cast<bool>(s >> run.inside >> run.outside);
    } else if (kind == "region") {
      int id = 0;
      RegionTime r;
      ok = static_cast<bool>(s >> id >> r.entries >> r.ticks >> r.child_ticks >> r.children);
      run.regions[id] = r;
    } else {
      ok = false;
    }
    if (!ok) throw InputError(SourceLocation{path, number}, kind, "not a line of a pacer timing file");
  }
  if (run.ticks_per_second <= 0) throw InputError(SourceLocation{path, 0}, "clock", "the timing file has no clock rate");
  return run;
}

namespace {

double construct_count(const SegNode& n) {
  double total = 0;
  if (auto it = n.ruvs.find(ruv_kind::constructs); it != n.ruvs.end())
    for (const auto& [name, count] : it->second) total += count;
  return std::max(1.0, total);
}

// Which region owns each compute node: the innermost timed loop around it,
// else its function's region.
class Owners {
 public:
  explicit Owners(const std::vector<TimedRegionRef>& regions) {
    for (const auto& r : regions) {
      if (r.is_loop) loops_[{r.function, r.line}].push_back(r.id);
      else functions_[r.function] = r.id;
    }
  }

  void walk(Task& t) {
    auto f = functions_.find(t.name);
    if (f == functions_.end()) return;
    walk(t.seg, t.name, f->second);
  }

  std::map<int, std::vector<SegNode*>> owned;
  std::vector<std::string> notes;

 private:
  void walk(Seg& seg, const std::string& function, int owner) {
    for (SegNode* n : seg.mutable_sequence()) {
      if (n->kind == NodeKind::Compute) owned[owner].push_back(n);
      if (n->body) walk(*n->body, function, loop_region(function, *n, owner));
      for (auto& arm : n->arms) walk(*arm.body, function, owner);
    }
  }

  // Loops on one line are matched in the order both sides met them.
  int loop_region(const std::string& function, const SegNode& loop, int owner) {
    auto it = loops_.find({function, loop.where.line});
    const size_t k = used_[{function, loop.where.line}]++;
    if (it == loops_.end() || k >= it->second.size()) {
      notes.push_back("loop '" + loop.id + "' (" + loop.where.str() + ") was not timed apart; its time is its parent's");
      return owner;
    }
    return it->second[k];
  }

  std::map<std::pair<std::string, int>, std::vector<int>> loops_;
  std::map<std::pair<std::string, int>, size_t> used_;
  std::map<std::string, int> functions_;
};

}  // namespace

std::vector<std::string> attach_component_times(ApplicationModel& model, const std::vector<TimedRegionRef>& regions,
                                                const TimingRun& run,
                                                const std::map<const SegNode*, double>& executions,
                                                const std::string& task) {
  int task_region = -1;
  for (const auto& r : regions)
    if (!r.is_loop && r.function == task) task_region = r.id;
  auto entered = run.regions.find(task_region);
  if (entered == run.regions.end() || entered->second.entries == 0)
    throw InputError("the instrumented run never called '" + task + "': nothing was timed");
  const double calls = entered->second.entries;

  Owners owners(regions);
  for (auto& t : model.tasks) owners.walk(t);
  for (auto& f : model.functions) owners.walk(f);
  for (auto& [region, nodes] : owners.owned) {
    double weight = 0;
    for (const SegNode* n : nodes) weight += (executions.count(n) ? executions.at(n) : 0) * construct_count(*n);
    const double seconds = run.self_seconds(region) / calls;
    for (SegNode* n : nodes) {
      const double share = weight > 0 ? seconds * construct_count(*n) / weight : 0;
      n->ruvs[ruv_kind::component_time].set("seconds", share);
    }
  }
  return owners.notes;
}

}  // namespace pacer
