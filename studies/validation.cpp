#include "studies/validation.hpp"
#include "studies/timing_lock.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "framework/clock_scaling.hpp"
#include "framework/program_run.hpp"
#include "framework/scratch_dir.hpp"
#include "frontends/clang/c_frontend.hpp"
#include "frontends/clang/profile.hpp"
#include "framework/format.hpp"
#include "frontends/xml/catalogue.hpp"
#include "resource_models/ct/component_timing.hpp"
#include "resource_models/icc/cache_traffic.hpp"
#include "resource_models/icc/compiled_model.hpp"
#include "resource_models/icc/machine_costs.hpp"
#include "resource_models/prediction.hpp"
#include "resource_models/resource_model.hpp"
#include "studies/timed_program.hpp"

namespace pacer {

namespace fs = std::filesystem;

const std::vector<std::string>& validated_models() {
  // Every registered model but DBC: C source carries no design estimates.
  static const std::vector<std::string> models = [] {
    std::vector<std::string> out;
    for (const auto& name : resource_model_names())
      if (name != "dbc") out.push_back(name);
    return out;
  }();
  return models;
}

namespace {

// A loop is timed apart when one entry lasts this many times what a timed
// region costs (so that an error of the cost's size moves it by 1%).
constexpr double region_share = 100;

std::vector<std::string> model_functions(const ApplicationModel& m) {
  std::vector<std::string> out;
  for (const auto& t : m.tasks) out.push_back(t.name);
  for (const auto& f : m.functions) out.push_back(f.name);
  return out;
}

TimedBuild timed_build(const CAnalysis& a, const MachineCostOptions& compiler, const ValidationOptions& o,
                       std::vector<std::string> functions, bool loops) {
  return {a.sources, std::move(functions), loops, {}, compiler.compiler, compiler.flags, o.flags};
}

// CT times a loop apart only when one entry of it lasts long enough that the
// timer's cost, known to within its calibrated spread, is a small part of
// it: a survey run with every loop timed says how long each entry lasts.
// Loops left untimed are their parent region's work.
LoopChoice long_loops(const TimedProgram& survey, const std::string& args, double shortest_seconds) {
  const TimingRun t = survey.run(args);
  std::set<std::pair<std::string, int>> chosen;
  for (const auto& r : survey.regions()) {
    auto it = t.regions.find(r.id);
    if (!r.is_loop || it == t.regions.end() || it->second.entries == 0) continue;
    if (it->second.ticks / it->second.entries / t.ticks_per_second >= shortest_seconds) chosen.insert({r.function, r.line});
  }
  return [chosen](const std::string& function, int line) { return chosen.count({function, line}) > 0; };
}

void predict_all(Validation& v, const ApplicationModel& model, const Hardware& hw) {
  const Predictor predictor(model);
  std::map<std::string, NodeRow> rows;
  std::vector<std::string> order;
  for (const auto& name : validated_models()) {
    ModelResult r;
    r.model = name;
    try {
      const Prediction p = predictor.predict(hw, find_resource_model(name), {});
      r.available = true;
      r.seconds = p.total_seconds;
      r.error_percent = 100 * (r.seconds - v.measured) / v.measured;
      for (const auto& [construct, count] : p.unpriced) r.unpriced.push_back(construct);
      for (const auto& n : p.nodes) {
        if (!rows.count(n.id)) order.push_back(n.id);
        NodeRow& row = rows[n.id];
        row.id = n.id;
        row.where = n.where;
        row.executions = n.executions;
        row.seconds[name] = n.seconds;
      }
    } catch (const InputError& e) {
      r.why = e.what();
    }
    v.models.push_back(r);
  }
  for (const auto& id : order) v.nodes.push_back(rows[id]);
}

}  // namespace

struct ValidationRun::State {
  ValidationOptions options;
  Hardware hw;
  MachineCostOptions compiler;
  CAnalysis analysis;
  std::vector<std::string> notes;
  ScratchDir dir{"pacer-validate"};
  std::unique_ptr<TimedProgram> whole, parts;
  Measurement measurement;
  std::vector<TimingRun> component_runs;  // as measured
  std::shared_ptr<MemoryProbe> memory;
  std::string elasticity_failure;  // why ICC could not say how far the clock sets the time
  std::string memory_failure;      // and how far the memory does
};

namespace {

// What the clock did during the measurement and how times were taken at the
// description's clock.
std::vector<std::string> clock_notes(const Measurement& m) {
  std::vector<std::string> notes;
  if (m.clock_hz <= 0) return notes;
  notes.push_back("the core ran a dependent chain at " + digits(m.clock_hz / 1e9, 4) +
                  " GHz during the measurement (the median of short trials in every run; the host moves it)");
  if (!m.at_reference()) return notes;
  notes.push_back("times are at the description's clock, " + digits(m.reference_hz / 1e9, 4) +
                  " GHz: each run's time times (the clock it ran at over that one)^" + digits(m.clock_elasticity, 3) +
                  ", the share of the time the core's clock sets by ICC's prediction at two clocks (as measured: " +
                  format_seconds(m.wall_seconds) + ")");
  return notes;
}

// What the shared memory did: the rounds left out ran while other tenants'
// traffic slowed it.
std::vector<std::string> memory_notes(const Measurement& m) {
  if (m.quiet_memory_rate <= 0 || m.memory_rates.empty()) return {};
  const double slowest = *std::min_element(m.memory_rates.begin(), m.memory_rates.end());
  std::string note = "the shared memory read at " + digits(m.quiet_memory_rate / 1e9, 3) +
                     " GB/s at its quietest in the study";
  if (m.quiet_enough_rate() <= 0)
    return {note + "; by ICC's prediction not even a memory twenty times slower would move the kernel's time as far "
                   "as a memory " + digits(100 * memory_quiet_margin, 2) +
            "% slower moves a kernel it paces: every round gives the estimate"};
  const std::string enough = " with it at " + digits(m.quiet_enough_rate() / 1e9, 3) + " GB/s or more (" +
                             digits(100 * m.memory_tolerance, 3) +
                             "% of the quietest: slower, by ICC's prediction, it moves the kernel's time further than "
                             "a memory " + digits(100 * memory_quiet_margin, 2) + "% slower moves a kernel it paces)";
  if (m.quiet_rounds == 0)
    return {note + "; no round ran" + enough + ", down to " + digits(slowest / 1e9, 3) +
            " GB/s: the estimate takes every round and cannot judge"};
  note += "; " + std::to_string(m.counted_rounds()) + " of " + std::to_string(m.rounds.size()) + " rounds ran" + enough +
          " and give the estimate";
  if (m.counted_rounds() < m.rounds.size())
    note += " (the others ran beside other tenants' traffic, the memory down to " + digits(slowest / 1e9, 3) + " GB/s)";
  return {note};
}

// How far the kernel's time follows the core's clock, by ICC's account of
// it (the in-core cycles and the caches run at the core's clock, memory
// does not): d ln T / d ln (1/f), from its prediction 5% either side of the
// description's clock (the host moves the clock both ways). 1 (all of it)
// when ICC cannot price here, and `failure` says why.
double clock_elasticity(const ApplicationModel& model, const Hardware& hw, std::string& failure) {
  constexpr double step = 1.05;
  try {
    const Predictor predictor(model);
    const ResourceModel& icc = find_resource_model("icc");
    const double clock = hw.require("cpu", "clock", "icc").value;
    const double slower = predictor.predict(at_core_clock(hw, clock / step), icc, {}).total_seconds;
    const double faster = predictor.predict(at_core_clock(hw, clock * step), icc, {}).total_seconds;
    if (slower > 0 && faster > 0) return std::clamp(std::log(slower / faster) / std::log(step * step), 0.0, 1.0);
    failure = "ICC priced the kernel at no time";
  } catch (const InputError& e) {
    failure = e.what();
  }
  return 1;
}

}  // namespace

ValidationRun::ValidationRun(const ValidationOptions& o, std::shared_ptr<MemoryProbe>& memory)
    : s_(std::make_unique<State>()) {
  if (o.runs < 3) throw InputError("--runs must be at least 3 (a median and a spread need them)");
  State& s = *s_;
  s.options = o;
  s.hw = load_hardware(o.hardware);
  if (!memory) memory = std::make_shared<MemoryProbe>(memory_probe_bytes(s.hw));
  s.memory = memory;
  s.compiler = machine_cost_options(s.hw, o.flags);
  if (s.hw.has("cpu", "clock")) s.measurement.reference_hz = s.hw.sections.at("cpu").params.at("clock").value;
  AnalyseOptions analyse{o.files, {o.function}, o.flags};
  s.analysis = analyse_c(analyse);
  const Profile profile = run_profile(s.analysis, {analyse, o.args});
  apply_profile(s.analysis.model, profile, "the profile of " + o.files.front());
  s.notes.insert(s.notes.end(), profile.notes.begin(), profile.notes.end());
  s.whole = std::make_unique<TimedProgram>(timed_build(s.analysis, s.compiler, o, {o.function}, false),
                                           s.dir.path / "measure");
  TimedBuild parts = timed_build(s.analysis, s.compiler, o, model_functions(s.analysis.model), true);
  if (s.hw.has("ct", "region_cost")) {
    const double cost = s.hw.sections.at("ct").params.at("region_cost").value;
    parts.time_loop = long_loops(TimedProgram(parts, s.dir.path / "survey"), o.args, region_share * cost);
  }
  s.parts = std::make_unique<TimedProgram>(parts, s.dir.path / "ct");
  attach_machine_terms(s.notes);
  // Before any round: every estimate, and so whether another round is
  // needed, takes the runs to the description's clock the same way.
  if (s.measurement.reference_hz > 0)
    s.measurement.clock_elasticity = clock_elasticity(s.analysis.model, s.hw, s.elasticity_failure);
  s.measurement.memory_tolerance = memory_tolerance(s.analysis.model, s.hw, s.memory_failure);
}

// ICC's machine code and IntCC's IR, each with the same cache traffic.
void ValidationRun::attach_machine_terms(std::vector<std::string>& notes) {
  State& s = *s_;
  ParamValues bound;
  const Predictor counter(s.analysis.model);
  counter.node_executions({}, &bound);
  MachineCostOptions ir = s.compiler;
  ir.intermediate = true;
  for (const MachineCostOptions* code : {&s.compiler, &ir})
    for (auto& n : attach_machine_costs(s.analysis.model, s.analysis.sources, *code, bound))
      if (std::find(notes.begin(), notes.end(), n) == notes.end()) notes.push_back(n);  // once for both
  share_machine_terms(s.analysis.model);
  for (auto& n : attach_cache_traffic(s.analysis.model, s.hw, bound, 1e6, {ruv_kind::machine, ruv_kind::ir}))
    notes.push_back(n);
}

ValidationRun::~ValidationRun() = default;

// The plain and the component-timed builds run in turn, so that both see
// the same state of the machine.
void ValidationRun::measure_round() {
  State& s = *s_;
  const int measured_region = s.whole->function_region(s.options.function);
  std::vector<double> round;
  const int cpu = quietest_cpu();  // chosen anew each round: the host's load moves
  const double memory_before = s.memory->probe();
  for (int k = 0; k < s.options.runs; ++k) {
    TimingRun t = s.whole->run(s.options.args, cpu);
    if (!t.regions.count(measured_region))
      throw InputError("the program never called '" + s.options.function + "': nothing to measure");
    round.push_back(seconds_per_entry(t, measured_region));
    s.measurement.clocks.push_back(t.core_hz);
    s.component_runs.push_back(s.parts->run(s.options.args, cpu));
  }
  s.measurement.rounds.push_back(std::move(round));
  s.measurement.memory_rates.push_back(std::min(memory_before, s.memory->probe()));
  update_estimate();
}

void ValidationRun::update_estimate() {
  s_->measurement.quiet_memory_rate = s_->memory->quiet_rate();
  estimate(s_->measurement, judging_tolerance_percent);
}

const Measurement& ValidationRun::measurement() const { return s_->measurement; }

Validation ValidationRun::finish() {
  State& s = *s_;
  update_estimate();
  Validation v;
  v.function = s.options.function;
  v.notes = s.notes;
  v.measurement = s.measurement;
  v.measured = s.measurement.seconds;
  for (auto& n : clock_notes(v.measurement)) v.notes.push_back(n);
  // One note when ICC failed both for one reason.
  const bool clock_failed = v.measurement.at_reference() && !s.elasticity_failure.empty();
  const bool both = clock_failed && s.memory_failure == s.elasticity_failure;
  if (clock_failed)
    v.notes.push_back(std::string("times are taken to the description's clock in full") +
                      (both ? ", and rounds are judged as if the memory paced the kernel" : "") +
                      ": ICC, which says how far " + (both ? "each sets" : "the core's clock sets") +
                      " them, cannot price here (" + s.elasticity_failure + ")");
  for (auto& n : memory_notes(v.measurement)) v.notes.push_back(n);
  if (!s.memory_failure.empty() && !both)
    v.notes.push_back("rounds are judged as if the memory paced the kernel: ICC, which says how far it does, cannot "
                      "price its memory here (" + s.memory_failure + ")");
  ParamValues bound;
  std::map<const SegNode*, double> executions;
  const Predictor counter(s.analysis.model);  // its terms outlive the loop: each execution points into them
  for (const auto& e : counter.node_executions({}, &bound)) executions[e.term->node] += e.executions;
  attach_component_timing(v, executions);
  predict_all(v, s.analysis.model, s.hw);
  return v;
}

// CT from the component-timed run at the quantile the measurement takes
// of the plain runs (the same state of the machine, from the same rounds),
// with the timer's cost from the description (pacer calibrate measures it
// on its own programs). At the reference clock, as the plain runs are:
// each run's ticks are read at the rate they would have come at it.
void ValidationRun::attach_component_timing(Validation& v, const std::map<const SegNode*, double>& executions) {
  State& s = *s_;
  const Measurement& m = s.measurement;
  if (!s.hw.has("ct", "region_cost")) {
    v.notes.push_back("component timing: '" + s.hw.name +
                      "' gives no ct/region_cost (pacer calibrate measures it), so CT cannot subtract its timer");
    return;
  }
  const int task = s.parts->function_region(s.options.function);
  const bool at_reference = m.at_reference();
  std::vector<std::pair<double, TimingRun>> runs;  // length of the task's region, the run
  for (std::size_t r = 0, run = 0; r < m.rounds.size() && r < m.counted.size(); run += m.rounds[r++].size())
    for (std::size_t k = run; k < run + m.rounds[r].size() && k < s.component_runs.size(); ++k) {
      if (!m.counted[r]) continue;
      TimingRun c = s.component_runs[k];
      if (at_reference) c.ticks_per_second /= m.scaled(1, m.run_clock(c.core_hz));
      runs.emplace_back(seconds_per_entry(c, task), std::move(c));
    }
  if (runs.empty()) return v.notes.push_back("component timing: no component-timed run was measured");
  std::sort(runs.begin(), runs.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  TimingRun ct = runs[static_cast<std::size_t>(std::lround(estimate_quantile * (runs.size() - 1)))].second;
  ct.outside = s.hw.sections.at("ct").params.at("region_cost").value * ct.ticks_per_second;
  ct.inside = std::min(ct.inside, ct.outside);  // a region cannot record more of the timer than it costs
  double entered = 0;
  for (const auto& [id, r] : ct.regions) entered += r.entries;
  v.notes.push_back("component timing: " + digits(entered, 6) + " timed regions entered; each costs the code around it " +
                    format_seconds(ct.outside / ct.ticks_per_second) + " (the description's ct/region_cost), of which " +
                    format_seconds(ct.inside / ct.ticks_per_second) + " is recorded inside it; both subtracted");
  for (auto& n : attach_component_times(s.analysis.model, s.parts->regions(), ct, executions, s.options.function))
    v.notes.push_back(n);
}

double memory_tolerance(const ApplicationModel& model, const Hardware& hw, std::string& failure) {
  const double paced = 1 - memory_quiet_margin, limit = 1 / paced;
  try {
    if (!hw.has("memory", "mem_bandwidth")) {
      failure = "the description gives no memory/mem_bandwidth";
      return paced;
    }
    const Predictor predictor(model);
    const ResourceModel& icc = find_resource_model("icc");
    const Prediction at_rate = predictor.predict(hw, icc, {});
    for (const auto& [what, count] : at_rate.unpriced)
      if (what.starts_with("memory/")) {
        failure = "ICC leaves " + what + " unpriced";
        return paced;
      }
    if (!(at_rate.total_seconds > 0)) {
      failure = "ICC priced the kernel at no time";
      return paced;
    }
    auto slowed = [&](double share) {
      return predictor.predict(at_shared_rate(hw, share), icc, {}).total_seconds / at_rate.total_seconds;
    };
    // ICC's time only grows as the memory slows: bisect between a share
    // that moves it too far and one that does not.
    double low = 0.05, high = 1;
    if (slowed(low) <= limit) return 0;
    for (int step = 0; step < 10; ++step) {
      const double mid = (low + high) / 2;
      (slowed(mid) > limit ? low : high) = mid;
    }
    return high;
  } catch (const InputError& e) {
    failure = e.what();
  }
  return paced;
}

Validation validate(const ValidationOptions& o) {
  std::shared_ptr<MemoryProbe> memory;
  ValidationRun run(o, memory);
  for (int r = 0; r < minimum_rounds || (r < maximum_rounds && !run.measurement().judgeable); ++r) run.measure_round();
  return run.finish();
}

std::vector<ValidationOutcome> validate_all(const std::vector<std::pair<std::string, ValidationOptions>>& kernels,
                                            const std::function<void(const std::string&)>& progress) {
  std::vector<ValidationOutcome> out(kernels.size());
  std::vector<std::unique_ptr<ValidationRun>> runs(kernels.size());
  std::shared_ptr<MemoryProbe> memory;  // the first kernel built makes it
  auto attempt = [&](std::size_t i, const std::function<void()>& step) {
    if (!out[i].failure.empty()) return;
    try {
      const TimingLock turn;  // no other pacer on this host builds or times meanwhile
      step();
    } catch (const InputError& e) {
      out[i].failure = e.what();
      runs[i].reset();
    }
  };
  for (std::size_t i = 0; i < kernels.size(); ++i) {
    out[i].name = kernels[i].first;
    if (progress) progress(kernels[i].first + " (" + kernels[i].second.function + "): building");
    attempt(i, [&] { runs[i] = std::make_unique<ValidationRun>(kernels[i].second, memory); });
  }
  // Rounds interleave the kernels: a drift of the machine during the study
  // shows in every kernel's rounds instead of in one kernel's whole sample.
  for (int r = 0; r < maximum_rounds; ++r) {
    bool any = false;
    for (std::size_t i = 0; i < kernels.size(); ++i) {
      if (runs[i]) runs[i]->update_estimate();
      if (!runs[i] || (r >= minimum_rounds && runs[i]->measurement().judgeable)) continue;
      if (progress) progress(kernels[i].first + ": round " + std::to_string(r + 1));
      attempt(i, [&] { runs[i]->measure_round(); });
      any = true;
    }
    if (!any) break;
  }
  for (std::size_t i = 0; i < kernels.size(); ++i)
    attempt(i, [&] { out[i].v = runs[i]->finish(); });
  return out;
}

std::string why_not_judged(const Validation& v) {
  const Measurement& m = v.measurement;
  std::vector<std::string> why;
  if (m.memory_slowed)
    why.push_back("in only " + std::to_string(m.quiet_rounds) +
                  " of " + std::to_string(m.rounds.size()) + " rounds of '" + v.function +
                  "' did the shared memory read at " + digits(m.quiet_enough_rate() / 1e9, 3) +
                  " GB/s or more (" + digits(100 * m.memory_tolerance, 3) + "% of the quietest rate the study saw, " +
                  digits(m.quiet_memory_rate / 1e9, 3) +
                  " GB/s: slower, by ICC's prediction, it moves the kernel's time too far), and two such rounds are "
                  "needed: other tenants' traffic slowed it; measure again when the host is quieter");
  if (m.uncertainty_percent > judging_tolerance_percent)
    why.push_back("over " + std::to_string(m.runs().size()) + " runs in " + std::to_string(m.rounds.size()) +
                  " rounds the time of '" + v.function + "' is known only to " + digits(m.uncertainty_percent, 2) +
                  "% (interquartile spread " + digits(m.spread_percent, 2) + "%), too loosely to judge a " +
                  digits(judging_tolerance_percent, 2) +
                  "% error; give the program a larger input (a longer call) or more --runs");
  if (why.empty()) why.push_back("the time of '" + v.function + "' was not measured");
  std::string out = why.front();
  for (std::size_t i = 1; i < why.size(); ++i) out += "; and " + why[i];
  return out;
}

}  // namespace pacer
