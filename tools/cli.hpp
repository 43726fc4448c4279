#pragma once
/// The catacomb command line, callable in-process (tests drive it from argv vectors).
///
/// Exit codes: 0 ok; 1 the dungeon or a scenario failed its check (validate, scen);
/// 2 usage or invalid input (unknown flag, bad value, unwritable output path, malformed map);
/// 3 I/O failure while reading or writing a file.
#include <iosfwd>
#include <string>
#include <vector>

#include <catacomb/core/error.hpp>

namespace catacomb::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;
inline constexpr int kExitUsage = 2;
inline constexpr int kExitIo = 3;

/// Runs the CLI on `args` (without the program name), printing to `out` and `err`.
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// The CLI's name for a library field: a config field ("room_count") is the flag "--room-count";
/// any other field (already a flag such as "--scale", or a description such as "image size",
/// "sources[2]" or "cost at (1,2)") keeps its name.
std::string flag_for_field(const std::string& field);

/// The message of a library error in the CLI's spelling: when it carries problems, each one
/// formatted with its field mapped by flag_for_field ("--room-count = 1 (expected 2 to 100000)");
/// a plain message (a malformed map file, ...) as it is.
std::string cli_message(const InvalidArgument& e);

}  // namespace catacomb::cli
