#pragma once
/// Tiled JSON map export (.tmj), for the Tiled map editor 1.10+ (doc.mapeditor.org,
/// "JSON Map Format"). One call gives the map text and its tileset image; the caller writes both.
///
/// The map is orthogonal, finite, width x height tiles of tile_size x tile_size pixels, with:
///   - layer 1, tile layer "terrain": "data" is a plain array of width * height global tile ids,
///     row-major (index = y * width + x), gid = 1 + terrain index (Terrain::Wall = 1, Floor = 2,
///     ... Road = 7, Ladder = 8, Platform = 9). This is what Tiled itself writes for the CSV layer format (no "encoding").
///   - layer 2, object layer "objects" (draworder "index"): every room as a rectangle object of
///     class "room" (name "room <i>", properties index, cell_x, cell_y, cell_width,
///     cell_height), then every objective as a point object at the centre of its cell (name and
///     class = objective_kind_name, properties index, cell_x, cell_y). Object ids run 1, 2, ...
///     in that order. Objectives off the map are written as they are.
///   - one embedded tileset (firstgid 1, name "catacomb-terrain"), one tile per terrain in enum
///     order (the 7 top-down terrains; all 9 when the map has a ladder or platform tile), in a single row of the image "<stem>-tileset.png" beside the map. Each tile has
///     class = terrain name and properties terrain, char, passable, cost (cost only when passable).
///   - map properties: seed (string: seeds are 64-bit and Tiled's int properties are 32-bit),
///     generator (string), attempts (int, 0 = unknown), then every entry of Dungeon::params in
///     order (int64 -> "int" when it fits 32 bits, else "string"; double -> "float", or
///     "string" when not finite; bool -> "bool"; string -> "string"). A param named seed,
///     generator or attempts is written as "param.<name>".
/// Objects and tiles carry both "type" (Tiled <= 1.8 and >= 1.10) and "class" (Tiled 1.9).
/// Keys are sorted (as Tiled writes them), so the same dungeon always gives the same bytes.
#include <catacomb/export.hpp>
#include <string>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/terrain.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// A Tiled map and its tileset image, rendered in memory.
struct TiledExport {
  std::string tmj;           ///< the map's JSON text (ends with '\n')
  std::string tileset_png;   ///< PNG bytes of the tileset image
  std::string tileset_file;  ///< file name of the tileset image, relative to the map (beside it)
};

/// Largest tile side of a Tiled export. [Units: pixels]
inline constexpr int kMaxTiledTileSize = 64;

/// The tileset image's file name for a map written to `tmj_path`: "<stem>-tileset.png", where
/// stem is the map's file name without its extension ("out/cave.tmj" -> "cave-tileset.png").
/// Throws InvalidArgument when `tmj_path` has no file name.
std::string tiled_tileset_file(const std::string& tmj_path);
/// Where that image goes: beside the map ("out/cave.tmj" -> "out/cave-tileset.png").
std::string tiled_tileset_path(const std::string& tmj_path);

/// The dungeon as a Tiled JSON map whose tileset image will be written beside `tmj_path` (see
/// tiled_tileset_path). `tile_size` is the pixel side of a tile [Limit: 1 to 64]; `costs` gives
/// the tiles' passable and cost properties. Patterns need room: tiles under 8 pixels are flat
/// colour. Throws InvalidArgument ("tile_size = 0 (expected 1 to 64)") for a bad tile size, a
/// path without a file name, an empty (0 x 0) dungeon, and text that is not valid UTF-8 in params
/// or the path. Memory: two bytes per cell (a 16384 x 16384 map gives 537 MB of text, in about
/// a second), built in place with no second copy.
TiledExport make_tiled(const Dungeon& d, const std::string& tmj_path, int tile_size = 16,
                       const CostTable& costs = CostTable::dungeon());

}  // namespace catacomb
CATACOMB_PUBLIC_END
