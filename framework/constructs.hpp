// The vocabulary of C constructs that HLLC RUVs count and HLLC cost vectors
// price (Papaefstathiou et al. 1994 section 3.3.3, Eq. 2 and 3). One table: adding a construct
// is one line in kConstructs below.
#pragma once
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "framework/hardware.hpp"
#include "framework/ruv.hpp"

namespace pacer {

enum class ConstructGroup { Integer, Float, Double, Conversion, Logic, Control, Memory, MathLibrary };

// The pipeline of an out-of-order core that executes a construct: integer
// units (arithmetic, addresses, branches), the floating adder and
// multiplier, loads, stores. Constructs of different pipelines can issue in
// the same cycle; how far they do on a machine is measured, not assumed
// (pacer calibrate's pair benchmarks, HLLC+).
enum class Pipeline { Integer, FpAdd, FpMul, Load, Store };
inline constexpr Pipeline kPipelines[] = {Pipeline::Integer, Pipeline::FpAdd, Pipeline::FpMul, Pipeline::Load,
                                          Pipeline::Store};

struct Construct {
  std::string_view name;
  ConstructGroup group;
  Pipeline pipeline;
  // McMahon's flop weight (Papaefstathiou et al. 1994 Table 1) for POC; 0 for non-flops.
  double mcmahon_flops;
  std::string_view description;
};

// The vocabulary, one line a construct. A construct's place in it is its
// ConstructId.
// Flop weights follow Table 1 of Papaefstathiou et al. 1994: add, subtract, multiply 1;
// divide, square root 4; exponential, sine and the like 8; a floating
// comparison IF(X.REL.Y) 1. Table 1 does not list ABS: we count it as 1, like
// the comparison it amounts to. Integer work, conversions and memory are not
// flops.
inline constexpr Construct kConstructs[] = {
    {"int_add", ConstructGroup::Integer, Pipeline::Integer, 0, "integer addition (also ++ and +=)"},
    {"int_sub", ConstructGroup::Integer, Pipeline::Integer, 0, "integer subtraction (also -- and -=)"},
    {"int_mul", ConstructGroup::Integer, Pipeline::Integer, 0, "integer multiplication"},
    {"int_div", ConstructGroup::Integer, Pipeline::Integer, 0, "integer division"},
    {"int_mod", ConstructGroup::Integer, Pipeline::Integer, 0, "integer remainder"},
    {"int_shift", ConstructGroup::Integer, Pipeline::Integer, 0, "integer shift"},
    {"int_abs", ConstructGroup::Integer, Pipeline::Integer, 0, "integer absolute value"},
    {"int_bitwise", ConstructGroup::Integer, Pipeline::Integer, 0, "integer and, or, xor, complement"},
    {"int_cmp", ConstructGroup::Integer, Pipeline::Integer, 0, "integer comparison"},
    {"float_add", ConstructGroup::Float, Pipeline::FpAdd, 1, "single precision addition"},
    {"float_sub", ConstructGroup::Float, Pipeline::FpAdd, 1, "single precision subtraction"},
    {"float_mul", ConstructGroup::Float, Pipeline::FpMul, 1, "single precision multiplication"},
    {"float_div", ConstructGroup::Float, Pipeline::FpMul, 4, "single precision division"},
    {"float_sqrt", ConstructGroup::Float, Pipeline::FpMul, 4, "single precision square root"},
    {"float_abs", ConstructGroup::Float, Pipeline::FpAdd, 1, "single precision absolute value"},
    {"float_cmp", ConstructGroup::Float, Pipeline::FpAdd, 1, "single precision comparison"},
    {"double_add", ConstructGroup::Double, Pipeline::FpAdd, 1, "double precision addition"},
    {"double_sub", ConstructGroup::Double, Pipeline::FpAdd, 1, "double precision subtraction"},
    {"double_mul", ConstructGroup::Double, Pipeline::FpMul, 1, "double precision multiplication"},
    {"double_div", ConstructGroup::Double, Pipeline::FpMul, 4, "double precision division"},
    {"double_sqrt", ConstructGroup::Double, Pipeline::FpMul, 4, "double precision square root"},
    {"double_abs", ConstructGroup::Double, Pipeline::FpAdd, 1, "double precision absolute value"},
    {"double_cmp", ConstructGroup::Double, Pipeline::FpAdd, 1, "double precision comparison"},
    {"conv_int_fp", ConstructGroup::Conversion, Pipeline::FpAdd, 0, "integer to floating conversion"},
    {"conv_fp_int", ConstructGroup::Conversion, Pipeline::FpAdd, 0, "floating to integer conversion"},
    {"conv_fp_fp", ConstructGroup::Conversion, Pipeline::FpAdd, 0, "float to double or double to float"},
    {"logic", ConstructGroup::Logic, Pipeline::Integer, 0, "logical and, or, not"},
    {"loop", ConstructGroup::Control, Pipeline::Integer, 0, "overhead of one loop iteration (test, step, jump)"},
    {"if", ConstructGroup::Control, Pipeline::Integer, 0, "overhead of a conditional branch"},
    {"switch", ConstructGroup::Control, Pipeline::Integer, 0, "overhead of a switch dispatch"},
    {"call", ConstructGroup::Control, Pipeline::Integer, 0, "overhead of a call and return"},
    {"local_load", ConstructGroup::Memory, Pipeline::Load, 0, "read of a local variable"},
    {"local_store", ConstructGroup::Memory, Pipeline::Store, 0, "write of a local variable"},
    {"global_load", ConstructGroup::Memory, Pipeline::Load, 0, "read of a global, array element or pointee"},
    {"global_store", ConstructGroup::Memory, Pipeline::Store, 0, "write of a global, array element or pointee"},
    {"array_index", ConstructGroup::Memory, Pipeline::Load, 0, "address computation of one subscript"},
    {"math_exp", ConstructGroup::MathLibrary, Pipeline::FpMul, 8, "exp, exp2, expm1"},
    {"math_log", ConstructGroup::MathLibrary, Pipeline::FpMul, 8, "log, log2, log10, log1p"},
    {"math_pow", ConstructGroup::MathLibrary, Pipeline::FpMul, 8, "pow"},
    {"math_trig", ConstructGroup::MathLibrary, Pipeline::FpMul, 8, "sin, cos, tan and their inverses"},
    // The float forms: a library's expf need not cost what its exp does
    // (3.1 ns against 5.0-5.8 on a Zen 4). A description without them prices
    // them as the double forms (priced_as).
    {"mathf_exp", ConstructGroup::MathLibrary, Pipeline::FpMul, 8, "expf, exp2f, expm1f"},
    {"mathf_log", ConstructGroup::MathLibrary, Pipeline::FpMul, 8, "logf, log2f, log10f, log1pf"},
    {"mathf_pow", ConstructGroup::MathLibrary, Pipeline::FpMul, 8, "powf"},
    {"mathf_trig", ConstructGroup::MathLibrary, Pipeline::FpMul, 8, "sinf, cosf, tanf and their inverses"},
};

const std::vector<Construct>& constructs();

// A construct's place in the vocabulary: what the frontend counts by, as a
// name's search costs far more than the count (a large file adds hundreds
// of thousands). Found at compile time: a name not in the table does not
// compile.
using ConstructId = std::uint8_t;
// A tally's RUV takes the names as sorted and unique (construct_tally.hpp):
// a name listed twice does not compile.
consteval bool construct_names_unique() {
  for (std::size_t i = 0; i < std::size(kConstructs); ++i)
    for (std::size_t j = i + 1; j < std::size(kConstructs); ++j)
      if (kConstructs[i].name == kConstructs[j].name) return false;
  return true;
}
static_assert(construct_names_unique(), "a construct is listed twice in kConstructs");
consteval ConstructId construct_id(std::string_view name) {
  for (std::size_t i = 0; i < std::size(kConstructs); ++i)
    if (kConstructs[i].name == name) return static_cast<ConstructId>(i);
  throw "not a construct of the vocabulary";
}
// The same at run time, for names that are data (a library function's
// construct); -1 for a name not in the vocabulary.
int construct_index(std::string_view name);
const Construct* find_construct(std::string_view name);
std::string_view group_name(ConstructGroup group);
// The construct whose cost stands in for `construct` where a description
// gives none: a single-precision math function's double form (mathf_exp ->
// math_exp), for descriptions written before the float forms were
// measured. Empty for every other construct.
std::string_view priced_as(std::string_view construct);
// A cost vector's figure for a construct: its own, else (when the vector
// does not name it, not even as unknown) that of the construct it is
// priced as; null when neither is given.
const Figure* construct_figure(const HwSection& costs, std::string_view construct);
// The McMahon-weighted flops of a node's construct counts (Table 1).
double mcmahon_flops(const Ruv& constructs);
// The construct whose calibrated cost stands for a pipeline when pairs of
// pipelines are measured together (int_add, double_add, double_mul,
// global_load, global_store).
std::string_view pipeline_representative(Pipeline pipeline);
// "int_add+double_mul": the name a pair's cost has in a cost vector.
std::string construct_pair(std::string_view a, std::string_view b);
// Every two pipelines, each pair once, in kPipelines' order: the pairs
// calibration measures.
std::vector<std::pair<Pipeline, Pipeline>> pipeline_pairs();

// The construct a C library function stands for (sqrt -> double_sqrt, sinf
// -> mathf_trig, a "__builtin_" prefix ignored), or null when it is an
// ordinary call: the frontend counts a call to it as the construct, and ICC
// prices machine code's call to it at the construct's cost.
const char* library_construct(std::string_view function);

// A C library function that moves memory its size argument names: it
// writes that many bytes at its first argument and, when it copies
// (memcpy, mempcpy, memmove), reads as many at its second (memset does
// not). None for any other function; a "__builtin_" prefix is ignored.
struct MemoryMover {
  unsigned size_argument = 2;
  bool reads_source = true;
  double bytes_per_size() const { return reads_source ? 2 : 1; }
};
std::optional<MemoryMover> memory_mover(std::string_view function);

}  // namespace pacer
