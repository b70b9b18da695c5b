// The HLLC cost vector's benchmarks (Papaefstathiou et al. 1994 section 4.2.2,
// after Saavedra-Barrera): for every construct the frontend counts, a C
// statement that performs it once, timed in a loop of many repetitions with
// the loop's own cost measured apart and subtracted. Forms: `dependent`
// chains each operation on the last one's result (its latency);
// `independent` interleaves four chains (what compiled code overlaps).
#pragma once
#include <string>
#include <vector>

namespace pacer::calibrate {

struct ConstructBenchmark {
  std::string construct;
  // C statements doing the construct once; '#' stands for the chain (0-3).
  std::string independent;
  // The chained form; empty when the construct has no result to chain
  // (conversions, stores, library calls): then one form is measured.
  std::string dependent;
  // Constructs the statement also performs, whose costs are subtracted.
  std::vector<std::string> minus;
};

// One per construct of the frontend's table (framework/constructs.cpp), in
// an order where every construct comes after those it subtracts.
const std::vector<ConstructBenchmark>& construct_benchmarks();

// IntCC's vector classes (resource_models/intcc/ir_classes.hpp) at one
// 16-byte register (SSE2, NEON), in the same forms: `construct` names the
// IR class ("double_add.v2"); `minus` may name classes before it. Scalar
// classes are measured by the construct benchmarks.
const std::vector<ConstructBenchmark>& ir_class_benchmarks();

// Each pair of pipelines (framework/constructs.hpp) measured together: the
// independent forms of their representatives interleaved, each on chains of
// its own. `construct` is the pair's name ("int_add+double_mul"); what
// calibration records is the cost of one of each, which HLLC+ sets against
// the two costs apart to see how far the pipelines overlap.
const std::vector<ConstructBenchmark>& pipeline_pair_benchmarks();

// Operations per timed repetition of a construct benchmark.
inline constexpr int ops_per_repetition = 16;

// The C functions and their table (`construct_benchmarks[]`) that the
// harness runs; names are "construct:NAME:FORM", "irclass:CLASS:FORM", "baseline" and "loop".
std::string generate_construct_benchmarks();

// The harness (harness.c) with the construct benchmarks in place: the
// program `pacer calibrate` builds and runs, and derive_hllc compiles for
// another target.
std::string construct_benchmark_program();

// The bytes of an IR class's vector ("double_div.v8": 64), 0 for a scalar
// name: classes wider than 16 bytes are timed only where the flags give
// registers that hold them whole.
size_t vector_bytes(const std::string& construct);

// The C function of a benchmark ("construct:int_add:independent", "loop").
std::string benchmark_function(const std::string& name);

}  // namespace pacer::calibrate
