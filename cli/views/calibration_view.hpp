// The view of `pacer calibrate`: what was written, the clock, flop rate and
// ICC's CPU, the HLLC costs with their latency form and spread, and the notes.
#pragma once
#include <string>

#include "hw/calibrate/calibration.hpp"

namespace pacer::cli {

std::string calibration_summary(const calibrate::Calibration& c, const std::string& out);

}  // namespace pacer::cli
