// The pipelines an out-of-order core issues constructs on (integer,
// floating add, floating multiply, load with its address arithmetic, store;
// framework/constructs.hpp), and how far their work overlaps: what HLLC+
// and IntCC take for a node's in-core time where Eq. 4 and the paper's
// IntCC add every cost. The overlap of two pipelines is read from the pair
// pacer calibrate measured (an <hllc> cost "int_add+double_mul"): 1 when
// the pair costs its dearer construct alone, 0 when it costs both. A node's
// time is the slowest pipeline's own work plus the part of every other
// pipeline's it does not overlap:
//   t = max_p (T_p + sum_{q != p} (1 - o_pq) T_q)   over pipelines with work;
// a description without pairs gets the sum, as in Eq. 4.
#pragma once
#include <array>
#include <iterator>

#include "framework/constructs.hpp"
#include "framework/hardware.hpp"

namespace pacer {

class PipelineWork {
 public:
  void add(Pipeline p, double seconds) { busy_[static_cast<size_t>(p)] += seconds; }
  // The time the pipelines take together on `hw` (its <hllc> pairs).
  double issued(const Hardware& hw) const;

 private:
  std::array<double, std::size(kPipelines)> busy_{};
};

// How far pipelines p and q run together on `hw`, in [0, 1].
double pipeline_overlap(const Hardware& hw, Pipeline p, Pipeline q);

}  // namespace pacer
