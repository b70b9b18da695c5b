// The half of pacer that needs MPI (Open MPI): built as the module
// libpacer-mpi.so and opened only when pacer runs under mpirun
// (process_group.hpp), so a run on its own neither loads nor initialises MPI.
#pragma once
#include <string>
#include <vector>

namespace pacer {

struct MpiModuleApi {
  // Raise when this table or a type crossing it changes.
  static constexpr int current_version = 2;
  int version = current_version;
  // MPI_Init (once), this process's rank and the job's size; MPI_Finalize
  // runs at exit.
  void (*start)(int* rank, int* size) = nullptr;
  // Every rank's bytes at rank 0, in rank order; nothing at the others.
  std::vector<std::string> (*gather)(const std::string& mine) = nullptr;
  // Every rank's bytes at every rank, in rank order.
  std::vector<std::string> (*all_gather)(const std::string& mine) = nullptr;
};

inline constexpr const char* mpi_module_name = "pacer-mpi";
inline constexpr const char* mpi_module_entry = "pacer_mpi_module";

}  // namespace pacer
