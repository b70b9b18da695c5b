// JSON as every command prints it: indented by two like nlohmann's dump(2),
// but an array of numbers stays on one line, written with std::to_chars. A
// simulation's million-entry assignment then prints in milliseconds and reads
// as a row, not a million lines.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace pacer::cli {

std::string json_text(const nlohmann::ordered_json& j);

// A long array of numbers taken straight from a result, not copied into a
// JSON tree first (a million json values cost more than the simulation that
// made them). The view points at the data; it must outlive the call.
struct NumberColumn {
  std::string key;
  const double* reals = nullptr;  // one of the two
  const int* integers = nullptr;
  std::size_t size = 0;
};
NumberColumn column(std::string key, const std::vector<double>& v);
NumberColumn column(std::string key, const std::vector<int>& v);

// The object `head` followed by the columns as its last members, in pieces
// to be written one after the other (joining them would copy every number).
std::vector<std::string> json_text(const nlohmann::ordered_json& head, const std::vector<NumberColumn>& columns);

}  // namespace pacer::cli
