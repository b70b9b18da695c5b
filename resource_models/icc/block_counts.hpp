// How often each machine instruction of the optimised build runs, in one
// run of the program with the profile's arguments: the weights of a loop's
// machine copies (vector body, remainder, scalar fall-back of a versioned
// loop, a copy inlined here and one there). Which copy runs can depend on
// addresses at run time (a versioned loop's overlap check), so it is
// counted, not read from the code: the sources are compiled and linked as
// ICC compiles them, and valgrind's callgrind counts every instruction.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "resource_models/icc/machine_costs.hpp"
#include "resource_models/icc/priced_code.hpp"

namespace pacer::icc {

// Accesses by one instruction that missed the description's level 2, and
// level 3, in valgrind's simulation of those caches; and level 1, in a
// second simulation of levels 1 and 2 (only for a program with gathers or
// scatters).
struct LevelMisses {
  double l2 = 0, l3 = 0, l1 = 0;
};

// An instruction's read and write misses. A write that misses fetches its
// line as a read does (valgrind's caches allocate on a write, as the
// description's do).
struct Misses {
  LevelMisses reads, writes;
};

struct BlockCounts {
  // Function name -> offset of an instruction in it -> its executions.
  std::map<std::string, std::map<std::uint64_t, double>> executions;
  // The same for its misses; empty when the caches were not simulated
  // (the description does not give levels 2 and 3, or valgrind refused them).
  std::map<std::string, std::map<std::uint64_t, Misses>> misses;
  // The calls each call instruction made (callgrind's calls=).
  std::map<std::string, std::map<std::uint64_t, double>> calls;
  // The executions of the instruction at `offset` of `function`: 0 for
  // code that never ran.
  double at(const std::string& function, std::uint64_t offset) const;
  // The calls the call instruction at `offset` made; none when it made
  // none or is no call.
  std::optional<double> calls_at(const std::string& function, std::uint64_t offset) const;
  Misses misses_at(const std::string& function, std::uint64_t offset) const;
};

// The counts for `sources`, whose code for `options` is `code`, built as
// ICC builds them and run with `args` (split by /bin/sh), the caches of
// `options.simulated_caches` simulated. Kept in the cache, keyed by the code,
// the caches and the arguments. nullopt, with the reason in `why`, when they
// cannot be counted here: another target, no valgrind, a program that fails.
std::optional<BlockCounts> count_blocks(const std::vector<PricedCode>& code, const std::vector<std::string>& sources,
                                        const MachineCostOptions& options, const std::string& args, std::string& why);

// callgrind's output (--dump-instr=yes --dump-line=no --compress-strings=no
// --compress-pos=no, with or without --cache-sim=yes) by function and
// absolute address: executions (Ir), read and write misses of the first and
// last simulated levels (D1mr, DLmr, D1mw, DLmw) when it has them, and the
// calls made from each call site.
struct CallgrindCounts {
  std::map<std::string, std::map<std::uint64_t, double>> executions;
  std::map<std::string, std::map<std::uint64_t, Misses>> misses;
  std::map<std::string, std::map<std::uint64_t, double>> calls;  // calls=N, by call site
};
CallgrindCounts read_callgrind(const std::string& text);

}  // namespace pacer::icc
