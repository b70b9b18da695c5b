#include "framework/construct_tally.hpp"

#include <algorithm>
#include <bit>
#include <numeric>
#include <string>

namespace pacer {

namespace {
// The vocabulary's ids in the order of their names: a RUV's order, so that
// sums over a tally add in the order they do over its RUV.
const std::array<ConstructId, std::size(kConstructs)>& name_order() {
  static const auto order = [] {
    std::array<ConstructId, std::size(kConstructs)> ids{};
    std::iota(ids.begin(), ids.end(), ConstructId{0});
    std::sort(ids.begin(), ids.end(), [](ConstructId a, ConstructId b) { return kConstructs[a].name < kConstructs[b].name; });
    return ids;
  }();
  return order;
}
}  // namespace

void ConstructTally::add_to(Ruv& ruv) const {
  for (ConstructId id : name_order())
    if ((counted_ >> id) & 1) ruv.add(std::string(kConstructs[id].name), counts_[id]);
}

Ruv ConstructTally::ruv() const {
  Ruv::Counts::sequence_type counts;
  counts.reserve(static_cast<size_t>(std::popcount(counted_)));
  for (ConstructId id : name_order())
    if ((counted_ >> id) & 1) counts.emplace_back(std::string(kConstructs[id].name), counts_[id]);
  return Ruv::in_name_order(std::move(counts));
}

double ConstructTally::mcmahon_flops() const {
  double flops = 0;
  for (ConstructId id : name_order())
    if ((counted_ >> id) & 1) flops += kConstructs[id].mcmahon_flops * counts_[id];
  return flops;
}

}  // namespace pacer
