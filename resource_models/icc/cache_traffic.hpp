// The cache lines each level of a machine moves for the memory references a
// C function makes, after Kerncraft's cache simulation for its ECM model
// (Hager, Treibig, Hammer and Wellein's Execution-Cache-Memory model): the
// affine addresses the frontend read (framework/memory_access.hpp) are
// generated in the order the loops run them, with the trip counts and branch
// probabilities bound, through set-associative LRU caches of the
// description's sizes, line and ways, write-back and write-allocate. What a
// bytes-over-bandwidth term cannot see follows from it: a stride of a row
// moves a line per element, reuse across an outer loop stays in the level
// that holds it, rows a power of two apart fall into a few sets and miss.
// A long nest is sampled (its first accesses warm the caches, the next ones
// are counted); a short one is run twice and the second run counted.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "framework/application_model.hpp"
#include "framework/hardware.hpp"

namespace pacer {

struct CacheLevelShape {
  std::string name;  // "l1", "l2", "l3": the description's prefix
  double bytes = 0;
  int ways = 0;      // 0: fully associative
};
struct CacheShape {
  double line = 64;
  std::vector<CacheLevelShape> levels;  // innermost first
  // The names of the bandwidth each boundary's lines come over: the next
  // level's ("l2", "l3"), "mem" past the last.
  std::string source_of(size_t boundary) const;
};

// The caches of a description's memory section (l1_size, l1_ways, ...,
// line_size), innermost first; an associativity not given is taken as 8
// ways, and `notes` says so.
CacheShape cache_shape(const Hardware& hw, std::vector<std::string>& notes);

// The lines that crossed one boundary, below a level: filled from it, and
// written back to it (dirty lines evicted below).
struct Crossing {
  double fills = 0;
  double writebacks = 0;
};

// Set-associative LRU caches, write-back and write-allocate, each level
// filled on a miss (non-inclusive).
class CacheSimulator {
 public:
  explicit CacheSimulator(const CacheShape& shape);
  // One access of `width` bytes; the lines crossing each boundary are added
  // to `crossed` (one entry per level).
  void access(std::uint64_t address, double width, bool store, Crossing* crossed);

 private:
  struct Level {
    std::uint64_t sets = 1;
    unsigned ways = 1;
    std::vector<std::uint64_t> tags;  // sets x ways, most recent first; 0: empty
    std::vector<std::uint8_t> dirty;
  };
  // Looks a line up in level k, filling it on a miss (or taking it whole,
  // when it is a dirty line written back from below); returns whether it hit.
  bool touch(size_t k, std::uint64_t line, bool store, Crossing* crossed, bool writeback);
  std::vector<Level> levels_;
  unsigned line_shift_ = 6;
};

// Attaches to every compute node whose memory references are all affine
// the bytes per execution each boundary moves (machine RUV: bytes_from_l2,
// bytes_from_l3, bytes_from_mem, filled from that level, bytes_to_l2, ...,
// written back to it, and traffic = 1).
// `bound` binds trip counts and probabilities; `budget` is the accesses
// simulated per loop nest. Returns notes on what could not be simulated.
// The RUVs written are `kinds`': ICC's machine RUV, IntCC's IR RUV, or
// both from one simulation.
std::vector<std::string> attach_cache_traffic(ApplicationModel& model, const Hardware& hw, const ParamValues& bound,
                                              double budget = 1e6,
                                              const std::vector<const char*>& kinds = {ruv_kind::machine});

}  // namespace pacer
