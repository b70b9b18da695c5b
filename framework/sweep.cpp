#include "framework/sweep.hpp"

#include <cmath>
#include <cstdlib>

#include "framework/error.hpp"

namespace pacer {

namespace {
constexpr size_t kMaxPoints = 200'000'000;
// Small enough that a chunk's swept columns stay in the L1/L2 caches.
constexpr size_t kChunk = 1 << 12;

double parse_number(const std::string& text, const std::string& whole, const char* what) {
  char* end = nullptr;
  double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !std::isfinite(v))
    throw InputError("--sweep " + whole + ": " + what + " '" + text + "' is not a number");
  return v;
}
}  // namespace

size_t SweepAxis::count() const {
  return static_cast<size_t>(std::floor((to - from) / step * (1 + 1e-12) + 1e-9)) + 1;
}

SweepAxis parse_sweep(const std::string& text) {
  auto eq = text.find('=');
  auto c1 = text.find(':', eq == std::string::npos ? 0 : eq);
  auto c2 = c1 == std::string::npos ? c1 : text.find(':', c1 + 1);
  if (eq == std::string::npos || eq == 0 || c1 == std::string::npos || c2 == std::string::npos)
    throw InputError("--sweep " + text + ": expected NAME=FROM:TO:STEP");
  SweepAxis a;
  a.name = text.substr(0, eq);
  a.from = parse_number(text.substr(eq + 1, c1 - eq - 1), text, "FROM");
  a.to = parse_number(text.substr(c1 + 1, c2 - c1 - 1), text, "TO");
  a.step = parse_number(text.substr(c2 + 1), text, "STEP");
  if (a.step <= 0) throw InputError("--sweep " + text + ": STEP must be positive");
  if (a.to < a.from) throw InputError("--sweep " + text + ": TO is below FROM");
  return a;
}

SweepGrid::SweepGrid(std::vector<SweepAxis> axes) : axes_(std::move(axes)) {
  stride_.assign(axes_.size(), 1);
  for (size_t k = axes_.size(); k-- > 0;) {
    stride_[k] = size_;
    size_t c = axes_[k].count();
    if (c > kMaxPoints / size_)
      throw InputError("the sweep has more than " + std::to_string(kMaxPoints) + " points");
    size_ *= c;
  }
  for (size_t i = 0; i < axes_.size(); ++i)
    for (size_t j = i + 1; j < axes_.size(); ++j)
      if (axes_[i].name == axes_[j].name) throw InputError("--sweep " + axes_[i].name + " is given twice");
}

double SweepGrid::value(size_t point, size_t axis) const {
  return axes_[axis].value((point / stride_[axis]) % axes_[axis].count());
}

std::vector<double> SweepGrid::evaluate(const CompiledFormula& f, const VariableSet& vars,
                                        const std::vector<double>& uniform) const {
  std::vector<double> out(size_);
  evaluate(f, vars, uniform, out.data());
  return out;
}

void SweepGrid::evaluate(const CompiledFormula& f, const VariableSet& vars, const std::vector<double>& uniform,
                         double* out) const {
  evaluate(f, vars, uniform, 0, size_, out);
}

void SweepGrid::evaluate(const CompiledFormula& f, const VariableSet& vars, const std::vector<double>& uniform,
                         size_t begin, size_t end, double* out) const {
  std::vector<std::vector<double>> columns(axes_.size(), std::vector<double>(std::min(kChunk, end - begin)));
  std::vector<const double*> column_of(vars.size(), nullptr);
  std::vector<int> slot(axes_.size());
  for (size_t k = 0; k < axes_.size(); ++k) {
    slot[k] = vars.find(axes_[k].name);
    if (slot[k] >= 0) column_of[static_cast<size_t>(slot[k])] = columns[k].data();
  }
  std::vector<double> iota(std::min(kChunk, end - begin));
  for (size_t i = 0; i < iota.size(); ++i) iota[i] = static_cast<double>(i);
  for (size_t start = begin; start < end; start += kChunk) {
    size_t n = std::min(kChunk, end - start);
    for (size_t k = 0; k < axes_.size(); ++k) {
      if (slot[k] < 0) continue;
      double* col = columns[k].data();
      if (stride_[k] == 1 && axes_.size() == 1) {
        // from + step * (start + i), with the index as an exact double so
        // the loop vectorises (size_t to double conversion does not).
        const double from = axes_[k].from, step = axes_[k].step, first = static_cast<double>(start);
        const double* idx = iota.data();
        for (size_t i = 0; i < n; ++i) col[i] = from + step * (first + idx[i]);
      } else {
        for (size_t i = 0; i < n; ++i) col[i] = value(start + i, k);
      }
    }
    f.evaluate_block(uniform.data(), column_of.data(), n, out + (start - begin));
  }
}

}  // namespace pacer
