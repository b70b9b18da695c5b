#include "cli/views/template_view.hpp"

#include <cmath>
#include <set>
#include <sstream>

#include "cli/views/law_view.hpp"
#include "cli/views/report.hpp"
#include "templates/parallel/parallel_template.hpp"

namespace pacer::cli {

namespace {

// The energy of point `k` of prediction `i`, into its JSON and its row.
void add_energy(const TemplatePredictions& p, size_t i, size_t k, json& point, std::vector<std::string>& row,
                std::set<std::string>& notes) {
  if (p.energy[i].empty()) return;
  const ProgramEnergy& e = p.energy[i][k];
  point["energy_joules"] = e.total_joules();
  point["energy"] = {{"static", e.static_joules}, {"ops", e.ops_joules}, {"io", e.io_joules}, {"notes", e.notes}};
  row.push_back(format_joules(e.total_joules()));
  notes.insert(e.notes.begin(), e.notes.end());
}

std::string notes_text(const std::set<std::string>& notes) {
  std::string out;
  for (const auto& n : notes) out += "note: " + n + "\n";
  return out;
}

std::vector<std::string> with_energy(std::vector<std::string> header, const TemplateRequest& r) {
  if (r.energy) header.push_back("energy");
  return header;
}

// One prediction's table and JSON, by kind.
struct Rendered {
  std::string text;
  json data;
};

Rendered law_prediction(const TemplateRequest& r, const TemplatePredictions& p, size_t i) {
  const SpeedupTemplatePrediction& law = p.laws[i];
  std::set<std::string> notes;
  json points = json::array();
  Table t(with_energy({"cores", "cpu freq", "phi", "speedup", "sequential", "total", "bound"}, r));
  for (size_t k = 0; k < law.points.size(); ++k) {
    const auto& q = law.points[k];
    json point{{"cores", q.cores}, {"cpu_freq_hz", q.cpu_hz}, {"phi", q.phi}, {"speedup", q.speedup},
               {"sequential_seconds", q.sequential_seconds}, {"total_seconds", q.total_seconds},
               {"bound", q.memory_bound ? "memory" : "compute"}};
    std::vector<std::string> row = {std::to_string(q.cores), frequency_text(q.cpu_hz), digits(q.phi),
                                    digits(q.speedup, 5), format_seconds(q.sequential_seconds),
                                    format_seconds(q.total_seconds), q.memory_bound ? "memory" : "compute"};
    add_energy(p, i, k, point, row, notes);
    points.push_back(point);
    t.add(row);
  }
  std::ostringstream os;
  os << "\n" << p.hardware[i] << " / " << p.models[i] << ": sequential " << format_seconds(law.reference_seconds)
     << " at " << frequency_text(law.clock_hz) << ", memory at " << frequency_text(law.mem_hz) << "\n"
     << t.text() << notes_text(notes);
  return {os.str(), {{"hardware", p.hardware[i]}, {"model", p.models[i]}, {"sequential_seconds", law.reference_seconds},
                     {"clock_hz", law.clock_hz}, {"mem_freq_hz", law.mem_hz}, {"points", points}}};
}

Rendered loop_prediction(const TemplateRequest& r, const TemplatePredictions& p, size_t i) {
  const OmpLoopPrediction& loop = p.loops[i];
  std::set<std::string> notes;
  json points = json::array();
  Table t(with_energy({"threads", "loop", "total", "speedup", "imbalance"}, r));
  for (size_t k = 0; k < loop.points.size(); ++k) {
    const auto& q = loop.points[k];
    json point{{"threads", q.threads},     {"loop_seconds", q.loop_seconds}, {"total_seconds", q.total_seconds},
               {"speedup", q.speedup},     {"imbalance", q.metrics.imbalance}};
    std::vector<std::string> row = {std::to_string(q.threads), format_seconds(q.loop_seconds),
                                    format_seconds(q.total_seconds), format_number(std::round(q.speedup * 1000) / 1000),
                                    format_number(std::round(q.metrics.imbalance * 1e4) / 100) + "%"};
    add_energy(p, i, k, point, row, notes);
    points.push_back(point);
    t.add(row);
  }
  std::ostringstream os;
  os << "\n" << p.hardware[i] << " / " << p.models[i] << ": loop " << loop.loop << " of task " << loop.task << ", "
     << loop.iterations << " iterations of " << format_seconds(loop.min_iteration_seconds)
     << (loop.max_iteration_seconds > loop.min_iteration_seconds ? " to " + format_seconds(loop.max_iteration_seconds) : "")
     << "; sequential " << format_seconds(loop.sequential_seconds) << " (loop "
     << format_seconds(loop.sequential_loop_seconds) << ")\n"
     << t.text() << notes_text(notes);
  return {os.str(),
          {{"hardware", p.hardware[i]},
           {"model", p.models[i]},
           {"task", loop.task},
           {"loop", loop.loop},
           {"iterations", loop.iterations},
           {"sequential_seconds", loop.sequential_seconds},
           {"sequential_loop_seconds", loop.sequential_loop_seconds},
           {"iteration_seconds", {{"min", loop.min_iteration_seconds}, {"max", loop.max_iteration_seconds}}},
           {"points", points}}};
}

Rendered parallel_prediction(const TemplatePredictions& ps, size_t i) {
  const ParallelPrediction& p = ps.parallel[i];
  json total = json::array(), compute = json::array(), comm = json::array();
  Table table({"P", "compute", "communication", "total"});
  for (size_t k = 0; k < p.procs.size(); ++k) {
    total.push_back(p.times[k].total());
    compute.push_back(p.times[k].compute);
    comm.push_back(p.times[k].comm);
    table.add({std::to_string(p.procs[k]), format_seconds(p.times[k].compute), format_seconds(p.times[k].comm),
               format_seconds(p.times[k].total())});
  }
  std::ostringstream os;
  os << "\n" << p.hardware << " / " << p.model
     << (p.comm_model.empty() ? "" : ", communication by the " + p.comm_model + " model") << ":\n"
     << table.text();
  return {os.str(),
          {{"hardware", p.hardware}, {"model", p.model}, {"template", p.template_name}, {"comm_model", p.comm_model},
           {"procs", p.procs}, {"total_seconds", total}, {"compute_seconds", compute}, {"comm_seconds", comm}}};
}

Rendered rendered(const TemplateRequest& r, const TemplatePredictions& p, size_t i) {
  switch (p.kind) {
    case TemplateKind::SpeedupLaw: return law_prediction(r, p, i);
    case TemplateKind::Loop: return loop_prediction(r, p, i);
    case TemplateKind::MessagePassing: break;
  }
  return parallel_prediction(p, i);
}

std::string heading(const ApplicationModel& m, const TemplateRequest& r, const TemplatePredictions& p) {
  std::ostringstream os;
  os << m.name << " (" << m.file << "), template ";
  switch (p.kind) {
    case TemplateKind::SpeedupLaw:
      os << r.name << " (" << params_text(*r.law.law, r.law.params) << "), " << r.law.origin;
      break;
    case TemplateKind::Loop:
      os << r.name << ", schedule " << r.schedule << (r.overhead > 0 ? ", " + format_seconds(r.overhead) + " per chunk" : "");
      break;
    case TemplateKind::MessagePassing:
      os << find_parallel_template(r.name)->title();
      break;
  }
  return os.str() + "\n";
}

}  // namespace

std::string template_text(const ApplicationModel& m, const TemplateRequest& r, const TemplatePredictions& p) {
  std::string out = heading(m, r, p);
  for (size_t i = 0; i < p.hardware.size(); ++i) out += rendered(r, p, i).text;
  return out;
}

json template_json(const ApplicationModel& m, const TemplateRequest& r, const ParamValues& params,
                   const TemplatePredictions& p) {
  json list = json::array();
  for (size_t i = 0; i < p.hardware.size(); ++i) list.push_back(rendered(r, p, i).data);
  json out{{"application", m.name}, {"file", m.file}, {"template", r.name}};
  if (p.kind == TemplateKind::SpeedupLaw) {
    out["template_params"] = params_json(*r.law.law, r.law.params);
    out["origin"] = r.law.origin;
  }
  if (p.kind == TemplateKind::Loop) out["schedule"] = r.schedule;
  out["parameters"] = params;
  out["predictions"] = list;
  return out;
}

void plot_template(const std::string& png, const TemplatePredictions& p, bool several_hw) {
  const auto& ps = p.parallel;
  std::ostringstream rows, plot;
  for (size_t i = 0; i < ps.front().procs.size(); ++i) {
    rows << ps.front().procs[i];
    for (const auto& q : ps) rows << ' ' << q.times[i].total();
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

}  // namespace pacer::cli
