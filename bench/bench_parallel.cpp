// Predictions of the sort kernel under the butterfly template on the T800
// (HLLC, Eq. 5 communication) over a 1,000-point sweep: 8 processor counts
// (1 to 128) x 125 problem sizes. Prints predictions per second, median of 5.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "frontends/xml/hardware_io.hpp"
#include "frontends/xml/model_io.hpp"
#include "templates/parallel/parallel_prediction.hpp"

using namespace pacer;

int main() {
  const ApplicationModel m = read_model_file(PACER_SOURCE_DIR "/examples/models/sort.xml");
  const Hardware hw = read_hardware_file(PACER_SOURCE_DIR "/hw/parsytec-t800.xml");
  const ResourceModel& hllc = find_resource_model("hllc");
  const ParallelTemplate& butterfly = *find_parallel_template("butterfly");
  const std::vector<int> procs = {1, 2, 4, 8, 16, 32, 64, 128};
  std::vector<double> rates;
  double checksum = 0;
  for (int rep = 0; rep < 5; ++rep) {
    const auto t0 = std::chrono::steady_clock::now();
    size_t points = 0;
    for (int k = 0; k < 125; ++k) {
      const double n = 1024.0 * (k + 1) * 8;  // 8K to 1M floats, multiples of 128 x 64
      const ParallelPrediction r = predict_parallel(m, hw, hllc, {{"n", n}}, butterfly, procs);
      for (const auto& t : r.times) checksum += t.total();
      points += r.times.size();
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    rates.push_back(points / s);
  }
  std::sort(rates.begin(), rates.end());
  std::printf("butterfly sort on parsytec-t800 (hllc, packet model): 1000-point sweep over P and n\n");
  std::printf("  %.0f predictions per second (median of 5; checksum %.6g)\n", rates[2], checksum);
}
