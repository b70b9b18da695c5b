// libpacer's side of the dlib module: each call opens the module on first use
// and forwards to it.
#include "templates/dlib_module.hpp"

#include "framework/module.hpp"
#include "templates/comm/relative_least_squares.hpp"
#include "templates/speedup/local_refinement.hpp"
#include "templates/speedup/regressors.hpp"

namespace pacer {

const DlibModuleApi& dlib_module() { return module_api<DlibModuleApi>(dlib_module_name, dlib_module_entry); }

std::vector<double> fit_predict_regressor(const std::string& name, const std::vector<SpeedupPoint>& train,
                                          const std::vector<SpeedupPoint>& test, std::uint64_t seed) {
  return dlib_module().fit_predict_regressor(name, train, test, seed);
}

std::vector<double> relative_least_squares(const std::vector<std::vector<double>>& rows, const std::vector<double>& y) {
  return dlib_module().relative_least_squares(rows, y);
}

OptimResult refine_locally(const Objective& f, const Bounds& b, const std::vector<double>& start) {
  return dlib_module().refine_locally(f, b, start);
}

}  // namespace pacer
