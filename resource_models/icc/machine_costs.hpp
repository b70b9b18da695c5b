// The ICC model's RUVs from compiled code (Papaefstathiou et al. 1994 section 4.2.3, with
// LLVM MCA in place of the T800's instruction tables): the sources are
// compiled with the machine's recorded compiler and flags, each machine loop
// is matched to the SEG loop its instructions' source lines fall in, MCA
// prices one iteration of it, and the cycles are shared among the loop's
// compute nodes by the instructions each owns, divided by the source
// iterations one machine iteration does (the compiler's vectorisation and
// unrolling factors, from its optimisation remarks). Bytes moved per
// execution and the loop's working set go with the cycles, for the memory
// term (icc.cpp).
#pragma once
#include <string>
#include <vector>

#include "framework/application_model.hpp"
#include "framework/hardware.hpp"

namespace pacer {

struct MachineCostOptions {
  std::string compiler;
  std::vector<std::string> flags;  // the machine's, then the user's
  std::string mcpu;
};

// From the description's <icc compiler= flags= mcpu=>; throws MissingFigure.
MachineCostOptions machine_cost_options(const Hardware& hw, const std::vector<std::string>& user_flags);

// Attaches a machine RUV (cycles, bytes, working_set per execution) to every
// compute node of the model; nodes with no machine code (folded by the
// compiler) get zero cycles. `bound` evaluates trip counts. Scratch files go
// to `dir`. Returns notes on what could not be matched.
std::vector<std::string> attach_machine_costs(ApplicationModel& model, const std::vector<std::string>& sources,
                                              const MachineCostOptions& options, const ParamValues& bound,
                                              const std::string& dir);

}  // namespace pacer
