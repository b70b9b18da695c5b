// libFuzzer target: the application model XML reader.
#include "frontends/xml/model_io.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return pacer::fuzz::refuse_or_read([&] { pacer::read_model_string(pacer::fuzz::text(data, size), "fuzz.xml"); });
}
