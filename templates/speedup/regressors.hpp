// The machine-learning baselines of section IV-C of "When parallel speedups
// hit the memory wall", from dlib: support vector regression and kernel ridge
// regression with RBF kernels, their hyper-parameters chosen by the paper's
// grid search with 3-fold cross-validation on each training set, and a
// tree-based regressor. The features are the configuration (cores, F_cpu,
// F_mem), standardised on the training set so one gamma grid suits any units.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "templates/speedup/speedup_data.hpp"

namespace pacer {

// "svr", "krr", "forest".
const std::vector<std::string>& regressor_names();
bool is_regressor(const std::string& name);

// Trains on `train` and returns the predicted speedup of every `test` point.
std::vector<double> fit_predict_regressor(const std::string& name, const std::vector<SpeedupPoint>& train,
                                          const std::vector<SpeedupPoint>& test, std::uint64_t seed);

}  // namespace pacer
