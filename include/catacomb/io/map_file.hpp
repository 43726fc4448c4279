#pragma once
/// Loading a map of any supported format, chosen by the file's content and extension:
/// a Tiled JSON map ("{" first, and .tmj, or layers and tilesets but no "catacomb-map"), a
/// catacomb JSON map (any other "{" first), a Tiled XML map ("<" first, or .tmx), a Moving AI
/// map ("type " first, or .map), else ASCII.
#include <catacomb/export.hpp>
#include <string>
#include <string_view>

#include <catacomb/core/dungeon.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// Parses map text. `name` (a file name) only helps choose the format and appears in errors. A
/// Tiled map with an external tileset needs load_map (its tileset is another file).
Dungeon parse_map(std::string_view text, const std::string& name = "");
/// Reads and parses a map file; a Tiled map's external tilesets (.tsj, .tsx) are read relative to
/// the map's directory. Throws IoError when a file cannot be read, InvalidArgument (with the
/// file name) when it is malformed.
Dungeon load_map(const std::string& path);

}  // namespace catacomb
CATACOMB_PUBLIC_END
