#pragma once
/// Writing files so that a failure never leaves a partial file or clobbers an existing one:
/// every file is written to a temporary name in its target directory and renamed over the
/// target only when complete. A target that is a device, a pipe or a socket (/dev/null,
/// /dev/stdout, a FIFO; POSIX) is written through once complete instead: it stays what it is.
#include <catacomb/export.hpp>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// Writes `contents` to `path` atomically (temporary file in the same directory, then rename).
/// Throws IoError naming the path on failure; the target is then untouched.
void write_file_atomic(const std::string& path, std::string_view contents);

/// Reads a whole file. Throws IoError naming the path on failure. Unbounded: for input that
/// may be hostile (any file a user names), use the bounded overload.
std::string read_file(const std::string& path);

/// Bounds of a read of untrusted input.
struct ReadLimits {
  /// Most bytes read; one more and the read stops with InvalidArgument. 0 = no limit.
  uint64_t max_bytes = 0;
  /// Longest line, in bytes without its '\n'; 0 = no limit. Lets a line-oriented format (ASCII
  /// and Moving AI maps) refuse a stream without line breaks (/dev/zero) after a few kilobytes.
  uint64_t max_line = 0;
  /// What the file should be, for the message ("a map file of at most 16384x16384 tiles").
  std::string what;
};

/// Reads a file, in chunks, up to `limits`: never more than limits.max_bytes + 64 KiB is read or
/// held, so a device such as /dev/zero or a huge file is refused quickly and in little memory.
/// Throws InvalidArgument ("<path>: size = more than N bytes (expected <what>)") past a limit,
/// IoError when the file cannot be read.
std::string read_file(const std::string& path, const ReadLimits& limits);

/// Throws InvalidArgument ("<what> = <path> (expected ...)") unless `path` can be written: its
/// directory exists and is writable and `path` itself is not a directory. Checked before any
/// work starts so that bad output paths are refused up front.
void check_writable_path(const std::string& what, const std::string& path);

/// Several output files that appear together or not at all: stage() writes each to a temporary
/// file, commit() renames them all. Anything staged but not committed is removed on destruction.
class OutputBatch {
 public:
  OutputBatch() = default;
  OutputBatch(const OutputBatch&) = delete;
  OutputBatch& operator=(const OutputBatch&) = delete;
  ~OutputBatch();

  /// Writes `contents` to a temporary file beside `path`. Throws IoError on failure.
  void stage(const std::string& path, std::string_view contents);
  /// Creates an empty temporary file beside `path` and returns its name, for a caller that writes
  /// it piece by piece (a file too large to hold in memory); it is then renamed or removed with
  /// the rest. Throws IoError on failure.
  std::string stage_empty(const std::string& path);
  /// Renames every staged file over its target. Throws IoError on the first failure, after
  /// putting back the targets already renamed (an old version restored, a new file removed): the
  /// targets end all new or all as they were. (An old version is kept as a hard link named
  /// "<target>.tmp-XXXXXX" until the commit ends; where links cannot be made it is not restored.)
  void commit();

 private:
  struct Staged {
    std::string temp;
    std::string target;
  };
  std::vector<Staged> staged_;
};

}  // namespace catacomb
CATACOMB_PUBLIC_END
