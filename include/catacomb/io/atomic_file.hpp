#pragma once
/// Writing files so that a failure never leaves a partial file or clobbers an existing one:
/// every file is written to a temporary name in its target directory and renamed over the
/// target only when complete.
#include <catacomb/export.hpp>
#include <string>
#include <string_view>
#include <vector>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// Writes `contents` to `path` atomically (temporary file in the same directory, then rename).
/// Throws IoError naming the path on failure; the target is then untouched.
void write_file_atomic(const std::string& path, std::string_view contents);

/// Reads a whole file. Throws IoError naming the path on failure.
std::string read_file(const std::string& path);

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
  /// Renames every staged file over its target. Throws IoError on the first failure.
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
