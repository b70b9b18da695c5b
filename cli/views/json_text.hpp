// JSON as every command prints it: indented by two like nlohmann's dump(2),
// but an array of numbers stays on one line, written with std::to_chars. A
// simulation's million-entry assignment then prints in milliseconds and reads
// as a row, not a million lines.
#pragma once
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <string_view>
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

// The same text written member by member, with no tree: a view of a large
// result (the analysis of a 50,000-line file) builds no million json values
// only to print and free them. Keys and values are written in call order;
// an array opened as a `row` must hold only numbers, booleans and nulls.
//
// Given a stream, the writer hands its text over in chunks as it goes, so
// that a 20 MB analysis never stands whole in memory (each page of a string
// that large is a page fault on its first write, and each doubling a copy).
class JsonWriter {
 public:
  JsonWriter() = default;
  explicit JsonWriter(std::ostream& sink) : sink_(&sink) {}
  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array(bool row = false);
  JsonWriter& end_array();
  JsonWriter& key(std::string_view k);
  JsonWriter& value(std::string_view s);
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(const std::string& s) { return value(std::string_view(s)); }
  JsonWriter& value(double v);
  JsonWriter& value(int v) { return value(static_cast<long long>(v)); }
  JsonWriter& value(long long v);
  JsonWriter& value(bool v);
  JsonWriter& null();
  JsonWriter& value(const nlohmann::ordered_json& j);  // a small tree, as json_text writes it
  // A member: key(k).value(v).
  template <class V>
  JsonWriter& member(std::string_view k, const V& v) {
    key(k);
    return value(v);
  }
  // The text, ending in a newline; the writer is left empty. With a
  // stream, the rest of the text goes to it and the string is empty.
  std::string take();

 private:
  struct Level {
    bool row = false;
    bool empty = true;
  };
  static constexpr size_t chunk = 1 << 16;
  // The text is written straight into `buf_`, of which the first `used_`
  // bytes are written: each piece asks for room once and copies itself in,
  // with none of std::string::append's checks and calls per piece (an
  // analysis writes millions of pieces).
  char* room(size_t n) { return used_ + n <= buf_.size() ? buf_.data() + used_ : make_room(n); }
  char* make_room(size_t n);  // hands a stream what is written, or grows
  void done(const char* end) { used_ = static_cast<size_t>(end - buf_.data()); }
  void put(std::string_view s);
  void put(char c) { *room(1) = c, ++used_; }
  void put_string(std::string_view s);  // quoted and escaped
  void before_value();
  char* newline(char* p) const;  // a new line at the depth of what is open
  void close(char bracket);
  std::vector<Level> open_;
  std::string buf_;
  size_t used_ = 0;
  std::ostream* sink_ = nullptr;
  bool after_key_ = false;
};

}  // namespace pacer::cli
