// The half of pacer that needs dlib: the machine-learning regressors of the
// speed-up sampling study, the QR fit of communication models and the local
// refinement of speedup fits. It is built
// as the module libpacer-dlib.so and opened on first use (framework/module.hpp);
// fit_predict_regressor, relative_least_squares and refine_locally are called
// as usual and forward to this table.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "framework/optimizer.hpp"
#include "templates/speedup/speedup_data.hpp"

namespace pacer {

struct DlibModuleApi {
  // Raise when this table or a type crossing it changes.
  static constexpr int current_version = 2;
  int version = current_version;
  std::vector<double> (*fit_predict_regressor)(const std::string&, const std::vector<SpeedupPoint>&,
                                               const std::vector<SpeedupPoint>&, std::uint64_t) = nullptr;
  std::vector<double> (*relative_least_squares)(const std::vector<std::vector<double>>&,
                                                const std::vector<double>&) = nullptr;
  OptimResult (*refine_locally)(const Objective&, const Bounds&, const std::vector<double>&) = nullptr;
};

inline constexpr const char* dlib_module_name = "pacer-dlib";
inline constexpr const char* dlib_module_entry = "pacer_dlib_module";

const DlibModuleApi& dlib_module();

}  // namespace pacer
