// libFuzzer target: the expression parser (formulas, trip counts, probabilities).
#include "framework/expression_parser.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return pacer::fuzz::refuse_or_read([&] { pacer::parse_expression(pacer::fuzz::text(data, size)); });
}
