#include "cli/views/study_view.hpp"

#include <sstream>

#include "cli/views/report.hpp"

namespace pacer::cli {

json study_json(const std::string& file, size_t points, const StudyOptions& o, const StudyResult& r) {
  json results = json::array();
  for (const auto& cell : r.cells)
    results.push_back({{"size", cell.size}, {"model", cell.model}, {"median_mse", cell.median},
                       {"sd_mse", cell.sd}, {"mean_mse", cell.mean}});
  return json{{"file", file}, {"points", points}, {"repeats", o.repeats}, {"sizes", r.sizes},
              {"models", r.models}, {"csa", {{"annealers", o.csa.annealers}, {"iterations", o.csa.iterations}}},
              {"seed", o.seed}, {"results", results}, {"seconds", r.seconds}};
}

std::string study_text(const std::string& file, size_t points, const StudyOptions& o, const StudyResult& r,
                       const std::string& plot) {
  std::ostringstream os;
  os << "sampling study of " << file << ": " << points << " speedup points, " << o.repeats
     << " random training sets per size, the rest as test set; analytical laws fitted by CSA-M (" << o.csa.annealers
     << " annealers x " << o.csa.iterations << " iterations)\n";
  for (const bool median : {true, false}) {
    std::vector<std::string> header{"size"};
    for (const auto& m : r.models) header.push_back(m);
    Table t(header);
    for (std::size_t s = 0; s < r.sizes.size(); ++s) {
      std::vector<std::string> row{std::to_string(r.sizes[s])};
      for (std::size_t m = 0; m < r.models.size(); ++m) row.push_back(digits(median ? r.at(s, m).median : r.at(s, m).sd, 4));
      t.add(row);
    }
    os << '\n' << (median ? "median test MSE" : "standard deviation of the test MSE") << '\n' << t.text();
  }
  os << "\n" << digits(r.seconds, 3) << " s" << (plot.empty() ? "" : "; plot: " + plot) << '\n';
  return os.str();
}

void plot_study(const std::string& png, const StudyResult& r) {
  std::ostringstream rows;
  for (std::size_t s = 0; s < r.sizes.size(); ++s) {
    rows << r.sizes[s];
    for (std::size_t m = 0; m < r.models.size(); ++m) rows << ' ' << r.at(s, m).median << ' ' << r.at(s, m).sd;
    rows << '\n';
  }
  std::string median_plot, sd_plot;
  for (std::size_t m = 0; m < r.models.size(); ++m) {
    const std::string sep = m ? ", " : "plot ";
    median_plot += sep + "$study using 1:" + std::to_string(2 + 2 * m) + " with linespoints title '" + r.models[m] + "'";
    sd_plot += sep + "$study using 1:" + std::to_string(3 + 2 * m) + " with linespoints title '" + r.models[m] + "'";
  }
  const std::string script =
      "set multiplot layout 1,2\nset grid\nset logscale xy\nset xlabel 'training set size (points)'\n"
      "set key top right\nset xtics (" + [&] {
        std::string t;
        for (std::size_t s = 0; s < r.sizes.size(); ++s) t += (s ? ", " : "") + std::to_string(r.sizes[s]);
        return t;
      }() + ")\nset ylabel 'median test MSE'\nset title 'median of the MSE over " +
      std::to_string(r.cells.front().mse.size()) + " random training sets'\n" + median_plot +
      "\nset ylabel 'standard deviation of the test MSE'\nset title 'standard deviation of the MSE'\n" + sd_plot +
      "\nunset multiplot\n";
  plot_png(png, script, {{"study", rows.str()}});
}

}  // namespace pacer::cli
