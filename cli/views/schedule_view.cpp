#include "cli/views/schedule_view.hpp"

#include <cmath>
#include <iomanip>
#include <sstream>

#include "cli/views/report.hpp"
#include "framework/statistics.hpp"

namespace pacer::cli {

using namespace pacer::sched;

namespace {

std::string percent(double fraction) { return digits(std::round(fraction * 1e4) / 1e2) + "%"; }

// A certified gap: a relative gap below a hundredth of a percent as a
// power of ten rather than "0%", which would read as proven.
std::string gap_text(double gap) {
  if (gap >= 1e-4) return percent(gap);
  std::ostringstream os;
  os << std::setprecision(2) << gap << " (relative)";
  return os.str();
}

json summary_json(const pacer::Summary& s) { return {{"mean", s.mean}, {"sd", s.sd}, {"min", s.min}, {"max", s.max}}; }

json size_json(const ComparisonAtSize& r) {
  json list = json::array();
  for (const std::string& name : r.rows) {
    json j{{"name", name},
           {"makespan", summary_json(summarise(r.makespan.at(name)))},
           {"imbalance", summary_json(summarise(r.imbalance.at(name)))},
           {"imbalance_over_mean", summary_json(summarise(r.over_mean.at(name)))},
           {"speedup_over_static", summary_json(summarise(r.over_static.at(name)))}};
    if (r.over_bound.count(name)) j["above_lower_bound"] = summary_json(summarise(r.over_bound.at(name)));
    list.push_back(j);
  }
  json gains = json::object();
  for (const auto& [name, v] : r.srr_gain) gains[name] = summary_json(summarise(v));
  return {{"iterations", r.iterations}, {"seeds", r.seeds.size()}, {"strategies", list},
          {"srr_gain_percent", gains}};
}

std::string pct(double fraction) { return digits(std::round(fraction * 1e3) / 10 + 0.0) + "%"; }

std::string size_text(const ComparisonAtSize& r) {
  std::ostringstream os;
  os << r.iterations << " iterations, " << r.seeds.size() << " workload(s):\n";
  bool bound = !r.over_bound.empty();
  std::vector<std::string> header = {"strategy", "makespan"};
  if (bound) header.push_back("above bound");
  for (const char* h : {"imbalance", "speedup/static", "SRR gain (mean, min..max)"}) header.push_back(h);
  Table t(header);
  for (const std::string& name : r.rows) {
    std::vector<std::string> row = {name, digits(summarise(r.makespan.at(name)).mean)};
    if (bound) row.push_back(pct(summarise(r.over_bound.at(name)).mean));
    row.push_back(pct(summarise(r.imbalance.at(name)).mean));
    row.push_back(digits(summarise(r.over_static.at(name)).mean));
    if (r.srr_gain.count(name)) {
      pacer::Summary g = summarise(r.srr_gain.at(name));
      row.push_back(pct(g.mean / 100) + " (" + pct(g.min / 100) + ".." + pct(g.max / 100) + ")");
    } else {
      row.push_back("");
    }
    t.add(row);
  }
  if (r.srr_gain.count(best_dynamic_row)) {
    pacer::Summary g = summarise(r.srr_gain.at(best_dynamic_row));
    std::vector<std::string> row = {best_dynamic_row, "", "", "", ""};
    if (!bound) row.pop_back();
    row.push_back(pct(g.mean / 100) + " (" + pct(g.min / 100) + ".." + pct(g.max / 100) + ")");
    t.add(row);
  }
  os << t.text();
  return os.str();
}


json instance_json(const Instance& w) {
  json j{{"workload", w.source}, {"description", w.description}, {"iterations", w.loads.size()},
         {"threads", w.machine.threads}, {"overhead", w.machine.overhead}};
  if (w.generated) j["seed"] = w.seed;
  if (!w.machine.speeds.empty()) j["speeds"] = w.machine.speeds;
  return j;
}

// ", overhead 0.1 per chunk" or "".
std::string machine_note(const MachineModel& m) {
  std::string out;
  if (m.overhead > 0) out += ", overhead " + format_number(m.overhead) + " per chunk";
  if (!m.speeds.empty()) out += ", unequal thread speeds";
  return out;
}

}  // namespace

json simulate_json(const Instance& w, const Strategy& s, const SimulationReport& r) {
  const Metrics& m = r.metrics;
  const Trace& tr = r.trace;
  const double static_makespan = r.static_makespan;
  json j = instance_json(w);
  j["strategy"] = s.name();
  j["makespan"] = m.makespan;
  j["imbalance"] = m.imbalance;
  j["imbalance_abs"] = m.imbalance_abs;
  j["imbalance_over_mean"] = m.imbalance_over_mean;
  j["cv"] = m.cv;
  j["speedup_over_static"] = static_makespan / m.makespan;
  j["lower_bound"] = r.lower_bound ? json(*r.lower_bound) : json();
  j["thread_loads"] = tr.thread_loads;
  j["thread_times"] = tr.thread_times;
  j["dispatches"] = tr.dispatches;
  return j;
}

std::string simulate_text(const Instance& w, const Strategy& s, const SimulationReport& r) {
  const Metrics& m = r.metrics;
  const Trace& tr = r.trace;
  const double static_makespan = r.static_makespan;
  std::ostringstream os;
  os << "workload: " << w.description << '\n'
     << "strategy: " << s.name() << " on " << w.machine.threads << " threads" << machine_note(w.machine) << "\n\n";
  std::vector<int> count(size_t(w.machine.threads), 0);
  for (int t : tr.thread_of) ++count[size_t(t)];
  Table t({"thread", "iterations", "load", "busy time", "chunks"});
  for (size_t k = 0; k < count.size(); ++k)
    t.add({std::to_string(k), std::to_string(count[k]), digits(tr.thread_loads[k]),
           digits(tr.thread_times[k]), std::to_string(tr.dispatches[k])});
  os << t.text() << '\n';
  os << "makespan: " << digits(m.makespan);
  if (r.lower_bound) {
    const double lb = *r.lower_bound;
    os << " (lower bound " << digits(lb) << ", " << percent(m.makespan / lb - 1) << " above)";
  }
  os << "\nimbalance: max - min = " << digits(m.imbalance_abs) << ", " << percent(m.imbalance)
     << " of the total, " << percent(m.imbalance_over_mean) << " of the mean; cv " << digits(m.cv) << '\n'
     << "speedup over static: " << digits(static_makespan / m.makespan) << '\n';
  if (tr.thread_of.size() <= 400) {
    os << "assignment (thread of each iteration):";
    for (int th : tr.thread_of) os << ' ' << th;
    os << '\n';
  } else {
    os << "assignment: " << tr.thread_of.size() << " iterations; --json lists them\n";
  }
  return os.str();
}

json optimise_json(const Instance& w, const OptimisationReport& r) {
  const OracleResult& best = r.best;
  json j = instance_json(w);
  j["makespan"] = best.makespan;
  j["lower_bound"] = best.lower_bound;
  j["optimal"] = best.optimal;
  j["gap_to_lower_bound"] = best.gap;
  j["oracle_seconds"] = best.seconds;
  j["oracle_nodes"] = best.nodes;
  j["oracle_pairs_rebalanced"] = best.pairs_rebalanced;
  j["thread_loads"] = best.thread_loads;
  j["assignment"] = best.thread_of;
  auto row = [&](const Metrics& m) {
    return json{{"makespan", m.makespan}, {"imbalance", m.imbalance},
                {"above_best_percent", (m.makespan / best.makespan - 1) * 100}};
  };
  if (r.genetic) {
    json g = row(measure_times(r.genetic->thread_loads));
    g["generations"] = r.genetic->generations;
    g["seconds"] = r.genetic->seconds;
    j["genetic_algorithm"] = g;
  }
  json strategies = json::array();
  for (const auto& [name, m] : r.strategies) {
    json s = row(m);
    s["name"] = name;
    strategies.push_back(s);
  }
  j["strategies"] = strategies;
  return j;
}

std::string optimise_text(const Instance& w, const OptimisationReport& r) {
  const OracleResult& best = r.best;
  Table t({"schedule", "makespan", "above best", "imbalance"});
  t.add({best.optimal ? "oracle (optimal)" : "oracle (best found)", digits(best.makespan), "0%",
         percent(measure_times(best.thread_loads).imbalance)});
  auto row = [&](const std::string& name, const Metrics& m) {
    t.add({name, digits(m.makespan), percent(m.makespan / best.makespan - 1), percent(m.imbalance)});
  };
  if (r.genetic) row("genetic algorithm", measure_times(r.genetic->thread_loads));
  for (const auto& [name, m] : r.strategies) row(name, m);
  std::ostringstream os;
  os << "workload: " << w.description << "\nthreads: " << w.machine.threads << "\n\n"
     << "lower bound: " << digits(best.lower_bound) << "\nbest makespan: " << digits(best.makespan)
     << (best.optimal ? " (proven optimal)" : " (not proven optimal: at most " + gap_text(best.gap) + " above the optimum)")
     << "\n\n" << t.text() << "\n";
  return os.str();
}

json compare_json(const std::string& what, const MachineModel& machine, const std::vector<ComparisonAtSize>& results,
                  const std::string& plot) {
  json j{{"workload", what}, {"threads", machine.threads}, {"overhead", machine.overhead}};
  json list = json::array();
  for (const auto& r : results) list.push_back(size_json(r));
  j["sizes"] = list;
  if (!plot.empty()) j["plot"] = plot;
  return j;
}

std::string compare_text(const std::string& what, const MachineModel& machine,
                         const std::vector<ComparisonAtSize>& results, const std::string& plot) {
  std::ostringstream os;
  os << "workload: " << what << "\nthreads: " << machine.threads << machine_note(machine) << "\n\n";
  for (const auto& r : results) os << size_text(r) << '\n';
  os << "makespan and imbalance are means over the workloads; SRR gain is makespan(strategy) / makespan(srr) - 1.\n";
  if (!plot.empty()) os << "plot: " << plot << '\n';
  return os.str();
}

// Figure 8's shape: SRR's gain per seed over static (left) and over the
// best dynamic chunk (right), one line per loop size.
void plot_gains(const std::string& png, const std::vector<ComparisonAtSize>& sizes) {
  std::vector<DataBlock> blocks;
  std::string left, right;
  for (const auto& r : sizes) {
    if (!r.srr_gain.count("static") || !r.srr_gain.count(best_dynamic_row))
      throw InputError("--plot needs srr, static and a dynamic strategy in --strategies");
    std::ostringstream rows;
    for (size_t i = 0; i < r.seeds.size(); ++i)
      rows << r.seeds[i] << ' ' << r.srr_gain.at("static")[i] << ' ' << r.srr_gain.at(best_dynamic_row)[i] << '\n';
    std::string name = "n" + std::to_string(r.iterations);
    blocks.push_back({name, rows.str()});
    std::string sep = left.empty() ? "plot " : ", ";
    left += sep + "$" + name + " using 1:2 with linespoints title '" + std::to_string(r.iterations) + " iterations'";
    right += sep + "$" + name + " using 1:3 with linespoints title '" + std::to_string(r.iterations) + " iterations'";
  }
  std::string script =
      "set multiplot layout 1,2\nset grid\nset xlabel 'seed'\nset ylabel 'gain of SRR (%)'\nset key bottom right\n"
      "set title 'SRR over static'\n" + left + "\nset title 'SRR over dynamic (best of its chunk sizes)'\n" + right +
      "\nunset multiplot\n";
  plot_png(png, script, blocks);
}

}  // namespace pacer::cli
