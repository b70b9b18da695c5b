#include "framework/hardware.hpp"

#include <algorithm>

namespace pacer {

const HwSection* Hardware::section(const std::string& name) const {
  auto it = sections.find(name);
  return it == sections.end() ? nullptr : &it->second;
}

bool Hardware::has(const std::string& section, const std::string& param) const {
  auto s = sections.find(section);
  return s != sections.end() && s->second.params.count(param);
}

const Figure& Hardware::require(const std::string& section, const std::string& param,
                                const std::string& needed_by) const {
  auto s = sections.find(section);
  if (s == sections.end() || !s->second.params.count(param)) {
    std::string why;
    if (s != sections.end())
      if (auto u = s->second.unknown.find(param); u != s->second.unknown.end()) why = " (declared unknown: " + u->second + ")";
    throw MissingFigure(SourceLocation{file, s == sections.end() ? 0 : s->second.where.line},
                     section + "/" + param,
                     "the " + needed_by + " model needs <" + section + "><param name=\"" + param +
                         "\" .../>, which '" + name + "' does not give" + why);
  }
  return s->second.params.at(param);
}

namespace {
using D = Dimension;
// The figures the core's clock sets. The caches' are among them: on the
// AMD cores this project runs on every level, the shared third too, runs
// at its core complex's clock (an Intel core's last level has a clock of
// its own, which this does not describe); memory does not. Energy and
// power figures are not scaled.
constexpr bool kCore = true, kShared = true, kShare = true;
const std::vector<SectionSpec> kSchema = {
    {"cpu", {"model"},
     {{"clock", D::Frequency, "core clock frequency", kCore},
      {"cores", D::Count, "cores available to one program"}},
     "the processor"},
    {"poc", {},
     {{"flop_rate", D::FlopRate, "sustained floating point rate R_fpu (Papaefstathiou et al. 1994 Eq. 6)", kCore}},
     "principal operation characterisation"},
    {"icc", {"compiler", "flags", "mcpu", "triple", "sysroot"},
     {{"t_cyc", D::Time, "processor cycle time (Papaefstathiou et al. 1994 Eq. 7)", kCore},
      {"e", D::Cycles, "off-chip memory cost factor (Papaefstathiou et al. 1994 Eq. 7)"},
      {"mispredict", D::Time,
       "cost of one mispredicted conditional branch decided by a compare with a byte in memory (pacer calibrate's): "
       "the pipeline's refill and that compare's wait",
       kCore},
      {"dispatch_width", D::Count, "instructions dispatched per cycle, where LLVM's CPU model has another"},
      {"reorder_buffer", D::Count, "instructions in flight from dispatch to retirement, where LLVM's CPU model has another"},
      {"fp_queue", D::Count, "floating-point instructions waiting for operands, where LLVM's CPU model has another"},
      {"int_queue", D::Count, "integer instructions waiting for operands, where LLVM's CPU model has another"},
      {"load_queue", D::Count, "loads from dispatch to retirement, where LLVM's CPU model has another"},
      {"store_queue", D::Count, "stores from dispatch to retirement, where LLVM's CPU model has another"},
      {"fp_bypass", D::Time, "what a floating-point multiply's result takes beyond its latency to reach an add", kCore},
      {"fp_logic", D::Time, "a floating-point bitwise operation's latency (andpd, orpd: a compiled select's blend)", kCore},
      {"fp_logic_bypass", D::Time, "what a floating-point add's result takes beyond its latency to reach a bitwise operation",
       kCore},
      {"vector_load", D::Time, "a 16-byte vector load from level 1, one of many independent ones", kCore},
      {"vector_load_store", D::Time, "two 16-byte vector loads and a vector store from and to level 1, independent",
       kCore}},
     "instruction code characterisation"},
    {"memory", {},
     {{"l1_size", D::Bytes, "level 1 data cache per core"},
      {"l2_size", D::Bytes, "level 2 cache per core"},
      {"l3_size", D::Bytes, "level 3 cache, shared"},
      {"line_size", D::Bytes, "cache line"},
      {"l1_ways", D::Count, "level 1 associativity (ways; 0: fully associative)"},
      {"l2_ways", D::Count, "level 2 associativity"},
      {"l3_ways", D::Count, "level 3 associativity"},
      {"l1_bandwidth", D::Bandwidth, "level 1 load bandwidth per core", kCore},
      {"l2_bandwidth", D::Bandwidth, "level 2 bandwidth per core", kCore},
      {"l3_bandwidth", D::Bandwidth, "level 3 bandwidth per core", kCore, kShared},
      {"mem_bandwidth", D::Bandwidth, "main memory bandwidth", !kCore, kShared},
      {"l2_overlap", D::Count,
       "how far level 2's transfers overlap the core's independent work, 0 (they add) to 1 (the larger bounds: ECM's "
       "overlapping form, taken where none is given)",
       !kCore, !kShared, kShare},
      {"l3_overlap", D::Count, "the same for level 3's transfers", !kCore, !kShared, kShare},
      {"mem_overlap", D::Count, "the same for memory's transfers", !kCore, !kShared, kShare},
      {"l1_latency", D::Time, "level 1 load latency", kCore},
      {"l2_latency", D::Time, "level 2 load latency", kCore},
      {"l3_latency", D::Time, "level 3 load latency", kCore, kShared},
      {"mem_latency", D::Time, "main memory latency", !kCore, kShared},
      {"l2_scattered_line", D::Time,
       "one line from level 2 when no prefetcher follows the loads (independent loads of lines in random order)", kCore},
      {"l3_scattered_line", D::Time, "one line from level 3 when no prefetcher follows the loads", kCore, kShared},
      {"mem_scattered_line", D::Time, "one line from memory when no prefetcher follows the loads", !kCore, kShared},
      {"l2_line_1_sets", D::Time,
       "one line from level 2 when level 1's fills crowd into 1 of its sets (a walk down a column)", kCore},
      {"l2_line_2_sets", D::Time, "one line from level 2 when level 1's fills crowd into 2 of its sets", kCore},
      {"l2_line_4_sets", D::Time, "one line from level 2 when level 1's fills crowd into 4 of its sets", kCore},
      {"l2_line_8_sets", D::Time, "one line from level 2 when level 1's fills crowd into 8 of its sets", kCore},
      {"l2_line_16_sets", D::Time, "one line from level 2 when level 1's fills crowd into 16 of its sets", kCore},
      {"l3_line_1_sets", D::Time,
       "one line from level 3 when level 1's fills crowd into 1 of its sets and level 2 cannot hold the walk's lines",
       kCore, kShared},
      {"l3_line_1_sets_stores", D::Time,
       "one line from level 3 when level 1's fills for stores crowd into 1 of its sets and level 2 cannot hold the "
       "walk's lines",
       kCore, kShared},
      {"tlb_entries", D::Count, "the last-level data TLB's entries for pages of page_size"},
      {"tlb_ways", D::Count, "that TLB's associativity (ways; 0: fully associative)"},
      {"page_walk", D::Time,
       "what a load that misses the TLB adds (independent loads, one per page, pages in random order)", kCore},
      {"page_fault", D::Time,
       "the first touch of a page the program has not used: the operating system finds and zero-fills it (one "
       "minor fault, on a page of page_size)",
       kCore},
      {"page_fault_read", D::Time,
       "the first read of a page the program has not used: the operating system maps its page of zeros (one minor "
       "fault)",
       kCore},
      {"page_fault_copy", D::Time,
       "the first write to a page the program has only read: the operating system gives it a zeroed frame of its "
       "own in place of its page of zeros (a second minor fault)",
       kCore},
      {"page_size", D::Bytes,
       "the operating system's page: prefetchers stay within one, and caches beyond it are indexed by its frame"},
      {"mem_frequency", D::Frequency, "memory clock F_mem"},
      {"internal_size", D::Bytes, "on-chip memory (transputer)"}},
     "caches and memory"},
    {"communication", {"model"},
     {{"alpha", D::Time, "message preparation time (Papaefstathiou et al. 1994 Eq. 5)"},
      {"beta", D::Time, "start-up time per hop (Eq. 5)"},
      {"tau", D::Time, "time per byte, the inverse of bandwidth (Eq. 5)"},
      {"h", D::Bytes, "packet header (Eq. 5)"},
      {"p", D::Bytes, "packet size (Eq. 5)"},
      {"alpha2", D::Time, "packet preparation time (Eq. 5)"},
      {"latency", D::Time, "Hockney start-up latency"},
      {"bandwidth", D::Bandwidth, "Hockney asymptotic bandwidth"},
      {"L", D::Time, "LogGP latency"},
      {"o", D::Time, "LogGP overhead"},
      {"g", D::Time, "LogGP gap between messages"},
      {"G", D::Time, "LogGP gap per byte"}},
     "communication between processors"},
    {"ct", {},
     {{"region_cost", D::Time, "what one timed region costs the code around it (component timing, measured by calibration)", kCore}},
     "component timing"},
    {"energy", {},
     {{"eps_op", D::Energy, "dynamic energy of one operation, one core (ICE)"},
      {"pi_op", D::Energy, "static energy of one operation (ICE)"},
      {"eps_io", D::Energy, "dynamic energy of one cache-line transfer (ICE)"},
      {"pi_io", D::Energy, "static energy of one cache-line transfer (ICE)"},
      {"static_power", D::Power, "static power of the whole platform (ICE P^sta)"},
      {"op_power", D::Power, "power of one active core doing one operation (ICE P^op, Eq. 7)"},
      {"io_power", D::Power, "power of one active core doing one cache-line transfer (ICE P^I/O, Eq. 8)"},
      {"cycles_per_op", D::Cycles, "cycles per operation (ICE F, Eq. 7 and 9)"},
      {"cycles_per_io", D::Cycles, "cycles per cache-line transfer (ICE M, Eq. 8 and 10)"},
      {"eps_flop", D::Energy, "energy-roofline energy per flop (ICE section 6.2)"},
      {"eps_byte", D::Energy, "energy-roofline energy per byte from memory (ICE section 6.2)"},
      {"pi_1", D::Power, "energy-roofline constant power (ICE section 6.2)"},
      {"tau_flop", D::Time, "energy-roofline time per flop (ICE section 6.2)"},
      {"tau_byte", D::Time, "energy-roofline time per byte (ICE section 6.2)"}},
     "energy (ICE model)"},
    {"power", {},
     {{"static_power", D::Power, "power drawn whatever the load (for the DVFS energy ranking)"},
      {"core_power", D::Power, "dynamic power of one busy core at the cpu clock"},
      {"dynamic_exponent", D::Count, "dynamic power grows as (F / clock)^exponent (3 when voltage scales with F)"}},
     "power against cores and frequency"},
};
}  // namespace

const std::vector<SectionSpec>& hardware_schema() { return kSchema; }

const std::vector<std::string>& cost_vector_sections() {
  static const std::vector<std::string> names = {"hllc", "intcc"};
  return names;
}

bool is_cost_vector_section(const std::string& name) {
  const auto& names = cost_vector_sections();
  return std::find(names.begin(), names.end(), name) != names.end();
}

const SectionSpec* find_section_spec(const std::string& name) {
  for (const auto& s : kSchema)
    if (s.name == name) return &s;
  return nullptr;
}

}  // namespace pacer
