// Differential check of a model built from C: how often the model says each
// compute node runs (its execution count, the formula with the profile's
// bindings, times the entries of its task) against how often the coverage
// counters saw its code run in the same profiled run. The two agree exactly
// when the frontend modelled the control flow right, since each profiled
// mean is a ratio of counts and the products of ratios along a path of the
// graph telescope: a disagreement is a frontend bug (or a construct the
// model cannot follow, such as a call through a pointer).
#pragma once
#include <string>
#include <vector>

#include "framework/application_model.hpp"
#include "frontends/clang/profile.hpp"

namespace pacer {

struct NodeCount {
  std::string function;
  std::string node_id;
  SourceLocation where;
  double measured = 0;  // by the counters, over the whole run
  double modelled = 0;  // by the model: sum over its tasks and call sites
  bool reached = false;  // some task of the model reaches the node
  bool agrees() const;
};

struct CountCheck {
  std::vector<NodeCount> nodes;  // every compute node the counters saw
  std::size_t agreeing() const;
  // The profiled run was stopped at its time limit: code after the point it
  // reached counts 0 there, and such nodes differ by design.
  bool stopped = false;
  std::vector<std::string> notes;  // why nothing could be modelled, when so
};

// `model` must have the profile applied (apply_profile).
CountCheck check_counts(const ApplicationModel& model, const Profile& profile);

}  // namespace pacer
