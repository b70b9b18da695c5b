// What every libFuzzer target of pacer's readers shares: the input as text
// or as a file (for the readers that take a path), and the rule that bad
// input may only ever be refused with an InputError. Any other exception,
// a crash or a sanitizer report is a defect the fuzzer stops at.
#pragma once
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <string>

#include "framework/error.hpp"

namespace pacer::fuzz {

inline std::string text(const uint8_t* data, size_t size) { return std::string(reinterpret_cast<const char*>(data), size); }

// A file holding the input, one per process, rewritten for every input.
inline const std::string& file_with(const uint8_t* data, size_t size, const char* suffix) {
  static const std::string path = "/tmp/pacer-fuzz-" + std::to_string(getpid()) + suffix;
  std::ofstream(path, std::ios::binary | std::ios::trunc).write(reinterpret_cast<const char*>(data), std::streamsize(size));
  return path;
}

// Runs `read` on the input; a refusal of bad input is the expected outcome.
template <class F>
int refuse_or_read(F&& read) {
  try {
    read();
  } catch (const InputError&) {
  }
  return 0;
}

}  // namespace pacer::fuzz
