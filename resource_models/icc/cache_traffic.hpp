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
// Two facts of real machines shape it beyond Kerncraft's simulation:
// - caches are indexed by physical address, and the operating system hands
//   out page frames in no particular order, so addresses a page or more
//   apart fall into sets as random frames do, not as their virtual
//   addresses would (on a virtual index, a column walk of rows 16 KiB
//   apart would meet in a few sets of every level);
// - hardware prefetchers follow a stream within one page: a reference whose
//   stride in its innermost loop is a page or more brings every line on
//   demand, so its lines are counted apart ("scattered"), to be priced by
//   the time such a miss takes rather than by bandwidth;
// - every access is translated by a data TLB (set-associative LRU over
//   virtual pages, the description's tlb_entries and tlb_ways): a walk of a
//   column touches a page per element, more than the TLB holds, and each
//   miss costs a page walk on top of the line.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <unordered_set>
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
  double page = 4096;
  double tlb_entries = 0;  // 0: no TLB simulated
  int tlb_ways = 0;        // 0: fully associative
  std::vector<CacheLevelShape> levels;  // innermost first
  // The names of the bandwidth each boundary's lines come over: the next
  // level's ("l2", "l3"), "mem" past the last.
  std::string source_of(size_t boundary) const;
};

// The caches of a description's memory section (l1_size, l1_ways, ...,
// line_size, page_size, tlb_entries, tlb_ways), innermost first; an
// associativity not given is taken as 8 ways, and `notes` says so; a page
// not given as 4 KiB; no TLB when its entries are not given.
CacheShape cache_shape(const Hardware& hw, std::vector<std::string>& notes);

// The lines that crossed one boundary, below a level: filled from it, and
// written back to it (dirty lines evicted below).
struct Crossing {
  double fills = 0;
  double writebacks = 0;
  double scattered = 0;  // of the fills, those of loads and stores no prefetcher follows
  // Of those, the ones whose fill into level 1 evicted a line the code wrote:
  // a crowded set holds its place for the write-back too.
  double scattered_dirty = 0;
  // The sets of the level above each stream's fills went into, in runs of
  // 32 fills of that stream (a stream: one memory reference of the code):
  // the runs by how many distinct sets each reached (1 to 32). A column
  // walk fills a few sets of level 1 over and over, and a level takes only
  // so many fills into one set at a time; a stream along a row moves on to
  // new sets. Each stream is counted on its own: two columns in different
  // sets each crowd as one column does (mm_jki's loop, two columns of eight
  // sets each, takes 1.43 ns an element, as two lines of eight-set walks,
  // 1.37, not of sixteen, 1.06). A fill's time is convex in its sets (a walk
  // over one set takes two and a half times one over sixteen), so a node
  // whose column crowds into one set beside a row that spreads over 32 is
  // priced by its runs' shares, not by the mean of their sets.
  static constexpr size_t kMostSets = 32;
  std::array<double, kMostSets + 1> runs_by_sets{};
  double runs() const;       // of 32 fills of one stream
  double mean_sets() const;  // the distinct sets a run reached, on average
  void fill_into_set(std::uint64_t set, unsigned stream);

 private:
  struct Run {
    std::array<std::uint64_t, 32> sets{};
    unsigned filled = 0;
  };
  std::vector<Run> runs_;  // by stream
};

// Set-associative LRU caches, write-back and write-allocate, each level
// filled on a miss (non-inclusive), indexed by physical address: each
// virtual page is given a frame of its own in a fixed pseudo-random order.
class CacheSimulator {
 public:
  explicit CacheSimulator(const CacheShape& shape);
  // One access of `width` bytes at a virtual address; the lines crossing
  // each boundary are added to `crossed` (one entry per level), and
  // counted as scattered too when `scattered`. Returns whether its
  // translation missed the TLB (a page walk).
  // `stream` tells the code's references apart (Crossing's runs of sets).
  bool access(std::uint64_t address, double width, bool store, Crossing* crossed, bool scattered = false,
              unsigned stream = 0);

 private:
  // The physical address of a virtual one.
  std::uint64_t physical(std::uint64_t address);
  // Looks the page up in the TLB, entering it on a miss; returns whether it missed.
  bool tlb_misses(std::uint64_t page);
  struct Level {
    std::uint64_t sets = 1;
    unsigned ways = 1;
    std::vector<std::uint64_t> tags;  // sets x ways, most recent first; 0: empty
    std::vector<std::uint8_t> dirty;
  };
  // Looks a line up in level k, filling it on a miss (or taking it whole,
  // when it is a dirty line written back from below); returns whether it hit.
  bool touch(size_t k, std::uint64_t line, bool store, Crossing* crossed, bool writeback, bool scattered);
  std::vector<Level> levels_;
  unsigned stream_ = 0;  // of the access being made
  bool evicted_written_ = false;  // the access's fill into level 1 evicted a line the code wrote
  unsigned line_shift_ = 6, page_shift_ = 12;
  std::unordered_map<std::uint64_t, std::uint64_t> frames_;  // virtual page -> frame
  std::unordered_set<std::uint64_t> used_frames_;
  std::uint64_t frame_seed_ = 0, last_page_ = ~0ull, last_frame_ = 0;
  std::uint64_t tlb_sets_ = 0, tlb_last_ = ~0ull;
  unsigned tlb_ways_ = 0;
  std::vector<std::uint64_t> tlb_;  // sets x ways of page + 1, most recent first; 0: empty
};

// Attaches to every compute node whose memory references are all affine
// the bytes per execution each boundary moves (machine RUV: bytes_from_l2,
// bytes_from_l3, bytes_from_mem, filled from that level, bytes_to_l2, ...,
// written back to it, lines_scattered_from_l2, ..., the fills no prefetcher
// follows, page_walks, the TLB misses, l1_fill_sets, how many of level 1's
// sets each 32 of its fills in a row went into, l1_fill_sets_share_K, the
// share of those runs that reached K sets, lines_scattered_dirty_from_l3,
// those of the lines scattered from level 3 whose fill into level 1 evicted a
// line the code wrote, and traffic = 1).
// Every node that reaches a page first gets fresh_pages, the pages it wrote
// first per execution, as if the task's memory were untouched at its start,
// fresh_pages_read, those it read first (the system maps its page of zeros),
// and fresh_pages_copied, those it wrote after a first read, its own or
// another node's (a second fault); and where the profile counted the task's
// page faults (the model's first_touches), its share of them per execution
// by kind, first_touches, first_reads and first_copies: the pages written
// first take the count first, and the reads and copies what is left
// (share_first_touches).
// `bound` binds trip counts and probabilities; `budget` is the accesses
// simulated per loop nest. Returns notes on what could not be simulated.
// The RUVs written are `kinds`': ICC's machine RUV, IntCC's IR RUV, or
// both from one simulation.
std::vector<std::string> attach_cache_traffic(ApplicationModel& model, const Hardware& hw, const ParamValues& bound,
                                              double budget = 1e6,
                                              const std::vector<const char*>& kinds = {ruv_kind::machine});

}  // namespace pacer
