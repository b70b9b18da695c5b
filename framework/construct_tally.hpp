// A compute segment's construct counts while the frontend gathers them: a
// count per construct of the vocabulary, kept by ConstructId. The analysis
// of a large file adds hundreds of thousands of counts, and each one made a
// name and searched a sorted map of names for it; now the RUV, by name, is
// made once, when the segment is complete.
#pragma once
#include <array>
#include <cstdint>
#include <iterator>

#include "framework/constructs.hpp"
#include "framework/ruv.hpp"

namespace pacer {

class ConstructTally {
 public:
  void add(ConstructId id, double n = 1) {
    counts_[id] += n;
    counted_ |= std::uint64_t{1} << id;
  }
  bool empty() const { return counted_ == 0; }
  // Adds the counts to `ruv` by name, in name order.
  void add_to(Ruv& ruv) const;
  Ruv ruv() const;
  // The counts' McMahon flops: mcmahon_flops(ruv()), summed in the same
  // order, without a name's search per construct.
  double mcmahon_flops() const;

 private:
  static_assert(std::size(kConstructs) <= 64, "a tally marks the constructs it counted in 64 bits");
  std::array<double, std::size(kConstructs)> counts_{};
  std::uint64_t counted_ = 0;
};

}  // namespace pacer
