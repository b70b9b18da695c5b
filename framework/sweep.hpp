// Parameter sweeps: --sweep NAME=FROM:TO:STEP, several at once, evaluated on
// the cartesian product of their values (the last axis varies fastest).
#pragma once
#include <string>
#include <vector>

#include "framework/compiled_formula.hpp"

namespace pacer {

struct SweepAxis {
  std::string name;
  double from = 0, to = 0, step = 1;
  size_t count() const;
  double value(size_t i) const { return from + step * static_cast<double>(i); }
};

SweepAxis parse_sweep(const std::string& text);  // throws InputError

class SweepGrid {
 public:
  explicit SweepGrid(std::vector<SweepAxis> axes);
  size_t size() const { return size_; }
  const std::vector<SweepAxis>& axes() const { return axes_; }
  double value(size_t point, size_t axis) const;

  // Evaluates `f` at every point. `uniform` holds every variable's value;
  // the axes override theirs.
  std::vector<double> evaluate(const CompiledFormula& f, const VariableSet& vars,
                               const std::vector<double>& uniform) const;
  // The same into `out`, which holds size() values: no allocation, so a
  // caller that sweeps repeatedly reuses warm memory.
  void evaluate(const CompiledFormula& f, const VariableSet& vars, const std::vector<double>& uniform,
                double* out) const;
  // Points begin .. end - 1 only, into out[0 .. end - begin - 1].
  void evaluate(const CompiledFormula& f, const VariableSet& vars, const std::vector<double>& uniform, size_t begin,
                size_t end, double* out) const;

 private:
  std::vector<SweepAxis> axes_;
  std::vector<size_t> stride_;
  size_t size_ = 1;
};

}  // namespace pacer
