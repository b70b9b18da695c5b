// The accuracy study of Papaefstathiou et al. 1994 section 5 on the machine in front of
// the user: one C function is measured (median of pinned runs), profiled to
// bind its parameters, and predicted by every resource model (POC, HLLC,
// ICC, CT); each model's error is against the measurement.
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "framework/application_model.hpp"
#include "framework/error.hpp"
#include "studies/measurement.hpp"
#include "studies/memory_probe.hpp"

namespace pacer {

struct SegNode;

struct ValidationOptions {
  std::vector<std::string> files;
  std::string function;
  std::string hardware;            // must describe this machine (pacer calibrate)
  std::string args;                // the program's command line
  int runs = 7;                    // per round (studies/measurement.hpp)
  std::vector<std::string> flags;  // after the machine's recorded flags
};

struct NodeRow {
  std::string id;
  SourceLocation where;
  double executions = 0;                  // per call of the function
  std::map<std::string, double> seconds;  // per execution, by model
};

struct ModelResult {
  std::string model;
  bool available = false;
  std::string why;         // when not available
  double seconds = 0;      // predicted, per call
  double error_percent = 0;  // signed, (predicted - measured) / measured
  std::vector<std::string> unpriced;  // constructs the machine gives no cost for
};

struct Validation {
  std::string function;
  Measurement measurement;  // seconds per call (studies/measurement.hpp)
  double measured = 0;      // its estimate
  std::vector<ModelResult> models;
  std::vector<NodeRow> nodes;
  std::vector<std::string> notes;
};

// The resource models compared, in the paper's order of detail.
const std::vector<std::string>& validated_models();

// The error a measurement must be known well enough to judge.
inline constexpr double judging_tolerance_percent = 3;
// Rounds of runs: at least this many, and more, up to the maximum, while the
// measurement cannot be judged.
inline constexpr int minimum_rounds = 3, maximum_rounds = 12;

// One function's study in steps, so that a suite can interleave the rounds
// of its kernels: building (analysis, profile, the timed builds), rounds of
// measurement, then the predictions. Each step throws InputError when the
// program does not compile, fails its own check, or the description is not
// of a machine pacer can compile for.
class ValidationRun {
 public:
  // `memory` probes the shared memory around each round; a suite gives all
  // its kernels one, so that every kernel's rounds are judged against the
  // quietest memory the whole study saw. Null: the run makes it, sized by
  // its description (memory_probe_bytes), and leaves it there to share.
  ValidationRun(const ValidationOptions& options, std::shared_ptr<MemoryProbe>& memory);
  ~ValidationRun();
  void measure_round();
  // The estimate again, against the probe's quietest rate so far (a suite's
  // later kernels may have seen a quieter memory than this one's rounds).
  void update_estimate();
  const Measurement& measurement() const;
  Validation finish();

 private:
  struct State;
  std::unique_ptr<State> s_;
  void attach_machine_terms(std::vector<std::string>& notes);
  void attach_component_timing(Validation& v, const std::map<const SegNode*, double>& executions);
};

Validation validate(const ValidationOptions& options);

// The slowest shared memory, as a share of the description's rate, beside
// which ICC's time of the kernel is no more than a memory
// memory_quiet_margin slower makes of a kernel the memory paces (1 / (1 -
// margin) of its time at the description's rate), found by bisection: ICC's
// time bends where the memory takes over from the core, so no slope at one
// rate says it (Measurement::memory_tolerance). 0 when not even a memory
// twenty times slower moves it that far; 1 - margin, as for a kernel the
// memory paces, when ICC cannot price the memory here, and `failure` says
// why.
double memory_tolerance(const ApplicationModel& model, const Hardware& hw, std::string& failure);

// Why a measurement cannot judge the tolerance's error, and what to change.
std::string why_not_judged(const Validation& v);

struct ValidationOutcome {
  std::string name;
  std::string failure;  // empty when validated
  Validation v;
};

// A suite: every kernel built, then rounds taken in turn across kernels.
// A kernel that fails is reported and the rest go on.
std::vector<ValidationOutcome> validate_all(const std::vector<std::pair<std::string, ValidationOptions>>& kernels,
                                            const std::function<void(const std::string&)>& progress);

}  // namespace pacer
