// ICC's compiled and priced code, kept on disk so that a second prediction,
// a sweep or another command over the same source does not compile it
// again. An entry is keyed by the source's path, the compiler (its file,
// size and time), the flags, the CPU and the LLVM that prices it, and it
// records every file the compilation read with its digest: a change to the
// source or to any header it includes makes the entry stale, and a stale
// entry is never used (it is replaced).
#pragma once
#include <filesystem>
#include <string>

#include "resource_models/icc/machine_costs.hpp"

namespace pacer {

// $PACER_CACHE_DIR, else $XDG_CACHE_HOME/pacer, else ~/.cache/pacer; empty
// when none can be named.
std::filesystem::path cache_directory();

// Writes an entry of the cache whole or not at all (aside, then renamed);
// one that cannot be written only costs the next run time.
void write_cache_entry(const std::filesystem::path& entry, const std::string& text);

// The priced code of one source for these options: from the cache when a
// valid entry is there, otherwise compiled and priced (compiled_source.hpp)
// and stored. A cache that cannot be written only costs the next run time.
icc::PricedCode priced_source(const std::string& source, const MachineCostOptions& options);

}  // namespace pacer
