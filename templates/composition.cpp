#include "templates/composition.hpp"

#include "framework/error.hpp"
#include "framework/names.hpp"
#include "resource_models/resource_model.hpp"
#include "templates/parallel/parallel_template.hpp"
#include "templates/template_registry.hpp"

namespace pacer {

namespace {

// The application's shared parameters bind those of the same name in the task's model.
ParamValues shared_for(const ApplicationModel& m, const ParamValues& shared) {
  ParamValues out;
  for (const auto& [k, v] : shared)
    if (m.find_parameter(k)) out[k] = v;
  return out;
}

std::vector<const ResourceModel*> models_for(const std::vector<std::string>& names) {
  std::vector<const ResourceModel*> out;
  if (names.empty() || names == std::vector<std::string>{"all"}) {
    for (const auto& rm : resource_models()) out.push_back(rm.get());
    return out;
  }
  for (const auto& n : names) out.push_back(&find_resource_model(n));
  return out;
}

ComposedTaskResult predict_task(const LoadedTask& l, const std::vector<std::string>& models, const ParamValues& shared,
                                std::vector<std::string>& notes) {
  const ComposedTask& t = *l.task;
  const ParallelTemplate* tmpl = find_parallel_template(t.template_name);
  if (!tmpl)
    throw InputError(t.where, "template",
                     "'" + t.template_name + "' is not a template of an application's tasks (" +
                         join_names(template_names(TemplateKind::MessagePassing), ", ") + ")");
  const bool all = models.empty() || models == std::vector<std::string>{"all"};
  ComposedTaskResult r{&t, l.hardware.name, {}};
  for (const ResourceModel* rm : models_for(models)) {
    if (all && !can_price(*rm, l.model)) continue;
    try {
      r.by_model[rm->name()] =
          predict_parallel(l.model, l.hardware, *rm, shared_for(l.model, shared), *tmpl, {t.procs}).times.front();
    } catch (const MissingFigure& e) {
      if (!all) throw;
      notes.push_back(t.name + ": " + rm->name() + " left out: " + e.what());
    }
  }
  if (r.by_model.empty())
    throw InputError(t.where, t.name, "no resource model can price task '" + t.name + "' on " + l.hardware.name);
  return r;
}

}  // namespace

ParamValues shared_parameters(const Composition& c, const ParamValues& overrides) {
  ParamValues out;
  for (const auto& p : c.parameters) out[p.name] = *p.default_value;
  for (const auto& [k, v] : overrides) {
    if (!out.count(k)) {
      std::vector<std::string> known;
      for (const auto& p : c.parameters) known.push_back(p.name);
      throw InputError("--param " + k + ": the application shares no parameter '" + k + "' (it shares: " +
                       join_names(known, ", ") + ")");
    }
    out[k] = v;
  }
  return out;
}

ApplicationPrediction predict_application(const std::vector<LoadedTask>& tasks, const std::vector<std::string>& models,
                                          const ParamValues& shared) {
  ApplicationPrediction out;
  for (const auto& t : tasks) out.tasks.push_back(predict_task(t, models, shared, out.notes));
  if (out.tasks.empty()) return out;
  for (const auto& [model, time] : out.tasks.front().by_model) {
    ParallelTime sum;
    bool every = true;
    for (const auto& r : out.tasks) {
      auto it = r.by_model.find(model);
      if (it == r.by_model.end()) {
        every = false;
        break;
      }
      sum.compute += it->second.compute;
      sum.comm += it->second.comm;
    }
    if (every) out.totals[model] = sum;
  }
  return out;
}

}  // namespace pacer
