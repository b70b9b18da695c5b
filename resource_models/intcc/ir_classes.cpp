#include "resource_models/intcc/ir_classes.hpp"

#include "framework/constructs.hpp"

namespace pacer {

const std::vector<IrClass>& ir_classes() {
  static const std::vector<IrClass> table = [] {
    std::vector<IrClass> t;
    auto same = [&](const std::string& name) { t.push_back({name, name, "its benchmark is one such instruction"}); };
    for (const char* c : {"int_add", "int_sub", "int_mul", "int_div", "int_mod", "int_shift", "int_bitwise", "int_cmp"})
      same(c);
    for (const std::string p : {"float_", "double_"}) {
      for (const char* op : {"add", "sub", "mul", "div", "sqrt", "abs", "cmp"}) same(p + op);
      t.push_back({p + "neg", p + "abs", "a sign flip is one bitwise operation, as the absolute value"});
      t.push_back({p + "fma", p + "mul", "a fused multiply-add issues on the multiplier's pipes at its rate"});
      t.push_back({p + "minmax", p + "add", "a minimum or maximum is one operation of the adder's kind"});
    }
    for (const char* c : {"conv_int_fp", "conv_fp_int", "conv_fp_fp", "switch", "call", "math_exp", "math_log",
                          "math_pow", "math_trig", "mathf_exp", "mathf_log", "mathf_pow", "mathf_trig"})
      same(c);
    t.push_back({"int_minmax", "int_abs", "a compare and a conditional move, as the absolute value"});
    t.push_back({"int_extend", "local_store", "a widening or narrowing move between registers"});
    t.push_back({"select", "int_add", "a conditional move or blend: one single-cycle operation"});
    t.push_back({"shuffle", "int_bitwise", "a lane move or insertion: one single-cycle operation"});
    t.push_back({"phi", "local_store", "a register copy at a join, which the renamer may remove"});
    t.push_back({"load", "global_load", "one load of a variable in memory"});
    t.push_back({"store", "global_store", "one store to a variable in memory"});
    t.push_back({"address", "array_index", "an element's address from its index (a scaled add or addressing mode)"});
    t.push_back({"branch", "if", "a conditional branch, predicted as the benchmark's is"});
    t.push_back({"jump", "", "laid out as a fall-through or merged into a conditional branch by the code generator", true});
    t.push_back({"cast", "", "the same bits in the same register (bitcast, pointer to integer and back)", true});
    t.push_back({"return", "", "its cost is part of the call's, which the call benchmark measures whole", true});
    // Priced only where a description's <intcc> gives them: no construct
    // benchmark performs them, so without one they are named unpriced.
    for (const std::string p : {"float_", "double_"})
      t.push_back({p + "mod", "", "a floating-point remainder: a library routine no construct benchmark runs"});
    t.push_back({"reduce", "", "a vector reduced to one lane (once per vectorised loop): no construct benchmark does it"});
    t.push_back({"atomic", "", "an atomic read-modify-write or fence: no construct benchmark does it"});
    t.push_back({"intrinsic", "", "an LLVM intrinsic no other class describes"});
    return t;
  }();
  return table;
}

std::string scalar_class(const std::string& ir_class) {
  const size_t dot = ir_class.rfind(".v");
  return dot == std::string::npos ? ir_class : ir_class.substr(0, dot);
}

double fp_crossing(const std::vector<std::string>& chain_classes, const Hardware& hw) {
  if (!hw.has("icc", "fp_bypass")) return 0;
  bool multiplies = false, adds = false;
  for (const std::string& c : chain_classes) {
    const std::string s = scalar_class(c);
    for (const char* p : {"float_", "double_"}) {
      multiplies = multiplies || s == std::string(p) + "mul" || s == std::string(p) + "fma";
      adds = adds || s == std::string(p) + "add" || s == std::string(p) + "sub";
    }
  }
  return multiplies && adds ? hw.require("icc", "fp_bypass", "a chain of multiplies and adds").value : 0;
}

const IrClass* find_ir_class(const std::string& name) {
  for (const IrClass& c : ir_classes())
    if (c.name == name) return &c;
  return nullptr;
}

bool free_class(const std::string& ir_class) {
  const IrClass* c = find_ir_class(scalar_class(ir_class));
  return c && c->free;
}

HwSection intcc_from_constructs(const HwSection& hllc) {
  HwSection s;
  s.name = "intcc";
  for (const IrClass& c : ir_classes()) {
    if (c.free) {
      Figure f;
      f.unit = "ns";
      f.source = "free: " + c.why;
      s.params[c.name] = f;
      continue;
    }
    if (c.construct.empty()) {
      s.unknown[c.name] = c.why;
      continue;
    }
    const Figure* cost = construct_figure(hllc, c.construct);
    if (!cost) {
      s.unknown[c.name] = "no cost for the construct " + c.construct + ", whose benchmark measures it";
      continue;
    }
    Figure f = *cost;
    const std::string measured = hllc.params.count(c.construct) ? c.construct : std::string(priced_as(c.construct));
    f.source = "the construct benchmark " + measured + " (" + c.why + "): " + cost->source;
    s.params[c.name] = f;
  }
  return s;
}

const Figure* ir_class_cost(const std::string& ir_class, const Hardware& hw) {
  if (free_class(ir_class)) return nullptr;
  if (const HwSection* ir = hw.section("intcc")) {
    const std::string scalar = scalar_class(ir_class);
    for (const std::string& name : {ir_class, scalar, std::string(priced_as(scalar))})
      if (auto it = ir->params.find(name); it != ir->params.end()) return &it->second;
    return nullptr;
  }
  const IrClass* c = find_ir_class(scalar_class(ir_class));
  const HwSection* hllc = hw.section("hllc");
  if (!c || c->construct.empty() || !hllc) return nullptr;
  return construct_figure(*hllc, c->construct);
}

}  // namespace pacer
