// libFuzzer target: the speed-up data reader (CSV of runs or speedups).
#include "templates/speedup/speedup_data.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return pacer::fuzz::refuse_or_read([&] { pacer::read_speedup_csv(pacer::fuzz::file_with(data, size, ".csv")); });
}
