#include "templates/comm/comm_fit.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

#include "framework/error.hpp"
#include "framework/number.hpp"
#include "templates/comm/comm_model.hpp"
#include "templates/comm/relative_least_squares.hpp"

namespace pacer {

std::vector<CommSample> read_comm_csv(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError("cannot open '" + path + "'");
  return parse_comm_csv(in, path);
}

std::vector<CommSample> parse_comm_csv(std::istream& in, const std::string& path) {
  std::string line;
  int n = 0;
  std::vector<CommSample> out;
  bool header = false;
  while (std::getline(in, line)) {
    ++n;
    if (line.empty() || line[0] == '#') continue;
    if (!header) {
      if (line != "bytes,distance,seconds")
        throw InputError(SourceLocation{path, n}, "header", "expected the header 'bytes,distance,seconds'");
      header = true;
      continue;
    }
    std::istringstream is(line);
    std::string cell;
    double v[3];
    for (int c = 0; c < 3; ++c) {
      if (!std::getline(is, cell, ','))
        throw InputError(SourceLocation{path, n}, "column " + std::to_string(c + 1), "expected 3 columns");
      auto x = parse_number(cell);
      if (!x || !(*x > 0) || (c == 1 && *x != std::floor(*x)))
        throw InputError(SourceLocation{path, n}, "column " + std::to_string(c + 1),
                         "'" + cell + "' is not a positive " + (c == 1 ? "whole number of hops" : "number"));
      v[c] = *x;
    }
    if (std::getline(is, cell, ',')) throw InputError(SourceLocation{path, n}, "column 4", "expected 3 columns");
    out.push_back({v[0], v[1], v[2]});
  }
  if (!header) throw InputError(SourceLocation{path, 0}, "header", "the file is empty");
  return out;
}

std::string comm_csv(const std::vector<CommSample>& samples) {
  std::ostringstream os;
  os << "bytes,distance,seconds\n";
  os.precision(9);
  for (const auto& s : samples) os << s.bytes << ',' << s.distance << ',' << std::scientific << s.seconds
                                   << std::defaultfloat << '\n';
  return os.str();
}

std::vector<CommPoint> comm_points(const std::vector<CommSample>& samples) {
  std::map<std::pair<double, double>, std::vector<double>> groups;
  for (const auto& s : samples) groups[{s.bytes, s.distance}].push_back(s.seconds);
  std::vector<CommPoint> out;
  for (auto& [key, t] : groups) {
    std::sort(t.begin(), t.end());
    const size_t k = t.size();
    const double median = k % 2 ? t[k / 2] : (t[k / 2 - 1] + t[k / 2]) / 2;
    out.push_back({key.first, key.second, median, t.front(), t.back(), k});
  }
  return out;
}

namespace {

void require_points(const std::vector<CommPoint>& points, size_t unknowns, const std::string& model) {
  std::set<double> sizes;
  for (const auto& p : points) sizes.insert(p.bytes);
  if (sizes.size() < unknowns + 1)
    throw InputError("fitting the " + model + " model's " + std::to_string(unknowns) + " parameters needs at least " +
                     std::to_string(unknowns + 1) + " distinct message sizes; the data has " +
                     std::to_string(sizes.size()));
}

bool one_distance(const std::vector<CommPoint>& points) {
  return std::all_of(points.begin(), points.end(), [&](const CommPoint& p) { return p.distance == points[0].distance; });
}

CommFit fit_hockney(const std::vector<CommPoint>& pts) {
  require_points(pts, 2, "hockney");
  std::vector<std::vector<double>> rows;
  std::vector<double> y;
  for (const auto& p : pts) {
    rows.push_back({1.0, p.bytes});
    y.push_back(p.median);
  }
  auto x = relative_least_squares(rows, y);
  if (!(x[1] > 0)) throw InputError("the fitted time per byte is not positive: the data show no bandwidth term");
  CommFit f;
  f.parameters = {{"latency", x[0]}, {"bandwidth", 1 / x[1]}};
  if (!one_distance(pts)) f.notes.push_back("Hockney's model has no distance: all distances are fitted together");
  return f;
}

CommFit fit_loggp(const std::vector<CommPoint>& pts) {
  require_points(pts, 2, "loggp");
  std::vector<std::vector<double>> rows;
  std::vector<double> y;
  for (const auto& p : pts) {
    rows.push_back({1.0, std::max(0.0, p.bytes - 1)});
    y.push_back(p.median);
  }
  auto x = relative_least_squares(rows, y);
  if (!(x[1] > 0)) throw InputError("the fitted gap per byte G is not positive: the data show no bandwidth term");
  CommFit f;
  f.parameters = {{"L", x[0]}, {"o", 0.0}, {"G", x[1]}};
  f.notes.push_back("a ping-pong measures L + 2o only: L holds that sum and o is set to 0; g (the gap between "
                    "messages) needs a stream of messages and is not fitted");
  return f;
}

// Eq. 5 is linear in alpha, beta, tau and alpha2 once h and p are fixed.
std::vector<double> packet_row(const CommPoint& pt, double h, double p, bool with_beta) {
  const double l = pt.bytes, d = pt.distance, extra = l > p ? l / p - 1 : 0;
  const double tau = l <= p ? d * (l + h) : d * p + extra * p;
  std::vector<double> row = {1.0};
  if (with_beta) row.push_back(d + extra);
  row.push_back(tau);
  row.push_back(extra);
  return row;
}

CommFit fit_packet_at(const std::vector<CommPoint>& pts, double h, double p, bool with_beta) {
  std::vector<std::vector<double>> rows;
  std::vector<double> y;
  for (const auto& pt : pts) {
    rows.push_back(packet_row(pt, h, p, with_beta));
    y.push_back(pt.median);
  }
  auto x = relative_least_squares(rows, y);
  CommFit f;
  size_t i = 0;
  f.parameters["alpha"] = x[i++];
  f.parameters["beta"] = with_beta ? x[i++] : 0.0;
  f.parameters["tau"] = x[i++];
  f.parameters["alpha2"] = x[i++];
  f.parameters["h"] = h;
  f.parameters["p"] = p;
  return f;
}

CommFit fit_packet(const std::vector<CommPoint>& pts, const CommFitOptions& o) {
  const bool with_beta = !one_distance(pts);
  require_points(pts, with_beta ? 4 : 3, "packet");
  std::set<double> candidates;
  if (o.packet_bytes > 0) {
    candidates.insert(o.packet_bytes);
  } else {
    // The packet size is a step in the data: try every size measured and every power of two between.
    const auto [lo, hi] = std::minmax_element(pts.begin(), pts.end(), [](auto& a, auto& b) { return a.bytes < b.bytes; });
    for (const auto& p : pts) candidates.insert(p.bytes);
    for (double c = 16; c <= hi->bytes; c *= 2)
      if (c >= lo->bytes) candidates.insert(c);
  }
  CommFit best;
  double best_rms = INFINITY;
  for (double p : candidates) {
    CommFit f = fit_packet_at(pts, o.header_bytes, p, with_beta);
    if (!(f.parameters["tau"] > 0)) continue;
    double sum = 0;
    auto model = make_comm_model("packet", f.parameters);
    for (const auto& pt : pts) sum += std::pow(model->seconds(pt.bytes, pt.distance) / pt.median - 1, 2);
    if (sum < best_rms) best_rms = sum, best = f;
  }
  if (best.parameters.empty())
    throw InputError("no packet size gives a positive time per byte: the data show no bandwidth term");
  if (!with_beta)
    best.notes.push_back("every measurement is at one distance, so the start-up time per hop cannot be told apart "
                         "from the preparation times: beta is set to 0 and alpha, alpha2 hold it");
  if (o.packet_bytes <= 0)
    best.notes.push_back("packet size p chosen by the fit among the sizes measured and powers of two");
  return best;
}

}  // namespace

CommFit fit_comm_model(const std::vector<CommPoint>& points, const CommFitOptions& o) {
  if (points.empty()) throw InputError("no measurements to fit");
  find_comm_model(o.model);  // an unknown name is an error before anything else
  CommFit f = o.model == "hockney" ? fit_hockney(points) : o.model == "loggp" ? fit_loggp(points) : fit_packet(points, o);
  f.model = o.model;
  auto model = make_comm_model(o.model, f.parameters);
  double sum = 0;
  for (const auto& p : points) {
    CommFitPoint r{p, model->seconds(p.bytes, p.distance)};
    sum += r.relative_error() * r.relative_error();
    f.max_relative = std::max(f.max_relative, std::fabs(r.relative_error()));
    f.residuals.push_back(r);
  }
  f.rms_relative = std::sqrt(sum / points.size());
  return f;
}

}  // namespace pacer
