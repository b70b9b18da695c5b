#include "framework/constructs.hpp"

#include <algorithm>
#include <iterator>
#include <unordered_map>

namespace pacer {

namespace {
using G = ConstructGroup;
using P = Pipeline;
}  // namespace

const std::vector<Construct>& constructs() {
  static const std::vector<Construct> all(std::begin(kConstructs), std::end(kConstructs));
  return all;
}

// A hash of the names, since every construct of every node is looked up
// (HLLC's pricing, the flop count).
int construct_index(std::string_view name) {
  static const std::unordered_map<std::string_view, int> index = [] {
    std::unordered_map<std::string_view, int> m;
    for (size_t i = 0; i < std::size(kConstructs); ++i) m.emplace(kConstructs[i].name, static_cast<int>(i));
    return m;
  }();
  const auto it = index.find(name);
  return it == index.end() ? -1 : it->second;
}

const Construct* find_construct(std::string_view name) {
  const int i = construct_index(name);
  return i < 0 ? nullptr : &constructs()[static_cast<size_t>(i)];
}

std::string_view priced_as(std::string_view construct) {
  if (!construct.starts_with("mathf_") || !find_construct(construct)) return {};
  static const std::unordered_map<std::string_view, std::string_view> doubles = {
      {"mathf_exp", "math_exp"}, {"mathf_log", "math_log"}, {"mathf_pow", "math_pow"}, {"mathf_trig", "math_trig"}};
  return doubles.at(construct);
}

const Figure* construct_figure(const HwSection& costs, std::string_view construct) {
  // A construct the description declares unknown stays unknown: the
  // fallback is for descriptions that do not name it at all.
  if (costs.unknown.count(std::string(construct))) return nullptr;
  for (std::string_view name : {construct, priced_as(construct)}) {
    if (name.empty()) break;
    if (const auto it = costs.params.find(std::string(name)); it != costs.params.end()) return &it->second;
  }
  return nullptr;
}

namespace {
// The C library function a "__builtin_" name stands for.
std::string_view library_name(std::string_view function) {
  if (function.starts_with("__builtin_")) function.remove_prefix(10);
  return function;
}
}  // namespace

const char* library_construct(std::string_view function) {
  // C99 <math.h> and <stdlib.h>: the float (f) and long double (l) forms
  // map like the double one, except where precision names the construct.
  static const std::unordered_map<std::string, const char*> table = [] {
    std::unordered_map<std::string, const char*> m;
    auto family = [&](const std::string& base, const char* d, const char* f) {
      m[base] = d;
      m[base + "l"] = d;
      m[base + "f"] = f;
    };
    family("sqrt", "double_sqrt", "float_sqrt");
    family("fabs", "double_abs", "float_abs");
    for (const char* e : {"exp", "exp2", "expm1"}) family(e, "math_exp", "mathf_exp");
    for (const char* l : {"log", "log2", "log10", "log1p"}) family(l, "math_log", "mathf_log");
    family("pow", "math_pow", "mathf_pow");
    for (const char* t : {"sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh"})
      family(t, "math_trig", "mathf_trig");
    for (const char* a : {"abs", "labs", "llabs"}) m[a] = "int_abs";
    return m;
  }();
  const auto it = table.find(std::string(library_name(function)));
  return it == table.end() ? nullptr : it->second;
}

std::optional<MemoryMover> memory_mover(std::string_view function) {
  function = library_name(function);
  if (function == "memcpy" || function == "memmove" || function == "mempcpy") return MemoryMover{2, true};
  if (function == "memset") return MemoryMover{2, false};
  return std::nullopt;
}

std::string_view group_name(ConstructGroup group) {
  switch (group) {
    case G::Integer: return "integer";
    case G::Float: return "float";
    case G::Double: return "double";
    case G::Conversion: return "conversion";
    case G::Logic: return "logic";
    case G::Control: return "control";
    case G::Memory: return "memory";
    case G::MathLibrary: return "math library";
  }
  return "?";
}

double mcmahon_flops(const Ruv& constructs) {
  double flops = 0;
  for (const auto& [name, count] : constructs)
    if (const Construct* c = find_construct(name)) flops += c->mcmahon_flops * count;
  return flops;
}

std::string_view pipeline_representative(Pipeline pipeline) {
  switch (pipeline) {
    case P::Integer: return "int_add";
    case P::FpAdd: return "double_add";
    case P::FpMul: return "double_mul";
    case P::Load: return "global_load";
    case P::Store: return "global_store";
  }
  return "?";
}

std::string construct_pair(std::string_view a, std::string_view b) {
  return std::string(a) + "+" + std::string(b);
}

std::vector<std::pair<Pipeline, Pipeline>> pipeline_pairs() {
  std::vector<std::pair<Pipeline, Pipeline>> out;
  for (size_t p = 0; p < std::size(kPipelines); ++p)
    for (size_t q = p + 1; q < std::size(kPipelines); ++q) out.emplace_back(kPipelines[p], kPipelines[q]);
  return out;
}

}  // namespace pacer
