// Reading Tiled maps. Two front ends fill one small model of the map (size, properties,
// tilesets with their tiles' classes and properties, the terrain layer's gids, the objects):
// nlohmann-json for .tmj/.tsj (tiled_json.cpp) and pugixml for .tmx/.tsx (tiled_xml.cpp). One
// back end (tiled_model.cpp) turns the model into a Dungeon, so both syntaxes follow the same
// rules (see tiled_read.hpp). This file chooses between them.
//
// Memory: the terrain layer's cells, one byte each (an index into the distinct gids, see
// tiled_decode.hpp), next to the file's text, then the terrain grid (one byte per cell): no
// array of 4-byte gids is made for the layer. A JSON "data" array never becomes a tree of json
// values (16 bytes and more each): the parser callback moves each number into the cells as it
// is read and leaves an index behind. The map's declared size is given to the caller's size
// check before any layer is decoded, and every size (width, height, data length, inflated
// bytes, tiles, objects) is checked before the memory it implies is allocated. Time is linear
// in the file.
#include <catacomb/io/tiled_read.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/core/grid.hpp>
#include <catacomb/core/terrain.hpp>

#if CATACOMB_TILED_JSON
#include "io/tiled_model.hpp"
#endif

namespace catacomb {

bool tiled_reader_available() { return CATACOMB_TILED_READER != 0; }

#if !CATACOMB_TILED_JSON

Dungeon read_tiled_map(std::string_view, TiledSyntax, const TiledSourceReader&, const MapSizeCheck&) {
  throw InvalidArgument(FieldProblem{"Tiled map", "not readable by this build",
                                     "a catacomb built with the Tiled reader (CATACOMB_TILED_READER=ON, pugixml and "
                                     "zlib); export the map from Tiled as JSON or use a catacomb .json map"});
}

#else

Dungeon read_tiled_map(std::string_view text, TiledSyntax syntax, const TiledSourceReader& read_source,
                       const MapSizeCheck& check_size) {
  detail::tiled::Model m = syntax == TiledSyntax::Json ? detail::tiled::read_json(text, read_source, check_size)
                                                       : detail::tiled::read_xml(text, read_source, check_size);
  return detail::tiled::to_dungeon(m);
}

#endif  // CATACOMB_TILED_JSON

}  // namespace catacomb
