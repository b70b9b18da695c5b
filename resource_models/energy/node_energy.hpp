// The ICE model applied to an application model's SEG: each compute node is a
// phase with its own Work, I/O and Span (docs/energy.md):
// - Work: the operations its RUV counts (every arithmetic, comparison, logic,
//   conversion and maths-library construct is one operation; a hand-written
//   flops RUV counts its flops);
// - I/O: a streaming cache model of its memory accesses: each access to an
//   array element, global or pointee moves `access_bytes` of a cache line of
//   the machine's line size, with no reuse beyond the line. It over-counts
//   data that stays in cache across iterations and under-counts scattered
//   accesses, which move a whole line each;
// - Span: Work / parallelism, the parallelism being the speedup the code
//   reaches (1 for sequential code; a parallel template's predicted speedup,
//   below 1 when its overheads make it slower).
#pragma once
#include <string>
#include <vector>

#include "resource_models/energy/ice.hpp"
#include "resource_models/prediction.hpp"

namespace pacer {

struct NodeEnergy {
  std::string task;
  std::string id;
  double executions = 0;
  IceWorkload workload;  // per run of the task: executions x one execution
  IceEnergy energy;
};

struct ProgramEnergy {
  std::string hardware;
  std::vector<NodeEnergy> nodes;
  double static_joules = 0, ops_joules = 0, io_joules = 0;
  double total_joules() const { return static_joules + ops_joules + io_joules; }
  double access_bytes = 0, line_bytes = 0, parallelism = 1;
  std::vector<std::string> notes;
};

struct EnergyOptions {
  double access_bytes = 8;  // one double or pointer per access
  double parallelism = 1;
};

// Throws InputError when the machine has no ICE figures or a node has no RUV
// that counts operations.
ProgramEnergy predict_energy(const Predictor& predictor, const ParamValues& params, const Hardware& hw,
                             const EnergyOptions& options);

}  // namespace pacer
