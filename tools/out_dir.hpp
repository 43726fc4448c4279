#pragma once
/// The output directory of a subcommand that writes several files into one (--out of batch and
/// tileset): what may be named, and its creation.
#include <string>

namespace catacomb::cli {

/// The directory `dir` would be created in ("out/" -> ".", "a/b" -> "a").
std::string parent_dir(const std::string& dir);

/// Checks --out: an existing writable directory, or a new one whose parent exists and is
/// writable. Returns whether it has to be created. Throws InvalidArgument ("--out = <dir>
/// (expected a writable directory, or a new one inside an existing directory; <why>)").
bool check_out_dir(const std::string& dir);

/// Creates the directory check_out_dir said had to be created. Throws IoError on failure.
void create_out_dir(const std::string& dir);

}  // namespace catacomb::cli
