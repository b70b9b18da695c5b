// The validation study over a suite of kernels (Papaefstathiou et al. 1994
// section 5, Table 7): the manifest that lists them, each model's errors over
// the kernels that count, and what a suite that cannot be judged means.
#pragma once
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "studies/validation.hpp"

namespace pacer {

using SuiteKernel = std::pair<std::string, ValidationOptions>;

// A folder holding suite.json, or a manifest file; its kernels' files are
// relative to the manifest's folder. Every kernel is validated on
// `hardware` with `runs` runs per round.
std::vector<SuiteKernel> read_suite_manifest(const std::string& suite, const std::string& hardware, int runs);

// |error| per model over the kernels that were validated and judged; with
// `minus_ct`, CT's signed error subtracted first: the error due to the
// resource model alone (section 5.2), over the kernels CT priced.
std::map<std::string, std::vector<double>> suite_errors(const std::vector<ValidationOutcome>& outcomes, bool minus_ct);

// After the report: InputError (exit 2) when a kernel failed (it does not
// build, run or check its result), Unavailable (exit 3) when one could not
// be judged on this machine.
void require_judged(const std::vector<ValidationOutcome>& outcomes);

}  // namespace pacer
