#include "resource_models/icc/memory_term.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "resource_models/icc/machine_costs.hpp"

namespace pacer {

namespace {

// The first level beyond level 1 the working set fits in, and its
// bandwidth; 0 when it fits in level 1, whose loads the in-core time
// already prices.
std::pair<std::string, double> level_bandwidth(double working_set, const Hardware& hw, const std::string& model) {
  if (hw.has("memory", "l1_size") && working_set <= hw.require("memory", "l1_size", model).value) return {"l1", 0};
  for (const char* level : {"l2", "l3"}) {
    const std::string size = std::string(level) + "_size", bw = std::string(level) + "_bandwidth";
    if (hw.has("memory", size) && hw.has("memory", bw) && working_set <= hw.require("memory", size, model).value)
      return {level, hw.require("memory", bw, model).value};
  }
  return {"mem", hw.require("memory", "mem_bandwidth", model + " (the working set exceeds every cache level given)").value};
}

// Lines no prefetcher follows come one demand miss at a time, as many in
// flight as the core keeps: each costs the measured time of such a line
// from the level it was found in (the lines a level sent less those it
// fetched from beyond), whatever the bandwidth would allow.
double scattered_time(const Ruv& r, const Hardware& hw, NodeCost& cost) {
  static const char* const kLevels[] = {"l2", "l3", "mem"};
  double lines = 0, walks_time = 0;
  for (size_t k = 0; k < 3; ++k) {
    double found = r.get(std::string("lines_scattered_from_") + kLevels[k]);
    for (size_t beyond = k + 1; beyond < 3 && found > 0; ++beyond)
      if (r.has(std::string("lines_scattered_from_") + kLevels[beyond])) {
        found -= r.get(std::string("lines_scattered_from_") + kLevels[beyond]);
        break;
      }
    if (found <= 0) continue;
    const std::string figure = std::string(kLevels[k]) + "_scattered_line";
    if (hw.has("memory", figure)) lines += found * hw.require("memory", figure, "icc").value;
    else cost.unpriced["memory/" + figure + " (lines from " + kLevels[k] + " no prefetcher follows)"] += found;
  }
  // A load whose page the TLB does not hold waits for the page walk too.
  if (const double walks = r.get("page_walks"); walks > 0) {
    if (hw.has("memory", "page_walk")) walks_time = walks * hw.require("memory", "page_walk", "icc").value;
    else cost.unpriced["memory/page_walk (loads that miss the TLB)"] += walks;
  }
  cost.add_term("scattered lines", lines);
  cost.add_term("page walks", walks_time);
  return lines + walks_time;
}

// A gather's scattered lines beside the node's stream: the two do not
// overlap, as streams from different levels and the core do. Both hold the
// core's outstanding misses, the stream's for as long as its level takes,
// so the gathered lines wait behind it and their time adds to the
// stream's. On a Zen 5, y[i] = x[idx[i]] took 1.15 ns an element with x in
// level 3 and the rest streaming from memory, where the stream alone gives
// 0.59 and the scattered lines 0.55; with everything in level 3, 0.57 where
// they give 0.24 and 0.33; and a loop of scattered loads from level 2 or 3
// beside a stream from memory of 0.5 to 4 lines a load took at least the
// sum in six of eight cases, within 4% of it in the other two
// (docs/validation.md). The stream keeps the gathered loads' bytes (a
// gathered line moves 64 of them, the load 8): without them both kernels
// came out 14-21% short (on a Zen 4, with the int indices counted at their
// 4 bytes, gather and gather_l3 come out 12-16% short with them: lines
// from level 3 beside a stream cost more than the two apart, not modelled
// yet). A read-modify-write's store adds none (machine_costs.cpp). The
// simulated traffic's scattered lines are no such second stream: they are
// lines of its own bytes (a column walk), and the larger term bounds the
// node.
double beside_stream(double stream, double scattered) { return stream + scattered; }

// Level 1 takes only so many fills into one set at a time: lines whose
// fills crowd into a few of its sets (a column walk down rows a multiple of
// its sets' span apart) come at the time per line pacer calibrate measures
// for such a walk from level 2 (<l2_line_K_sets>, K sets of 1 to 16),
// interpolated on the log of the sets the simulation saw each 32 fills in a
// row reach (a walk of K sets fills K sets in 32 fills, as the benchmark's
// walks of 32 rows or more do). Lines spread over many sets are priced by
// bandwidth alone. The runs are priced by their shares of each count of sets
// (l1_fill_sets_share_K), so that a column's lines beside a row's cost what
// a column's do; a description of traffic without them, by the mean count.
constexpr std::string_view kSetsShare = "l1_fill_sets_share_";  // + K: the share of runs that reached K sets

double crowded_line_time(const Ruv& r, const Hardware& hw) {
  std::vector<std::pair<double, double>> curve;  // log2 sets, seconds per line
  for (int k = 1; k <= 16; k *= 2)
    if (const std::string figure = "l2_line_" + std::to_string(k) + "_sets"; hw.has("memory", figure))
      curve.emplace_back(std::log2(k), hw.require("memory", figure, "icc").value);
  if (curve.empty()) return 0;
  auto at = [&](double sets) {
    const double x = std::log2(std::max(1.0, sets));
    double per_line = x <= curve.front().first ? curve.front().second : curve.back().second;
    for (size_t i = 1; i < curve.size(); ++i)
      if (x >= curve[i - 1].first && x <= curve[i].first) {
        const double w = (x - curve[i - 1].first) / (curve[i].first - curve[i - 1].first);
        per_line = curve[i - 1].second + w * (curve[i].second - curve[i - 1].second);
      }
    return per_line;
  };
  double shared = 0, per_line = 0;
  for (const auto& [name, share] : r)
    if (name.starts_with(kSetsShare) && share > 0)
      shared += share, per_line += share * at(std::stod(name.substr(kSetsShare.size())));
  return shared > 0 ? per_line / shared : at(r.get("l1_fill_sets"));
}

// A crowded walk keeps few fills in flight, as many as those sets take
// (Little's law: the walk measured from level 2 keeps l2_latency / per_line
// lines in flight, when it is slower than level 2's bandwidth and so bound
// by them). A line no prefetcher fetched ahead that is found in level 3
// holds its place longer: it costs what the same walk measured from level 3
// costs, l3_line_1_sets, and a walk over more sets its own time from level 2
// in the ratio l3_line_1_sets / l2_line_1_sets (so that a walk over one set
// costs the measured figure itself, though that was measured on a matrix's
// columns walked eight times over and level 2's on lines read once). A
// fill that evicts a line the code wrote (lines_scattered_dirty_from_l3 of
// them) holds its set's place while that line goes back: such a line costs
// what the same walk with stores costs, l3_line_1_sets_stores (on a Zen 4,
// a column of stores down 1,024 rows 8 KiB apart took 6.4-8.5 ns a line
// where loads took 3.1-3.8; down 2,048 rows 4 KiB apart, 5.0-5.3 in some
// runs and 7.7-8.5 in most against 4.8-6.0), and without that figure what a
// line of loads costs. Without l3_line_1_sets, the ratio of the levels'
// latencies: the walk from level 3 would keep as many lines in flight as
// the walk from level 2. It
// keeps fewer: on a Zen 5, 5.8-6.2 ns a line against 1.36 x 12.2 / 3.3 =
// 5.0 ns (walks of 2,048 and 4,096 rows 4 KiB apart), and matvec_col's
// column, 6.3-6.5 ns an element. Lines from memory do not follow the law (a
// walk over 64 Ki rows a page apart, every line from memory, took 12 ns a
// line, where memory's 160 ns would give 65): they are priced as lines from
// level 3, which they take at least. Without the latencies, every line is
// priced as if found in level 2.
double crowded_sets_time(const Ruv& r, const Hardware& hw) {
  if (!r.has("l1_fill_sets") || r.get("bytes_from_l2") <= 0) return 0;
  const double per_line = crowded_line_time(r, hw);
  if (per_line <= 0) return 0;
  const double line = hw.has("memory", "line_size") ? hw.require("memory", "line_size", "icc").value : 64;
  const double base = r.get("bytes_from_l2") / line * per_line;
  for (const char* figure : {"l2_bandwidth", "l2_latency", "l3_latency"})
    if (!hw.has("memory", figure)) return base;
  auto figure = [&](const char* name) { return hw.require("memory", name, "icc").value; };
  if (per_line <= line / figure("l2_bandwidth")) return base;  // bound by bandwidth, not by the sets
  auto slower = [&](const char* l3) {
    return hw.has("memory", l3) && hw.has("memory", "l2_line_1_sets") ? figure(l3) / figure("l2_line_1_sets")
                                                                      : figure("l3_latency") / figure("l2_latency");
  };
  const double lines = r.get("lines_scattered_from_l3"), written = std::min(lines, r.get("lines_scattered_dirty_from_l3"));
  const double loads = slower("l3_line_1_sets"),
               stores = hw.has("memory", "l3_line_1_sets_stores") ? slower("l3_line_1_sets_stores") : loads;
  return base + per_line * ((lines - written) * std::max(0.0, loads - 1) + written * std::max(0.0, stores - 1));
}

// The simulated lines each level sends, each over that level's bandwidth:
// the slowest transfer bounds the node. Level 1's own traffic is the loads
// and stores of the code, whose ports the in-core time already prices (as
// the ECM model counts them in-core): counting its bytes over a bandwidth as
// well would price them twice.
// A level whose bandwidth is not published for a machine not in hand is
// reported, as HLLC reports a construct it has no cost for.
// How far a level's transfers overlap the core's independent work
// (<level>_overlap, which pacer calibrate measures: 0.89-1.05 from memory
// and at least 1 from levels 2 and 3 on a Zen 4); 1, ECM's overlapping
// form, where the description gives none.
double overlap_of(const std::string& level, const Hardware& hw) {
  const std::string figure = level + "_overlap";
  return hw.has("memory", figure) ? hw.require("memory", figure, "icc").value : 1;
}

// The transfers' time, and in `serial` the part of it that does not
// overlap the core and so adds to it (ECM: the core's time plus the
// transfers it does not overlap, or the transfers, whichever is longer).
double transfer_time(const Ruv& r, const Hardware& hw, NodeCost& cost, double& serial) {
  double t = 0;
  auto over = [&](const std::string& level, double bytes) {
    const std::string figure = level + "_bandwidth";
    if (!hw.has("memory", figure)) return void(cost.unpriced["memory/" + figure + " (bytes from " + level + ")"] += bytes);
    const double seconds = bytes / hw.require("memory", figure, "icc").value;
    cost.add_term("from " + level, seconds);
    t = std::max(t, seconds);
    serial += (1 - overlap_of(level, hw)) * seconds;
  };
  for (const auto& [name, bytes] : r)
    if (name.rfind("bytes_from_", 0) == 0 && bytes > 0) over(name.substr(11), bytes);
  const double crowded = crowded_sets_time(r, hw);
  cost.add_term("crowded sets", crowded);
  return std::max({t, scattered_time(r, hw, cost), crowded});
}

// The term that set a node's time: the core, or the transfer that took
// longest (scattered lines with their page walks, as they add).
std::string bound_of(const NodeCost& cost, double core) {
  if (core >= cost.seconds) return "core";
  std::string bound;
  double longest = -1;
  for (const auto& [name, seconds] : cost.terms) {
    if (name == "core" || name == "chain waits" || name == "first touches" || name == "mispredictions" ||
        name == "page walks" || name == "calls")
      continue;
    const double t = name == "scattered lines" ? seconds + cost.term("page walks") : seconds;
    if (t > longest) longest = t, bound = name;
  }
  if (bound.empty() && cost.term("page walks") > 0) bound = "page walks";
  return bound;
}

// The reads a dependence chain waits for (waits_l3: reads that missed level
// 2, waits_mem: those that missed level 3 too, each times how much the
// loop's iteration grows with that load's latency) add what their level's
// latency adds to level 1's, which the in-core time already gave them: the
// next iteration cannot start before they arrive, whatever the bandwidth.
// A read that decides a branch (branch_waits_*) is waited for only when the
// branch was mispredicted: the right path starts once the read arrives;
// a predicted branch lets the next iteration run ahead.
double chain_waits(const Ruv& r, const Hardware& hw, NodeCost& cost) {
  const double l3 = r.get("waits_l3") + r.get("mispredicts") * r.get("branch_waits_l3"),
               mem = r.get("waits_mem") + r.get("mispredicts") * r.get("branch_waits_mem");
  if (l3 <= 0 && mem <= 0) return 0;
  for (const char* figure : {"l1_latency", "l3_latency", "mem_latency"})
    if (!hw.has("memory", figure)) {
      cost.unpriced[std::string("memory/") + figure + " (reads a dependence chain or a mispredicted branch waits for)"] +=
          l3 + mem;
      return 0;
    }
  auto latency = [&](const char* figure) { return hw.require("memory", figure, "icc").value; };
  return l3 * std::max(0.0, latency("l3_latency") - latency("l1_latency")) +
         mem * std::max(0.0, latency("mem_latency") - latency("l3_latency"));
}

// Pages the program had not used, first touched here (the profile's count
// of the task's faults, shared among its nodes by the faults each takes
// first): each a fault of the operating system's, which stops the core
// while it maps the page, whatever else waits: they add to the node's time,
// the core's and the transfers' alike. A page written first is found and
// zero-filled (page_fault); one read first is mapped to the system's page
// of zeros (page_fault_read), and a write after that gives it a zeroed
// frame of its own (page_fault_copy): on a Zen 4, 1.43-1.48, 0.75-0.78
// and 1.67-1.70 us. A description
// without the last two prices those faults at page_fault.
double first_touch_time(const Ruv& r, const Hardware& hw, NodeCost& cost) {
  const double written = r.get("first_touches"), read = r.get("first_reads"), copied = r.get("first_copies");
  if (written + read + copied <= 0) return 0;
  if (!hw.has("memory", "page_fault")) {
    cost.unpriced["memory/page_fault (first touches of pages the program had not used)"] += written + read + copied;
    return 0;
  }
  auto figure = [&](const char* name) {
    return hw.require("memory", hw.has("memory", name) ? name : "page_fault", "icc").value;
  };
  return written * figure("page_fault") + read * figure("page_fault_read") + copied * figure("page_fault_copy");
}

}  // namespace

NodeCost with_memory_and_branches(double core, const Ruv& r, const Hardware& hw, const std::string& model) {
  NodeCost cost;
  cost.add_term("core", core);
  const double waits = chain_waits(r, hw, cost);
  cost.add_term("chain waits", waits);
  core += waits;
  const double faults = first_touch_time(r, hw, cost);
  cost.add_term("first touches", faults);
  if (r.get("mispredicts") > 0) {
    // A branch whose right path waits longer or shorter beyond its loop's
    // iteration than the calibration branch does (mispredict_restart,
    // cycles; machine_costs.cpp) costs the difference.
    const double restart = r.get("mispredict_restart");
    const double missed =
        std::max(0.0, r.get("mispredicts") *
                              hw.require("icc", "mispredict", model + " (the node ends in an unpredictable branch)").value +
                          (restart != 0 ? restart * cycle_time(hw, model) : 0));  // t_cyc only when needed
    cost.add_term("mispredictions", missed);
    core += missed;
  }
  double serial = 0;  // transfers the core does not overlap
  if (r.get("traffic") > 0) {
    const double transfers = transfer_time(r, hw, cost, serial);
    cost.seconds = std::max(core + serial, transfers);
  } else if (r.get("bytes") <= 0 || !hw.sections.count("memory")) {
    cost.seconds = core;
  } else if (const auto [level, bw] = level_bandwidth(r.get("working_set"), hw, model); bw > 0) {
    const double stream = r.get("bytes") / bw;
    cost.add_term("from " + level, stream);
    serial = (1 - overlap_of(level, hw)) * stream;
    cost.seconds = std::max(core + serial, beside_stream(stream, scattered_time(r, hw, cost)));
  } else {
    cost.seconds = std::max(core, scattered_time(r, hw, cost));
  }
  cost.bound = faults > cost.seconds ? "first touches" : bound_of(cost, core + serial);
  cost.seconds += faults;
  return cost;
}

bool is_memory_or_branch_entry(const std::string& name) {
  return name == "bytes" || name == "working_set" || name == "traffic" || name == "mispredicts" ||
         name == "mispredict_restart" ||
         name.rfind("bytes_from_", 0) == 0 || name.rfind("bytes_to_", 0) == 0 ||
         name.rfind("lines_scattered_", 0) == 0 || name == "page_walks" || name == "waits_l3" ||
         name == "waits_mem" || name == "branch_waits_l3" || name == "branch_waits_mem" || name == "l1_fill_sets" ||
         name.starts_with(kSetsShare) || name.starts_with("fresh_pages") || name == "first_touches" || name == "first_reads" ||
         name == "first_copies";
}

}  // namespace pacer
