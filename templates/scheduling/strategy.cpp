#include "templates/scheduling/strategy.hpp"

#include <stdexcept>

#include "framework/error.hpp"
#include "framework/names.hpp"
#include "templates/scheduling/strategies.hpp"

namespace pacer::sched {

namespace {

struct Entry {
  StrategyInfo info;
  std::unique_ptr<Strategy> (*make)(size_t chunk);
};

// One line per strategy.
const std::vector<Entry>& registry() {
  static const std::vector<Entry> r = {
      {{"static", "equal blocks (or chunks dealt round-robin) fixed before the loop", true}, make_static},
      {{"dynamic", "idle threads take the next chunk (default 1) from a shared counter", true}, make_dynamic},
      {{"guided", "chunks of remaining/threads, never below the chunk size", true}, make_guided},
      {{"tss", "trapezoid self-scheduling: chunks shrink linearly from n/2T to the chunk size", true},
       make_trapezoid},
      {{"fac2", "factoring: batches of one chunk per thread, each half of what remains", true}, make_factoring},
      {{"srr", "Smart Round-Robin: pairs of lightest and heaviest iterations dealt in turn", false},
       make_smart_round_robin},
      {{"lpt", "longest processing time first, each to the thread that finishes it first", false},
       make_longest_processing_time},
  };
  return r;
}

std::string known_names() {
  std::string out;
  for (const auto& e : registry()) out += (out.empty() ? "" : ", ") + e.info.name;
  return out;
}

}  // namespace

Plan Strategy::plan(const std::vector<double>&, int, const std::vector<double>&) const {
  throw std::logic_error(name() + " is self-scheduled: it has no plan");
}

std::unique_ptr<ChunkRule> Strategy::chunks(size_t, int) const {
  throw std::logic_error(name() + " is planned: it has no chunk rule");
}

std::unique_ptr<Strategy> make_strategy(const std::string& spec) {
  size_t comma = spec.find(',');
  std::string name = spec.substr(0, comma);
  size_t chunk = 0;
  if (comma != std::string::npos) {
    std::string text = spec.substr(comma + 1);
    size_t used = 0;
    long long v = -1;
    try {
      v = std::stoll(text, &used);
    } catch (const std::exception&) {
    }
    if (used != text.size() || text.empty() || v < 0)
      throw InputError("strategy '" + spec + "': the chunk size '" + text + "' is not a whole number");
    if (v == 0) throw InputError("strategy '" + spec + "': the chunk size must be at least 1");
    chunk = static_cast<size_t>(v);
  }
  for (const auto& e : registry()) {
    if (e.info.name != name) continue;
    if (chunk && !e.info.takes_chunk) throw InputError("strategy " + name + " takes no chunk size");
    return e.make(chunk);
  }
  throw InputError("unknown strategy '" + name + "' (known: " + known_names() + ")");
}

const std::vector<StrategyInfo>& strategy_catalogue() {
  static const std::vector<StrategyInfo> out = [] {
    std::vector<StrategyInfo> v;
    for (const auto& e : registry()) v.push_back(e.info);
    return v;
  }();
  return out;
}

std::vector<std::string> default_comparison() {
  return {"static", "static,1", "dynamic,1", "dynamic,2", "dynamic,4", "guided", "tss", "fac2", "lpt", "srr"};
}

std::string strategy_spellings() {
  std::vector<std::string> names;
  for (const auto& s : strategy_catalogue()) names.push_back(s.name + (s.takes_chunk ? "[,k]" : ""));
  return join_names(names);
}

}  // namespace pacer::sched
