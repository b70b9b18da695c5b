// Symbolic expressions of timing formulas (Papaefstathiou et al. 1994 Eq. 1, Table 3): sums
// and products over data-dependent parameters (N_element, P_max, ...), node
// times t(v_x), and the times T(f) of called functions. Immutable trees,
// shared freely; builders simplify as they go (x*1 -> x, constants fold) so
// that printed formulas read like the paper's.
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace pacer {

enum class ExprKind { Const, Param, Time, Call, Add, Mul, Sub, Div, Neg, Func };

struct ExprNode;
using Expr = std::shared_ptr<const ExprNode>;

struct ExprNode {
  ExprKind kind;
  double value = 0;          // Const
  std::string name;          // Param, Time (the RUV name), Call (function), Func
  std::vector<Expr> args;    // operands
};

// Functions a formula may use: templates need log2 P, ceil(n / P) and so on.
bool is_known_function(const std::string& name, size_t arity);

Expr constant(double v);
Expr param(const std::string& name);
Expr node_time(const std::string& vector_name);  // t(v_name)
Expr call_time(const std::string& function);     // T(function)
Expr add(Expr a, Expr b);
Expr sum(const std::vector<Expr>& terms);
Expr mul(Expr a, Expr b);
Expr sub(Expr a, Expr b);
Expr div(Expr a, Expr b);
Expr neg(Expr a);
Expr func(const std::string& name, std::vector<Expr> args);

bool is_const(const Expr& e, double v);

enum class Notation {
  Paper,  // t(v_assign) + N_element · (...), as the papers print it
  Plain   // ASCII '*', accepted back by parse_expression
};
std::string to_string(const Expr& e, Notation notation = Notation::Plain);
// The paper's notation of a formula printed in the plain one: the two differ
// only in the multiplication sign " * ", which the C frontend's names
// (identifiers, construct ids) never hold, so the analysis view prints the
// tree once. A model read from XML may name a parameter anything: print
// those with to_string.
std::string paper_notation(std::string_view plain);

// Names the expression depends on.
void collect_params(const Expr& e, std::vector<std::string>& out);
void collect_times(const Expr& e, std::vector<std::string>& out);
// Calls f(name) for every parameter the expression reads, in reading order
// and as often as it reads it: for callers that keep their own set, where a
// list of copies per formula would cost more than the walk.
template <class F>
void for_each_param(const Expr& e, F&& f) {
  if (e->kind == ExprKind::Param) f(e->name);
  for (const auto& a : e->args) for_each_param(a, f);
}

// Replace T(f) by the expression of f (inlining calls before evaluation).
Expr substitute_calls(const Expr& e, const std::function<Expr(const std::string&)>& body_of);
// Replace the parameters named in `with` by their expressions.
Expr substitute_params(const Expr& e, const std::map<std::string, Expr>& with);

// Tree-walking evaluation: the reference against which compiled formulas are
// checked, and fast enough for one point.
struct Bindings {
  std::map<std::string, double> params;
  std::map<std::string, double> times;  // by RUV name
};
double evaluate(const Expr& e, const Bindings& b);

}  // namespace pacer
