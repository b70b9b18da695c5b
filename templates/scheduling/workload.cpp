#include "templates/scheduling/workload.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <random>
#include <sstream>

#include "framework/error.hpp"
#include "framework/every_core.hpp"
#include "framework/file_text.hpp"
#include "framework/number.hpp"

namespace pacer::sched {

namespace {

// Documented defaults (docs/scheduling.md). The paper shows its five
// densities only as plots (its Figure 5), so these are our choices: each
// keeps loads non-negative and has a shape the paper describes (Beta's
// U shape puts many iterations at both extremes; Gamma has many small loads
// and a long tail of large ones).
const std::map<std::string, std::map<std::string, double>>& defaults() {
  static const std::map<std::string, std::map<std::string, double>> d = {
      {"beta", {{"a", 0.5}, {"b", 0.5}}},
      {"gamma", {{"k", 1.0}, {"theta", 2.0}}},
      {"gaussian", {{"mu", 1.0}, {"sigma", 0.25}}},
      {"poisson", {{"lambda", 4.0}}},
      {"uniform", {{"a", 0.0}, {"b", 1.0}}},
  };
  return d;
}

double p(const Distribution& d, const char* name) { return d.params.at(name); }

void check_params(const Distribution& d) {
  auto positive = [&](const char* name) {
    if (!(p(d, name) > 0) || !std::isfinite(p(d, name)))
      throw InputError("distribution " + d.name + ": parameter " + name + " must be positive and finite");
  };
  if (d.name == "beta") positive("a"), positive("b");
  if (d.name == "gamma") positive("k"), positive("theta");
  if (d.name == "gaussian") {
    positive("mu"), positive("sigma");
  }
  if (d.name == "poisson") positive("lambda");
  if (d.name == "uniform" && !(p(d, "a") >= 0 && p(d, "b") > p(d, "a") && std::isfinite(p(d, "b"))))
    throw InputError("distribution uniform: need 0 <= a < b");
  if (!(d.mean_load > 0) || !std::isfinite(d.mean_load))
    throw InputError("the mean load must be positive and finite");
}

}  // namespace

std::vector<std::string> distribution_names() {
  std::vector<std::string> out;
  for (const auto& [name, params] : defaults()) out.push_back(name);
  return out;
}

Distribution make_distribution(const std::string& name, const std::map<std::string, double>& overrides,
                               double mean_load) {
  auto it = defaults().find(name);
  if (it == defaults().end()) {
    std::string names;
    for (const auto& n : distribution_names()) names += (names.empty() ? "" : ", ") + n;
    throw InputError("unknown distribution '" + name + "' (known: " + names + ")");
  }
  Distribution d{name, it->second, mean_load};
  for (const auto& [k, v] : overrides) {
    if (!d.params.count(k)) {
      std::string known;
      for (const auto& [pk, pv] : d.params) known += (known.empty() ? "" : ", ") + pk;
      throw InputError("distribution " + name + " has no parameter '" + k + "' (it has " + known + ")");
    }
    d.params[k] = v;
  }
  check_params(d);
  return d;
}

double Distribution::natural_mean() const {
  if (name == "beta") return p(*this, "a") / (p(*this, "a") + p(*this, "b"));
  if (name == "gamma") return p(*this, "k") * p(*this, "theta");
  if (name == "gaussian") return p(*this, "mu");
  if (name == "poisson") return p(*this, "lambda");
  return (p(*this, "a") + p(*this, "b")) / 2;
}

std::string Distribution::describe() const {
  std::ostringstream os;
  os << name << '(';
  bool first = true;
  for (const auto& [k, v] : params) os << (first ? "" : ", ") << k << '=' << v, first = false;
  os << ") scaled to mean " << mean_load;
  return os.str();
}

std::vector<double> generate_workload(const Distribution& d, size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<double> out(n);
  auto fill = [&](auto&& draw) {
    for (double& x : out) x = draw();
  };
  if (d.name == "beta") {
    std::gamma_distribution<double> x(p(d, "a"), 1.0), y(p(d, "b"), 1.0);
    fill([&] {
      double gx = x(rng), gy = y(rng);
      return gx + gy > 0 ? gx / (gx + gy) : 0.5;
    });
  } else if (d.name == "gamma") {
    std::gamma_distribution<double> g(p(d, "k"), p(d, "theta"));
    fill([&] { return g(rng); });
  } else if (d.name == "gaussian") {
    // A load cannot be negative: the rare draw below zero is clipped.
    std::normal_distribution<double> g(p(d, "mu"), p(d, "sigma"));
    fill([&] { return std::max(0.0, g(rng)); });
  } else if (d.name == "poisson") {
    std::poisson_distribution<long long> g(p(d, "lambda"));
    fill([&] { return double(g(rng)); });
  } else {
    std::uniform_real_distribution<double> g(p(d, "a"), p(d, "b"));
    fill([&] { return g(rng); });
  }
  double factor = d.mean_load / d.natural_mean();
  for (double& x : out) x *= factor;
  return out;
}

void check_loads(const std::vector<double>& loads, const std::string& what) {
  if (loads.empty()) throw InputError(what + ": the workload is empty (no iterations)");
  bool any = false;
  for (size_t i = 0; i < loads.size(); ++i) {
    if (!std::isfinite(loads[i]) || loads[i] < 0)
      throw InputError(what + ": the load of iteration " + std::to_string(i) +
                       " must be finite and non-negative");
    any = any || loads[i] > 0;
  }
  if (!any) throw InputError(what + ": every load is zero: there is nothing to schedule");
}

namespace {

// Parses lines [p, end) of a workload file, whose first is line `number`,
// into `loads`, which has room for one load a line, and returns how many it
// wrote. std::from_chars takes each line; one it does not take whole goes
// through parse_number, whose rules (and messages) are every reader's.
std::size_t parse_loads(const char* p, const char* const end, int number, double* loads, const std::string& path) {
  std::size_t count = 0;
  for (; p < end; ++number) {
    const char* eol = static_cast<const char*>(std::memchr(p, '\n', static_cast<size_t>(end - p)));
    if (!eol) eol = end;
    const char* first = p;
    while (first < eol && (*first == ' ' || *first == '\t')) ++first;
    const char* last = eol;
    while (last > first && (last[-1] == ' ' || last[-1] == '\t' || last[-1] == '\r')) --last;
    p = eol + 1;
    if (first == last || *first == '#') continue;
    double v = 0;
    const auto [used, error] = std::from_chars(first, last, v);
    if (error != std::errc() || used != last || !std::isfinite(v)) {
      const std::string line(first, last);
      const auto parsed = parse_number(line);
      if (!parsed) throw InputError(SourceLocation{path, number}, "", "'" + line + "' is not a finite number (one load per line)");
      v = *parsed;
    }
    if (v < 0) throw InputError(SourceLocation{path, number}, "", "a load must be finite and non-negative, not " + std::string(first, last));
    loads[count++] = v;
  }
  return count;
}

}  // namespace

std::vector<double> read_workload(const std::string& path) {
  // One read of the whole file, cut at line ends into parts that every core
  // parses: a million loads then take a few milliseconds.
  const std::optional<std::string> read = file_text(path);
  if (!read) throw InputError("cannot read workload file " + path);
  const char* const begin = read->data();
  const char* const end = begin + read->size();
  // Parts of about a megabyte, each with the number of its first line.
  struct Part {
    const char *begin, *end;
    int first_line;
    std::size_t lines;
  };
  std::vector<Part> parts;
  for (const char* p = begin; p < end || parts.empty();) {
    const char* cut = end - p > (1 << 20) ? static_cast<const char*>(std::memchr(p + (1 << 20), '\n', static_cast<size_t>(end - p - (1 << 20)))) : nullptr;
    cut = cut ? cut + 1 : end;
    const int first_line = parts.empty() ? 1 : parts.back().first_line + static_cast<int>(parts.back().lines);
    parts.push_back({p, cut, first_line, static_cast<std::size_t>(std::count(p, cut, '\n'))});
    p = cut;
  }
  // Each part writes into its own stretch of one array, which blank and
  // comment lines leave gaps in; they are closed up in order.
  std::vector<double> loads(parts.back().first_line + parts.back().lines);
  std::vector<std::size_t> written(parts.size());
  on_every_core(parts.size(), [&](std::size_t i) {
    written[i] = parse_loads(parts[i].begin, parts[i].end, parts[i].first_line, &loads[parts[i].first_line - 1], path);
  });
  std::size_t size = written[0];
  for (std::size_t i = 1; i < parts.size(); ++i) {
    const auto from = loads.begin() + (parts[i].first_line - 1);
    if (size != std::size_t(parts[i].first_line - 1)) std::copy(from, from + std::ptrdiff_t(written[i]), loads.begin() + std::ptrdiff_t(size));
    size += written[i];
  }
  loads.resize(size);
  check_loads(loads, path);
  return loads;
}

}  // namespace pacer::sched
