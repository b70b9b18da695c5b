// The dlib module's one exported symbol: its table of entry points
// (dlib_module.hpp). Everything else in the module is hidden.
#include "templates/comm/relative_least_squares.hpp"
#include "templates/dlib_module.hpp"
#include "templates/speedup/local_refinement.hpp"
#include "templates/speedup/regressors.hpp"

namespace {

const pacer::DlibModuleApi api = [] {
  pacer::DlibModuleApi a;
  a.fit_predict_regressor = &pacer::fit_predict_regressor;
  a.relative_least_squares = &pacer::relative_least_squares;
  a.refine_locally = &pacer::refine_locally;
  return a;
}();

}  // namespace

extern "C" __attribute__((visibility("default"))) const void* pacer_dlib_module() { return &api; }
