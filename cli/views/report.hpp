// What every view and command shares: tables as text or CSV, plots drawn by
// gnuplot, and writing output only once it is complete (an error never leaves
// half a report). Figures are formatted by framework/format.
#pragma once
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "framework/format.hpp"
#include "framework/hardware.hpp"

namespace pacer::cli {

using json = nlohmann::ordered_json;

class Table {
 public:
  explicit Table(std::vector<std::string> header) : header_(std::move(header)) {}
  void add(std::vector<std::string> row) { rows_.push_back(std::move(row)); }
  std::string text() const;
  std::string csv() const;

 private:
  std::vector<std::string> header_;
  std::vector<std::vector<std::string>> rows_;
};

// The whole file or nothing: writes beside `path`, then renames. `what`
// names the output in the error ("the profile").
void write_atomically(const std::string& path, const std::string& content, const std::string& what);

// Draws a PNG with gnuplot: `script` plots from the named data blocks
// ($name), each given as whitespace-separated columns. The picture appears
// at `png` only if gnuplot succeeds.
struct DataBlock {
  std::string name;  // without the '$'
  std::string rows;
};
void plot_png(const std::string& png, const std::string& script, const std::vector<DataBlock>& data);

// Writes the whole of `content` to stdout.
void emit(const std::string& content);
void emit(const std::vector<std::string>& pieces);
void emit(const json& j);

// NAME=VALUE items of a repeatable --param, each name once.
std::map<std::string, double> parse_assignments(const std::vector<std::string>& items);

}  // namespace pacer::cli
