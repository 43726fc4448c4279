#pragma once
// Internal (not installed): whether a path may be written, the one place that asks the system.
#include <string>

namespace catacomb::detail {

/// True when `path` can be written: for a directory, new files can be created in it (POSIX: write
/// and search permission; Windows: it exists); for a file, it is not read-only.
bool is_writable(const std::string& path, bool directory);

}  // namespace catacomb::detail
