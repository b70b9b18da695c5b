// The measurement behind `pacer comm measure`: the Open MPI ping-pong
// (hw/calibrate/pingpong.c) between two processes of this machine.
#pragma once
#include <functional>
#include <string>
#include <vector>

namespace pacer {

// Runs it under mpirun for each message size, `reps` round trips each, and
// returns its CSV (comm_fit.hpp reads it). `announce` is told the command
// line first. Throws InputError when mpirun or the ping-pong fails.
std::string run_pingpong(const std::vector<double>& sizes, int reps,
                         const std::function<void(const std::string&)>& announce = {});

}  // namespace pacer
