// What the core holds and dispatches, from the calibration harness's window
// and dispatch benchmarks (x86-64 only): the figures by which ICC corrects
// a CPU model LLVM took from the processor's predecessor (LLVM 22's znver5
// is Zen 4's model, with Zen 4's dispatch width and queues).
#pragma once
#include <map>
#include <string>
#include <vector>

namespace pacer::calibrate {

// Instructions in one repetition of the harness's "dispatch:mix".
inline constexpr int dispatch_mix_instructions = 57;

// What each of the harness's window sweeps fills, and the figure it gives:
// nops the window (reorder_buffer), shuffles the floating-point queue,
// additions the integer queue, loads and stores their queues. `also_held`
// counts what else holds the same resource when the step comes (the
// window: the two misses and the move to the vector side). A step is a
// time `jump` times the first point's: two misses' latencies for one, or,
// for the floating-point queue, a miss and a chain of additions for the
// miss alone.
struct WindowKind {
  const char* kind;     // the harness's "window:<kind>:<N>"
  const char* param;    // the icc section's figure
  const char* overlap;  // what overlaps until the step, for the figure's source
  const char* filler;   // what the N are
  int also_held;
  const char* held;
  double jump = 1.6;
};
const std::vector<WindowKind>& window_kinds();

// One point of a window sweep: N instructions that wait for one miss
// before the next, independent miss, and the seconds one step of the two
// chases took (the fastest repetition: interference only slows).
struct WindowPoint {
  int waiting = 0;
  double seconds = 0;
};

// The points of the harness's "window:<kind>:<N>" timings, by N.
std::vector<WindowPoint> window_points(const std::map<std::string, std::vector<double>>& timings,
                                       const std::string& kind);

// Where the overlap stops: from there on, every point takes at least
// `jump` times the first point's time (for two misses, one latency becomes
// two; the slow growth before it is the waiting instructions' own
// execution). `lower` is the most waiting instructions seen to overlap,
// `upper` the fewest seen not to, 0 when the sweep never stepped.
struct WindowStep {
  int lower = 0;
  int upper = 0;
};
WindowStep window_step(const std::vector<WindowPoint>& points, double jump = 1.6);

}  // namespace pacer::calibrate
