#include "framework/compiled_formula.hpp"

#include <algorithm>
#include <cmath>

#include "framework/error.hpp"

namespace pacer {

size_t VariableSet::index_of(const std::string& key) {
  int i = find(key);
  if (i >= 0) return static_cast<size_t>(i);
  keys_.push_back(key);
  return keys_.size() - 1;
}

int VariableSet::find(const std::string& key) const {
  auto it = std::find(keys_.begin(), keys_.end(), key);
  return it == keys_.end() ? -1 : static_cast<int>(it - keys_.begin());
}

namespace {

constexpr size_t kBlock = 256;
constexpr int kConstBase = 1 << 20;  // constants are ids kConstBase + i while emitting

bool is_unary(Op op) {
  return op == Op::Neg || op == Op::Log2 || op == Op::Ceil || op == Op::Floor || op == Op::Sqrt ||
         op == Op::Abs;
}

inline double apply(Op op, double a, double b) {
  switch (op) {
    case Op::Add: return a + b;
    case Op::Sub: return a - b;
    case Op::Mul: return a * b;
    case Op::Div: return a / b;
    case Op::Neg: return -a;
    case Op::Min: return std::min(a, b);
    case Op::Max: return std::max(a, b);
    case Op::Log2: return std::log2(a);
    case Op::Ceil: return std::ceil(a);
    case Op::Floor: return std::floor(a);
    case Op::Sqrt: return std::sqrt(a);
    case Op::Abs: return std::fabs(a);
    case Op::Pow: return std::pow(a, b);
  }
  return 0;
}

Op function_op(const std::string& name) {
  if (name == "min") return Op::Min;
  if (name == "max") return Op::Max;
  if (name == "log2") return Op::Log2;
  if (name == "ceil") return Op::Ceil;
  if (name == "floor") return Op::Floor;
  if (name == "sqrt") return Op::Sqrt;
  if (name == "abs") return Op::Abs;
  if (name == "pow") return Op::Pow;
  throw InputError("unknown function '" + name + "'");
}

// Element-wise kernels. Operands are either a block (stride 1) or a scalar
// broadcast; each combination is its own loop so the compiler vectorises it.
template <class F>
void run_vv(double* __restrict d, const double* __restrict a, const double* __restrict b, size_t n, F f) {
  for (size_t i = 0; i < n; ++i) d[i] = f(a[i], b[i]);
}
template <class F>
void run_vs(double* __restrict d, const double* __restrict a, double b, size_t n, F f) {
  for (size_t i = 0; i < n; ++i) d[i] = f(a[i], b);
}
template <class F>
void run_sv(double* __restrict d, double a, const double* __restrict b, size_t n, F f) {
  for (size_t i = 0; i < n; ++i) d[i] = f(a, b[i]);
}

template <class F>
void dispatch(double* d, const double* a, double as, const double* b, double bs, size_t n, F f) {
  if (a && b) run_vv(d, a, b, n, f);
  else if (a) run_vs(d, a, bs, n, f);
  else run_sv(d, as, b, n, f);
}

void run_op(Op op, double* d, const double* a, double as, const double* b, double bs, size_t n) {
  switch (op) {
    case Op::Add: dispatch(d, a, as, b, bs, n, [](double x, double y) { return x + y; }); break;
    case Op::Sub: dispatch(d, a, as, b, bs, n, [](double x, double y) { return x - y; }); break;
    case Op::Mul: dispatch(d, a, as, b, bs, n, [](double x, double y) { return x * y; }); break;
    case Op::Div: dispatch(d, a, as, b, bs, n, [](double x, double y) { return x / y; }); break;
    case Op::Min: dispatch(d, a, as, b, bs, n, [](double x, double y) { return std::min(x, y); }); break;
    case Op::Max: dispatch(d, a, as, b, bs, n, [](double x, double y) { return std::max(x, y); }); break;
    default:
      // Unary and transcendental ops are rare in timing formulas; a plain
      // loop is enough.
      for (size_t i = 0; i < n; ++i) d[i] = apply(op, a ? a[i] : as, b ? b[i] : bs);
  }
}

}  // namespace

CompiledFormula::CompiledFormula(const Expr& e, VariableSet& vars) {
  // Variables first so that inputs occupy ids [0, n_vars).
  std::vector<std::string> names;
  collect_params(e, names);
  for (const auto& n : names) vars.index_of(n);
  names.clear();
  collect_times(e, names);
  for (const auto& n : names) vars.index_of(VariableSet::time_key(n));
  n_vars_ = vars.size();
  int r = emit(e, vars);
  // Renumber: constants follow the inputs, instruction results follow them.
  auto fix = [&](int id) {
    if (id < 0) return id;
    if (id >= kConstBase) return static_cast<int>(n_vars_) + (id - kConstBase);
    if (id >= static_cast<int>(n_vars_))
      return static_cast<int>(n_vars_ + constants_.size()) + (id - static_cast<int>(n_vars_));
    return id;
  };
  for (auto& in : code_) {
    in.a = fix(in.a);
    in.b = fix(in.b);
  }
  result_ = fix(r);
}

int CompiledFormula::constant_id(double v) {
  for (size_t i = 0; i < constants_.size(); ++i)
    if (constants_[i] == v) return kConstBase + static_cast<int>(i);
  constants_.push_back(v);
  return kConstBase + static_cast<int>(constants_.size() - 1);
}

int CompiledFormula::emit(const Expr& e, VariableSet& vars) {
  auto push = [&](Op op, int a, int b) {
    code_.push_back({op, a, b});
    return static_cast<int>(n_vars_ + code_.size() - 1);
  };
  switch (e->kind) {
    case ExprKind::Const: return constant_id(e->value);
    case ExprKind::Param: return vars.find(e->name);
    case ExprKind::Time: return vars.find(VariableSet::time_key(e->name));
    case ExprKind::Call: throw InputError("call T(" + e->name + ") must be inlined before compiling");
    case ExprKind::Add:
    case ExprKind::Mul: {
      Op op = e->kind == ExprKind::Add ? Op::Add : Op::Mul;
      int acc = emit(e->args[0], vars);
      for (size_t i = 1; i < e->args.size(); ++i) acc = push(op, acc, emit(e->args[i], vars));
      return acc;
    }
    case ExprKind::Sub: {
      int a = emit(e->args[0], vars);
      return push(Op::Sub, a, emit(e->args[1], vars));
    }
    case ExprKind::Div: {
      int a = emit(e->args[0], vars);
      return push(Op::Div, a, emit(e->args[1], vars));
    }
    case ExprKind::Neg: return push(Op::Neg, emit(e->args[0], vars), -1);
    case ExprKind::Func: {
      Op op = function_op(e->name);
      int a = emit(e->args[0], vars);
      int b = e->args.size() > 1 ? emit(e->args[1], vars) : -1;
      return push(op, a, b);
    }
  }
  return 0;
}

double CompiledFormula::evaluate(const double* inputs) const {
  const size_t base = n_vars_ + constants_.size();
  double small[64];
  std::vector<double> big;
  double* v = small;
  if (base + code_.size() > 64) {
    big.resize(base + code_.size());
    v = big.data();
  }
  std::copy(inputs, inputs + n_vars_, v);
  std::copy(constants_.begin(), constants_.end(), v + n_vars_);
  for (size_t i = 0; i < code_.size(); ++i) {
    const Instr& in = code_[i];
    v[base + i] = apply(in.op, v[in.a], in.b >= 0 ? v[in.b] : 0.0);
  }
  return v[result_];
}

namespace {

// Partial evaluation for sweeps: with every non-swept input bound, a timing
// formula is usually affine in the swept variables (trip counts multiply
// node times). If it is, the sweep needs c0 + sum b_j x_j per point instead
// of one pass per operation. Reassociating changes rounding only in the last
// bits.
struct Affine {
  bool ok = false;
  double c0 = 0;
  std::vector<double> b;  // one coefficient per swept variable
};

Affine affine_const(double v, size_t n) { return {true, v, std::vector<double>(n, 0.0)}; }

bool is_constant(const Affine& a) {
  return std::all_of(a.b.begin(), a.b.end(), [](double x) { return x == 0; });
}

Affine combine(Op op, const Affine& x, const Affine& y) {
  Affine r;
  if (!x.ok || (op != Op::Neg && !y.ok)) return r;
  r = x;
  switch (op) {
    case Op::Add:
    case Op::Sub: {
      double s = op == Op::Add ? 1 : -1;
      r.c0 += s * y.c0;
      for (size_t j = 0; j < r.b.size(); ++j) r.b[j] += s * y.b[j];
      return r;
    }
    case Op::Neg:
      r.c0 = -r.c0;
      for (auto& v : r.b) v = -v;
      return r;
    case Op::Mul: {
      const Affine* scaled = is_constant(y) ? &x : is_constant(x) ? &y : nullptr;
      if (!scaled) return Affine{};
      double k = scaled == &x ? y.c0 : x.c0;
      r = *scaled;
      r.c0 *= k;
      for (auto& v : r.b) v *= k;
      return r;
    }
    case Op::Div:
      if (!is_constant(y) || y.c0 == 0) return Affine{};
      r.c0 /= y.c0;
      for (auto& v : r.b) v /= y.c0;
      return r;
    default: return Affine{};
  }
}

}  // namespace

void CompiledFormula::evaluate_block(const double* uniform, const double* const* columns, size_t n,
                                     double* out) const {
  const size_t base = n_vars_ + constants_.size();
  const size_t n_values = base + code_.size();

  // A value is varying when it is a swept input or depends on one. Uniform
  // values are computed once here: loop-invariant code motion.
  std::vector<char> varying(n_values, 0);
  std::vector<double> scalar(n_values, 0.0);
  for (size_t i = 0; i < n_vars_; ++i) {
    varying[i] = columns && columns[i] != nullptr;
    scalar[i] = uniform[i];
  }
  for (size_t i = 0; i < constants_.size(); ++i) scalar[n_vars_ + i] = constants_[i];
  std::vector<size_t> varying_code;
  for (size_t i = 0; i < code_.size(); ++i) {
    const Instr& in = code_[i];
    bool v = varying[in.a] || (in.b >= 0 && varying[in.b]);
    varying[base + i] = v;
    if (v) varying_code.push_back(i);
    else scalar[base + i] = apply(in.op, scalar[in.a], in.b >= 0 ? scalar[in.b] : 0.0);
  }
  if (!varying[result_]) {
    std::fill(out, out + n, scalar[result_]);
    return;
  }
  if (evaluate_affine(varying, scalar, columns, n, out)) return;

  // Block registers, reused once a value is dead. A destination never
  // shares a register with its own operands, so the kernels may use restrict.
  std::vector<size_t> last_use(n_values, 0);
  for (size_t k = 0; k < varying_code.size(); ++k) {
    const Instr& in = code_[varying_code[k]];
    last_use[in.a] = k;
    if (in.b >= 0) last_use[in.b] = k;
  }
  std::vector<int> reg(n_values, -1);
  std::vector<char> freed(n_values, 0);
  std::vector<int> free_regs;
  int n_regs = 0;
  for (size_t k = 0; k < varying_code.size(); ++k) {
    size_t id = base + varying_code[k];
    if (free_regs.empty()) reg[id] = n_regs++;
    else {
      reg[id] = free_regs.back();
      free_regs.pop_back();
    }
    const Instr& in = code_[varying_code[k]];
    for (int operand : {in.a, in.b}) {
      if (operand >= static_cast<int>(base) && varying[operand] && last_use[operand] == k &&
          operand != result_ && !freed[operand]) {
        freed[operand] = 1;
        free_regs.push_back(reg[operand]);
      }
    }
  }

  std::vector<double> regs(static_cast<size_t>(n_regs) * kBlock);
  for (size_t start = 0; start < n; start += kBlock) {
    size_t m = std::min(kBlock, n - start);
    auto block_of = [&](int id) -> const double* {
      if (id < 0 || !varying[id]) return nullptr;
      if (static_cast<size_t>(id) < n_vars_) return columns[id] + start;
      return regs.data() + static_cast<size_t>(reg[id]) * kBlock;
    };
    for (size_t k : varying_code) {
      const Instr& in = code_[k];
      // The result's instruction writes straight into the output.
      const bool final_write = base + k == static_cast<size_t>(result_) && k == varying_code.back();
      double* d = final_write ? out + start : regs.data() + static_cast<size_t>(reg[base + k]) * kBlock;
      const double* a = block_of(in.a);
      const double* b = is_unary(in.op) ? nullptr : block_of(in.b);
      double as = in.a >= 0 ? scalar[in.a] : 0.0;
      double bs = in.b >= 0 ? scalar[in.b] : 0.0;
      if (is_unary(in.op)) {
        for (size_t i = 0; i < m; ++i) d[i] = apply(in.op, a ? a[i] : as, 0.0);
      } else {
        run_op(in.op, d, a, as, b, bs, m);
      }
    }
    if (static_cast<size_t>(result_) != base + varying_code.back()) {
      const double* r = block_of(result_);
      std::copy(r, r + m, out + start);
    }
  }
}

}  // namespace pacer

