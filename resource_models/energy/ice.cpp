#include "resource_models/energy/ice.hpp"

#include <cmath>
#include <sstream>

namespace pacer {

namespace {

void require_positive(double v, const std::string& what) {
  if (!(v > 0) || !std::isfinite(v)) throw InputError(what + " must be a positive number");
}

}  // namespace

IcePlatform ice_from_powers(const IcePowers& p) {
  require_positive(p.frequency, "the clock Freq (Eq. 7-10)");
  require_positive(p.cycles_per_op, "cycles per operation F (Eq. 7)");
  require_positive(p.cycles_per_io, "cycles per cache-line transfer M (Eq. 8)");
  double t_op = p.cycles_per_op / p.frequency;  // F / Freq
  double t_io = p.cycles_per_io / p.frequency;  // M / Freq
  IcePlatform out;
  out.eps_op = p.op_power * t_op;      // Eq. 7
  out.eps_io = p.io_power * t_io;      // Eq. 8
  out.pi_op = p.static_power * t_op;   // Eq. 9
  out.pi_io = p.static_power * t_io;   // Eq. 10
  out.static_power = p.static_power;
  return out;
}

IcePlatform ice_from_roofline(const RooflineEnergy& r) {
  require_positive(r.line_bytes, "the cache block size B");
  IcePlatform out;
  out.eps_op = r.eps_flop;
  out.eps_io = r.eps_byte * r.line_bytes;
  out.pi_op = r.pi_1 * r.tau_flop;
  out.pi_io = r.pi_1 * r.tau_byte * r.line_bytes;
  out.static_power = r.pi_1;
  return out;
}

namespace {

const char* const kDirect[] = {"eps_op", "pi_op", "eps_io", "pi_io"};
const char* const kPowers[] = {"static_power", "op_power", "io_power", "cycles_per_op", "cycles_per_io"};
const char* const kRoofline[] = {"eps_flop", "eps_byte", "pi_1", "tau_flop", "tau_byte"};

bool has_all(const Hardware& hw, const char* const (&names)[4]) {
  for (const char* n : names)
    if (!hw.has("energy", n)) return false;
  return true;
}

bool has_all_powers(const Hardware& hw) {
  for (const char* n : kPowers)
    if (!hw.has("energy", n)) return false;
  return hw.has("cpu", "clock");
}

bool has_roofline(const Hardware& hw) {
  for (const char* n : kRoofline)
    if (!hw.has("energy", n)) return false;
  return hw.has("memory", "line_size");
}

// Without dynamic energy every algorithm costs the same and ratios are 0/0.
IcePlatform checked(const Hardware& hw, IcePlatform p) {
  if (!(p.eps_op > 0 || p.eps_io > 0))
    throw InputError(SourceLocation{hw.file, hw.sections.at("energy").where.line}, "energy",
                     "'" + hw.name + "' gives no dynamic energy (eps_op and eps_io are both zero)");
  return p;
}

}  // namespace

bool has_ice_platform(const Hardware& hw) {
  return has_all(hw, kDirect) || has_all_powers(hw) || has_roofline(hw);
}

IcePlatform ice_platform(const Hardware& hw) {
  auto value = [&](const char* section, const char* name) { return hw.require(section, name, "ICE energy").value; };
  if (has_all(hw, kDirect)) {
    IcePlatform p{value("energy", "eps_op"), value("energy", "pi_op"), value("energy", "eps_io"),
                  value("energy", "pi_io"), std::nullopt};
    if (hw.has("energy", "static_power")) p.static_power = value("energy", "static_power");
    return checked(hw, p);
  }
  if (has_all_powers(hw))
    return checked(hw, ice_from_powers({value("energy", "static_power"), value("energy", "op_power"),
                                        value("energy", "io_power"), value("energy", "cycles_per_op"),
                                        value("energy", "cycles_per_io"), value("cpu", "clock")}));
  if (has_roofline(hw))
    return checked(hw, ice_from_roofline({value("energy", "eps_flop"), value("energy", "eps_byte"), value("energy", "pi_1"),
                                          value("energy", "tau_flop"), value("energy", "tau_byte"),
                                          value("memory", "line_size")}));
  throw MissingFigure(SourceLocation{hw.file, 0}, "energy",
                      "'" + hw.name +
                          "' has no ICE energy figures: give <energy> eps_op, pi_op, eps_io and pi_io (Table 3 of the "
                          "ICE paper); or static_power, op_power, io_power, cycles_per_op and cycles_per_io with the "
                          "<cpu> clock (Eq. 7-10); or the energy-roofline eps_flop, eps_byte, pi_1, tau_flop and "
                          "tau_byte with <memory> line_size (section 6.2)");
}

void check_workload(const IceWorkload& w, const std::string& what) {
  auto text = [](double v) {
    std::ostringstream os;
    os << v;
    return os.str();
  };
  auto check = [&](double v, const char* name, bool zero_ok) {
    if (!std::isfinite(v) || v < 0 || (!zero_ok && v == 0))
      throw InputError(what + ": " + name + " is " + text(v) + "; it must be " + (zero_ok ? "zero or positive" : "positive"));
  };
  check(w.work, "Work", false);
  check(w.span, "Span", false);
  check(w.io, "I/O", true);
  if (w.span > w.work * (1 + 1e-12))
    throw InputError(what + ": Span (" + text(w.span) + ") exceeds Work (" + text(w.work) +
                     "); the critical path is part of the work");
}

const char* bound_name(Bound b) { return b == Bound::Cpu ? "cpu" : "memory"; }

IceEnergy ice_phase(const IcePlatform& p, const IceWorkload& w, double span_per_work) {
  IceEnergy e;
  // P^sta T^comp = pi_op Span and P^sta T^mem = pi_io I/O Span / Work (Eq. 9, 10 and section 3.1).
  e.comp_static = p.pi_op * w.span;
  e.mem_static = p.pi_io * w.io * span_per_work;
  e.bound = e.comp_static > e.mem_static ? Bound::Cpu : Bound::Memory;
  e.static_joules = e.bound == Bound::Cpu ? e.comp_static : e.mem_static;
  e.ops_joules = p.eps_op * w.work;
  e.io_joules = p.eps_io * w.io;
  if (p.static_power && *p.static_power > 0) e.seconds = e.static_joules / *p.static_power;
  return e;
}

IceEnergy ice_energy(const IcePlatform& p, const IceWorkload& w) {
  check_workload(w, "ICE energy");
  return ice_phase(p, w, w.span / w.work);
}

double ice_complexity(const IceWorkload& w) {
  check_workload(w, "ICE complexity (Eq. 15)");
  return w.work + w.io + std::max(w.span, w.io * w.span / w.work);
}

}  // namespace pacer
