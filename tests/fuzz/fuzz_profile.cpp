// libFuzzer target: the profile reader (JSON written by pacer profile).
#include "frontends/clang/profile.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return pacer::fuzz::refuse_or_read([&] { pacer::read_profile(pacer::fuzz::file_with(data, size, ".profile")); });
}
