#include "studies/fleet.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "framework/error.hpp"
#include "framework/process_group.hpp"
#include "studies/suite.hpp"
#include "studies/timing_lock.hpp"

namespace pacer {

// What a rank sends rank 0: its outcomes, every field, in CBOR (doubles
// travel exactly).
void to_json(nlohmann::json& j, const FileName& f) { j = f.str(); }
void from_json(const nlohmann::json& j, FileName& f) { f = j.get<std::string>(); }
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(SourceLocation, file, line)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Measurement, rounds, clocks, reference_hz, clock_elasticity, clock_hz, memory_rates,
                                   quiet_memory_rate, memory_tolerance, counted, quiet_rounds, memory_slowed, seconds, wall_seconds,
                                   uncertainty_percent, spread_percent, judgeable)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(NodeRow, id, where, executions, seconds)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(ModelResult, model, available, why, seconds, error_percent, unpriced)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Validation, function, measurement, measured, models, nodes, notes)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(ValidationOutcome, name, failure, v)

namespace {

struct Node {
  std::string host;
  int index = 0, ranks = 0;  // this rank's place among the node's ranks, and their count
};

Node this_node(const std::vector<std::string>& hosts, int rank) {
  Node n{hosts[size_t(rank)], 0, 0};
  for (int r = 0; r < int(hosts.size()); ++r)
    if (hosts[size_t(r)] == n.host) {
      if (r < rank) ++n.index;
      ++n.ranks;
    }
  return n;
}

}  // namespace

std::vector<MachineStudy> validate_across_nodes(const std::string& suite, int runs,
                                                const std::function<std::string(const std::string&)>& description_of,
                                                const std::function<void(const std::string&)>& progress) {
  const std::vector<std::string> hosts = process_hosts();
  const Node node = this_node(hosts, process_rank());
  // Whatever fails on one rank becomes its kernels' failure: a rank that
  // threw instead would leave the others waiting at the gather.
  std::string description, missing;
  try {
    const TimingLock turn;  // a rank that calibrates its node does so alone
    description = description_of(node.host);
  } catch (const std::exception& e) {
    missing = e.what();
  }
  const std::vector<SuiteKernel> kernels = read_suite_manifest(suite, description, runs);
  std::vector<SuiteKernel> mine;
  std::vector<size_t> positions;
  for (size_t k = size_t(node.index); k < kernels.size(); k += size_t(node.ranks)) {
    mine.push_back(kernels[k]);
    positions.push_back(k);
  }
  std::vector<ValidationOutcome> outcomes;
  try {
    if (missing.empty()) outcomes = validate_all(mine, progress);
  } catch (const std::exception& e) {
    missing = e.what();
  }
  if (!missing.empty()) {
    outcomes.clear();
    for (const auto& k : mine) outcomes.push_back({k.first, missing, {}});
  }
  nlohmann::json share{{"host", node.host}, {"hardware", description}, {"positions", positions}, {"outcomes", outcomes}};
  const std::vector<uint8_t> bytes = nlohmann::json::to_cbor(share);
  const std::vector<std::string> shares = gather_at_root(std::string(bytes.begin(), bytes.end()));

  std::vector<MachineStudy> out;
  for (const std::string& s : shares) {
    const nlohmann::json j = nlohmann::json::from_cbor(s);
    const std::string host = j.at("host").get<std::string>();
    auto study = std::find_if(out.begin(), out.end(), [&](const MachineStudy& m) { return m.host == host; });
    if (study == out.end()) {
      out.push_back({host, j.at("hardware").get<std::string>(), std::vector<ValidationOutcome>(kernels.size())});
      study = out.end() - 1;
    }
    const auto at = j.at("positions").get<std::vector<size_t>>();
    const auto outcomes = j.at("outcomes").get<std::vector<ValidationOutcome>>();
    for (size_t i = 0; i < at.size(); ++i) study->outcomes[at[i]] = outcomes[i];
  }
  return out;
}

}  // namespace pacer
