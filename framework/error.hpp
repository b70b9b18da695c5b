// Errors are values with context: where the bad input is (file, line) and
// which field is wrong. The library throws; only the program decides how to
// exit (bad input exits with status 2).
#pragma once
#include <compare>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>

namespace pacer {

// A file's name, shared rather than copied: a large model names its file in
// each of tens of thousands of nodes, and a copy of a path longer than a
// std::string holds in place (15 characters) was an allocation each. It
// reads as the std::string it holds.
class FileName {
 public:
  FileName() = default;
  FileName(std::string name) : name_(name.empty() ? nullptr : std::make_shared<const std::string>(std::move(name))) {}
  FileName(const char* name) : FileName(std::string(name)) {}
  const std::string& str() const { return name_ ? *name_ : none(); }
  operator const std::string&() const { return str(); }
  bool empty() const { return !name_; }
  const char* c_str() const { return str().c_str(); }
  size_t size() const { return str().size(); }
  friend bool operator==(const FileName& a, const FileName& b) { return a.name_ == b.name_ || a.str() == b.str(); }
  friend bool operator==(const FileName& a, const std::string& b) { return a.str() == b; }
  friend bool operator==(const FileName& a, const char* b) { return a.str() == b; }
  friend std::strong_ordering operator<=>(const FileName& a, const FileName& b) {
    return a.name_ == b.name_ ? std::strong_ordering::equal : a.str() <=> b.str();
  }
  friend std::string operator+(const FileName& a, const std::string& b) { return a.str() + b; }
  friend std::string operator+(const FileName& a, const char* b) { return a.str() + b; }
  friend std::string operator+(const std::string& a, const FileName& b) { return a + b.str(); }
  friend std::string operator+(const char* a, const FileName& b) { return a + b.str(); }
  friend std::ostream& operator<<(std::ostream& os, const FileName& f) { return os << f.str(); }

 private:
  static const std::string& none() {
    static const std::string empty;
    return empty;
  }
  std::shared_ptr<const std::string> name_;
};

// A place in a user's file: a model, a hardware description or C source.
struct SourceLocation {
  FileName file;
  int line = 0;  // 0 when unknown
  std::string str() const {
    if (file.empty()) return {};
    return line > 0 ? file + ":" + std::to_string(line) : file.str();
  }
};

// A span of lines in a user's file: where a SEG node's code is.
struct SourceRange {
  FileName file;
  int line = 0;
  int end_line = 0;
  bool empty() const { return file.empty(); }
  std::string str() const {
    if (file.empty()) return {};
    std::string out = file + ":" + std::to_string(line);
    return end_line > line ? out + "-" + std::to_string(end_line) : out;
  }
};

// Exceptions cross from the modules (built with hidden visibility) into the
// program, so their type information must be one object, visible to all:
// otherwise each module has its own copy, and UBSan's type checks (and any
// comparison of type_info by address) see two different types.
#define PACER_EXCEPTION __attribute__((visibility("default")))

// Bad input from the user: a file, a field, a parameter value.
class PACER_EXCEPTION InputError : public std::runtime_error {
 public:
  InputError(SourceLocation where, std::string field, const std::string& message)
      : std::runtime_error(compose(where, field, message)),
        where_(std::move(where)), field_(std::move(field)) {}
  explicit InputError(const std::string& message) : std::runtime_error(message) {}

  const SourceLocation& where() const { return where_; }
  const std::string& field() const { return field_; }

 private:
  static std::string compose(const SourceLocation& where, const std::string& field,
                             const std::string& message) {
    std::string out = where.str();
    if (!field.empty()) out += (out.empty() ? "" : ": ") + std::string("field '") + field + "'";
    return out.empty() ? message : out + ": " + message;
  }
  SourceLocation where_;
  std::string field_;
};

// Something this machine cannot do (no energy counters, no frequency
// control): not the user's mistake, but nothing can be printed for it.
class PACER_EXCEPTION Unavailable : public std::runtime_error {
 public:
  explicit Unavailable(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace pacer
