// libFuzzer target: the communication data reader (ping-pong CSV).
#include <sstream>

#include "templates/comm/comm_fit.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return pacer::fuzz::refuse_or_read([&] {
    std::istringstream in(pacer::fuzz::text(data, size));
    pacer::parse_comm_csv(in, "fuzz.csv");
  });
}
