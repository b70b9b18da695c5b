// Table 1 of "When parallel speedups hit the memory wall": the published
// fits of Amdahl's law and the memory-wall model to 25 benchmark programs.
#pragma once
#include <string>
#include <vector>

namespace pacer {

struct PaperFit {
  std::string program;
  int points;                  // measurements the fit used
  double amdahl_f, amdahl_mse;
  double memwall[4];           // f, k, m1, m2
  double memwall_mse;
  double gain_percent;         // (MSE_Amdahl - MSE) / MSE_Amdahl
};

const std::vector<PaperFit>& paper_table1();
const PaperFit& paper_table1_row(const std::string& name);  // InputError if unknown

}  // namespace pacer
