// HLLC's cost vector for a machine not in hand (the paper's section 4.2.2
// benchmarks, priced instead of timed): the construct benchmarks that
// `pacer calibrate` runs are compiled for the description's target (its
// <icc> compiler, flags, triple and CPU) and each timed loop is priced by
// LLVM MCA's model of that CPU, in the independent and the dependent form,
// at the description's clock, with the same subtractions as calibration
// (the loop's own cost, the constructs a statement also performs). Every
// cost says it is derived, not measured. Constructs whose benchmark calls a
// library function are left unknown: MCA cannot see into the call.
#pragma once
#include <string>
#include <vector>

#include "framework/hardware.hpp"

namespace pacer::calibrate {

struct DerivedHllc {
  HwSection hllc;
  // IntCC's costs: the scalar classes from the derived constructs, the
  // vector classes from their own benchmarks, priced the same way.
  HwSection intcc;
  std::vector<std::string> notes;
};

// Throws MissingFigure when the description gives no <icc> compiler or
// clock, InputError when the benchmarks do not compile for its target.
DerivedHllc derive_hllc(const Hardware& hw);

}  // namespace pacer::calibrate
