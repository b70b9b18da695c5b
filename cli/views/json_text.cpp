#include "cli/views/json_text.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstring>
#include <string_view>

#include "framework/every_core.hpp"

namespace pacer::cli {

namespace {

using json = nlohmann::ordered_json;

// The shortest text that reads back as the same double, in nlohmann's
// notation: fixed from 1e-4 up to 1e15, an exponent outside; a whole number
// keeps its ".0" so that it reads back as a float, and what JSON cannot hold
// (NaN, infinity) is null. Written at `p`, which has room for kNumberChars.
constexpr size_t kNumberChars = 400;  // the longest fixed form below 1e15, and more
char* number_chars(char* p, double v) {
  if (!std::isfinite(v)) return std::copy_n("null", 4, p);
  const double magnitude = std::fabs(v);
  // Most values are counts: a whole number prints as its digits and ".0",
  // with no search for the shortest form.
  if (magnitude < 1e15 && v == std::trunc(v) && (v != 0 || !std::signbit(v))) {
    p = std::to_chars(p, p + 24, static_cast<long long>(v)).ptr;
    return std::copy_n(".0", 2, p);
  }
  const auto format = magnitude == 0 || (magnitude >= 1e-4 && magnitude < 1e15) ? std::chars_format::fixed
                                                                                : std::chars_format::scientific;
  char* end = std::to_chars(p, p + kNumberChars - 2, v, format).ptr;
  if (std::none_of(p, end, [](char c) { return c == '.' || c == 'e' || c == 'n'; })) end = std::copy_n(".0", 2, end);
  return end;
}

void append_number(std::string& out, double v) {
  char buf[kNumberChars];
  out.append(buf, number_chars(buf, v));
}

template <class Int>
void append_integer(std::string& out, Int v) {
  char buf[24];
  out.append(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
}

// The bytes JSON text carries as they are: printable ASCII but the quote and
// the backslash. A table, as every key and string value is checked.
constexpr std::array<bool, 256> kPlain = [] {
  std::array<bool, 256> t{};
  for (int c = 0x20; c < 0x7f; ++c) t[c] = c != '"' && c != '\\';
  return t;
}();

bool plain(std::string_view s) {
  for (unsigned char c : s)
    if (!kPlain[c]) return false;
  return true;
}

// Plain but for the paper notation's multiplication dot (U+00B7, the bytes
// C2 B7), which JSON text carries as it is: every formula_paper has it.
bool plain_or_dot(std::string_view s) {
  for (size_t i = 0; i < s.size(); ++i) {
    if (kPlain[static_cast<unsigned char>(s[i])]) continue;
    if (s[i] == '\xC2' && i + 1 < s.size() && s[i + 1] == '\xB7') {
      ++i;
      continue;
    }
    return false;
  }
  return true;
}

// nlohmann's escaping, without a json value per string in the common case
// of printable ASCII with nothing to escape.
void append_string(std::string& out, std::string_view s) {
  if (!plain_or_dot(s)) return void(out += json(std::string(s)).dump());
  out += '"';
  out.append(s);
  out += '"';
}

bool scalar(const json& j) { return j.is_number() || j.is_boolean() || j.is_null(); }

void append(std::string& out, const json& j, int depth) {
  const auto indent = [&](int d) { out.append(static_cast<size_t>(2 * d), ' '); };
  switch (j.type()) {
    case json::value_t::number_float: return append_number(out, j.get<double>());
    case json::value_t::number_integer: return append_integer(out, j.get<std::int64_t>());
    case json::value_t::number_unsigned: return append_integer(out, j.get<std::uint64_t>());
    case json::value_t::object: {
      if (j.empty()) return void(out += "{}");
      out += "{\n";
      bool first = true;
      for (const auto& [key, value] : j.items()) {
        if (!first) out += ",\n";
        first = false;
        indent(depth + 1);
        append_string(out, key);
        out += ": ";
        append(out, value, depth + 1);
      }
      out += '\n';
      indent(depth);
      return void(out += '}');
    }
    case json::value_t::array: {
      if (j.empty()) return void(out += "[]");
      const bool row = std::all_of(j.begin(), j.end(), scalar);
      out += row ? "[" : "[\n";
      bool first = true;
      for (const auto& value : j) {
        if (!first) out += row ? ", " : ",\n";
        first = false;
        if (!row) indent(depth + 1);
        append(out, value, depth + 1);
      }
      if (!row) {
        out += '\n';
        indent(depth);
      }
      return void(out += ']');
    }
    default: out += j.dump();  // strings (escaped), booleans, null
  }
}

void append_numbers(std::string& out, const NumberColumn& c, std::size_t begin, std::size_t end) {
  for (std::size_t i = begin; i < end; ++i) {
    if (i) out += ", ";
    if (c.reals) append_number(out, c.reals[i]);
    else append_integer(out, c.integers[i]);
  }
}

// One slice of one column, formatted on its own thread.
struct Slice {
  const NumberColumn* column;
  std::size_t begin, end;
  std::string text;
};

// Shortest round-trip formatting costs ~40 ns a number, more than the
// simulation that made a million of them, so long columns are cut into
// slices that every core takes in turn; they are joined in order.
std::vector<Slice> format_slices(const std::vector<NumberColumn>& columns) {
  constexpr std::size_t per_slice = 1 << 16;
  std::vector<Slice> slices;
  for (const auto& c : columns)
    for (std::size_t b = 0; b == 0 || b < c.size; b += per_slice) slices.push_back({&c, b, std::min(c.size, b + per_slice), {}});
  on_every_core(slices.size(), [&](std::size_t i) {
    Slice& s = slices[i];
    s.text.reserve(24 * (s.end - s.begin));
    append_numbers(s.text, *s.column, s.begin, s.end);
  });
  return slices;
}

}  // namespace

NumberColumn column(std::string key, const std::vector<double>& v) { return {std::move(key), v.data(), nullptr, v.size()}; }
NumberColumn column(std::string key, const std::vector<int>& v) { return {std::move(key), nullptr, v.data(), v.size()}; }

std::vector<std::string> json_text(const json& head, const std::vector<NumberColumn>& columns) {
  std::vector<std::string> pieces = {json_text(head)};
  if (columns.empty()) return pieces;
  std::string& out = pieces[0];
  out.resize(out.size() - 2);  // reopen the object: drop "}\n"
  while (!out.empty() && out.back() == '\n') out.pop_back();
  bool first = out.back() == '{';
  for (Slice& s : format_slices(columns)) {
    if (s.begin == 0) {
      pieces.back() += first ? "\n  " : ",\n  ";
      first = false;
      pieces.back() += json(s.column->key).dump();
      pieces.back() += ": [";
    }
    pieces.push_back(std::move(s.text));
    if (s.end == s.column->size) pieces.back() += ']';
  }
  pieces.back() += "\n}\n";
  return pieces;
}

std::string json_text(const json& j) {
  std::string out;
  append(out, j, 0);
  out += '\n';
  return out;
}

char* JsonWriter::make_room(size_t n) {
  if (sink_ && used_ > 0) {
    sink_->write(buf_.data(), static_cast<std::streamsize>(used_));
    used_ = 0;
  }
  // With a stream the buffer stays a chunk; alone it doubles.
  if (used_ + n > buf_.size()) buf_.resize(std::max({used_ + n, sink_ ? chunk : 2 * buf_.size(), chunk}));
  return buf_.data() + used_;
}

void JsonWriter::put(std::string_view s) {
  std::memcpy(room(s.size()), s.data(), s.size());
  used_ += s.size();
}

// nlohmann's escaping, without a json value per string in the common case
// of printable ASCII with nothing to escape.
void JsonWriter::put_string(std::string_view s) {
  if (!plain_or_dot(s)) return put(json(std::string(s)).dump());
  char* p = room(s.size() + 2);
  *p++ = '"';
  std::memcpy(p, s.data(), s.size());
  p += s.size();
  *p++ = '"';
  done(p);
}

// Needs room for 1 + 2 * depth bytes.
char* JsonWriter::newline(char* p) const {
  const size_t indent = 2 * open_.size();
  *p++ = '\n';
  std::memset(p, ' ', indent);
  return p + indent;
}

void JsonWriter::before_value() {
  if (after_key_) return void(after_key_ = false);
  if (open_.empty()) return;
  Level& l = open_.back();
  char* p = room(2 * open_.size() + 2);
  if (l.row) {
    if (!l.empty) *p++ = ',', *p++ = ' ';
  } else {
    if (!l.empty) *p++ = ',';
    p = newline(p);
  }
  done(p);
  l.empty = false;
}

void JsonWriter::close(char bracket) {
  const Level l = open_.back();
  open_.pop_back();
  char* p = room(2 * open_.size() + 2);
  if (!l.empty && !l.row) p = newline(p);
  *p++ = bracket;
  done(p);
}

JsonWriter& JsonWriter::begin_object() {
  before_value();
  put('{');
  open_.push_back({});
  return *this;
}

JsonWriter& JsonWriter::end_object() {
  close('}');
  return *this;
}

JsonWriter& JsonWriter::begin_array(bool row) {
  before_value();
  put('[');
  open_.push_back({row, true});
  return *this;
}

JsonWriter& JsonWriter::end_array() {
  close(']');
  return *this;
}

JsonWriter& JsonWriter::key(std::string_view k) {
  Level& l = open_.back();
  const bool quoted_as_is = plain(k);
  char* p = room(2 * open_.size() + k.size() + 6);
  if (!l.empty) *p++ = ',';
  p = newline(p);
  if (quoted_as_is) {
    *p++ = '"';
    std::memcpy(p, k.data(), k.size());
    p += k.size();
    *p++ = '"';
    *p++ = ':';
    *p++ = ' ';
    done(p);
  } else {
    done(p);
    put_string(k);
    put(": ");
  }
  l.empty = false;
  after_key_ = true;
  return *this;
}

JsonWriter& JsonWriter::value(std::string_view s) {
  before_value();
  put_string(s);
  return *this;
}

JsonWriter& JsonWriter::value(double v) {
  before_value();
  done(number_chars(room(kNumberChars), v));
  return *this;
}

JsonWriter& JsonWriter::value(long long v) {
  before_value();
  char* p = room(24);
  done(std::to_chars(p, p + 24, v).ptr);
  return *this;
}

JsonWriter& JsonWriter::value(bool v) {
  before_value();
  put(v ? "true" : "false");
  return *this;
}

JsonWriter& JsonWriter::null() {
  before_value();
  put("null");
  return *this;
}

JsonWriter& JsonWriter::value(const json& j) {
  before_value();
  std::string text;
  append(text, j, static_cast<int>(open_.size()));
  put(text);
  return *this;
}

std::string JsonWriter::take() {
  put('\n');
  open_.clear();
  after_key_ = false;
  if (sink_) {
    sink_->write(buf_.data(), static_cast<std::streamsize>(used_));
    used_ = 0;
    return {};
  }
  buf_.resize(used_);
  used_ = 0;
  std::string text = std::move(buf_);
  buf_.clear();
  return text;
}

}  // namespace pacer::cli
