#include "templates/speedup/speedup_data.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <tuple>

#include "framework/error.hpp"
#include "framework/number.hpp"
#include "framework/statistics.hpp"

namespace pacer {
namespace {

std::vector<std::string> split_csv(const std::string& line) {
  std::vector<std::string> out;
  std::string cell;
  std::istringstream is(line);
  while (std::getline(is, cell, ',')) {
    cell.erase(0, cell.find_first_not_of(" \t\r"));
    cell.erase(cell.find_last_not_of(" \t\r") + 1);
    out.push_back(cell);
  }
  return out;
}

double positive_number(const std::string& text, const SourceLocation& where, const std::string& field) {
  const auto v = parse_number(text);
  if (!v) throw InputError(where, field, "'" + text + "' is not a number");
  if (*v <= 0) throw InputError(where, field, "must be positive (got " + text + ")");
  return *v;
}

struct Columns {
  int cores = -1, cpu = -1, mem = -1, time = -1, speedup = -1;
};

Columns header_columns(const std::vector<std::string>& header, const SourceLocation& where) {
  Columns c;
  for (int i = 0; i < int(header.size()); ++i) {
    const std::string& h = header[std::size_t(i)];
    if (h == "cores") c.cores = i;
    if (h == "cpu_freq_hz") c.cpu = i;
    if (h == "mem_freq_hz") c.mem = i;
    if (h == "time_s") c.time = i;
    if (h == "speedup") c.speedup = i;
  }
  std::string missing;
  for (auto [col, name] : {std::pair{c.cores, "cores"}, {c.cpu, "cpu_freq_hz"}, {c.mem, "mem_freq_hz"}})
    if (col < 0) missing += std::string(missing.empty() ? "" : ", ") + name;
  if (c.time < 0 && c.speedup < 0) missing += std::string(missing.empty() ? "" : ", ") + "time_s or speedup";
  if (!missing.empty())
    throw InputError(where, "header",
                     "missing column(s) " + missing + " (expected cores,cpu_freq_hz,mem_freq_hz,time_s or ...,speedup)");
  if (c.time >= 0 && c.speedup >= 0) throw InputError(where, "header", "give time_s or speedup, not both");
  return c;
}

}  // namespace

SpeedupColumns columns_of(const std::vector<SpeedupPoint>& points) {
  SpeedupColumns c;
  for (const auto& p : points) c.add(p.cores, p.phi(), p.speedup);
  return c;
}

SpeedupColumns SpeedupData::columns() const { return columns_of(points); }

SpeedupData read_speedup_csv(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError("cannot read '" + path + "'");
  std::string line;
  int line_no = 0;
  std::vector<std::string> header;
  while (header.empty() && std::getline(in, line)) {
    ++line_no;
    if (!line.empty() && line[0] != '#' && line.find_first_not_of(" \t\r") != std::string::npos) header = split_csv(line);
  }
  if (header.empty()) throw InputError(SourceLocation{path, 0}, "", "empty file: no header and no measurements");
  const Columns c = header_columns(header, {path, line_no});
  std::vector<SpeedupRun> runs;
  SpeedupData data;
  data.file = path;
  data.from_times = c.time >= 0;
  while (std::getline(in, line)) {
    ++line_no;
    if (line.empty() || line[0] == '#' || line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const SourceLocation where{path, line_no};
    const auto cells = split_csv(line);
    if (cells.size() != header.size())
      throw InputError(where, "", "has " + std::to_string(cells.size()) + " values, the header has " +
                                      std::to_string(header.size()));
    const double cores = positive_number(cells[std::size_t(c.cores)], where, "cores");
    if (cores != std::floor(cores) || cores > 1e6) throw InputError(where, "cores", "must be a whole number of cores");
    const double cpu = positive_number(cells[std::size_t(c.cpu)], where, "cpu_freq_hz");
    const double mem = positive_number(cells[std::size_t(c.mem)], where, "mem_freq_hz");
    ++data.rows;
    if (data.from_times)
      runs.push_back({int(cores), cpu, mem, positive_number(cells[std::size_t(c.time)], where, "time_s")});
    else
      data.points.push_back({cores, cpu, mem, positive_number(cells[std::size_t(c.speedup)], where, "speedup")});
  }
  if (data.rows == 0) throw InputError(SourceLocation{path, line_no}, "", "no measurements after the header");
  if (!data.from_times) return data;
  SpeedupData fromt = speedups_from_times(runs, path);
  fromt.rows = data.rows;
  return fromt;
}

SpeedupData speedups_from_times(const std::vector<SpeedupRun>& runs, const std::string& origin) {
  using Config = std::tuple<double, double, int>;  // cpu, mem, cores
  std::map<Config, std::vector<double>> times;
  for (const auto& r : runs) times[{r.cpu_hz, r.mem_hz, r.cores}].push_back(r.time_s);
  SpeedupData data;
  data.file = origin;
  data.from_times = true;
  data.rows = runs.size();
  for (const auto& [config, t] : times) {
    auto [cpu, mem, cores] = config;
    if (cores == 1) {
      ++data.references;
      continue;
    }
    auto one = times.find({cpu, mem, 1});
    if (one == times.end()) {
      std::ostringstream os;
      os << "no one-core time at cpu_freq_hz=" << cpu << ", mem_freq_hz=" << mem
         << ": the speedup of a run is T_s / T_p with T_s measured on one core at the same frequencies";
      throw InputError(SourceLocation{origin, 0}, "time_s", os.str());
    }
    data.points.push_back({double(cores), cpu, mem, median(one->second) / median(t)});
  }
  if (data.points.empty())
    throw InputError(SourceLocation{origin, 0}, "cores", "only one-core runs: no speedup to fit");
  return data;
}

std::string measurements_csv(const std::vector<SpeedupRun>& runs) {
  std::ostringstream os;
  os.precision(10);
  os << "cores,cpu_freq_hz,mem_freq_hz,time_s\n";
  for (const auto& r : runs) os << r.cores << ',' << r.cpu_hz << ',' << r.mem_hz << ',' << r.time_s << '\n';
  return os.str();
}

std::string speedups_csv(const std::vector<SpeedupPoint>& points) {
  std::ostringstream os;
  os.precision(10);
  os << "cores,cpu_freq_hz,mem_freq_hz,speedup\n";
  for (const auto& p : points) os << p.cores << ',' << p.cpu_hz << ',' << p.mem_hz << ',' << p.speedup << '\n';
  return os.str();
}

}  // namespace pacer
