#include "cli/views/report.hpp"

#include "cli/views/json_text.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "framework/error.hpp"
#include "framework/number.hpp"
#include "framework/process_group.hpp"
#include "framework/program_run.hpp"

namespace pacer::cli {

namespace {

// A column of figures ("640 ns", "-2.3%", "1000") is right-aligned so that
// their digits line up; a column of words or paths is left-aligned.
bool is_figure(const std::string& cell) {
  return cell.empty() || std::isdigit(static_cast<unsigned char>(cell[0])) ||
         ((cell[0] == '-' || cell[0] == '+' || cell[0] == '.') && cell.size() > 1 &&
          (std::isdigit(static_cast<unsigned char>(cell[1])) || cell[1] == '.'));
}

}  // namespace

std::string Table::text() const {
  const size_t columns = header_.size();
  std::vector<size_t> width(columns, 0);
  std::vector<bool> right(columns, true);
  for (size_t i = 0; i < columns; ++i) width[i] = header_[i].size();
  for (const auto& r : rows_)
    for (size_t i = 0; i < r.size() && i < columns; ++i) {
      width[i] = std::max(width[i], r[i].size());
      right[i] = right[i] && i > 0 && is_figure(r[i]);
    }
  if (rows_.empty()) std::fill(right.begin(), right.end(), false);
  std::ostringstream os;
  auto line = [&](const std::vector<std::string>& row) {
    std::string out;
    for (size_t i = 0; i < row.size(); ++i) {
      const size_t pad = i < columns && width[i] > row[i].size() ? width[i] - row[i].size() : 0;
      if (i > 0) out += "  ";
      if (i < columns && right[i]) out += std::string(pad, ' ') + row[i];
      else out += row[i] + std::string(pad, ' ');
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    os << out << '\n';
  };
  line(header_);
  size_t total = 0;
  for (size_t w : width) total += w + 2;
  os << std::string(total > 2 ? total - 2 : 0, '-') << '\n';
  for (const auto& r : rows_) line(r);
  return os.str();
}

std::string Table::csv() const {
  std::ostringstream os;
  auto line = [&](const std::vector<std::string>& row) {
    for (size_t i = 0; i < row.size(); ++i) {
      bool quote = row[i].find_first_of(",\"\n") != std::string::npos;
      if (i) os << ',';
      if (quote) {
        os << '"';
        for (char c : row[i]) os << (c == '"' ? "\"\"" : std::string(1, c));
        os << '"';
      } else {
        os << row[i];
      }
    }
    os << '\n';
  };
  line(header_);
  for (const auto& r : rows_) line(r);
  return os.str();
}

// Under mpirun only rank 0 prints: the ranks share one study's work, and
// every rank would print the same report.
void emit(const std::string& content) {
  if (!root_process()) return;
  std::cout << content;
  std::cout.flush();
}

void emit(const std::vector<std::string>& pieces) {
  if (!root_process()) return;
  for (const auto& piece : pieces) std::cout << piece;
  std::cout.flush();
}

void emit(const json& j) { emit(json_text(j)); }


std::map<std::string, double> parse_assignments(const std::vector<std::string>& items) {
  std::map<std::string, double> out;
  for (const auto& item : items) {
    const auto eq = item.find('=');
    if (eq == std::string::npos || eq == 0) throw InputError("--param " + item + ": expected NAME=VALUE");
    const std::string name = item.substr(0, eq), text = item.substr(eq + 1);
    const auto v = parse_number(text);
    if (!v) throw InputError("--param " + item + ": '" + text + "' is not a number");
    if (out.count(name)) throw InputError("--param " + name + " is given twice");
    out[name] = *v;
  }
  return out;
}

}  // namespace pacer::cli

namespace pacer::cli {

void write_atomically(const std::string& path, const std::string& content, const std::string& what) {
  std::string tmp = path + ".tmp";
  {
    std::ofstream f(tmp);
    f << content;
    if (!f) {
      std::filesystem::remove(tmp);
      throw InputError(SourceLocation{path, 0}, "", "cannot write " + what);
    }
  }
  std::filesystem::rename(tmp, path);
}

void plot_png(const std::string& png, const std::string& script, const std::vector<DataBlock>& data) {
  if (png.find('\'') != std::string::npos) throw InputError("--plot " + png + ": the path may not contain a quote");
  std::string tmp_png = png + ".tmp.png", tmp_script = png + ".tmp.gp";
  std::ostringstream gp;
  gp << "set terminal pngcairo size 1100,500 noenhanced font ',10'\n"
     << "set output '" << tmp_png << "'\n";
  for (const auto& d : data) gp << '$' << d.name << " << EOD\n" << d.rows << "EOD\n";
  gp << script << '\n';
  write_atomically(tmp_script, gp.str(), "the gnuplot script");
  ProgramRun run;
  std::string log;
  try {
    log = capture_output({"gnuplot", tmp_script}, &run, true);
  } catch (const InputError&) {
    std::filesystem::remove(tmp_script);
    throw InputError("cannot run gnuplot (is it installed? setup.sh installs gnuplot-nox)");
  }
  std::filesystem::remove(tmp_script);
  if (!run.ok() || !std::filesystem::exists(tmp_png)) {
    std::filesystem::remove(tmp_png);
    throw InputError("gnuplot could not draw " + png + (log.empty() ? std::string() : ": " + log));
  }
  std::filesystem::rename(tmp_png, png);
}

}  // namespace pacer::cli
