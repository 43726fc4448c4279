#pragma once
/// Tiled JSON map export (.tmj), for the Tiled map editor 1.8+ (doc.mapeditor.org,
/// "JSON Map Format"). One call gives the map text and its tileset image; the caller writes both.
///
/// The map is orthogonal, finite, width x height tiles of tile_size x tile_size pixels, with:
///   - layer 1, tile layer "terrain": "data" is a plain array of width * height global tile ids,
///     row-major (index = y * width + x), gid = 1 + terrain index (Terrain::Wall = 1, Floor = 2,
///     ... Road = 7, Ladder = 8, Platform = 9). This is what Tiled itself writes for the CSV layer format (no "encoding").
///   - layer 2, object layer "objects" (draworder "index"): every room as a rectangle object of
///     class "room" (name "room <i>", properties index, cell_x, cell_y, cell_width,
///     cell_height), then every objective as a tile object covering its cell, drawn with its
///     kind's marker tile (gid; x, y = the cell's bottom-left corner in pixels, as Tiled anchors
///     tile objects; name and class = objective_kind_name, properties index, cell_x, cell_y).
///     A switch objective is drawn with the plain objective's marker tile; its class "switch"
///     and int property "switch" (1 to 9) say what it is. Then every gate, one-way and secret
///     door (Dungeon::doors, a door tile in the terrain layer) as a rectangle object of class
///     "door" covering its cell (name = door_kind_name; properties kind "gate" | "one-way" |
///     "secret", cell_x, cell_y; a gate's switch (int 1 to 9) and open_when ("on" | "off"); a
///     one-way door's direction ("north" | "east" | "south" | "west")). A map without them has
///     no such object, and the tileset is the same for every map.
///     Object ids run 1, 2, ... in that order. Objectives off the map are written as they are.
///   - one tileset (firstgid 1, name "catacomb-terrain"): one tile per terrain in enum order
///     (class = terrain name, properties terrain, char, passable, cost; cost only when passable),
///     then one marker tile per objective kind in enum order (ids 9 start, 10 exit, 11 key,
///     12 treasure, 13 objective; class = kind name, property objective = kind name), drawn as
///     the kind's outlined shape on floor (see draw_marker_shape), then one tile per lock 1 to 9 (ids
///     14 to 22: a door, class "locked-door", properties terrain "door", char 'A'-'I', lock,
///     passable, cost), in a single row of the image. A locked door's cell has that tile's gid; a
///     key object has a "lock" property.
///     Embedded, with the image "<stem>-tileset.png" beside the map; or an external tileset file
///     (make_tiled_tileset) that many maps share.
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

/// An external Tiled tileset (.tsj) that maps made with make_tiled(..., external_tileset) share,
/// and its image.
struct TiledTileset {
  std::string tsj;         ///< the tileset's JSON text (ends with '\n')
  std::string png;         ///< PNG bytes of its image
  std::string image_file;  ///< the image's file name, beside the tileset: "<stem>.png"
};

/// The tileset of make_tiled as a file of its own, to be written at `tsj_path` with its image
/// beside it ("out/catacomb-tileset.tsj" -> image "catacomb-tileset.png"). Same limits and
/// errors as make_tiled.
TiledTileset make_tiled_tileset(const std::string& tsj_path, int tile_size = 16,
                                const CostTable& costs = CostTable::dungeon());

/// The dungeon as a Tiled JSON map whose tileset image will be written beside `tmj_path` (see
/// tiled_tileset_path); or, when `external_tileset` is given (a .tsj path relative to the map,
/// written by make_tiled_tileset with the same tile size and costs), a map that refers to it
/// and has no tileset image of its own (tileset_png and tileset_file empty). `tile_size` is the pixel side of a tile [Limit: 1 to 64]; `costs` gives
/// the tiles' passable and cost properties. Patterns need room: tiles under 8 pixels are flat
/// colour. Throws InvalidArgument ("tile_size = 0 (expected 1 to 64)") for a bad tile size, a
/// path without a file name, an empty (0 x 0) dungeon, and text that is not valid UTF-8 in params
/// or the path. Memory: two bytes per cell (a 16384 x 16384 map gives 537 MB of text, in about
/// a second), built in place with no second copy.
TiledExport make_tiled(const Dungeon& d, const std::string& tmj_path, int tile_size = 16,
                       const CostTable& costs = CostTable::dungeon(), const std::string& external_tileset = "");

}  // namespace catacomb
CATACOMB_PUBLIC_END
