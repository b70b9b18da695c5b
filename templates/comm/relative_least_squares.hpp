// The least-squares fit behind every communication model's parameters.
// Defined in the dlib module (templates/dlib_module.hpp).
#pragma once
#include <vector>

namespace pacer {

// Unknowns x >= 0 minimising sum ((A x - y) / y)^2: rows scaled by 1 / y,
// solved by QR. A coefficient that comes out negative (noise, or a term the
// data do not show) is held at zero and the rest refitted, until none is:
// times and costs are never negative.
std::vector<double> relative_least_squares(const std::vector<std::vector<double>>& rows, const std::vector<double>& y);

}  // namespace pacer
