#include "frontends/cli/validation.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>

#include "framework/program_run.hpp"
#include "framework/scratch_dir.hpp"
#include "framework/statistics.hpp"
#include "frontends/clang/c_frontend.hpp"
#include "frontends/clang/instrumenter.hpp"
#include "frontends/clang/profile.hpp"
#include "frontends/cli/report.hpp"
#include "resource_models/ct/component_timing.hpp"
#include "resource_models/icc/machine_costs.hpp"
#include "resource_models/prediction.hpp"

namespace pacer::cli {

namespace fs = std::filesystem;

const std::vector<std::string>& validated_models() {
  static const std::vector<std::string> models = {"poc", "hllc", "icc", "ct"};
  return models;
}

namespace {

// Builds and runs one instrumentation of the program.
class TimedProgram {
 public:
  TimedProgram(const CAnalysis& a, const ValidationOptions& o, const MachineCostOptions& compiler,
               const std::vector<std::string>& functions, bool loops, const fs::path& dir)
      : dir_(dir), args_(o.args) {
    fs::create_directories(dir);
    Instrumentation ins = instrument_sources(a.sources, functions, loops, o.flags, dir.string());
    for (const auto& r : ins.regions) regions_.push_back({r.id, r.function, r.is_loop, r.line});
    std::vector<std::string> argv = {compiler.compiler};
    argv.insert(argv.end(), compiler.flags.begin(), compiler.flags.end());
    std::set<std::string> includes;
    for (const auto& s : a.sources) includes.insert("-I" + fs::path(s).parent_path().string());
    argv.insert(argv.end(), includes.begin(), includes.end());
    argv.push_back("-w");
    argv.insert(argv.end(), ins.sources.begin(), ins.sources.end());
    for (const std::string& t : {std::string("-o"), (dir / "program").string(), std::string("-lm")}) argv.push_back(t);
    if (!run_program(argv).ok())
      throw InputError(SourceLocation{o.files.front(), 0}, "",
                       "does not compile with the machine's compiler and flags (its messages are above)");
  }

  TimingRun run(int cpu) const {
    const fs::path out = dir_ / "timings.txt";
    fs::remove(out);
    const std::string program = (dir_ / "program").string(), file = out.string();
    ProgramRun r = run_program({"/bin/sh", "-c", "exec \"$0\" " + args_, program}, [cpu, file] {
      pin_to_cpu(cpu);
      setenv(timing_file_variable, file.c_str(), 1);
    });
    if (!r.ok()) throw InputError("the program failed (" + r.describe() + "): its result check failed or it crashed; not timed");
    return read_timing_run(out.string());
  }

  const std::vector<TimedRegionRef>& regions() const { return regions_; }

