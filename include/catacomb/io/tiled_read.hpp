#pragma once
/// Reading Tiled maps back (.tmj JSON and .tmx XML, as Tiled 1.8+ writes them), so that a map
/// exported by catacomb, edited in Tiled and re-saved can be validated and searched again.
///
/// What is read, and from where:
///   - terrain: the tile layer named "terrain" (else the first tile layer; group layers are
///     searched too). Its data may be CSV, base64, or base64 with zlib or gzip compression (what
///     Tiled offers; zstd is refused with a message), or the old XML `<tile gid>` list. Each gid is
///     looked up in its tileset (embedded, or an external .tsj/.tsx file, read through
///     `read_source`); the tile's "terrain" property names the terrain (wall, floor, corridor,
///     door, water, vegetation, road). Flip bits of a gid are ignored.
///   - objectives: every object, in every object layer in document order, whose class ("type"
///     before Tiled 1.9, "class" in 1.9) is start, exit, key, treasure or objective, or, for a
///     tile object, whose tile has that class or an "objective" property. The cell is where the
///     object is drawn, not its cell_x/cell_y properties, so moving an object in Tiled moves it:
///     a point's cell holds the point, a tile object's or rectangle's cell holds its centre.
///   - rooms: every rectangle object of class "room", in cells (pixels / tile size, rounded).
///   - the recipe: map properties seed (decimal string or int), generator, attempts, and every
///     other property as a parameter (int, float, bool, or text); `param.<name>` is `<name>`.
/// Objects of other classes, other layers and other properties are ignored.
///
/// Limits, checked before allocating: width and height 1 to kMaxSide, the layer's data exactly
/// width * height gids (decompressed data may not exceed 4 * width * height bytes), at most
/// 2^20 tileset tiles and objects. Infinite maps and non-orthogonal maps are refused.
#include <catacomb/export.hpp>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include <catacomb/core/dungeon.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// The two syntaxes of a Tiled map.
enum class TiledSyntax : uint8_t {
  Json,  ///< .tmj (and .tsj tilesets)
  Xml,   ///< .tmx (and .tsx tilesets)
};

/// Reads an external file a map refers to (a tileset's "source", relative to the map as
/// written in it) and returns its text. Throws IoError when it cannot.
using TiledSourceReader = std::function<std::string(const std::string& source)>;

/// Parses a Tiled map. External tilesets are read through `read_source`; without one, a map
/// with an external tileset is refused. Throws InvalidArgument naming what is missing or wrong
/// ("Tiled map tilesets = no tile with a \"terrain\" property (expected ...)") for a map that
/// is not catacomb's or is malformed, and when catacomb was built without the Tiled reader
/// (CATACOMB_TILED_READER=OFF). `check_size`, when given, is called with the map's width and
/// height as soon as its header is read, before any tileset or layer is decoded. The terrain
/// layer is decoded straight to one byte per cell (never an array of 4-byte tile ids), so a
/// Tiled map costs what a JSON map of the same size does.
Dungeon read_tiled_map(std::string_view text, TiledSyntax syntax, const TiledSourceReader& read_source = {},
                       const MapSizeCheck& check_size = {});

/// Whether this build of catacomb can read Tiled maps (built with pugixml and zlib).
bool tiled_reader_available();

}  // namespace catacomb
CATACOMB_PUBLIC_END
