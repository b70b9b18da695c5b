// The row-column broadcast template (the matmul kernel, after [27] of
// Papaefstathiou et al. 1994): P processors form a rows x cols grid, rows
// the largest divisor of P not above sqrt(P); each owns one block of A, B
// and C. In each of `steps` = lcm(rows, cols) steps, a block of A is
// broadcast along every processor row and a block of B along every column
// (binomial trees: ceil(log2 q) rounds over q processors, round r at distance
// 2^r), and every processor multiplies the two blocks into its C.
#include <numeric>

#include "templates/parallel/parallel_template.hpp"

namespace pacer {

namespace {

double broadcast(const TemplateContext& c, double bytes, int q) {
  double s = 0;
  for (int r = 0; r < ceil_log2(q); ++r) s += c.message_seconds(bytes, double(1 << r));
  return s;
}

class RowCol : public ParallelTemplate {
 public:
  std::string name() const override { return "rowcol"; }
  std::string title() const override { return "row-column broadcast: block rows of A and columns of B on a grid"; }
  std::vector<std::string> phases() const override { return {"compute"}; }
  std::vector<std::string> messages() const override { return {"a_block", "b_block"}; }
  std::vector<std::string> variables() const override { return {"rows", "cols", "steps"}; }
  ParallelTime time(const TemplateContext& c) const override {
    const int p = c.procs();
    int rows = 1;
    for (int r = 1; r * r <= p; ++r)
      if (p % r == 0) rows = r;
    const int cols = p / rows, steps = std::lcm(rows, cols);
    const std::map<std::string, double> vars = {{"rows", rows}, {"cols", cols}, {"steps", steps}};
    ParallelTime t;
    const double step = c.phase_seconds("compute", vars);
    const double a = c.message_bytes("a_block", vars), b = c.message_bytes("b_block", vars);
    for (int s = 0; s < steps; ++s) {
      t.compute += step;
      t.comm += broadcast(c, a, cols) + broadcast(c, b, rows);
    }
    return t;
  }
};

}  // namespace

std::unique_ptr<ParallelTemplate> make_rowcol_template() { return std::make_unique<RowCol>(); }

}  // namespace pacer
