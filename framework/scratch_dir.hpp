// A private temporary directory, removed on every way out (success,
// exception), so that no half-written file is left behind.
#pragma once
#include <stdlib.h>

#include <filesystem>
#include <string>

#include "framework/error.hpp"

namespace pacer {

struct ScratchDir {
  std::filesystem::path path;
  explicit ScratchDir(const std::string& prefix) {
    std::string pattern = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
    if (!mkdtemp(pattern.data())) throw InputError("cannot create a temporary directory in " +
                                                   std::filesystem::temp_directory_path().string());
    path = pattern;
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
};

}  // namespace pacer
