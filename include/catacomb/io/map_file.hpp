#pragma once
/// Loading a map of any supported format, chosen by the file's content and extension:
/// a catacomb JSON map ("{" first), a Moving AI map ("type " first, or .map), else ASCII.
#include <catacomb/export.hpp>
#include <string>
#include <string_view>

#include <catacomb/core/dungeon.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// Parses map text. `name` (a file name) only helps choose the format and appears in errors.
Dungeon parse_map(std::string_view text, const std::string& name = "");
/// Reads and parses a map file. Throws IoError when it cannot be read, InvalidArgument (with the
/// file name) when it is malformed.
Dungeon load_map(const std::string& path);

}  // namespace catacomb
CATACOMB_PUBLIC_END
