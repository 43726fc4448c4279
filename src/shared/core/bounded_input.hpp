#pragma once
// Internal (not installed): the one bounded reader of untrusted files, for readers whose limits
// depend on what the file turns out to be (a map's format, chosen from its first bytes).
#include <functional>
#include <string>
#include <string_view>

#include <catacomb/core/atomic_file.hpp>

namespace catacomb::detail {

/// Bytes read before `choose` is asked for the limits (the whole file when smaller).
inline constexpr size_t kInputHeadBytes = 64 * 1024;

/// Reads `path` as read_file(path, limits) does, with the limits returned by `choose` called
/// once on the file's first kInputHeadBytes bytes.
std::string read_bounded(const std::string& path, const std::function<ReadLimits(std::string_view head)>& choose);

}  // namespace catacomb::detail
