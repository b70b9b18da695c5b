// The sampling study of section IV-C (Fig. 7) of "When parallel speedups hit
// the memory wall": how accurate is each model when fitted on few
// measurements? For training sizes 4, 8, 16, ... up to the largest power of
// two below the number of points, draw `repeats` random training sets; fit
// each model on the training set and score its MSE on all the other points;
// report per size and model the median and standard deviation of those MSEs.
// Analytical laws are fitted by CSA, regressors trained by regressors.hpp.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "framework/coupled_annealing.hpp"
#include "templates/speedup/speedup_data.hpp"

namespace pacer {

struct StudyOptions {
  int repeats = 100;
  std::vector<std::string> models{"amdahl", "memwall", "svr", "krr", "forest"};
  CsaOptions csa;  // the paper's 10 annealers x 30,000 iterations
  std::uint64_t seed = 1;
  std::function<void(std::size_t done, std::size_t total)> progress;  // called in order, from one thread at a time
  void validate() const;
};

struct Split {
  std::vector<std::size_t> train, test;
};

// What a study can compare: the speedup laws, then the regressors.
std::vector<std::string> study_model_names();

std::vector<std::size_t> study_sizes(std::size_t points);
// A uniformly random training set of `size` points; the test set is the rest.
Split random_split(std::size_t points, std::size_t size, std::uint64_t seed);

struct StudyCell {
  std::string model;
  std::size_t size = 0;
  std::vector<double> mse;  // one per repeat
  double median = 0, sd = 0, mean = 0;
};

struct StudyResult {
  std::vector<std::size_t> sizes;
  std::vector<std::string> models;
  std::vector<StudyCell> cells;  // size-major: cells[s * models.size() + m]
  double seconds = 0;
  const StudyCell& at(std::size_t size_index, std::size_t model_index) const {
    return cells[size_index * models.size() + model_index];
  }
};

// Under mpirun the training sets are spread over the ranks; rank 0 gets the
// result, the others an empty one. `progress` counts this rank's sets.
StudyResult run_sampling_study(const std::vector<SpeedupPoint>& points, const StudyOptions& o);

}  // namespace pacer
