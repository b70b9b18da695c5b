// A timing formula compiled once and evaluated many times. Inputs are
// numbered variables (parameters and node times). Scalar evaluation serves
// single predictions; block evaluation serves sweeps: everything that does
// not depend on a swept variable is computed once, the rest runs as
// element-wise loops over blocks of points that the compiler vectorises,
// so the interpreter's dispatch cost is paid once per block, not per point.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "framework/expression.hpp"

namespace pacer {

// Names of a formula's inputs, in slot order. Parameters go by name, node
// times as "t(v_NAME)".
class VariableSet {
 public:
  size_t index_of(const std::string& key);  // adds the key if new
  int find(const std::string& key) const;   // -1 if absent
  size_t size() const { return keys_.size(); }
  const std::vector<std::string>& keys() const { return keys_; }
  static std::string time_key(const std::string& vector_name) { return "t(v_" + vector_name + ")"; }

 private:
  std::vector<std::string> keys_;
};

enum class Op : unsigned char { Add, Sub, Mul, Div, Neg, Min, Max, Log2, Ceil, Floor, Sqrt, Abs, Pow };

class CompiledFormula {
 public:
  // Every Param and Time of `e` must be in `vars`; calls must be inlined.
  CompiledFormula(const Expr& e, VariableSet& vars);

  double evaluate(const double* inputs) const;

  // Evaluates n points. `uniform` holds a value for every variable;
  // columns[v] is non-null for swept variables and then holds n values.
  void evaluate_block(const double* uniform, const double* const* columns, size_t n,
                      double* out) const;

  size_t variable_count() const { return n_vars_; }
  size_t instruction_count() const { return code_.size(); }

 private:
  struct Instr {
    Op op;
    int a, b;  // value ids; b = -1 for unary ops
  };
  int emit(const Expr& e, VariableSet& vars);
  bool evaluate_affine(const std::vector<char>& varying, const std::vector<double>& scalar,
                       const double* const* columns, size_t n, double* out) const;
  int constant_id(double v);

  // Value ids: [0, n_vars) inputs, then constants, then one per instruction.
  size_t n_vars_ = 0;
  std::vector<double> constants_;
  std::vector<Instr> code_;
  int result_ = 0;
};

}  // namespace pacer
