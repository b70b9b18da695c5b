// A loop scheduling strategy decides which thread runs which iteration of a
// parallel loop. Two families, as in OpenMP runtimes:
//  - planned: the whole assignment is fixed before the loop runs (static,
//    and the workload-aware SRR and LPT, which read the iteration loads);
//  - self-scheduled: an idle thread takes the next chunk of iterations from
//    a shared counter; the strategy only says how large that chunk is
//    (dynamic, guided, trapezoid self-scheduling, factoring).
// The simulator runs either kind. docs/extending.md says how to add one.
#pragma once
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "pacer/omp_schedule.hpp"

namespace pacer::sched {

struct Plan {
  Assignment assignment;
  std::vector<size_t> dispatches;  // per thread: how many times it went to the scheduler
};

// Chunk sizes for one run of a self-scheduled loop, asked for in turn.
class ChunkRule {
 public:
  virtual ~ChunkRule() = default;
  // The next chunk's size (at least 1) when `remaining` iterations are left.
  virtual size_t next(size_t remaining) = 0;
};

class Strategy {
 public:
  virtual ~Strategy() = default;
  virtual std::string name() const = 0;  // as written on the command line, e.g. "dynamic,2"
  virtual bool planned() const = 0;
  // Planned strategies: the assignment of `loads` to `threads`. `speeds`
  // (empty, or one per thread) lets a strategy favour faster threads.
  virtual Plan plan(const std::vector<double>& loads, int threads, const std::vector<double>& speeds) const;
  // Self-scheduled strategies: the chunk sizes for n iterations on `threads`.
  virtual std::unique_ptr<ChunkRule> chunks(size_t n, int threads) const;
};

// "static", "static,4", "dynamic,1", "guided", "srr", "lpt", "tss", "fac2":
// a name and an optional chunk size. Throws InputError for an unknown name,
// a chunk of zero, or a chunk given to a strategy that takes none.
std::unique_ptr<Strategy> make_strategy(const std::string& spec);

struct StrategyInfo {
  std::string name;
  std::string summary;
  bool takes_chunk;
};
const std::vector<StrategyInfo>& strategy_catalogue();
// "static[,k], dynamic[,k], ..., srr or lpt": how --strategy spells each one.
std::string strategy_spellings();

// The strategies `pacer schedule compare` runs by default.
std::vector<std::string> default_comparison();

}  // namespace pacer::sched
