// Summary statistics of repeated measurements and of prediction errors
// (Papaefstathiou et al. 1994 Table 7: mean, standard deviation, minimum,
// maximum and the 90% confidence interval of the mean).
#pragma once
#include <utility>
#include <vector>

namespace pacer {

double median(std::vector<double> v);  // of a non-empty sample
double spread(const std::vector<double>& v);  // max - min
// The q-quantile (0..1) by linear interpolation between order statistics.
double quantile(std::vector<double> v, double q);

struct Summary {
  double mean = 0;
  double sd = 0;  // sample standard deviation (n - 1)
  double min = 0;
  double max = 0;
  // Student's t interval of the mean at 90% confidence; the mean itself
  // for a single value.
  std::pair<double, double> ci90;
  std::size_t n = 0;
};
Summary summarise(const std::vector<double>& v);  // of a non-empty sample

}  // namespace pacer
