// The whole of a file as text: one reader for workload files, XML, sysfs
// entries, dependency lists and cache entries.
#pragma once
#include <filesystem>
#include <optional>
#include <string>

namespace pacer {

// Nothing when the file cannot be opened; its bytes unchanged otherwise.
std::optional<std::string> file_text(const std::filesystem::path& path);

}  // namespace pacer
