// libFuzzer target: the workload reader (one iteration's load per line).
#include "templates/scheduling/workload.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return pacer::fuzz::refuse_or_read([&] { pacer::sched::read_workload(pacer::fuzz::file_with(data, size, ".txt")); });
}
