// The speedup laws pacer ships, for the registry in laws.cpp.
#pragma once
#include "templates/speedup/speedup_law.hpp"

namespace pacer {

const SpeedupLaw& amdahl_law();
const SpeedupLaw& gustafson_law();
const SpeedupLaw& memwall_law();

}  // namespace pacer
