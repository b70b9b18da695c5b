// The ICE energy model of "ICE: A General and Validated Energy Complexity
// Model for Multithreaded Algorithms" (Tran and Ha 2016): the energy of a
// multithreaded algorithm from its Work, Span and I/O on a platform
// abstracted by four figures (Table 2).
#pragma once
#include <optional>
#include <string>

#include "framework/hardware.hpp"

namespace pacer {

// Table 2, platform side; all in joules.
struct IcePlatform {
  double eps_op = 0;  // dynamic energy of one operation by one core
  double pi_op = 0;   // static energy of the whole platform while one operation runs
  double eps_io = 0;  // dynamic energy of one cache-line transfer by one core
  double pi_io = 0;   // static energy of the whole platform during one transfer
  // P^sta when the description gives it: turns static energy into time.
  std::optional<double> static_power;
};

// Eq. 7-10: the four figures from powers and cycle counts.
struct IcePowers {
  double static_power = 0;  // P^sta, W
  double op_power = 0;      // P^op, W: one active core doing one operation
  double io_power = 0;      // P^I/O, W: one active core doing one cache-line transfer
  double cycles_per_op = 0; // F
  double cycles_per_io = 0; // M
  double frequency = 0;     // Freq, Hz
};
IcePlatform ice_from_powers(const IcePowers& p);

// Section 6.2: the figures from the energy-roofline parameters of Choi et al.
// eps_op = eps_flop, eps_io = eps_byte * line, pi_op = pi_1 * tau_flop and
// pi_io = pi_1 * tau_byte * line. The paper prints pi_io = pi_1 * tau_mem; the
// cache line is added because its Table 3 figures are per line (docs/energy.md).
struct RooflineEnergy {
  double eps_flop = 0;    // J per flop
  double eps_byte = 0;    // J per byte moved from memory
  double pi_1 = 0;        // constant power, W
  double tau_flop = 0;    // s per flop
  double tau_byte = 0;    // s per byte
  double line_bytes = 0;  // cache block size B, bytes
};
IcePlatform ice_from_roofline(const RooflineEnergy& r);

// The platform of a hardware description's <energy> section: the four figures
// directly (Table 3), the powers and cycle counts of Eq. 7-10 with the <cpu>
// clock, or the energy-roofline parameters with the <memory> line size.
// Throws MissingFigure naming what is missing.
IcePlatform ice_platform(const Hardware& hw);
bool has_ice_platform(const Hardware& hw);

// Table 2, algorithm side.
struct IceWorkload {
  double work = 0;  // operations
  double span = 0;  // operations on the critical path
  double io = 0;    // cache-line transfers
};
void check_workload(const IceWorkload& w, const std::string& what);  // throws InputError

enum class Bound { Cpu, Memory };
const char* bound_name(Bound b);

struct IceEnergy {
  double static_joules = 0;  // P^sta * max(T^comp, T^mem)
  double ops_joules = 0;     // eps_op * Work
  double io_joules = 0;      // eps_io * I/O
  double total() const { return static_joules + ops_joules + io_joules; }
  Bound bound = Bound::Cpu;
  double comp_static = 0;    // pi_op * Span, the static energy if CPU-bound (Eq. 12)
  double mem_static = 0;     // pi_io * I/O * Span / Work, if memory-bound (Eq. 14)
  std::optional<double> seconds;  // static / P^sta, when P^sta is known
};

// Eq. 6 in the form of Eq. 12 and 14. CPU-bound when T^comp > T^mem, else
// memory-bound (section 3.1: T^mem >= T^comp is memory-bound).
IceEnergy ice_energy(const IcePlatform& p, const IceWorkload& w);
// The same for a phase whose Span / Work is known even when its Work is zero
// (a node that only moves data); no checks.
IceEnergy ice_phase(const IcePlatform& p, const IceWorkload& w, double span_per_work);

// Eq. 15, the platform-independent form: Work + I/O + max(Span, I/O Span / Work),
// in units of operations; only its ratios between algorithms mean anything.
double ice_complexity(const IceWorkload& w);

}  // namespace pacer
