#pragma once
/// Loading a map of any supported format, chosen by the file name's extension when it is one of
/// ours (.json a catacomb JSON map, .tmj a Tiled JSON map, .tmx a Tiled XML map, .txt an ASCII
/// map, .map a Moving AI map), else by the content (a JSON map starts with "{" and is Tiled's when
/// it has layers and tilesets but no "catacomb-map", a Tiled XML map with "<", a Moving AI map with
/// "type ", anything else is read as ASCII). A .json file may hold a Tiled map. A content that is
/// clearly another format than the extension says is refused as a mismatch. A UTF-8 byte order
/// mark at the start is skipped.
#include <catacomb/export.hpp>
#include <optional>
#include <string>
#include <string_view>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/grid.hpp>
#include <catacomb/core/terrain.hpp>
#include <catacomb/core/atomic_file.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// Largest map file read, in bytes: a kMaxSide x kMaxSide map with room for JSON's quotes and
/// indentation (16 bytes a row) and 64 MiB of objectives, rooms and parameters (about 320 MiB).
inline constexpr uint64_t kMaxMapFileBytes = uint64_t{kMaxSide} * (kMaxSide + 16) + (uint64_t{64} << 20);
/// Longest line of an ASCII or Moving AI map file: a row of kMaxSide tiles and a `\r`.
inline constexpr uint64_t kMaxMapLineBytes = kMaxSide + 1;

/// The read limits of a map file named `name` whose first bytes are `head`: kMaxMapFileBytes, and
/// kMaxMapLineBytes per line for ASCII and Moving AI maps (by the extension, else by the content).
ReadLimits map_read_limits(std::string_view head, const std::string& name);

/// Parses map text. `name` (a file name) only helps choose the format and appears in errors. A
/// Tiled map with an external tileset needs load_map (its tileset is another file).
Dungeon parse_map(std::string_view text, const std::string& name = "");
/// Reads and parses a map file, reading at most map_read_limits (so /dev/zero or a huge file is
/// refused after a few kilobytes or at the limit); a Tiled map's external tilesets (.tsj, .tsx)
/// are read relative to the map's directory. Throws IoError when a file cannot be read,
/// InvalidArgument (with the file name) when it is malformed, too large or of another format than
/// its extension says. `check_size`, when given, is called with the map's width and height as
/// soon as its reader knows them (a Tiled map's or a JSON map's width and height, a Moving AI
/// header, an ASCII map's rows), before the tiles are decoded: it throws to refuse the map
/// (what the CLI's --max-memory does).
Dungeon load_map(const std::string& path, const MapSizeCheck& check_size = {});

/// A map file's dungeon and, for a catacomb JSON map whose legend states costs, the cost table
/// they make (read_json_legend_costs over the dungeon table), from one read and one parse.
struct MapFile {
  /// The map.
  Dungeon dungeon;
  /// The costs the JSON legend states; empty when it states none (or the map is not JSON).
  std::optional<CostTable> legend_costs;
};
/// load_map, and the legend's costs.
MapFile load_map_file(const std::string& path, const MapSizeCheck& check_size = {});
/// parse_map, and the legend's costs; `check_size` as for load_map.
MapFile parse_map_file(std::string_view text, const std::string& name = "", const MapSizeCheck& check_size = {});

}  // namespace catacomb
CATACOMB_PUBLIC_END
