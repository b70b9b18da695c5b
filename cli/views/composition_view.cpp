#include "cli/views/composition_view.hpp"

#include <sstream>

#include "cli/views/report.hpp"

namespace pacer::cli {

namespace {

json time_json(const std::string& model, const ParallelTime& t) {
  return {{"model", model}, {"compute_seconds", t.compute}, {"comm_seconds", t.comm}, {"total_seconds", t.total()}};
}

}  // namespace

std::string composition_text(const Composition& c, const ParamValues& shared, const ApplicationPrediction& p) {
  std::ostringstream os;
  os << c.name << " (" << c.file << "): " << c.tasks.size() << " tasks in sequence\nshared parameters:";
  for (const auto& [k, v] : shared) os << ' ' << k << '=' << format_number(v);
  os << "\n\n";
  Table t({"task", "template", "P", "hardware", "model", "compute", "communication", "total"});
  for (const auto& r : p.tasks)
    for (const auto& [model, time] : r.by_model)
      t.add({r.task->name, r.task->template_name, std::to_string(r.task->procs), r.hardware, model,
             format_seconds(time.compute), format_seconds(time.comm), format_seconds(time.total())});
  for (const auto& [model, time] : p.totals)
    t.add({"total", "", "", "", model, format_seconds(time.compute), format_seconds(time.comm),
           format_seconds(time.total())});
  os << t.text();
  for (const auto& n : p.notes) os << "note: " << n << '\n';
  return os.str();
}

json composition_json(const Composition& c, const ParamValues& shared, const ApplicationPrediction& p) {
  json tasks = json::array();
  for (const auto& r : p.tasks) {
    json preds = json::array();
    for (const auto& [model, time] : r.by_model) preds.push_back(time_json(model, time));
    tasks.push_back({{"name", r.task->name}, {"model_file", r.task->model.empty() ? r.task->source : r.task->model},
                     {"template", r.task->template_name}, {"procs", r.task->procs}, {"hardware", r.hardware},
                     {"predictions", preds}});
  }
  json total = json::array();
  for (const auto& [model, time] : p.totals) total.push_back(time_json(model, time));
  return {{"application", c.name}, {"file", c.file}, {"parameters", shared}, {"tasks", tasks},
          {"total", total}, {"notes", p.notes}};
}

}  // namespace pacer::cli
