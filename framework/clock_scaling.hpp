// The same machine with its core at another clock, or its shared levels at
// another rate. A virtual machine's host moves the core's clock by a few per
// cent between minutes, and other tenants' traffic slows the memory for
// seconds at a time; what a kernel takes then depends on how much of its
// time each sets, which the description says figure by figure
// (ParamSpec::core_clocked, and every cost of the construct sections hllc
// and intcc, which the core executes; ParamSpec::shared, level 3's and
// memory's figures).
#pragma once
#include "framework/hardware.hpp"

namespace pacer {

// `hw` with its core at `hz`: each core-clocked time scaled by clock / hz and
// each core-clocked rate by hz / clock; memory's figures, sizes and counts
// as they are. Needs cpu/clock (MissingFigure otherwise).
Hardware at_core_clock(const Hardware& hw, double hz);

// `hw` with the levels it shares with other tenants (level 3 and memory,
// ParamSpec::shared) `ratio` times as fast: their times divided and rates
// multiplied by `ratio`; everything else as it is. Their traffic that slows
// the memory crowds level 3 too.
Hardware at_shared_rate(const Hardware& hw, double ratio);

}  // namespace pacer
