// IntCC's cost vector: one cost per class of optimised LLVM IR instruction
// (the classes ir_code.cpp gives). The paper (section 3.3.4) measures the
// intermediate code's costs with benchmarks as HLLC's; here each class is
// measured by the HLLC construct benchmark whose statement becomes one
// instruction of that class in optimised IR (hw/calibrate/construct_benchmarks.cpp:
// `d0 = d0 + dy` is one `fadd double`), so one calibration run, or one
// derivation through MCA for a machine not in hand, serves both models.
// Classes that emit no machine instruction of their own cost nothing, and
// say why; a vector class (".v4": four lanes) costs what its scalar class
// does per instruction, as one vector instruction of up to the register's
// width issues like one scalar one; a class with no benchmark is left
// unpriced, so the time is a lower bound.
#pragma once
#include <string>
#include <vector>

#include "framework/hardware.hpp"

namespace pacer {

struct IrClass {
  std::string name;       // "double_add", "load", "phi"
  std::string construct;  // the HLLC construct benchmark that measures it; empty: none
  std::string why;        // why that benchmark measures it, why it is free, or why none does
  bool free = false;      // emits no instruction of its own
};

// Every class with a cost, in the order ir_code.cpp documents them.
const std::vector<IrClass>& ir_classes();

// "double_add" for "double_add.v4"; the name itself for a scalar class.
std::string scalar_class(const std::string& ir_class);

// IntCC's cost vector (an <intcc> section) from a machine's construct
// costs: each scalar class the figure of the construct benchmark that
// measures it, with the reason in its source; the free classes at 0; a class
// whose construct has no cost is declared unknown. pacer calibrate and
// pacer hw derive add the vector classes' own benchmarks.
HwSection intcc_from_constructs(const HwSection& hllc);

// The IntCC cost of a class on a machine: its <intcc> figure (the exact
// class, else its scalar class), else, for a description with no <intcc>,
// the <hllc> figure of the construct that measures it. Null when neither
// gives one, or the class emits no instruction (free_class).
const Figure* ir_class_cost(const std::string& ir_class, const Hardware& hw);

// Whether the class emits no instruction of its own (jump, cast, return).
bool free_class(const std::string& ir_class);

// The class of that name (a scalar class: see scalar_class), or null.
const IrClass* find_ir_class(const std::string& name);

// What a loop-carried chain of these classes pays beyond their chained
// costs for crossing from the floating-point multiplier's pipes to the
// adder's (the description's icc/fp_bypass, which pacer calibrate measures
// on chains of multiply-add pairs): once when it holds both kinds, the
// fewest crossings such a cycle makes. 0 without the figure.
double fp_crossing(const std::vector<std::string>& chain_classes, const Hardware& hw);

}  // namespace pacer
