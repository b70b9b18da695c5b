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

std::vector<std::string> gather(const std::string& mine) {
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  // The sizes first, then the bytes, each rank's at its offset.
  const long long length = static_cast<long long>(mine.size());
  std::vector<long long> lengths(rank == 0 ? size : 0);
  MPI_Gather(&length, 1, MPI_LONG_LONG, lengths.data(), 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD);
  std::vector<int> counts, offsets;
  std::string all;
  if (rank == 0) {
    long long total = 0;
    for (long long l : lengths) {
      if (l > (1LL << 30) || total > (1LL << 30)) throw std::runtime_error("results over 1 GiB cannot be gathered");
      counts.push_back(static_cast<int>(l));
      offsets.push_back(static_cast<int>(total));
      total += l;
    }
    all.resize(static_cast<size_t>(total));
  }
  MPI_Gatherv(mine.data(), static_cast<int>(mine.size()), MPI_CHAR, all.data(), counts.data(), offsets.data(),
              MPI_CHAR, 0, MPI_COMM_WORLD);
  std::vector<std::string> out;
  for (int r = 0; rank == 0 && r < size; ++r) out.push_back(all.substr(size_t(offsets[r]), size_t(counts[r])));
  return out;
}

const pacer::MpiModuleApi api = [] {
  pacer::MpiModuleApi a;
  a.start = &start;
  a.gather = &gather;
  return a;
}();

}  // namespace

extern "C" __attribute__((visibility("default"))) const void* pacer_mpi_module() { return &api; }
