#include "framework/file_text.hpp"

#include <fstream>

namespace pacer {

// Block reads into a string sized once from the file's length: a character
// iterator over a 7 MB workload file cost more than its parsing. The length
// is only a hint (sysfs reports 4096 for every entry); reading goes to the end.
std::optional<std::string> file_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::error_code unknown;
  const auto hint = std::filesystem::file_size(path, unknown);
  std::string text(unknown ? 0 : hint + 1, '\0');
  std::size_t size = 0;
  for (;;) {
    if (size == text.size()) text.resize(std::max<std::size_t>(2 * size, 1 << 16));
    in.read(text.data() + size, static_cast<std::streamsize>(text.size() - size));
    size += static_cast<std::size_t>(in.gcount());
    if (!in) break;
  }
  text.resize(size);
  return text;
}

}  // namespace pacer