 private:
  fs::path dir_;
  std::string args_;
  std::vector<TimedRegionRef> regions_;
};

// Seconds per call of the only timed region, the timer's own cost removed.
double per_call(const TimingRun& t) {
  const RegionTime& r = t.regions.begin()->second;
  return (r.ticks - r.entries * t.inside) / t.ticks_per_second / r.entries;
}

// Runs the plain and the component-timed builds in turn, so that both see
// the same state of the machine; keeps every plain run and the timed run of
// median length.
// The median and how far it can be trusted: McGill's notch, 1.58 IQR / sqrt(n),
// is about a 95% interval of the median; a 3% error can be judged when the
// interval's half-width is within 3%.
void judge(Validation& v) {
  v.measured = median(v.runs);
  const double iqr = quantile(v.runs, 0.75) - quantile(v.runs, 0.25);
  v.spread_percent = 100 * iqr / v.measured;
  v.median_uncertainty_percent = 100 * 1.58 * iqr / std::sqrt(static_cast<double>(v.runs.size())) / v.measured;
  v.judgeable = v.median_uncertainty_percent <= 3;
}

// Short functions vary more from run to run: runs are added, up to four
// times as many, until the median can be judged.
TimingRun measure(Validation& v, const TimedProgram& whole, const TimedProgram& parts, int runs) {
  int task = -1;
  for (const auto& r : parts.regions())
    if (!r.is_loop && r.function == v.function) task = r.id;
  std::vector<std::pair<double, TimingRun>> timed;
  for (int k = 0; k < runs || (k < 4 * runs && (judge(v), !v.judgeable)); ++k) {
    TimingRun t = whole.run(-1);
    if (t.regions.empty()) throw InputError("the program never called '" + v.function + "': nothing to measure");
    v.runs.push_back(per_call(t));
    TimingRun c = parts.run(-1);
    const RegionTime& r = c.regions[task];
    timed.emplace_back(r.entries > 0 ? r.ticks / r.entries : 0, std::move(c));
  }
  judge(v);
  std::sort(timed.begin(), timed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  return timed[timed.size() / 2].second;
}

// What one timed region really costs the code around it: the timed build's
// excess over the plain build, per region entered. A back-to-back loop of
// empty regions overstates it, since around real work the processor
// overlaps the timer's reads with the work.
void calibrate_timer(TimingRun& ct, int task, double measured) {
  const RegionTime& t = ct.regions.at(task);
  double inner = 0;
  for (const auto& [id, r] : ct.regions)
    if (id != task) inner += r.entries;
  if (inner == 0) return;
  const double excess = (t.ticks / t.entries - ct.inside) - measured * ct.ticks_per_second;
  const double full = std::max(0.0, excess / (inner / t.entries));
  ct.inside = std::min(ct.inside, full);  // a region cannot record more of the timer than it costs
  ct.outside = full;
}

std::vector<std::string> model_functions(const ApplicationModel& m) {
  std::vector<std::string> out;
  for (const auto& t : m.tasks) out.push_back(t.name);
  for (const auto& f : m.functions) out.push_back(f.name);
  return out;
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

Validation validate(const ValidationOptions& o) {
  if (o.runs < 3) throw InputError("--runs must be at least 3 (a median and a spread need them)");
  Validation v;
  v.function = o.function;
  const Hardware hw = load_hardware(o.hardware);
  const MachineCostOptions compiler = machine_cost_options(hw, o.flags);

  AnalyseOptions analyse{o.files, {o.function}, o.flags};
  CAnalysis a = analyse_c(analyse);
  const Profile profile = run_profile(a, {analyse, o.args});
  apply_profile(a.model, profile, "the profile of " + o.files.front());
  v.notes.insert(v.notes.end(), profile.notes.begin(), profile.notes.end());

  ScratchDir dir("pacer-validate");
  TimedProgram whole(a, o, compiler, {o.function}, false, dir.path / "measure");
  TimedProgram parts(a, o, compiler, model_functions(a.model), true, dir.path / "ct");
  TimingRun ct = measure(v, whole, parts, o.runs);
  for (const auto& r : parts.regions())
    if (!r.is_loop && r.function == o.function) calibrate_timer(ct, r.id, v.measured);

  ParamValues bound;
  std::map<const SegNode*, double> executions;
  for (const auto& e : Predictor(a.model).node_executions({}, &bound)) executions[e.term->node] += e.executions;
  double entered = 0;
  for (const auto& [id, r] : ct.regions) entered += r.entries;
  v.notes.push_back("component timing: " + digits(entered, 6) + " timed regions entered; the timer costs " +
                    format_seconds(ct.inside / ct.ticks_per_second) + " inside a region (a loop of empty regions) and " +
                    format_seconds(ct.outside / ct.ticks_per_second) +
                    " to the region around it (the timed build's excess over the plain one), subtracted");
  for (auto& n : attach_component_times(a.model, parts.regions(), ct, executions, o.function)) v.notes.push_back(n);
  for (auto& n : attach_machine_costs(a.model, a.sources, compiler, bound, dir.path.string())) v.notes.push_back(n);

  predict_all(v, a.model, hw);
  return v;
}

}  // namespace pacer::cli
