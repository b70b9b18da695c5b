// ICC's memory and branch terms, which IntCC shares so that the two differ
// only in where the in-core time comes from (machine code priced by MCA, or
// IR instructions by class). MCA assumes every branch predicted and every
// load hitting level 1; these terms add what it leaves out:
// - a node ending in a branch the compiler kept adds its expected
//   mispredictions times their measured cost (machine_costs.cpp says how
//   they are expected);
// - its data comes over each cache boundary at that level's bandwidth, from
//   the simulated traffic (cache_traffic.hpp), else from the level its loop's
//   working set fits in; the slowest transfer and the in-core time overlap
//   fully, as in Kerncraft's ECM model: t = max(core, transfers); level 1's
//   own traffic is the in-core model's loads and stores, not a transfer;
// - lines no prefetcher follows (a stride of a page or more) take the
//   measured time of such a miss each (<level>_scattered_line) from the
//   level they are found in, since one core keeps only so many in flight;
//   a load whose page the simulated TLB does not hold adds a page walk
//   (page_walk);
// - lines whose level 1 fills crowd into a few of its sets come at the
//   measured time per line of such a walk (l2_line_<K>_sets);
// - a node the simulation cannot place (a gather through an index read from
//   memory) still has the lines its gathered loads missed in the counted
//   run priced as scattered, beside its bytes at its working set's level;
// - such a node's scattered lines add to its stream, from whatever level:
//   both hold the core's outstanding misses, so they do not overlap.
#pragma once
#include <string>

#include "framework/hardware.hpp"
#include "framework/ruv.hpp"
#include "resource_models/resource_model.hpp"

namespace pacer {

// The node's time from its in-core seconds and the RUV's memory and branch
// entries (bytes, working_set, traffic, bytes_from_<level>, mispredicts,
// mispredict_restart).
// A level whose bandwidth the description does not give is left out and
// named in `unpriced`: the time is then a lower bound.
NodeCost with_memory_and_branches(double core_seconds, const Ruv& r, const Hardware& hw, const std::string& model);

// Whether an entry of such an RUV belongs to these terms (not to the
// in-core part).
bool is_memory_or_branch_entry(const std::string& name);

}  // namespace pacer
