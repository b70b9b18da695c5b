#include "templates/parallel/parallel_prediction.hpp"

#include <algorithm>

#include "resource_models/prediction.hpp"

namespace pacer {

TemplateMapping mapping_for(const ApplicationModel& m, const ParallelTemplate& t) {
  const TemplateMapping* given = m.find_template(t.name());
  if (!given) {
    if (t.name() != "sequential" || m.tasks.size() != 1) {
      std::string needs;
      for (const auto& p : t.phases()) needs += (needs.empty() ? "phases " : ", ") + p;
      for (const auto& msg : t.messages()) needs += (needs.find("messages") == std::string::npos ? "; messages " : ", ") + msg;
      throw InputError(SourceLocation{m.file, 0}, "template",
                       "'" + m.name + "' has no <template name=\"" + t.name() + "\"> saying how the template's " + needs +
                           " map onto its tasks (docs/parallel.md)");
    }
    return TemplateMapping{"sequential", {{"compute", m.tasks.front().name, constant(1), {}, {}}}, {}, {}};
  }
  for (const auto& p : t.phases())
    if (!given->phase(p))
      throw InputError(given->where, p, "the " + t.name() + " template needs a <phase name=\"" + p + "\">");
  for (const auto& msg : t.messages())
    if (!given->message(msg))
      throw InputError(given->where, msg, "the " + t.name() + " template needs a <message name=\"" + msg + "\">");
  for (const auto& p : given->phases)
    if (std::none_of(m.tasks.begin(), m.tasks.end(), [&](const Task& task) { return task.name == p.task; }))
      throw InputError(p.where, p.task, "phase '" + p.name + "' runs task '" + p.task + "', which the model does not have");
  return *given;
}

namespace {

class Context : public TemplateContext {
 public:
  Context(const ApplicationModel& m, const Predictor& predictor, const Hardware& hw, const ResourceModel& rm,
          const TemplateMapping& mapping, const ParamValues& params, const CommModel* comm, int procs)
      : m_(m), predictor_(predictor), hw_(hw), rm_(rm), mapping_(mapping), params_(params), comm_(comm), procs_(procs) {}

  int procs() const override { return procs_; }

  double phase_seconds(const std::string& name, const std::map<std::string, double>& vars) const override {
    const TemplatePhase& phase = *mapping_.phase(name);
    const Bindings b = bindings(vars);
    ParamValues overrides = params_;
    for (const auto& [param, formula] : phase.bind) overrides[param] = evaluate(formula, b);
    const Prediction p = predictor_.predict(hw_, rm_, overrides);
    for (const auto& t : p.tasks)
      if (t.name == phase.task) return evaluate(phase.repeat, b) * t.total_seconds;
    return 0;  // mapping_for checked the task exists
  }

  double message_bytes(const std::string& name, const std::map<std::string, double>& vars) const override {
    return evaluate(mapping_.message(name)->bytes, bindings(vars));
  }

  double message_seconds(double bytes, double distance) const override {
    if (!comm_) comm_model_of(hw_);  // throws MissingFigure naming the machine
    return comm_->seconds(bytes, distance);
  }

 private:
  Bindings bindings(const std::map<std::string, double>& vars) const {
    Bindings b;
    for (const auto& p : m_.parameters)
      if (p.default_value) b.params[p.name] = *p.default_value;
    for (const auto& [k, v] : params_) b.params[k] = v;
    b.params["P"] = procs_;
    for (const auto& [k, v] : vars) b.params[k] = v;
    return b;
  }

  const ApplicationModel& m_;
  const Predictor& predictor_;
  const Hardware& hw_;
  const ResourceModel& rm_;
  const TemplateMapping& mapping_;
  const ParamValues& params_;
  const CommModel* comm_;
  int procs_;
};

}  // namespace

ParallelPrediction predict_parallel(const ApplicationModel& m, const Hardware& hw, const ResourceModel& rm,
                                    const ParamValues& params, const ParallelTemplate& t, const std::vector<int>& procs) {
  if (procs.empty()) throw InputError("--procs: give at least one processor count");
  for (int p : procs) t.check_procs(p);
  const TemplateMapping mapping = mapping_for(m, t);
  std::unique_ptr<CommModel> comm;
  if (hw.sections.count("communication")) comm = comm_model_of(hw);
  const Predictor predictor(m);
  ParallelPrediction out{hw.name, rm.name(), t.name(), comm ? comm->name() : "", procs, {}};
  for (int p : procs) out.times.push_back(t.time(Context(m, predictor, hw, rm, mapping, params, comm.get(), p)));
  return out;
}

}  // namespace pacer
