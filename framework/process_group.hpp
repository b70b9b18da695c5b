// The processes one run of pacer is spread over. Alone there is one; started
// by `mpirun -np N pacer ...` (Open MPI's environment gives the job's size)
// there are N, joined by MPI, which is loaded as a module on first use
// (module.hpp) so that a run outside mpirun never loads it.
//
// A study hands its independent items to share_items: item i is computed by
// rank i mod N, and rank 0 receives every result in item order, so what it
// prints is the single process's output, number for number. Only rank 0
// prints (cli/views/report.hpp's emit and the error messages of main).
#pragma once
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace pacer {

int process_rank();   // 0 alone
int process_count();  // 1 alone
inline bool root_process() { return process_rank() == 0; }

// One result per item: the numbers the item's computation produced.
using ItemResults = std::vector<std::vector<double>>;

// Items 0 .. count - 1: `compute` gets the indices this process owns, in
// ascending order, and returns one result per index, in the same order. At
// rank 0: every item's result, in item order; at the other ranks: nothing.
// An exception on any rank is rethrown at rank 0, of the same kind
// (InputError, Unavailable, else std::runtime_error), naming the rank.
ItemResults share_items(std::size_t count, const std::function<ItemResults(const std::vector<std::size_t>&)>& compute);

// The bytes of every rank, in rank order, at rank 0; nothing at the others.
// Alone: {mine}.
std::vector<std::string> gather_at_root(const std::string& mine);

// Every rank's host name, in rank order; alone, this host's.
std::vector<std::string> process_hosts();

}  // namespace pacer
