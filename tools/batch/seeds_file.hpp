#pragma once
/// `catacomb batch --seeds-file FILE`: the seeds of a batch listed in a file, e.g. the picks
/// downloaded from the review page.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace catacomb::cli {

/// Parses a seeds file: one unsigned 64-bit decimal seed per line; '#' starts a comment (a whole
/// line or after the seed); blank lines and spaces or tabs around a seed are ignored; "\r\n" line
/// ends read like "\n". Seeds stay in the file's order. Throws InvalidArgument naming the file and
/// the line for a line that is not a seed ("picks.txt line 3 = \"12a\" (expected ...)"), a seed
/// listed twice, no seed at all, or more than `max_seeds` seeds.
std::vector<uint64_t> parse_seeds_file(std::string_view text, const std::string& name, uint64_t max_seeds);

}  // namespace catacomb::cli
