// The application layer of Papaefstathiou et al. 1994 (section 2): an application is a
// sequence of tasks, each with its SEG; functions are SEGs that tasks call.
// Data-dependent parameters (N_element, P_max, ...) are declared once for the
// whole model, with defaults a user may override.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "framework/seg.hpp"

namespace pacer {

enum class ParamKind { Count, Probability, Real };
const char* kind_name(ParamKind kind);

struct Parameter {
  std::string name;
  ParamKind kind = ParamKind::Real;
  std::optional<double> default_value;
  std::string description;
  SourceLocation where;
};

struct Task {
  std::string name;
  std::string description;
  Seg seg;
  SourceLocation where;
};

// How a parallel template maps P processors onto this model: "the looping
// iterations and the conditional branches which are parametrised in terms of
// the number of processors" (Papaefstathiou et al. 1994 section 5). A phase is
// `repeat` runs of one task with some parameters bound to formulas of P (and
// of the template's own variables and the model's parameters); a message is
// a size in bytes. Each template says which phases and messages it needs.
struct TemplatePhase {
  std::string name;
  std::string task;
  Expr repeat;
  std::map<std::string, Expr> bind;
  SourceLocation where;
};
struct TemplateMessage {
  std::string name;
  Expr bytes;
  SourceLocation where;
};
struct TemplateMapping {
  std::string name;  // the template: butterfly, multiphase, rowcol, sequential
  std::vector<TemplatePhase> phases;
  std::vector<TemplateMessage> messages;
  SourceLocation where;
  const TemplatePhase* phase(const std::string& n) const;
  const TemplateMessage* message(const std::string& n) const;
};

struct ApplicationModel {
  std::string name;
  std::string description;
  std::string file;
  std::vector<Parameter> parameters;
  std::vector<Task> tasks;      // run in sequence
  std::vector<Task> functions;  // called from tasks or other functions
  std::vector<TemplateMapping> templates;
  // The C sources it was analysed from (absolute) and the flags it was
  // analysed with, for models that price compiled code; empty for a model
  // file.
  std::vector<std::string> sources;
  std::vector<std::string> compile_flags;
  // The command-line arguments of the profiled run its parameters were
  // bound from, when they were: ICC runs the optimised build the same way
  // to count which machine copy of a loop runs (icc/block_counts.hpp).
  std::optional<std::string> run_args;
  // That run's executions of each compute node ("task/node"): how many
  // source iterations the counted machine copies of a loop did between them.
  std::map<std::string, double> run_counts;
  // That run's page faults per call of each task: its first touches of
  // memory the program had not used (frontends/clang/first_touch.hpp).
  std::map<std::string, double> first_touches;

  const Parameter* find_parameter(const std::string& name) const;
  const Task* find_seg(const std::string& name) const;  // task or function
  const TemplateMapping* find_template(const std::string& name) const;
};

// A copy whose SEGs, loop bodies and branch arms included, can be changed
// without touching the original (a plain copy shares the bodies).
ApplicationModel deep_copy(const ApplicationModel& model);

// Checks what a reader cannot check node by node: unique node ids per SEG,
// calls to SEGs that exist, no recursion, every parameter a formula uses
// declared. Throws InputError naming the place.
void validate(const ApplicationModel& model);

// Parameter values for one evaluation: defaults, then overrides. Throws when
// an override names an unknown parameter, a value breaks its kind, or a
// parameter in `needed` has no value.
using ParamValues = std::map<std::string, double>;
ParamValues bind_parameters(const ApplicationModel& model, const ParamValues& overrides,
                            const std::vector<std::string>& needed);
void check_parameter_value(const Parameter& p, double value);

}  // namespace pacer
