// Resource usage vector (RUV): the frequency of each resource a SEG node uses
// in one execution, by name (Papaefstathiou et al. 1994 Eq. 3). Which names are meaningful is
// up to the RUV's kind: C constructs for HLLC, a flop count for POC, a
// design estimate for DBC.
#pragma once
#include <boost/container/flat_map.hpp>
#include <string>
#include <utility>

namespace pacer {

// A node's RUV holds a handful of names: a sorted vector (Boost's flat_map)
// costs one allocation where a std::map costs one a name, and the analysis
// of a large file builds one for every node.
class Ruv {
 public:
  using Counts = boost::container::flat_map<std::string, double>;

  // Counts given in name order, each name once, taken as they are with no
  // search: a segment's RUV made from its tally (construct_tally.hpp).
  static Ruv in_name_order(Counts::sequence_type counts) {
    Ruv r;
    r.counts_.adopt_sequence(boost::container::ordered_unique_range, std::move(counts));
    return r;
  }

  void set(const std::string& name, double count) { slot(name) = count; }
  void add(const std::string& name, double count = 1) {
    // A RUV that is added to gathers a segment's constructs, usually near
    // ten: room for eight at the first spares growing the vector name by name.
    if (counts_.empty()) counts_.reserve(8);
    slot(name) += count;
  }
  double get(const std::string& name) const {
    auto it = counts_.find(name);
    return it == counts_.end() ? 0.0 : it->second;
  }
  bool has(const std::string& name) const { return counts_.count(name) != 0; }
  bool empty() const { return counts_.empty(); }
  const Counts& counts() const { return counts_; }
  auto begin() const { return counts_.begin(); }
  auto end() const { return counts_.end(); }

  Ruv& operator+=(const Ruv& other) {
    for (const auto& [name, count] : other) counts_[name] += count;
    return *this;
  }
  bool operator==(const Ruv& other) const = default;

 private:
  // A name's count, found in place; a new name is inserted in order.
  double& slot(const std::string& name) {
    auto at = counts_.lower_bound(name);
    if (at != counts_.end() && at->first == name) return at->second;
    return counts_.emplace_hint(at, name, 0.0)->second;
  }
  Counts counts_;
};

// An IR RUV's entry that is not a count of instructions: the vector width
// the compiler reports for the node's loop (absent: scalar code).
inline constexpr const char* ir_vector_lanes = "vector_lanes";
// A loop node's entry, in its machine and IR RUVs: the source iterations one
// iteration of its vector body runs (its factor: width times interleave,
// and the unroll when the counted run says so), when that copy ran most in
// the counted run or, with none, is the one chosen (absent or 1: scalar
// code). The cache simulation walks them as one step.
inline constexpr const char* loop_vector_iterations = "vector_iterations";
// A loop node's entry, in the same RUVs: 1 when the compiler unrolled the
// loop fully into the code around it, whose registers then hold what its
// iterations load.
inline constexpr const char* loop_unrolled_away = "unrolled_away";

// The RUV kinds pacer knows; each resource model reads one or more of them.
namespace ruv_kind {
inline constexpr const char* constructs = "constructs";  // C construct counts (HLLC, POC)
inline constexpr const char* flops = "flops";            // weighted flop count (POC)
inline constexpr const char* time = "time";              // design estimate (DBC)
// ICC, Eq. 7 form: n_ex, n_in_mem, n_ex_mem, n_inst, n_fpu_ovr (a hand analysis of assembly)
inline constexpr const char* instructions = "instructions";
// ICC from compiled code: cycles (LLVM MCA), bytes moved and the working set they come from
inline constexpr const char* machine = "machine";
// IntCC: optimised LLVM IR instructions per execution, by class
// (resource_models/intcc/ir_classes.hpp), with ICC's memory and branch terms
inline constexpr const char* ir = "ir";
inline constexpr const char* component_time = "ct";      // measured seconds per execution (CT)
}  // namespace ruv_kind

}  // namespace pacer
