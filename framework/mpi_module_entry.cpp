// The MPI module's one exported symbol: its table of entry points
// (mpi_module.hpp), over MPI's C interface. Everything else is hidden.
// MPI's C interface only: Open MPI's deprecated C++ bindings live in a library
// the module does not link.
#define OMPI_SKIP_MPICXX 1
#include <mpi.h>

#include <cstdlib>
#include <stdexcept>

#include "framework/mpi_module.hpp"

namespace {

void finish() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized) MPI_Finalize();
}

void start(int* rank, int* size) {
  int started = 0;
  MPI_Initialized(&started);
  if (!started) {
    // Funneled: pacer's own threads (OpenMP) never call MPI.
    int provided = 0;
    if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
      throw std::runtime_error("MPI_Init_thread failed");
    std::atexit(finish);
  }
  MPI_Comm_rank(MPI_COMM_WORLD, rank);
  MPI_Comm_size(MPI_COMM_WORLD, size);
}

// Every rank's bytes, in rank order, at rank 0 (`everywhere`: at every rank).
std::vector<std::string> collect(const std::string& mine, bool everywhere) {
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const bool receives = everywhere || rank == 0;
  // The sizes first, then the bytes, each rank's at its offset.
  const long long length = static_cast<long long>(mine.size());
  std::vector<long long> lengths(receives ? size : 0);
  if (everywhere) MPI_Allgather(&length, 1, MPI_LONG_LONG, lengths.data(), 1, MPI_LONG_LONG, MPI_COMM_WORLD);
  else MPI_Gather(&length, 1, MPI_LONG_LONG, lengths.data(), 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD);
  std::vector<int> counts, offsets;
  long long total = 0;
  for (long long l : lengths) {
    if (l > (1LL << 30) || total > (1LL << 30)) throw std::runtime_error("results over 1 GiB cannot be gathered");
    counts.push_back(static_cast<int>(l));
    offsets.push_back(static_cast<int>(total));
    total += l;
  }
  std::string all(static_cast<size_t>(total), '\0');
  if (everywhere)
    MPI_Allgatherv(mine.data(), static_cast<int>(mine.size()), MPI_CHAR, all.data(), counts.data(), offsets.data(),
                   MPI_CHAR, MPI_COMM_WORLD);
  else
    MPI_Gatherv(mine.data(), static_cast<int>(mine.size()), MPI_CHAR, all.data(), counts.data(), offsets.data(),
                MPI_CHAR, 0, MPI_COMM_WORLD);
  std::vector<std::string> out;
  for (size_t r = 0; r < counts.size(); ++r) out.push_back(all.substr(size_t(offsets[r]), size_t(counts[r])));
  return out;
}

std::vector<std::string> gather(const std::string& mine) { return collect(mine, false); }
std::vector<std::string> all_gather(const std::string& mine) { return collect(mine, true); }

const pacer::MpiModuleApi api = [] {
  pacer::MpiModuleApi a;
  a.start = &start;
  a.gather = &gather;
  a.all_gather = &all_gather;
  return a;
}();

}  // namespace

extern "C" __attribute__((visibility("default"))) const void* pacer_mpi_module() { return &api; }
