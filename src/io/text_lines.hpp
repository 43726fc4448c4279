#pragma once
/// Splitting map text into lines, shared by the ASCII and Moving AI readers.
#include <string_view>
#include <vector>

namespace catacomb {

/// The lines of `text`, without their '\n' and without a trailing '\r' ("\r\n" files read like
/// "\n" ones). A final line without '\n' is kept; text ending in '\n' has no empty last line.
inline std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t pos = 0;
  while (pos < text.size()) {
    const size_t nl = text.find('\n', pos);
    std::string_view line = text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    if (nl == std::string_view::npos) break;
    pos = nl + 1;
  }
  return lines;
}

}  // namespace catacomb
