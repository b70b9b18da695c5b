// Table 1 of "When parallel speedups hit the memory wall" (IEEE Access 2020):
// the parameters and MSEs the authors fitted to 25 PARSEC and SPLASH-2
// programs on a 2 x 12-core Xeon E5-2680 v3. pacer ships them so
// `pacer speedup generate --table-row NAME` makes data of each program's shape
// (the measurements themselves are not public) and tests can check that
// fitting recovers them.
#include "templates/speedup/paper_table.hpp"

#include "framework/error.hpp"

namespace pacer {

const std::vector<PaperFit>& paper_table1() {
  // name, points, Amdahl f, Amdahl MSE, f, k, m1, m2, MSE, gain %
  static const std::vector<PaperFit> rows{
      {"parsec-blackscholes", 322, 1.0000, 0.0042, {0.7642, 9.9264, 0.0003, 0.8761}, 0.0021, 49.42},
      {"parsec-bodytrack", 322, 0.8934, 0.1417, {0.8984, 9.7185, 0.0090, 0.0000}, 0.0931, 34.29},
      {"parsec-canneal", 322, 0.9985, 0.2325, {0.9946, 0.4341, 0.0057, 0.8562}, 0.1124, 51.66},
      {"parsec-dedup", 322, 0.6745, 0.1969, {0.7387, 0.1545, 0.3210, 0.0000}, 0.1481, 24.82},
      {"parsec-facesim", 84, 0.9731, 0.1443, {0.9745, 0.0950, 0.0507, 0.5482}, 0.0217, 84.98},
      {"parsec-ferret", 322, 0.9912, 1.3371, {0.9952, 0.2348, 0.0368, 0.1610}, 0.1104, 91.74},
      {"parsec-fluidanimate", 56, 0.9834, 0.0036, {0.9954, 0.0064, 0.0174, 0.9712}, 0.0029, 19.49},
      {"parsec-freqmine", 322, 0.9791, 0.1316, {0.9907, 0.0050, 0.0294, 0.8209}, 0.0096, 92.69},
      {"parsec-raytrace", 322, 0.9959, 0.0675, {0.9155, 9.9798, 0.0039, 0.7814}, 0.0623, 7.70},
      {"parsec-streamcluster", 322, 0.9860, 0.3274, {0.9864, 4.7217, 0.0061, 0.0024}, 0.1766, 46.06},
      {"parsec-x264", 322, 1.0000, 4.6452, {0.9771, 1.6662, 0.0087, 0.2638}, 0.6169, 86.72},
      {"splash2x-barnes", 322, 0.9969, 0.0290, {0.8320, 4.6578, 0.0029, 1.0000}, 0.0268, 7.74},
      {"splash2x-cholesky", 322, 0.8978, 1.8236, {0.9273, 0.1274, 0.1301, 0.0000}, 1.2997, 28.73},
      {"splash2x-fft", 56, 0.9999, 0.0436, {0.9755, 9.9984, 0.0013, 0.7153}, 0.0377, 13.61},
      {"splash2x-fmm", 322, 0.9629, 0.0326, {0.8785, 9.9976, 0.0261, 0.6269}, 0.0253, 22.38},
      {"splash2x-lu-cb", 322, 0.9950, 0.0668, {0.7302, 9.9672, 0.0049, 0.9257}, 0.0664, 0.53},
      {"splash2x-lu-ncb", 322, 0.9538, 3.0182, {0.9657, 3.3786, 0.0154, 0.0001}, 2.1160, 29.89},
      {"splash2x-ocean-cp", 56, 0.9769, 0.6297, {0.9256, 9.9994, 0.0093, 0.2050}, 0.3457, 45.10},
      {"splash2x-ocean-ncp", 56, 1.0000, 0.3854, {0.9244, 9.1902, 0.0027, 0.3123}, 0.1793, 53.48},
      {"splash2x-radiosity", 322, 0.9408, 0.8001, {0.9674, 0.1199, 0.0940, 0.0429}, 0.0844, 89.45},
      {"splash2x-radix", 56, 0.9961, 0.0172, {0.9965, 0.0321, 0.0591, 0.0609}, 0.0152, 11.71},
      {"splash2x-raytrace", 322, 0.9973, 0.0493, {0.9520, 1.1918, 0.0040, 0.9179}, 0.0356, 27.81},
      {"splash2x-volrend", 322, 0.8037, 0.1327, {0.7901, 8.8634, 0.1827, 1.0000}, 0.1028, 22.51},
      {"splash2x-water-nsquared", 322, 0.9892, 0.1468, {0.8800, 3.9348, 0.0103, 1.0000}, 0.1243, 15.33},
      {"splash2x-water-spatial", 322, 1.0000, 41.7510, {0.9947, 1.7165, 0.0022, 0.2811}, 4.0755, 90.24},
  };
  return rows;
}

const PaperFit& paper_table1_row(const std::string& name) {
  std::string known;
  for (const auto& r : paper_table1()) {
    if (r.program == name) return r;
    known += (known.empty() ? "" : ", ") + r.program;
  }
  throw InputError("no program '" + name + "' in Table 1 (known: " + known + ")");
}

}  // namespace pacer
