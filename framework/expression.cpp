#include "framework/expression.hpp"

#include <algorithm>
#include <cmath>
#include <charconv>
#include <string_view>

#include "framework/error.hpp"

namespace pacer {

namespace {

Expr make(ExprKind kind, std::vector<Expr> args = {}, std::string name = {}, double value = 0) {
  auto n = std::make_shared<ExprNode>();
  n->kind = kind;
  n->args = std::move(args);
  n->name = std::move(name);
  n->value = value;
  return n;
}

double apply_function(const std::string& name, const std::vector<double>& a) {
  if (name == "min") return std::min(a[0], a[1]);
  if (name == "max") return std::max(a[0], a[1]);
  if (name == "log2") return std::log2(a[0]);
  if (name == "ceil") return std::ceil(a[0]);
  if (name == "floor") return std::floor(a[0]);
  if (name == "sqrt") return std::sqrt(a[0]);
  if (name == "abs") return std::fabs(a[0]);
  if (name == "pow") return std::pow(a[0], a[1]);
  throw InputError("unknown function '" + name + "' in a formula");
}

// Flattening keeps a·(b·c) as a·b·c so nested loops print as the paper's
// N_cols · N_rows · t(v_dtpr).
void append_flat(std::vector<Expr>& terms, const Expr& e, ExprKind kind) {
  if (e->kind == kind) {
    terms.insert(terms.end(), e->args.begin(), e->args.end());
  } else {
    terms.push_back(e);
  }
}

}  // namespace

bool is_known_function(const std::string& name, size_t arity) {
  static const std::map<std::string, size_t> kArity = {
      {"min", 2}, {"max", 2}, {"log2", 1}, {"ceil", 1}, {"floor", 1},
      {"sqrt", 1}, {"abs", 1}, {"pow", 2}};
  auto it = kArity.find(name);
  return it != kArity.end() && it->second == arity;
}

Expr constant(double v) {
  // Nodes are never changed once made, so the two constants every formula
  // starts from or folds to are made once (a large file's analysis made
  // tens of thousands of each).
  static const Expr zero = make(ExprKind::Const, {}, {}, 0.0), one = make(ExprKind::Const, {}, {}, 1.0);
  if (v == 0 && !std::signbit(v)) return zero;
  if (v == 1) return one;
  return make(ExprKind::Const, {}, {}, v);
}
Expr param(const std::string& name) { return make(ExprKind::Param, {}, name); }
Expr node_time(const std::string& vector_name) { return make(ExprKind::Time, {}, vector_name); }
Expr call_time(const std::string& function) { return make(ExprKind::Call, {}, function); }

bool is_const(const Expr& e, double v) { return e->kind == ExprKind::Const && e->value == v; }

Expr add(Expr a, Expr b) {
  if (is_const(a, 0)) return b;
  if (is_const(b, 0)) return a;
  if (a->kind == ExprKind::Const && b->kind == ExprKind::Const) return constant(a->value + b->value);
  std::vector<Expr> terms;
  append_flat(terms, a, ExprKind::Add);
  append_flat(terms, b, ExprKind::Add);
  return make(ExprKind::Add, std::move(terms));
}

// The fold add(add(add(0, t1), t2), ...) in one pass: the terms gathered
// into one list, where the fold copied the list at every term.
Expr sum(const std::vector<Expr>& terms) {
  Expr total = constant(0);
  std::vector<Expr> gathered;  // once two terms did not fold into one
  for (const auto& t : terms) {
    if (!gathered.empty()) {
      if (!is_const(t, 0)) append_flat(gathered, t, ExprKind::Add);
    } else if (is_const(total, 0)) {
      total = t;
    } else if (is_const(t, 0)) {
      // add(total, 0) is total: nothing to gather.
    } else if (total->kind == ExprKind::Const && t->kind == ExprKind::Const) {
      total = constant(total->value + t->value);
    } else {
      append_flat(gathered, total, ExprKind::Add);
      append_flat(gathered, t, ExprKind::Add);
    }
  }
  return gathered.empty() ? total : make(ExprKind::Add, std::move(gathered));
}

Expr mul(Expr a, Expr b) {
  if (is_const(a, 1)) return b;
  if (is_const(b, 1)) return a;
  if (is_const(a, 0) || is_const(b, 0)) return constant(0);
  if (a->kind == ExprKind::Const && b->kind == ExprKind::Const) return constant(a->value * b->value);
  std::vector<Expr> factors;
  append_flat(factors, a, ExprKind::Mul);
  append_flat(factors, b, ExprKind::Mul);
  return make(ExprKind::Mul, std::move(factors));
}

Expr sub(Expr a, Expr b) {
  if (is_const(b, 0)) return a;
  if (a->kind == ExprKind::Const && b->kind == ExprKind::Const) return constant(a->value - b->value);
  return make(ExprKind::Sub, {std::move(a), std::move(b)});
}

Expr div(Expr a, Expr b) {
  if (is_const(b, 1)) return a;
  if (a->kind == ExprKind::Const && b->kind == ExprKind::Const && b->value != 0)
    return constant(a->value / b->value);
  return make(ExprKind::Div, {std::move(a), std::move(b)});
}

Expr neg(Expr a) {
  if (a->kind == ExprKind::Const) return constant(-a->value);
  return make(ExprKind::Neg, {std::move(a)});
}

Expr func(const std::string& name, std::vector<Expr> args) {
  if (!is_known_function(name, args.size()))
    throw InputError("unknown function '" + name + "' with " + std::to_string(args.size()) +
                     " argument(s)");
  bool all_const = std::all_of(args.begin(), args.end(),
                               [](const Expr& e) { return e->kind == ExprKind::Const; });
  if (all_const) {
    std::vector<double> v;
    for (const auto& a : args) v.push_back(a->value);
    return constant(apply_function(name, v));
  }
  return make(ExprKind::Func, std::move(args), name);
}

// ---- printing ----

namespace {

int precedence(const Expr& e) {
  switch (e->kind) {
    case ExprKind::Add:
    case ExprKind::Sub: return 1;
    case ExprKind::Mul:
    case ExprKind::Div: return 2;
    case ExprKind::Neg: return 3;
    case ExprKind::Const: return e->value < 0 ? 3 : 4;
    default: return 4;
  }
}

// Twelve significant digits, as printf's %.12g (and an ostream at
// precision 12) write them; std::to_chars is the same text without a stream.
void append_number(std::string& out, double v) {
  char buf[32];
  out.append(buf, std::to_chars(buf, buf + sizeof buf, v, std::chars_format::general, 12).ptr);
}

void print(std::string& out, const Expr& e, Notation n);

void print_operand(std::string& out, const Expr& e, int min_precedence, Notation n) {
  bool parens = precedence(e) < min_precedence;
  if (parens) out += '(';
  print(out, e, n);
  if (parens) out += ')';
}

// Operands joined by an operator, each at the precedence it needs.
void print_joined(std::string& out, const Expr& e, std::string_view op, int min_precedence, Notation n) {
  for (size_t i = 0; i < e->args.size(); ++i) {
    if (i) out += op;
    print_operand(out, e->args[i], min_precedence, n);
  }
}

void print(std::string& out, const Expr& e, Notation n) {
  switch (e->kind) {
    case ExprKind::Const: append_number(out, e->value); break;
    case ExprKind::Param: out += e->name; break;
    case ExprKind::Time: out.append("t(v_").append(e->name) += ')'; break;
    case ExprKind::Call: out.append("T(").append(e->name) += ')'; break;
    case ExprKind::Add: print_joined(out, e, " + ", 1, n); break;
    case ExprKind::Mul: print_joined(out, e, n == Notation::Paper ? " · " : " * ", 2, n); break;
    case ExprKind::Sub:
      print_operand(out, e->args[0], 1, n);
      out += " - ";
      print_operand(out, e->args[1], 2, n);
      break;
    case ExprKind::Div:
      print_operand(out, e->args[0], 2, n);
      out += " / ";
      print_operand(out, e->args[1], 3, n);
      break;
    case ExprKind::Neg:
      out += '-';
      print_operand(out, e->args[0], 3, n);
      break;
    case ExprKind::Func:
      out.append(e->name) += '(';
      for (size_t i = 0; i < e->args.size(); ++i) {
        if (i) out += ", ";
        print(out, e->args[i], n);
      }
      out += ')';
      break;
  }
}

void collect(const Expr& e, ExprKind kind, std::vector<std::string>& out) {
  if (e->kind == kind && std::find(out.begin(), out.end(), e->name) == out.end())
    out.push_back(e->name);
  for (const auto& a : e->args) collect(a, kind, out);
}

}  // namespace

std::string to_string(const Expr& e, Notation notation) {
  std::string out;
  print(out, e, notation);
  return out;
}

std::string paper_notation(std::string_view plain) {
  std::string out;
  out.reserve(plain.size() + plain.size() / 8);
  for (size_t at = 0;;) {
    const size_t star = plain.find(" * ", at);
    out.append(plain.substr(at, star == std::string_view::npos ? std::string_view::npos : star - at));
    if (star == std::string_view::npos) return out;
    out.append(" · ");
    at = star + 3;
  }
}

void collect_params(const Expr& e, std::vector<std::string>& out) { collect(e, ExprKind::Param, out); }
void collect_times(const Expr& e, std::vector<std::string>& out) { collect(e, ExprKind::Time, out); }

namespace {

// Rebuilds `e` bottom-up with each leaf replaced by leaf(e), or kept when
// leaf returns null; the builders simplify as they go.
Expr rebuild(const Expr& e, const std::function<Expr(const Expr&)>& leaf) {
  if (e->args.empty()) {
    Expr r = leaf(e);
    return r ? r : e;
  }
  std::vector<Expr> args;
  for (const auto& a : e->args) args.push_back(rebuild(a, leaf));
  switch (e->kind) {
    case ExprKind::Add: return sum(args);
    case ExprKind::Mul: {
      Expr p = constant(1);
      for (const auto& a : args) p = mul(p, a);
      return p;
    }
    case ExprKind::Sub: return sub(args[0], args[1]);
    case ExprKind::Div: return div(args[0], args[1]);
    case ExprKind::Neg: return neg(args[0]);
    case ExprKind::Func: return func(e->name, args);
    default: return e;
  }
}

}  // namespace

Expr substitute_calls(const Expr& e, const std::function<Expr(const std::string&)>& body_of) {
  return rebuild(e, [&](const Expr& x) -> Expr {
    return x->kind == ExprKind::Call ? substitute_calls(body_of(x->name), body_of) : nullptr;
  });
}

Expr substitute_params(const Expr& e, const std::map<std::string, Expr>& with) {
  return rebuild(e, [&](const Expr& x) -> Expr {
    if (x->kind != ExprKind::Param) return nullptr;
    auto it = with.find(x->name);
    return it == with.end() ? nullptr : it->second;
  });
}

double evaluate(const Expr& e, const Bindings& b) {
  switch (e->kind) {
    case ExprKind::Const: return e->value;
    case ExprKind::Param: {
      auto it = b.params.find(e->name);
      if (it == b.params.end()) throw InputError("parameter '" + e->name + "' is not bound");
      return it->second;
    }
    case ExprKind::Time: {
      auto it = b.times.find(e->name);
      if (it == b.times.end()) throw InputError("no time for t(v_" + e->name + ")");
      return it->second;
    }
    case ExprKind::Call: throw InputError("call T(" + e->name + ") was not inlined before evaluation");
    case ExprKind::Add: {
      double s = 0;
      for (const auto& a : e->args) s += evaluate(a, b);
      return s;
    }
    case ExprKind::Mul: {
      double p = 1;
      for (const auto& a : e->args) p *= evaluate(a, b);
      return p;
    }
    case ExprKind::Sub: return evaluate(e->args[0], b) - evaluate(e->args[1], b);
    case ExprKind::Div: return evaluate(e->args[0], b) / evaluate(e->args[1], b);
    case ExprKind::Neg: return -evaluate(e->args[0], b);
    case ExprKind::Func: {
      std::vector<double> v;
      for (const auto& a : e->args) v.push_back(evaluate(a, b));
      return apply_function(e->name, v);
    }
  }
  return 0;
}

}  // namespace pacer
