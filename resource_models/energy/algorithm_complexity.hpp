// An algorithm as the ICE model sees it: Work, Span and I/O as formulas of
// its input parameters (for example Tables 5 and 6 of the ICE paper), and the
// named input sets that bind them (the matrices of Table 7). Algorithms and
// input sets are XML files (docs/energy.md gives the format); one new
// algorithm is one new file.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "framework/error.hpp"
#include "framework/expression.hpp"
#include "framework/hardware.hpp"
#include "resource_models/energy/ice.hpp"

namespace pacer {

struct ComplexityFormula {
  Expr expr;
  std::string text;
  std::string source;  // where the complexity comes from
  SourceLocation where;
};

struct AlgorithmParameter {
  std::string name;
  std::string meaning;
  std::string default_text;  // a formula of the other parameters, or empty
  Expr default_expr;         // null when there is no default
};

// A condition the formulas rely on, e.g. "matrix B does not fit in the cache":
// it holds when `positive` evaluates above zero.
struct ComplexityAssumption {
  Expr positive;
  std::string text;
};

struct AlgorithmComplexity {
  std::string name;  // as on the command line: "spmv-csc"
  std::string title;
  std::string file;
  std::string inputs;  // the family of input sets it takes ("matrix"), if any
  std::vector<AlgorithmParameter> parameters;
  ComplexityFormula work, span, io;
  std::vector<ComplexityAssumption> assumptions;
};

struct InputValue {
  double value = 0;
  std::string source;
};
struct InputSet {
  std::string name;    // "bone010"
  std::string family;  // "matrix"
  std::map<std::string, InputValue> values;
  SourceLocation where;
};

// What a platform lends the formulas: B (cache line in 8-byte words), Z (the
// private cache in words: level 2, else level 1) and N (cores), where its
// description gives them. Named B, Z and N as in the ICE paper.
std::map<std::string, double> platform_parameters(const Hardware& hw);

struct EvaluatedComplexity {
  IceWorkload workload;
  std::map<std::string, double> parameters;  // every parameter used, after defaults
  std::vector<std::string> notes;            // assumptions that do not hold
};

// Binds the formulas: explicit values first, then the algorithm's defaults,
// then the platform's B, Z and N. Throws InputError naming a missing or
// negative parameter, or a Work of zero.
EvaluatedComplexity evaluate_complexity(const AlgorithmComplexity& a, const std::map<std::string, double>& given,
                                        const std::map<std::string, double>& platform);

}  // namespace pacer
