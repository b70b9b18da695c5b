// A compute node's memory reference whose address is an affine function of
// the counters of the loops around it, as the Clang frontend reads it from
// a subscript or a dereference: what a traffic analysis in the spirit of
// Kerncraft's ECM model needs of the source (which lines each cache level
// moves, from strides, reuse and the cache's sets), without running the code.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "framework/expression.hpp"

namespace pacer {

struct MemoryAccess {
  std::string object;   // the array, pointer or variable it reads or writes
  Expr object_bytes;    // the object's size when its C type gives it; null for a pointer's pointee
  double width = 0;     // bytes read or written
  bool store = false;
  Expr offset;          // bytes from the object's start when every counter below is 0
  // Bytes the address moves per unit of each loop counter, by the counter's
  // name (SegNode::induction); counters not listed do not move it.
  std::vector<std::pair<std::string, Expr>> strides;
};

// A compute node's references to memory other than locals in registers: the
// ones with affine addresses, and how many others it makes (through a
// pointer the loop changes, an index loaded from memory, a member of a
// pointee), which no static analysis can place.
struct MemoryReferences {
  std::vector<MemoryAccess> affine;
  double opaque = 0;
};

}  // namespace pacer
