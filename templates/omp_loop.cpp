#include "templates/omp_loop.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

#include "resource_models/prediction.hpp"
#include "templates/scheduling/strategy.hpp"

namespace pacer {

namespace {

struct Found {
  const Task* task = nullptr;
  const SegNode* loop = nullptr;
};

// The parallel loop: a top-level loop of a task (the threads fork and join
// once per run of the task).
Found find_loop(const ApplicationModel& m, const std::string& id) {
  for (const auto& t : m.tasks)
    for (const SegNode* n : t.seg.sequence())
      if (n->kind == NodeKind::Loop && (id.empty() || n->id == id)) return {&t, n};
  if (id.empty()) throw InputError("omp_loop: no task of " + m.file + " has a top-level loop to run in parallel");
  bool nested = false;
  for (const auto& t : m.tasks)
    for_each_node(t.seg, [&](const SegNode& n) { nested = nested || n.id == id; });
  if (nested)
    throw InputError("omp_loop: " + id + " is nested inside another node; the parallel loop must be a top-level loop "
                     "of a task (analyse the function that contains just that loop)");
  throw InputError("omp_loop: no loop '" + id + "' in " + m.file);
}

// One iteration of `loop` as a task of its own: its body, with each inner
// loop's count taken per iteration where it follows the counter.
ApplicationModel iteration_model(const ApplicationModel& m, const Task& task, const SegNode& loop) {
  ApplicationModel one = m;
  std::shared_ptr<Seg> body = clone(*loop.body);
  // Counts that follow deeper loops' counters keep their mean.
  for_each_node_mutable(*body, [&](SegNode& n) {
    if (n.kind != NodeKind::Loop || !n.trips_at) return;
    std::vector<std::string> names;
    collect_params(n.trips_at, names);
    if (std::all_of(names.begin(), names.end(),
                    [&](const std::string& p) { return p == loop.induction || m.find_parameter(p); }))
      n.trips = func("max", {constant(0), n.trips_at});  // C runs a loop with a negative count zero times
  });
  one.tasks = {Task{task.name, task.description, std::move(*body), task.where}};
  if (!loop.induction.empty() && !m.find_parameter(loop.induction))
    one.parameters.push_back({loop.induction, ParamKind::Real, std::nullopt, "counter of " + loop.id, loop.where});
  return one;
}

// Whether any loop in the body counts with the parallel loop's counter.
bool costs_vary(const SegNode& loop) {
  bool varies = false;
  for_each_node(*loop.body, [&](const SegNode& n) {
    if (!n.trips_at) return;
    std::vector<std::string> names;
    collect_params(n.trips_at, names);
    varies = varies || std::find(names.begin(), names.end(), loop.induction) != names.end();
  });
  return varies;
}

size_t trip_count(const SegNode& loop, const Bindings& b) {
  double n = evaluate(loop.trips, b);
  if (!(n >= 1) || n != std::floor(n) || n > 1e8)
    throw InputError("omp_loop: " + loop.id + " runs " + std::to_string(n) +
                     " iterations; a parallel loop needs a whole number from 1 to 1e8 (bind its parameters)");
  return size_t(n);
}

std::vector<double> iteration_costs(const ApplicationModel& m, const Found& f, const Hardware& hw,
                                    const ResourceModel& rm, const ParamValues& bound, size_t n) {
  ApplicationModel one = iteration_model(m, *f.task, *f.loop);
  Predictor p(one);
  if (!costs_vary(*f.loop)) return std::vector<double>(n, p.predict(hw, rm, bound).total_seconds);
  Bindings b{bound, {}};
  double start = evaluate(f.loop->induction_start, b), step = f.loop->induction_step;
  double first = step > 0 ? start : start + step * double(n - 1);
  SweepAxis axis{f.loop->induction, first, first + std::abs(step) * double(n - 1), std::abs(step)};
  std::vector<double> costs = p.predict_sweep(hw, rm, bound, SweepGrid({axis})).sweep.total_seconds;
  if (step < 0) std::reverse(costs.begin(), costs.end());
  return costs;
}

void apply_weights(std::vector<double>& costs, const std::vector<double>& weights) {
  if (weights.empty()) return;
  if (weights.size() != costs.size())
    throw InputError("omp_loop: " + std::to_string(weights.size()) + " iteration weights for a loop of " +
                     std::to_string(costs.size()) + " iterations");
  double mean = std::accumulate(weights.begin(), weights.end(), 0.0) / double(weights.size());
  if (!(mean > 0)) throw InputError("omp_loop: the iteration weights must not all be zero");
  for (size_t i = 0; i < costs.size(); ++i) costs[i] *= weights[i] / mean;
}

// The loop's share of the sequential prediction: its nodes, and the nodes
// of functions called from it ("call_id/node_id").
double loop_share(const Prediction& p, const Found& f) {
  std::set<std::string> ids;
  for_each_node(*f.loop->body, [&](const SegNode& n) { ids.insert(n.id); });
  double share = 0;
  for (const auto& n : p.nodes)
    if (n.task == f.task->name && ids.count(n.id.substr(0, n.id.find('/')))) share += n.total_seconds;
  return share;
}

}  // namespace

OmpLoopPrediction predict_omp_loop(const ApplicationModel& model, const Hardware& hw, const ResourceModel& rm,
                                   const ParamValues& params, const OmpLoopOptions& o) {
  std::unique_ptr<sched::Strategy> strategy = sched::make_strategy(o.schedule);
  if (o.threads.empty()) throw InputError("omp_loop: give --threads");
  if (!(o.overhead_seconds >= 0) || !std::isfinite(o.overhead_seconds))
    throw InputError("omp_loop: the overhead must be finite and non-negative");
  Found f = find_loop(model, o.loop);
  Prediction seq = Predictor(model).predict(hw, rm, params);
  size_t n = trip_count(*f.loop, Bindings{seq.parameters, {}});
  std::vector<double> costs = iteration_costs(model, f, hw, rm, seq.parameters, n);
  apply_weights(costs, o.iteration_weights);

  OmpLoopPrediction r;
  r.task = f.task->name;
  r.loop = f.loop->id;
  r.iterations = n;
  r.sequential_seconds = seq.total_seconds;
  r.sequential_loop_seconds = loop_share(seq, f);
  auto [lo, hi] = std::minmax_element(costs.begin(), costs.end());
  r.min_iteration_seconds = *lo;
  r.max_iteration_seconds = *hi;
  double rest = seq.total_seconds - r.sequential_loop_seconds;
  for (int T : o.threads) {
    if (T < 1) throw InputError("omp_loop: thread counts must be at least 1, not " + std::to_string(T));
    sched::Trace tr = sched::simulate(costs, *strategy, sched::MachineModel{T, o.overhead_seconds, {}});
    OmpLoopPoint pt{T, tr.makespan, rest + tr.makespan, 0, sched::measure(tr)};
    pt.speedup = seq.total_seconds / pt.total_seconds;
    r.points.push_back(pt);
  }
  return r;
}

}  // namespace pacer
