// The same machine with its core at another clock. A virtual machine's host
// moves the core's clock by a few per cent between minutes; what a kernel
// takes then depends on how much of its time the core's clock sets, which
// the description says figure by figure (ParamSpec::core_clocked, and every
// cost of the construct sections hllc and intcc, which the core executes).
#pragma once
#include "framework/hardware.hpp"

namespace pacer {

// `hw` with its core at `hz`: each core-clocked time scaled by clock / hz and
// each core-clocked rate by hz / clock; memory's figures, sizes and counts
// as they are. Needs cpu/clock (MissingFigure otherwise).
Hardware at_core_clock(const Hardware& hw, double hz);

}  // namespace pacer
