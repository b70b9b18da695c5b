#include "cli/commands/composition_prediction.hpp"

#include <sstream>

#include "cli/commands/application_source.hpp"
#include "cli/views/report.hpp"
#include "frontends/xml/composition_io.hpp"
#include "frontends/xml/model_io.hpp"
#include "framework/names.hpp"
#include "templates/parallel/parallel_prediction.hpp"
#include "templates/template_registry.hpp"

namespace pacer::cli {

namespace {

ApplicationModel task_model(const ComposedTask& t) {
  if (!t.model.empty()) return read_model_file(t.model);
  return load_application({t.source, t.functions, t.profile});
}

// The application's shared parameters bind those of the same name in the task's model.
ParamValues shared_for(const ApplicationModel& m, const ParamValues& shared) {
  ParamValues out;
  for (const auto& [k, v] : shared)
    if (m.find_parameter(k)) out[k] = v;
  return out;
}

ParamValues shared_parameters(const Composition& c, const ParamValues& overrides) {
  ParamValues out;
  for (const auto& p : c.parameters) out[p.name] = *p.default_value;
  for (const auto& [k, v] : overrides) {
    if (!out.count(k)) {
      std::string known;
      for (const auto& p : c.parameters) known += (known.empty() ? "" : ", ") + p.name;
      throw InputError("--param " + k + ": the application shares no parameter '" + k + "' (it shares: " + known + ")");
    }
    out[k] = v;
  }
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

struct TaskResult {
  const ComposedTask* task;
  std::string hardware;
  std::map<std::string, ParallelTime> by_model;
  std::vector<std::string> notes;
};

TaskResult predict_task(const ComposedTask& t, const CompositionOptions& o, const ParamValues& shared) {
  const ApplicationModel m = task_model(t);
  if (t.hardware.empty() && o.hw.size() != 1)
    throw InputError(t.where, "hardware", "task '" + t.name + "' names no hardware; give it hardware=\"...\" or one --hw");
  const Hardware hw = load_hardware(t.hardware.empty() ? o.hw.front() : t.hardware);
  const ParallelTemplate* tmpl = find_parallel_template(t.template_name);
  if (!tmpl)
    throw InputError(t.where, "template",
                     "'" + t.template_name + "' is not a template of an application's tasks (" +
                         join_names(template_names(TemplateKind::MessagePassing), ", ") + ")");
  const bool all = o.models.empty() || o.models == std::vector<std::string>{"all"};
  TaskResult r{&t, hw.name, {}, {}};
  for (const ResourceModel* rm : models_for(o.models)) {
    if (all && !can_price(*rm, m)) continue;
    try {
      r.by_model[rm->name()] = predict_parallel(m, hw, *rm, shared_for(m, shared), *tmpl, {t.procs}).times.front();
    } catch (const MissingFigure& e) {
      if (!all) throw;
      r.notes.push_back(t.name + ": " + rm->name() + " left out: " + e.what());
    }
  }
  if (r.by_model.empty()) throw InputError(t.where, t.name, "no resource model can price task '" + t.name + "' on " + hw.name);
  return r;
}

}  // namespace

void emit_composition(const CompositionOptions& o) {
  const Composition c = read_composition_file(o.path);
  const ParamValues shared = shared_parameters(c, o.params);
  std::vector<TaskResult> results;
  for (const auto& t : c.tasks) results.push_back(predict_task(t, o, shared));

  // A model's total needs every task: the sum over tasks it priced all of.
  std::map<std::string, ParallelTime> totals;
  for (const auto& [model, time] : results.front().by_model) {
    ParallelTime sum;
    bool every = true;
    for (const auto& r : results) {
      auto it = r.by_model.find(model);
      if (it == r.by_model.end()) {
        every = false;
        break;
      }
      sum.compute += it->second.compute;
      sum.comm += it->second.comm;
    }
    if (every) totals[model] = sum;
  }
  json tasks = json::array();
  std::ostringstream os;
  os << c.name << " (" << c.file << "): " << c.tasks.size() << " tasks in sequence\nshared parameters:";
  for (const auto& [k, v] : shared) os << ' ' << k << '=' << format_number(v);
  os << "\n\n";
  Table t({"task", "template", "P", "hardware", "model", "compute", "communication", "total"});
  std::vector<std::string> notes;
  for (const auto& r : results) {
    json preds = json::array();
    for (const auto& [model, time] : r.by_model) {
      preds.push_back({{"model", model}, {"compute_seconds", time.compute}, {"comm_seconds", time.comm},
                       {"total_seconds", time.total()}});
      t.add({r.task->name, r.task->template_name, std::to_string(r.task->procs), r.hardware, model,
             format_seconds(time.compute), format_seconds(time.comm), format_seconds(time.total())});
    }
    tasks.push_back({{"name", r.task->name}, {"model_file", r.task->model.empty() ? r.task->source : r.task->model},
                     {"template", r.task->template_name}, {"procs", r.task->procs}, {"hardware", r.hardware},
                     {"predictions", preds}});
    notes.insert(notes.end(), r.notes.begin(), r.notes.end());
  }
  json total = json::array();
  for (const auto& [model, time] : totals) {
    total.push_back({{"model", model}, {"compute_seconds", time.compute}, {"comm_seconds", time.comm},
                     {"total_seconds", time.total()}});
    t.add({"total", "", "", "", model, format_seconds(time.compute), format_seconds(time.comm),
           format_seconds(time.total())});
  }
  if (o.json)
    return emit(json{{"application", c.name}, {"file", c.file}, {"parameters", shared}, {"tasks", tasks},
                     {"total", total}, {"notes", notes}});
  os << t.text();
  for (const auto& n : notes) os << "note: " << n << '\n';
  emit(os.str());
}

}  // namespace pacer::cli
