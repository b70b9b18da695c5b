// The butterfly template (the sort kernel, after [4] of Papaefstathiou et
// al. 1994): every processor sorts its n/P elements, then compare-exchange-
// merge stages: partners whose numbers differ in one bit swap their elements,
// merge, and each keeps one half. A sort needs the bitonic order of stages,
// d (d + 1) / 2 for d = log2 P (stage (i, j) pairs bit j, for i < d and j
// from i down to 0); log2 P stages alone do not sort (examples/mpi/sort_mpi.c).
#include "framework/error.hpp"
#include "templates/parallel/parallel_template.hpp"

namespace pacer {

namespace {

class Butterfly : public ParallelTemplate {
 public:
  std::string name() const override { return "butterfly"; }
  std::string title() const override { return "butterfly: local sort, then bitonic compare-exchange-merge stages"; }
  std::vector<std::string> phases() const override { return {"local", "merge"}; }
  std::vector<std::string> messages() const override { return {"exchange"}; }
  void check_procs(int p) const override {
    ParallelTemplate::check_procs(p);
    if (p & (p - 1))
      throw InputError("the butterfly template pairs processors bit by bit: P = " + std::to_string(p) +
                       " is not a power of two");
  }
  ParallelTime time(const TemplateContext& c) const override {
    ParallelTime t{c.phase_seconds("local", {}), 0};
    const double merge = c.phase_seconds("merge", {}), bytes = c.message_bytes("exchange", {});
    const int d = ceil_log2(c.procs());
    for (int i = 0; i < d; ++i)
      for (int j = i; j >= 0; --j) {
        t.compute += merge;
        t.comm += c.message_seconds(bytes, mesh_distance(c.procs(), j));
      }
    return t;
  }
};

}  // namespace

std::unique_ptr<ParallelTemplate> make_butterfly_template() { return std::make_unique<Butterfly>(); }

}  // namespace pacer
