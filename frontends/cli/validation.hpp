// The accuracy study of Papaefstathiou et al. 1994 section 5 on the machine in front of
// the user: one C function is measured (median of pinned runs), profiled to
// bind its parameters, and predicted by every resource model (POC, HLLC,
// ICC, CT); each model's error is against the measurement.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "framework/error.hpp"

namespace pacer::cli {

struct ValidationOptions {
  std::vector<std::string> files;
  std::string function;
  std::string hardware;            // must describe this machine (pacer calibrate)
  std::string args;                // the program's command line
  int runs = 7;
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
  std::vector<double> runs;  // measured seconds per call, one per run
  double measured = 0;       // their median
  double spread_percent = 0; // interquartile range over the median
  double median_uncertainty_percent = 0;  // half-width of the median's ~95% interval
  bool judgeable = false;    // the median known well enough to judge a 3% error
  std::vector<ModelResult> models;
  std::vector<NodeRow> nodes;
  std::vector<std::string> notes;
};

// The resource models compared, in the paper's order of detail.
const std::vector<std::string>& validated_models();

// Throws InputError when the program does not compile, fails its own check
// or the description is not of a machine pacer can compile for.
Validation validate(const ValidationOptions& options);

}  // namespace pacer::cli
