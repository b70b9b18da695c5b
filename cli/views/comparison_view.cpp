#include "cli/views/comparison_view.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "cli/views/report.hpp"

namespace pacer::cli {

namespace {

std::string what(const ComparedRow& r) {
  if (r.task.empty()) return "total";
  return r.node.empty() ? r.task : r.task + "/" + r.node;
}

std::string seconds_text(double s, bool lower_bound) {
  return std::isnan(s) ? "-" : format_seconds(s) + (lower_bound ? " (>=)" : "");
}
std::string ratio_text(double r) { return std::isnan(r) ? "-" : digits(r, 3) + "x"; }

Table table(const MachineComparison& c, bool csv) {
  std::vector<std::string> header = {"model", "what"};
  for (const auto& m : c.machines) {
    header.push_back(m);
    header.push_back(csv ? m + " ratio" : "ratio");
    if (csv) header.push_back(m + " lower bound");
  }
  Table t(header);
  for (const auto& r : c.rows) {
    std::vector<std::string> row = {r.model, what(r)};
    for (size_t m = 0; m < c.machines.size(); ++m) {
      row.push_back(csv ? (std::isnan(r.seconds[m]) ? "" : format_number(r.seconds[m]))
                        : seconds_text(r.seconds[m], r.lower_bound[m]));
      row.push_back(csv ? (std::isnan(r.ratio[m]) ? "" : format_number(r.ratio[m])) : ratio_text(r.ratio[m]));
      if (csv) row.push_back(r.lower_bound[m] ? "yes" : "");
    }
    t.add(row);
  }
  return t;
}

json number_or_null(double v) { return std::isnan(v) ? json(nullptr) : json(v); }

}  // namespace

std::string comparison_text(const MachineComparison& c) {
  return "comparison of machines (time per run; ratio to " + c.machines.front() +
         "; tasks and the nodes taking 5% of their task or more there):\n" + table(c, false).text();
}

std::string comparison_csv(const MachineComparison& c) { return table(c, true).csv(); }

json comparison_json(const MachineComparison& c) {
  json rows = json::array();
  for (const auto& r : c.rows) {
    json seconds = json::array(), ratio = json::array();
    for (size_t m = 0; m < c.machines.size(); ++m) {
      seconds.push_back(number_or_null(r.seconds[m]));
      ratio.push_back(number_or_null(r.ratio[m]));
    }
    rows.push_back({{"model", r.model}, {"task", r.task.empty() ? json(nullptr) : json(r.task)},
                    {"node", r.node.empty() ? json(nullptr) : json(r.node)}, {"seconds", seconds}, {"ratio", ratio},
                    {"lower_bound", r.lower_bound}});
  }
  return {{"machines", c.machines}, {"rows", rows}};
}

void plot_comparison(const std::string& png, const MachineComparison& c) {
  std::ostringstream rows, plot;
  size_t models = 0;
  double low = 1, high = 1;
  for (const auto& r : c.rows)
    for (double x : r.ratio)
      if (r.task.empty() && x > 0) low = std::min(low, x), high = std::max(high, x);
  // Machines decades apart (a transputer beside a server) need a log scale.
  const std::string scale = high / low > 20 ? "set logscale y\n" : "set yrange [0:*]\n";
  for (size_t m = 0; m < c.machines.size(); ++m) {
    rows << '"' << c.machines[m] << '"';
    for (const auto& r : c.rows)
      if (r.task.empty()) rows << ' ' << (std::isnan(r.ratio[m]) ? std::string("NaN") : format_number(r.ratio[m]));
    rows << '\n';
  }
  for (const auto& r : c.rows) {
    if (!r.task.empty()) continue;
    plot << (models ? ", " : "plot ") << "$t using " << models + 2 << ":xtic(1) title '" << r.model << "'";
    ++models;
  }
  plot_png(png,
           "set style data histograms\nset style fill solid 0.8 border -1\nset grid ytics\nset ylabel 'predicted time, "
           "ratio to " + c.machines.front() + "'\n" + scale + "set key top left\nset xtics rotate by -20\n" +
               plot.str() + "\n",
           {{"t", rows.str()}});
}

}  // namespace pacer::cli
