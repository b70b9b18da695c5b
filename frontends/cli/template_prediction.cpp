#include "frontends/cli/template_prediction.hpp"

#include <sstream>

#include "framework/error.hpp"
#include "templates/omp_loop.hpp"
#include "templates/scheduling/workload.hpp"

namespace pacer::cli {

void add_template_options(CLI::App& cmd, TemplateOptions& o) {
  cmd.add_option("--template", o.name, "Parallel template: omp_loop");
  cmd.add_option("--schedule", o.schedule, "omp_loop: loop schedule, e.g. static, dynamic,1, guided, srr (static)");
  cmd.add_option("--threads", o.threads, "omp_loop: thread counts, e.g. 1,2,4,8")->delimiter(',');
  cmd.add_option("--loop", o.loop, "omp_loop: id of the parallel loop (default: the first top-level loop)");
  cmd.add_option("--overhead", o.overhead, "omp_loop: seconds per chunk taken from the scheduler (0)");
  cmd.add_option("--iteration-weights", o.iteration_weights,
                 "omp_loop: file of relative iteration costs, one per line (data-dependent work)");
}

namespace {

json point_json(const OmpLoopPoint& p) {
  return {{"threads", p.threads},     {"loop_seconds", p.loop_seconds}, {"total_seconds", p.total_seconds},
          {"speedup", p.speedup},     {"imbalance", p.metrics.imbalance}};
}

}  // namespace

void emit_template_predictions(const TemplateOptions& o, const ApplicationModel& m,
                               const std::vector<Hardware>& machines, const std::vector<const ResourceModel*>& models,
                               const ParamValues& params, bool as_json) {
  if (o.name != "omp_loop") throw InputError("unknown template '" + o.name + "' (known: omp_loop)");
  OmpLoopOptions opt{o.loop, o.schedule, o.threads.empty() ? std::vector<int>{1} : o.threads, o.overhead, {}};
  if (!o.iteration_weights.empty()) opt.iteration_weights = sched::read_workload(o.iteration_weights);
  json list = json::array();
  std::ostringstream os;
  os << m.name << " (" << m.file << "), template omp_loop, schedule " << o.schedule
     << (o.overhead > 0 ? ", " + format_seconds(o.overhead) + " per chunk" : "") << "\n";
  for (const auto& hw : machines)
    for (const ResourceModel* rm : models) {
      OmpLoopPrediction r = predict_omp_loop(m, hw, *rm, params, opt);
      json points = json::array();
      for (const auto& p : r.points) points.push_back(point_json(p));
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
      Table t({"threads", "loop", "total", "speedup", "imbalance"});
      for (const auto& p : r.points)
        t.add({std::to_string(p.threads), format_seconds(p.loop_seconds), format_seconds(p.total_seconds),
               format_number(std::round(p.speedup * 1000) / 1000),
               format_number(std::round(p.metrics.imbalance * 1e4) / 100) + "%"});
      os << t.text();
    }
  if (as_json)
    emit(json{{"application", m.name}, {"file", m.file}, {"template", "omp_loop"}, {"schedule", o.schedule},
              {"parameters", params}, {"predictions", list}});
  else
    emit(os.str());
}

}  // namespace pacer::cli
