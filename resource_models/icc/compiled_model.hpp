// ICC's and IntCC's preparation of a model analysed from C for one machine:
// its sources compiled with the description's compiler (machine code priced
// by MCA, or optimised IR counted by class), attached to the SEG's nodes,
// and the cache simulation's traffic beside them.
#pragma once
#include "resource_models/resource_model.hpp"

namespace pacer {

// A model analysed from C, prepared for one machine (ResourceModel::prepare):
// a copy whose compute nodes carry the machine RUV of its compiled code
// (ICC) or, `intermediate`, the IR RUV of its optimised IR (IntCC), with
// the simulated cache traffic. Nothing (a null model) when the model has no
// sources or already carries them: validation attaches its own for the
// machine it measures. Code that cannot be compiled for the machine is a
// MissingFigure, so that "--model all" leaves the model out on it; `who`
// names the model that needs the compiler in that error.
ResourceModel::Prepared prepare_compiled(const ApplicationModel& model, const Hardware& hw, const ParamValues& bound,
                                         bool intermediate, const std::string& who);

// The entries of the memory and branch terms that only the machine code can
// tell, copied into the IR RUV of every node that carries both: which
// branches stay branches and are mispredicted, and how long the loads a
// chain or a branch waits for take (the counted run's misses per machine
// instruction). The IR is not what runs: an IR select may become a branch,
// an IR branch a conditional move, and its loads have no place in the
// counted run. IntCC and HLLC+ then share ICC's terms, not just its form.
// Each loop's step marks too (loop_vector_iterations, loop_unrolled_away),
// so that one cache simulation serves both.
void share_machine_terms(ApplicationModel& model);

}  // namespace pacer
