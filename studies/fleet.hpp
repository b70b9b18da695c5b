// The validation study across the machines of an MPI job (`mpirun -np N
// pacer validate --suite DIR`): every node validates the whole suite, its
// ranks sharing out the kernels (kernel k to the node's rank k mod its rank
// count) and taking turns to build and time them (timing_lock.hpp), each on
// its own host's description. Rank 0 gathers every kernel's outcome and has
// the study of each machine; a kernel that fails on one machine is reported
// there and the rest go on.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "studies/validation.hpp"

namespace pacer {

struct MachineStudy {
  std::string host;                        // the node's host name
  std::string hardware;                    // the description its ranks used
  std::vector<ValidationOutcome> outcomes;  // the suite's kernels, in the manifest's order
};

// `description_of(host)` names the description a node's ranks use (called
// on each rank in its turn, so that one rank of a node may calibrate and
// write it while the others wait); InputError when the host has none, and
// then every kernel of that node fails with its message. At rank 0: one
// study per node, in the order of their first ranks; elsewhere: none.
std::vector<MachineStudy> validate_across_nodes(const std::string& suite, int runs,
                                                const std::function<std::string(const std::string&)>& description_of,
                                                const std::function<void(const std::string&)>& progress);

}  // namespace pacer