namespace pacer {

bool CompiledFormula::evaluate_affine(const std::vector<char>& varying, const std::vector<double>& scalar,
                                      const double* const* columns, size_t n, double* out) const {
  const size_t base = n_vars_ + constants_.size();
  std::vector<size_t> swept;
  for (size_t i = 0; i < n_vars_; ++i)
    if (varying[i]) swept.push_back(i);
  std::vector<Affine> form(base + code_.size());
  for (size_t i = 0; i < base; ++i) form[i] = affine_const(scalar[i], swept.size());
  for (size_t j = 0; j < swept.size(); ++j) form[swept[j]].b[j] = 1, form[swept[j]].c0 = 0;
  for (size_t i = 0; i < code_.size(); ++i) {
    const Instr& in = code_[i];
    if (!varying[base + i]) form[base + i] = affine_const(scalar[base + i], swept.size());
    else form[base + i] = combine(in.op, form[in.a], in.b >= 0 ? form[in.b] : form[in.a]);
  }
  const Affine& r = form[result_];
  if (!r.ok) return false;
  const double c0 = r.c0;
  std::fill(out, out + n, c0);
  for (size_t j = 0; j < swept.size(); ++j) {
    const double bj = r.b[j];
    const double* __restrict x = columns[swept[j]];
    double* __restrict o = out;
    for (size_t i = 0; i < n; ++i) o[i] += bj * x[i];
  }
  return true;
}

}  // namespace pacer
