// The vocabulary of C constructs that HLLC RUVs count and HLLC cost vectors
// price (Papaefstathiou et al. 1994 section 3.3.3, Eq. 2 and 3). One table: adding a construct
// is one line in constructs.cpp.
#pragma once
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

const std::vector<Construct>& constructs();
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
