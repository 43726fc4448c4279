#pragma once
/// The catacomb command line, callable in-process (tests drive it from argv vectors).
///
/// Exit codes: 0 ok; 1 the dungeon or a scenario failed its check (validate, scen);
/// 2 usage or invalid input (unknown flag, bad value, unwritable output path, malformed map);
/// 3 I/O failure while reading or writing a file.
#include <iosfwd>
#include <string>
#include <vector>

namespace catacomb::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;
inline constexpr int kExitUsage = 2;
inline constexpr int kExitIo = 3;

/// Runs the CLI on `args` (without the program name), printing to `out` and `err`.
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// Rewrites a library problem message "field_name = value (...)" into the CLI's flag spelling
/// "--field-name = value (...)". Messages that do not start with a field name are kept as is.
std::string flagify(const std::string& message);

}  // namespace catacomb::cli
