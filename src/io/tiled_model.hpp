#pragma once
// Internal (not installed): the small model of a Tiled map that the two front ends fill
// (tiled_json.cpp for .tmj/.tsj, tiled_xml.cpp for .tmx/.tsx) and the one back end turns into a
// Dungeon (tiled_model.cpp), so both syntaxes follow the same rules (see tiled_read.hpp).
// Built with the Tiled reader (CATACOMB_TILED_READER), or its JSON half alone (CATACOMB_TILED_JSON).
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/error.hpp>
#include <catacomb/io/tiled_read.hpp>
#include "io/tiled_decode.hpp"

namespace catacomb::detail::tiled {

/// Most tiles described in all tilesets, and most objects, of one map.
constexpr size_t kMaxTiledItems = size_t{1} << 20;

[[noreturn]] inline void bad(const std::string& what, const std::string& value, const std::string& expected) {
  throw InvalidArgument(FieldProblem{"Tiled map " + what, value, expected});
}

/// A value of the file quoted for a message: at most 40 bytes, printable ASCII only.
inline std::string shown(std::string_view s) {
  std::string out = "\"";
  for (size_t i = 0; i < s.size() && i < 40; ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    out += c >= 0x20 && c < 0x7F ? static_cast<char>(c) : '?';
  }
  return out + (s.size() > 40 ? "...\"" : "\"");
}

struct Property {
  std::string name;
  ParamValue value;
};
using Properties = std::vector<Property>;

inline const Property* find_property(const Properties& props, std::string_view name) {
  for (const Property& p : props)
    if (p.name == name) return &p;
  return nullptr;
}

inline std::string property_text(const Property* p) {
  if (!p) return {};
  if (const auto* s = std::get_if<std::string>(&p->value)) return *s;
  return {};
}

struct Tile {
  std::string cls;
  Properties props;
};

struct Tileset {
  uint32_t firstgid = 0;
  std::string name;
  std::map<uint32_t, Tile> tiles;  // by local id
};

struct Object {
  int64_t id = 0;
  std::string name, cls;
  double x = 0, y = 0, width = 0, height = 0;
  bool point = false;
  uint32_t gid = 0;
  Properties props;  ///< the object's own (a key's "lock")
};

struct Model {
  int width = 0, height = 0;
  double tile_width = 0, tile_height = 0;
  Properties props;
  std::vector<Tileset> tilesets;
  bool have_tile_layer = false;
  /// The terrain layer's cells, one byte each (an index into their distinct gids), until
  /// to_dungeon turns them into terrain.
  LayerCells cells;
  std::vector<Object> objects;
};

// Checks the map's header fields, in the order Tiled documents them.
inline void check_header(const Model& m, std::string_view orientation, bool infinite) {
  if (infinite) bad("infinite", "true", "a finite map (Map > Map Properties > Infinite off)");
  if (orientation != "orthogonal") bad("orientation", shown(orientation), "\"orthogonal\"");
  check_grid_size(m.width, m.height, "Tiled map");
  if (!(m.tile_width > 0) || !(m.tile_height > 0) || m.tile_width > 1e6 || m.tile_height > 1e6)
    bad("tile size", std::to_string(m.tile_width) + " x " + std::to_string(m.tile_height), "positive pixel sizes");
}

/// Where object `o` is drawn, in pixels: a point, the centre of a tile object (anchored at its
/// bottom-left corner) or of a rectangle.
inline std::pair<double, double> object_centre(const Object& o) {
  if (o.gid != 0) return {o.x + o.width / 2, o.y - o.height / 2};
  if (!o.point) return {o.x + o.width / 2, o.y + o.height / 2};
  return {o.x, o.y};
}

/// A rectangle object in whole cells (its edges rounded), clipped to the map: a rectangle dragged
/// partly off the map keeps its part on it. Empty (0 x 0) when nothing of it is on the map.
inline Rect object_cells(const Object& o, const Model& m) {
  const double x0 = std::max(0.0, std::round(o.x / m.tile_width)), y0 = std::max(0.0, std::round(o.y / m.tile_height));
  const double x1 = std::min<double>(m.width, std::round((o.x + o.width) / m.tile_width));
  const double y1 = std::min<double>(m.height, std::round((o.y + o.height) / m.tile_height));
  if (!(x1 > x0 && y1 > y0)) return {};
  return {static_cast<int>(x0), static_cast<int>(y0), static_cast<int>(x1 - x0), static_cast<int>(y1 - y0)};
}

inline size_t cell_count(const Model& m) { return static_cast<size_t>(m.width) * static_cast<size_t>(m.height); }

/// The front ends: parse the text (and its external tilesets through `read_source`) into the
/// model. `check_size`, when given, is called with the map's width and height as soon as the
/// header is read, before any layer is decoded (it throws to refuse the map).
Model read_json(std::string_view text, const TiledSourceReader& read_source, const MapSizeCheck& check_size = {});
Model read_xml(std::string_view text, const TiledSourceReader& read_source, const MapSizeCheck& check_size = {});
/// An external tileset file (.tsj, .tsx) in either syntax.
Tileset json_tileset_file(std::string_view text, uint32_t firstgid, const std::string& where);
Tileset xml_tileset_file(std::string_view text, uint32_t firstgid, const std::string& where);
/// The tileset `source` names, read through `read_source` and parsed by its extension (.tsj or
/// .json: JSON, anything else: XML); refused when there is no reader.
Tileset external_tileset(const std::string& source, uint32_t firstgid, const TiledSourceReader& read_source,
                         const std::string& where);
/// The back end: the model as a Dungeon, its terrain per cell from the layer's cells and the
/// tilesets (consumes the cells).
Dungeon to_dungeon(Model& m);

}  // namespace catacomb::detail::tiled
