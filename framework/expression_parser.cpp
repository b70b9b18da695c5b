#include "framework/expression_parser.hpp"

#include <cctype>
#include <cstdlib>
#include <string>

#include "framework/error.hpp"

namespace pacer {

namespace {

class Parser {
 public:
  explicit Parser(const std::string& text) : s_(text) {}

  Expr parse() {
    Expr e = expression();
    skip_space();
    if (pos_ != s_.size()) fail("unexpected '" + s_.substr(pos_, 1) + "'");
    return e;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw InputError("formula '" + s_ + "', column " + std::to_string(pos_ + 1) + ": " + what);
  }

  void skip_space() {
    while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
  }

  bool accept(const std::string& token) {
    skip_space();
    if (s_.compare(pos_, token.size(), token) == 0) {
      pos_ += token.size();
      return true;
    }
    return false;
  }

  void expect(const std::string& token) {
    if (!accept(token)) fail("expected '" + token + "'");
  }

  // Formulas nest a few levels deep. The parser recurses, as do the walks
  // of the tree it makes, so a limit keeps a formula nested thousands deep
  // from overflowing the stack: it is refused instead.
  static constexpr int kMaxDepth = 500;
  class Nested {
   public:
    explicit Nested(Parser& p) : p_(p) {
      if (++p_.depth_ > kMaxDepth) p_.fail("nested more than " + std::to_string(kMaxDepth) + " deep");
    }
    ~Nested() { --p_.depth_; }
    Nested(const Nested&) = delete;
    Nested& operator=(const Nested&) = delete;

   private:
    Parser& p_;
  };

  Expr expression() {
    Nested nested(*this);
    Expr e = term();
    for (;;) {
      if (accept("+")) e = add(e, term());
      else if (accept("-")) e = sub(e, term());
      else return e;
    }
  }

  Expr term() {
    Expr e = unary();
    for (;;) {
      if (accept("*") || accept("\u00b7")) e = mul(e, unary());
      else if (accept("/")) e = div(e, unary());
      else return e;
    }
  }

  Expr unary() {
    if (accept("-")) {
      Nested nested(*this);
      return neg(unary());
    }
    if (accept("+")) {
      Nested nested(*this);
      return unary();
    }
    return primary();
  }

  std::string identifier() {
    skip_space();
    size_t start = pos_;
    while (pos_ < s_.size() &&
           (std::isalnum(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '_' || s_[pos_] == '.'))
      ++pos_;
    if (start == pos_) fail("expected a name");
    return s_.substr(start, pos_ - start);
  }

  Expr primary() {
    skip_space();
    if (pos_ >= s_.size()) fail("unexpected end of formula");
    char c = s_[pos_];
    if (accept("(")) {
      Expr e = expression();
      expect(")");
      return e;
    }
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') return number();
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') return named();
    fail("unexpected '" + std::string(1, c) + "'");
  }

  Expr number() {
    const char* begin = s_.c_str() + pos_;
    char* end = nullptr;
    double v = std::strtod(begin, &end);
    if (end == begin) fail("bad number");
    pos_ += static_cast<size_t>(end - begin);
    return constant(v);
  }

  Expr named() {
    std::string name = identifier();
    if (!accept("(")) return param(name);
    if (name == "t") {
      std::string v = identifier();
      if (v.rfind("v_", 0) != 0 || v.size() == 2) fail("expected t(v_NAME)");
      expect(")");
      return node_time(v.substr(2));
    }
    if (name == "T") {
      std::string f = identifier();
      expect(")");
      return call_time(f);
    }
    std::vector<Expr> args;
    if (!accept(")")) {
      do args.push_back(expression());
      while (accept(","));
      expect(")");
    }
    if (!is_known_function(name, args.size()))
      fail("unknown function '" + name + "' with " + std::to_string(args.size()) + " argument(s)");
    return func(name, std::move(args));
  }

  const std::string& s_;
  size_t pos_ = 0;
  int depth_ = 0;
};

}  // namespace

Expr parse_expression(const std::string& text) { return Parser(text).parse(); }

}  // namespace pacer
