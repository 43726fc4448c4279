// The one reader of untrusted files. read_bounded reads in chunks of kInputHeadBytes, asks the
// caller for the limits once it has the file's first chunk (a map's format decides them), and
// stops with InvalidArgument as soon as the size or a line's length passes them: never more than
// the limit plus one chunk is read or held, so /dev/zero or a huge file is refused quickly and in
// little memory. When the file's size is known and allowed, the text is reserved once (not grown
// by doubling). read_file without limits is for trusted paths only.
#include <catacomb/core/atomic_file.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include <catacomb/core/error.hpp>
#include "shared/core/bounded_input.hpp"
#include "core/errno_text.hpp"

namespace catacomb {

using detail::errno_text;

std::string read_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw IoError("read", path, "it is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw IoError("read", path, errno_text());
  std::ostringstream s;
  s << in.rdbuf();
  if (in.bad()) throw IoError("read", path, errno_text());
  return s.str();
}

std::string read_file(const std::string& path, const ReadLimits& limits) {
  return detail::read_bounded(path, [&](std::string_view) { return limits; });
}

std::string detail::read_bounded(const std::string& path,
                                 const std::function<ReadLimits(std::string_view head)>& choose) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw IoError("read", path, "it is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw IoError("read", path, errno_text());
  std::string text;
  std::vector<char> chunk(kInputHeadBytes);
  ReadLimits limits;
  bool chosen = false;
  uint64_t line = 0, line_no = 1;  // bytes of the line being read so far, and its number
  auto too_big = [&](const std::string& what, uint64_t limit) {
    throw InvalidArgument(path + ": " + what + " = more than " + std::to_string(limit) + " bytes (expected " +
                          (limits.what.empty() ? std::string("a smaller file") : limits.what) + ")");
  };
  auto check_lines = [&](std::string_view bytes) {
    if (limits.max_line == 0) return;
    for (char c : bytes) {
      if (c == '\n') line = 0, ++line_no;
      else if (++line > limits.max_line) too_big("line " + std::to_string(line_no) + " length", limits.max_line);
    }
  };
  for (;;) {
    // Until the limits are known, fill the head; then read in chunks.
    in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    const auto got = static_cast<size_t>(in.gcount());
    if (in.bad()) throw IoError("read", path, errno_text());
    const std::string_view bytes(chunk.data(), got);
    if (!chosen) {
      limits = choose(bytes);
      chosen = true;
      // The whole file at once when its size is known and allowed: the text is not grown by
      // doubling (touching up to twice its size in pages), and read_bounded's checks stand.
      std::error_code size_ec;
      const uintmax_t size = std::filesystem::file_size(path, size_ec);
      if (!size_ec && got == chunk.size() && (limits.max_bytes == 0 || size <= limits.max_bytes))
        text.reserve(static_cast<size_t>(size));
    }
    if (limits.max_bytes > 0 && text.size() + got > limits.max_bytes) too_big("size", limits.max_bytes);
    check_lines(bytes);
    text.append(bytes);
    if (got < chunk.size()) break;
  }
  return text;
}

}  // namespace catacomb
