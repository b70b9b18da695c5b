// Part of the dlib module: QR from dlib's linear algebra.
#include "templates/comm/relative_least_squares.hpp"

#include <dlib/matrix.h>

namespace pacer {

std::vector<double> relative_least_squares(const std::vector<std::vector<double>>& rows, const std::vector<double>& y) {
  const long m = static_cast<long>(rows.size()), k = static_cast<long>(rows.front().size());
  std::vector<bool> active(k, true);
  std::vector<double> x(k, 0.0);
  for (long round = 0; round < k; ++round) {
    std::vector<long> cols;
    for (long j = 0; j < k; ++j)
      if (active[j]) cols.push_back(j);
    dlib::matrix<double> a(m, static_cast<long>(cols.size())), b(m, 1);
    for (long i = 0; i < m; ++i) {
      for (size_t c = 0; c < cols.size(); ++c) a(i, static_cast<long>(c)) = rows[i][cols[c]] / y[i];
      b(i, 0) = 1.0;
    }
    dlib::matrix<double> solved = dlib::qr_decomposition<dlib::matrix<double>>(a).solve(b);
    std::fill(x.begin(), x.end(), 0.0);
    long worst = -1;
    for (size_t c = 0; c < cols.size(); ++c) {
      x[cols[c]] = solved(static_cast<long>(c), 0);
      if (x[cols[c]] < 0 && (worst < 0 || x[cols[c]] < x[worst])) worst = cols[c];
    }
    if (worst < 0) return x;
    active[worst] = false;
  }
  return x;
}

}  // namespace pacer
