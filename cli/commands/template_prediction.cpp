#include "cli/commands/template_prediction.hpp"

#include <set>
#include <sstream>

#include "framework/error.hpp"
#include "framework/names.hpp"
#include "cli/commands/speedup_options.hpp"
#include "templates/omp_loop.hpp"
#include "templates/parallel/parallel_prediction.hpp"
#include "templates/speedup_template.hpp"
#include "templates/template_registry.hpp"
#include "templates/scheduling/workload.hpp"

namespace pacer::cli {

void add_template_options(CLI::App& cmd, TemplateOptions& o) {
  const std::string message_passing = join_names(template_names(TemplateKind::MessagePassing), ", ");
  cmd.add_option("--template", o.name, "Parallel template: " + join_names(template_names()));
  cmd.add_option("--procs", o.procs, message_passing + ": processor counts, e.g. 1,2,4,8 or 2-16");
  cmd.add_option("--plot", o.plot, message_passing + ": draw time against P into this PNG");
  cmd.add_option("--schedule", o.schedule, "omp_loop: loop schedule, e.g. static, dynamic,1, guided, srr (static)");
  cmd.add_option("--threads", o.threads, "omp_loop: thread counts, e.g. 1,2,4,8")->delimiter(',');
  cmd.add_option("--loop", o.loop, "omp_loop: id of the parallel loop (default: the first top-level loop)");
  cmd.add_option("--overhead", o.overhead, "omp_loop: seconds per chunk taken from the scheduler (0)");
  cmd.add_option("--iteration-weights", o.iteration_weights,
                 "omp_loop: file of relative iteration costs, one per line (data-dependent work)");
  cmd.add_option("--cores", o.cores, "speedup laws: core counts, e.g. 1-24 or 1,2,4 (1)");
  cmd.add_option("--cpu-freq", o.cpu_freq, "speedup laws: processor frequencies, e.g. 1.2GHz:2.5GHz:0.1GHz (the clock)");
  cmd.add_option("--mem-freq", o.mem_freq, "speedup laws: memory frequency (the machine's memory.mem_frequency)");
  cmd.add_option("--template-params", o.law_params, "speedup laws: parameters, e.g. f=0.99,k=1.7,m1=0.002,m2=0.28");
  cmd.add_option("--template-fit", o.law_fit, "speedup laws: fit the parameters to this speedup data file");
}

namespace {

// The ICE energy of the whole application when the template's speedup S
// holds: each node's Span is its Work / S.
struct PointEnergy {
  const TemplateOptions& o;
  const Predictor* predictor;
  const ParamValues& params;
  std::optional<ProgramEnergy> at(const Hardware& hw, double speedup) const {
    if (!o.energy) return std::nullopt;
    EnergyOptions eo = *o.energy;
    eo.parallelism = speedup;
    return predict_energy(*predictor, params, hw, eo);
  }
};

void add_energy(json& point, std::vector<std::string>& row, const std::optional<ProgramEnergy>& e,
                std::set<std::string>& notes) {
  if (!e) return;
  point["energy_joules"] = e->total_joules();
  point["energy"] = {{"static", e->static_joules}, {"ops", e->ops_joules}, {"io", e->io_joules}, {"notes", e->notes}};
  row.push_back(format_joules(e->total_joules()));
  notes.insert(e->notes.begin(), e->notes.end());
}

std::string notes_text(const std::set<std::string>& notes) {
  std::string out;
  for (const auto& n : notes) out += "note: " + n + "\n";
  return out;
}

std::vector<std::string> with_energy(std::vector<std::string> header, const TemplateOptions& o) {
  if (o.energy) header.push_back("energy");
  return header;
}

json point_json(const OmpLoopPoint& p) {
  return {{"threads", p.threads},     {"loop_seconds", p.loop_seconds}, {"total_seconds", p.total_seconds},
          {"speedup", p.speedup},     {"imbalance", p.metrics.imbalance}};
}

}  // namespace

namespace {

void emit_speedup_template(const TemplateOptions& o, const ApplicationModel& m, const std::vector<Hardware>& machines,
                           const std::vector<const ResourceModel*>& models, const ParamValues& params, bool as_json,
                           const PointEnergy& energy) {
  LawOptions lo;
  lo.model = o.name;
  lo.params = o.law_params;
  lo.fit_file = o.law_fit;
  if (lo.params.empty() && lo.fit_file.empty())
    throw InputError("--template " + o.name + " needs its parameters: --template-params NAME=VALUE,... or --template-fit DATA.csv");
  const ResolvedLaw law = resolve_law(lo);
  SpeedupTemplateOptions so{law.law, law.params, {}, {}, 0};
  if (!o.cores.empty()) so.cores = parse_core_list(o.cores, "--cores");
  if (!o.cpu_freq.empty()) so.cpu_hz = parse_frequency_list(o.cpu_freq, "--cpu-freq");
  if (!o.mem_freq.empty()) so.mem_hz = parse_frequency(o.mem_freq, "--mem-freq");
  json list = json::array();
  std::ostringstream os;
  os << m.name << " (" << m.file << "), template " << o.name << " (" << params_text(*law.law, law.params) << "), "
     << law.origin << "\n";
  for (const auto& hw : machines)
    for (const ResourceModel* rm : models) {
      const SpeedupTemplatePrediction r = predict_with_speedup_law(m, hw, *rm, params, so);
      std::set<std::string> notes;
      json points = json::array();
      Table t(with_energy({"cores", "cpu freq", "phi", "speedup", "sequential", "total", "bound"}, o));
      for (const auto& p : r.points) {
        json point{{"cores", p.cores}, {"cpu_freq_hz", p.cpu_hz}, {"phi", p.phi}, {"speedup", p.speedup},
                   {"sequential_seconds", p.sequential_seconds}, {"total_seconds", p.total_seconds},
                   {"bound", p.memory_bound ? "memory" : "compute"}};
        std::vector<std::string> row = {std::to_string(p.cores), frequency_text(p.cpu_hz), digits(p.phi),
                                        digits(p.speedup, 5), format_seconds(p.sequential_seconds),
                                        format_seconds(p.total_seconds), p.memory_bound ? "memory" : "compute"};
        add_energy(point, row, energy.at(hw, p.speedup), notes);
        points.push_back(point);
        t.add(row);
      }
      list.push_back({{"hardware", hw.name}, {"model", rm->name()}, {"sequential_seconds", r.reference_seconds},
                      {"clock_hz", r.clock_hz}, {"mem_freq_hz", r.mem_hz}, {"points", points}});
      os << "\n" << hw.name << " / " << rm->name() << ": sequential " << format_seconds(r.reference_seconds) << " at "
         << frequency_text(r.clock_hz) << ", memory at " << frequency_text(r.mem_hz) << "\n" << t.text()
         << notes_text(notes);
    }
  if (as_json)
    emit(json{{"application", m.name}, {"file", m.file}, {"template", o.name},
              {"template_params", params_json(*law.law, law.params)}, {"origin", law.origin}, {"parameters", params},
              {"predictions", list}});
  else
    emit(os.str());
}

}  // namespace

namespace {

void draw_parallel(const std::string& png, const std::vector<ParallelPrediction>& ps, bool several_hw) {
  std::ostringstream rows, plot;
  for (size_t i = 0; i < ps.front().procs.size(); ++i) {
    rows << ps.front().procs[i];
    for (const auto& p : ps) rows << ' ' << p.times[i].total();
    rows << '\n';
  }
  for (size_t k = 0; k < ps.size(); ++k)
    plot << (k ? ", " : "plot ") << "$t using 1:" << k + 2 << " with linespoints title '"
         << (several_hw ? ps[k].hardware + "/" : "") << ps[k].model << "'";
  plot_png(png,
           "set grid\nset logscale xy\nset xlabel 'processors P'\nset ylabel 'predicted time (s)'\nset title '" +
               ps.front().template_name + " template'\nset key top right\n" + plot.str() + "\n",
           {{"t", rows.str()}});
}

void emit_parallel_template(const TemplateOptions& o, const ParallelTemplate& t, const ApplicationModel& m,
                            const std::vector<Hardware>& machines, const std::vector<const ResourceModel*>& models,
                            const ParamValues& params, bool as_json) {
  if (o.energy) throw InputError("--energy does not combine with the " + t.name() + " template yet");
  const std::vector<int> procs = o.procs.empty() ? std::vector<int>{1} : parse_core_list(o.procs, "--procs");
  std::vector<ParallelPrediction> ps;
  for (const auto& hw : machines)
    for (const ResourceModel* rm : models) ps.push_back(predict_parallel(m, hw, *rm, params, t, procs));
  if (!o.plot.empty()) draw_parallel(o.plot, ps, machines.size() > 1);
  json list = json::array();
  std::ostringstream os;
  os << m.name << " (" << m.file << "), template " << t.title() << "\n";
  for (const auto& p : ps) {
    json total = json::array(), compute = json::array(), comm = json::array();
    Table table({"P", "compute", "communication", "total"});
    for (size_t i = 0; i < p.procs.size(); ++i) {
      total.push_back(p.times[i].total());
      compute.push_back(p.times[i].compute);
      comm.push_back(p.times[i].comm);
      table.add({std::to_string(p.procs[i]), format_seconds(p.times[i].compute), format_seconds(p.times[i].comm),
                 format_seconds(p.times[i].total())});
    }
    list.push_back({{"hardware", p.hardware}, {"model", p.model}, {"template", p.template_name},
                    {"comm_model", p.comm_model}, {"procs", p.procs}, {"total_seconds", total},
                    {"compute_seconds", compute}, {"comm_seconds", comm}});
    os << "\n" << p.hardware << " / " << p.model
       << (p.comm_model.empty() ? "" : ", communication by the " + p.comm_model + " model") << ":\n"
       << table.text();
  }
  if (as_json)
    emit(json{{"application", m.name}, {"file", m.file}, {"template", t.name()}, {"parameters", params},
              {"predictions", list}});
  else
    emit(os.str() + (o.plot.empty() ? "" : "\nplot: " + o.plot + "\n"));
}

}  // namespace

void emit_template_predictions(const TemplateOptions& o, const ApplicationModel& m,
                               const std::vector<Hardware>& machines, const std::vector<const ResourceModel*>& models,
                               const ParamValues& params, bool as_json) {
  std::optional<Predictor> predictor;
  if (o.energy) predictor.emplace(m);
  const PointEnergy energy{o, predictor ? &*predictor : nullptr, params};
  switch (template_kind(o.name)) {
    case TemplateKind::SpeedupLaw: return emit_speedup_template(o, m, machines, models, params, as_json, energy);
    case TemplateKind::MessagePassing:
      return emit_parallel_template(o, *find_parallel_template(o.name), m, machines, models, params, as_json);
    case TemplateKind::Loop: break;
  }
  OmpLoopOptions opt{o.loop, o.schedule, o.threads.empty() ? std::vector<int>{1} : o.threads, o.overhead, {}};
  if (!o.iteration_weights.empty()) opt.iteration_weights = sched::read_workload(o.iteration_weights);
  json list = json::array();
  std::ostringstream os;
  os << m.name << " (" << m.file << "), template omp_loop, schedule " << o.schedule
     << (o.overhead > 0 ? ", " + format_seconds(o.overhead) + " per chunk" : "") << "\n";
  for (const auto& hw : machines)
    for (const ResourceModel* rm : models) {
      OmpLoopPrediction r = predict_omp_loop(m, hw, *rm, params, opt);
      std::set<std::string> notes;
      json points = json::array();
      Table t(with_energy({"threads", "loop", "total", "speedup", "imbalance"}, o));
      for (const auto& p : r.points) {
        json point = point_json(p);
        std::vector<std::string> row = {std::to_string(p.threads), format_seconds(p.loop_seconds),
                                        format_seconds(p.total_seconds),
                                        format_number(std::round(p.speedup * 1000) / 1000),
                                        format_number(std::round(p.metrics.imbalance * 1e4) / 100) + "%"};
        add_energy(point, row, energy.at(hw, p.speedup), notes);
        points.push_back(point);
        t.add(row);
      }
      list.push_back({{"hardware", hw.name},
                      {"model", rm->name()},
                      {"task", r.task},
                      {"loop", r.loop},
                      {"iterations", r.iterations},
                      {"sequential_seconds", r.sequential_seconds},
                      {"sequential_loop_seconds", r.sequential_loop_seconds},
                      {"iteration_seconds", {{"min", r.min_iteration_seconds}, {"max", r.max_iteration_seconds}}},
                      {"points", points}});
      os << "\n" << hw.name << " / " << rm->name() << ": loop " << r.loop << " of task " << r.task << ", "
         << r.iterations << " iterations of " << format_seconds(r.min_iteration_seconds)
         << (r.max_iteration_seconds > r.min_iteration_seconds ? " to " + format_seconds(r.max_iteration_seconds) : "")
         << "; sequential " << format_seconds(r.sequential_seconds) << " (loop "
         << format_seconds(r.sequential_loop_seconds) << ")\n";
      os << t.text() << notes_text(notes);
    }
  if (as_json)
    emit(json{{"application", m.name}, {"file", m.file}, {"template", "omp_loop"}, {"schedule", o.schedule},
              {"parameters", params}, {"predictions", list}});
  else
    emit(os.str());
}

}  // namespace pacer::cli
