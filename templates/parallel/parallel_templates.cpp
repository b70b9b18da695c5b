#include <cmath>

#include "framework/error.hpp"
#include "templates/parallel/parallel_template.hpp"

namespace pacer {

std::unique_ptr<ParallelTemplate> make_sequential_template();
std::unique_ptr<ParallelTemplate> make_multiphase_template();
std::unique_ptr<ParallelTemplate> make_butterfly_template();
std::unique_ptr<ParallelTemplate> make_rowcol_template();

const std::vector<std::unique_ptr<ParallelTemplate>>& parallel_templates() {
  static const std::vector<std::unique_ptr<ParallelTemplate>> all = [] {
    std::vector<std::unique_ptr<ParallelTemplate>> v;
    v.push_back(make_sequential_template());
    v.push_back(make_multiphase_template());
    v.push_back(make_butterfly_template());
    v.push_back(make_rowcol_template());
    return v;
  }();
  return all;
}

const ParallelTemplate* find_parallel_template(const std::string& name) {
  for (const auto& t : parallel_templates())
    if (t->name() == name) return t.get();
  return nullptr;
}

void ParallelTemplate::check_procs(int p) const {
  if (p < 1) throw InputError("--procs: " + std::to_string(p) + " is not a positive number of processors");
}

int ceil_log2(int p) {
  int k = 0;
  while ((1 << k) < p) ++k;
  return k;
}

double mesh_distance(int p, int bit) {
  const int width_bits = (ceil_log2(p) + 1) / 2;
  return bit < width_bits ? std::ldexp(1.0, bit) : std::ldexp(1.0, bit - width_bits);
}

}  // namespace pacer
