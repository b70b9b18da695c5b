#include "framework/construct_tally.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
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

// Each id's place in name_order().
const std::array<unsigned, std::size(kConstructs)>& name_rank() {
  static const auto rank = [] {
    std::array<unsigned, std::size(kConstructs)> r{};
    for (unsigned k = 0; k < r.size(); ++k) r[name_order()[k]] = k;
    return r;
  }();
  return rank;
}

// Calls f(id) for each id in `counted`, in name order: the set bits moved to
// their names' places, then taken lowest first (a segment counts a handful
// of the vocabulary's constructs; a look at each of them cost more).
template <class F>
void each_in_name_order(std::uint64_t counted, F&& f) {
  std::uint64_t by_name = 0;
  for (; counted; counted &= counted - 1) by_name |= std::uint64_t{1} << name_rank()[std::countr_zero(counted)];
  for (; by_name; by_name &= by_name - 1) f(name_order()[std::countr_zero(by_name)]);
}
}  // namespace

void ConstructTally::add_to(Ruv& ruv) const {
  each_in_name_order(counted_, [&](ConstructId id) { ruv.add(std::string(kConstructs[id].name), counts_[id]); });
}

Ruv ConstructTally::ruv() const {
  Ruv::Counts::sequence_type counts;
  counts.reserve(static_cast<size_t>(std::popcount(counted_)));
  each_in_name_order(counted_, [&](ConstructId id) { counts.emplace_back(std::string(kConstructs[id].name), counts_[id]); });
  return Ruv::in_name_order(std::move(counts));
}

double ConstructTally::mcmahon_flops() const {
  double flops = 0;
  each_in_name_order(counted_, [&](ConstructId id) { flops += kConstructs[id].mcmahon_flops * counts_[id]; });
  return flops;
}

}  // namespace pacer
