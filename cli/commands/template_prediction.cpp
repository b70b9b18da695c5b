#include "cli/commands/template_prediction.hpp"

#include "framework/error.hpp"
#include "framework/names.hpp"
#include "cli/commands/speedup_options.hpp"
#include "cli/views/template_view.hpp"
#include "templates/template_prediction.hpp"
#include "templates/template_registry.hpp"
#include "templates/scheduling/strategy.hpp"
#include "templates/scheduling/workload.hpp"

namespace pacer::cli {

void add_template_options(CLI::App& cmd, TemplateOptions& o) {
  const std::string message_passing = join_names(template_names(TemplateKind::MessagePassing), ", ");
  cmd.add_option("--template", o.name, "Parallel template: " + join_names(template_names()));
  cmd.add_option("--procs", o.procs, message_passing + ": processor counts, e.g. 1,2,4,8 or 2-16");
  cmd.add_option("--plot", o.plot,
                 message_passing + ": draw time against P into this PNG; without --template and with several --hw: "
                                   "each model's total on each machine, as a ratio to the first");
  cmd.add_option("--schedule", o.schedule, "omp_loop: loop schedule, " + sched::strategy_spellings() + " (static)");
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

// The options as the library's request: lists and frequencies parsed, the
// law's parameters given or fitted.
TemplateRequest request_of(const TemplateOptions& o) {
  TemplateRequest r;
  r.name = o.name;
  r.energy = o.energy;
  switch (template_kind(o.name)) {
    case TemplateKind::MessagePassing:
      if (!o.procs.empty()) r.procs = parse_core_list(o.procs, "--procs");
      break;
    case TemplateKind::Loop:
      r.schedule = o.schedule;
      if (!o.threads.empty()) r.threads = o.threads;
      r.loop = o.loop;
      r.overhead = o.overhead;
      if (!o.iteration_weights.empty()) r.iteration_weights = sched::read_workload(o.iteration_weights);
      break;
    case TemplateKind::SpeedupLaw: {
      if (o.law_params.empty() && o.law_fit.empty())
        throw InputError("--template " + o.name +
                         " needs its parameters: --template-params NAME=VALUE,... or --template-fit DATA.csv");
      LawOptions lo;
      lo.model = o.name;
      lo.params = o.law_params;
      lo.fit_file = o.law_fit;
      r.law = resolve_law(lo);
      if (!o.cores.empty()) r.cores = parse_core_list(o.cores, "--cores");
      if (!o.cpu_freq.empty()) r.cpu_hz = parse_frequency_list(o.cpu_freq, "--cpu-freq");
      if (!o.mem_freq.empty()) r.mem_hz = parse_frequency(o.mem_freq, "--mem-freq");
      break;
    }
  }
  return r;
}

}  // namespace

void emit_template_predictions(const TemplateOptions& o, const ApplicationModel& m,
                               const std::vector<Hardware>& machines, const std::vector<const ResourceModel*>& models,
                               const ParamValues& params, bool as_json) {
  const TemplateRequest r = request_of(o);
  const TemplatePredictions p = predict_with_template(m, machines, models, params, r);
  const bool plotted = p.kind == TemplateKind::MessagePassing && !o.plot.empty();
  if (plotted) plot_template(o.plot, p, machines.size() > 1);
  if (as_json) emit(template_json(m, r, params, p));
  else emit(template_text(m, r, p) + (plotted ? "\nplot: " + o.plot + "\n" : ""));
}

}  // namespace pacer::cli
