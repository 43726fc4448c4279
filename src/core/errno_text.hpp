#pragma once
// Internal to core/: the text of errno for the IoErrors of the file layer (bounded_read.cpp,
// atomic_file.cpp), in one place.
#include <cerrno>
#include <cstring>
#include <string>

namespace catacomb::detail {

/// strerror's text for the current errno, e.g. "No such file or directory".
inline std::string errno_text() { return std::strerror(errno); }

}  // namespace catacomb::detail
