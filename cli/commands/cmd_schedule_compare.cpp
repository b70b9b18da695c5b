// pacer schedule compare: every strategy on many workloads (loop sizes x
// seeds), as the loop-scheduling paper's section 6.3 and Figure 8 do: mean
// makespan, distance from the lower bound, imbalance, speedup over static,
// and Smart Round-Robin's gain over each other strategy.
#include <cmath>
#include <map>
#include <sstream>

#include "framework/error.hpp"
#include "cli/commands/schedule_options.hpp"
#include "framework/statistics.hpp"
#include "templates/scheduling/comparison.hpp"

namespace pacer::cli {

namespace {

using namespace pacer::sched;

struct CompareOptions {
  WorkloadOptions workload;
  MachineOptions machine;
  std::vector<std::string> strategies;
  std::string plot;
  bool oracle = false;
  bool json = false;
};

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

// Figure 8's shape: SRR's gain per seed over static (left) and over the
// best dynamic chunk (right), one line per loop size.
void draw(const std::string& png, const std::vector<ComparisonAtSize>& sizes) {
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

void run_compare(const CompareOptions& o) {
  MachineModel machine = machine_of(o.machine);
  if (o.workload.file.empty() && o.workload.dist.empty())
    throw InputError("give a workload: --dist NAME --iterations LIST, or --workload FILE");
  if (!o.workload.file.empty() && (!o.workload.iterations.empty() || o.workload.seeds != "1"))
    throw InputError("--iterations and --seeds do not apply to a --workload file");
  ComparisonRequest request;
  request.machine = machine;
  request.strategies = o.strategies;
  request.oracle = o.oracle;
  request.sizes = o.workload.file.empty() ? sizes_of(o.workload) : std::vector<size_t>{0};
  request.seeds = o.workload.file.empty() ? seeds_of(o.workload) : std::vector<uint64_t>{0};
  request.loads = [&](size_t n, uint64_t seed) { return make_instance(o.workload, machine, n, seed).loads; };
  const std::vector<ComparisonAtSize> results = compare_strategies(request);
  if (!o.plot.empty()) draw(o.plot, results);

  std::string what = o.workload.file.empty() ? distribution_of(o.workload).describe() : o.workload.file;
  if (o.json) {
    json j{{"workload", what}, {"threads", machine.threads}, {"overhead", machine.overhead}};
    json list = json::array();
    for (const auto& r : results) list.push_back(size_json(r));
    j["sizes"] = list;
    if (!o.plot.empty()) j["plot"] = o.plot;
    return emit(j);
  }
  std::ostringstream os;
  os << "workload: " << what << "\nthreads: " << machine.threads << machine_note(machine) << "\n\n";
  for (const auto& r : results) os << size_text(r) << '\n';
  os << "makespan and imbalance are means over the workloads; SRR gain is makespan(strategy) / makespan(srr) - 1.\n";
  if (!o.plot.empty()) os << "plot: " << o.plot << '\n';
  emit(os.str());
}

}  // namespace

void add_schedule_compare_command(CLI::App& schedule) {
  auto o = std::make_shared<CompareOptions>();
  CLI::App* c = schedule.add_subcommand("compare", "Compare strategies over loop sizes and seeds");
  add_workload_options(*c, o->workload, true);
  add_machine_options(*c, o->machine);
  c->add_option("--strategies", o->strategies, "Strategies to compare (default: all, dynamic at chunks 1, 2, 4)")
      ->delimiter(';');
  c->add_flag("--oracle", o->oracle, "Add the oracle's best schedule of each workload as a row");
  c->add_option("--plot", o->plot, "Draw SRR's gains per seed (Figure 8's shape) to this PNG");
  c->add_flag("--json", o->json, "Print JSON");
  c->callback([o] { run_compare(*o); });
}

}  // namespace pacer::cli
