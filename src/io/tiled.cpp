// Tiled JSON export. The document is a detail::Json whose keys are sorted when it is written
// (sorted_json), as Tiled's own writer sorts them: the same dungeon always gives the same bytes, except the tile layer's
// "data": a 16384 x 16384 map has 268M gids, which as json values would take about 4 GB, so the
// document carries a placeholder there and the gids are spliced in as text, one map row per line.
// Time and memory are linear in the cell count; the text is about two bytes per cell.
#include <catacomb/io/tiled.hpp>

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <iterator>
#include <limits>
#include <nlohmann/json.hpp>
#include <string_view>

#include <catacomb/core/error.hpp>
#include <catacomb/io/ascii.hpp>
#include <catacomb/render/image.hpp>
#include "shared/core/problems.hpp"
#include "io/sorted_json.hpp"

namespace catacomb {
namespace {

using json = detail::Json;

// The JSON format version and the Tiled release whose output we follow (1.10 moved "class"
// back to "type" on objects and tiles; both are written, see tiled.hpp).
constexpr const char* kFormatVersion = "1.10";
constexpr const char* kTiledVersion = "1.10.2";
constexpr const char* kTilesetName = "catacomb-terrain";
// Stands in for the tile data until the text is spliced in. It is the first string value of
// the document (keys sort "compressionlevel", "height", "infinite", "layers", and the terrain
// layer, first in "layers", sorts "data" first), so a param holding the same text cannot be
// mistaken for it.
constexpr std::string_view kDataPlaceholder = "\"@@catacomb-tile-data@@\"";

json property(std::string_view name, std::string_view type, json value) {
  json p;
  p["name"] = name;
  p["type"] = type;
  p["value"] = std::move(value);
  return p;
}

json param_property(const std::string& name, const ParamValue& v) {
  if (const auto* i = std::get_if<int64_t>(&v)) {
    // Tiled reads int properties into a 32-bit int; larger values keep their digits as text.
    if (*i >= std::numeric_limits<int32_t>::min() && *i <= std::numeric_limits<int32_t>::max())
      return property(name, "int", *i);
    return property(name, "string", std::to_string(*i));
  }
  if (const auto* f = std::get_if<double>(&v)) {
    if (std::isfinite(*f)) return property(name, "float", *f);
    return property(name, "string", std::isnan(*f) ? "nan" : (*f > 0 ? "inf" : "-inf"));
  }
  if (const auto* b = std::get_if<bool>(&v)) return property(name, "bool", *b);
  return property(name, "string", std::get<std::string>(v));
}

// Both spellings of an object's or tile's class: "type" (Tiled <= 1.8, and again since 1.10)
// and "class" (Tiled 1.9 only).
void set_class(json& j, std::string_view name) {
  j["class"] = name;
  j["type"] = name;
}

Rgb darker(Rgb c) {
  return {static_cast<uint8_t>(c[0] * 2 / 3), static_cast<uint8_t>(c[1] * 2 / 3), static_cast<uint8_t>(c[2] * 2 / 3)};
}
Rgb lighter(Rgb c) {
  auto up = [](uint8_t v) { return static_cast<uint8_t>(v + (255 - v) / 3); };
  return {up(c[0]), up(c[1]), up(c[2])};
}

// Tile `t` at pixel column x0: its terrain colour with a pattern that tells the kinds apart.
// Every pattern covers well under half of the tile (at most 28 of 64 pixels at 8 px), so the
// terrain colour stays the tile's most common colour.
void draw_tile(Image& img, int x0, int s, Terrain t) {
  const Rgb base = terrain_colour(t);
  img.fill_rect(x0, 0, s, s, base);
  if (s < 8) return;  // too small for a pattern to read
  const Rgb dark = darker(base), light = lighter(base);
  for (int y = 0; y < s; ++y) {
    for (int x = 0; x < s; ++x) {
      bool d = false, l = false;
      switch (t) {
        case Terrain::Wall:  // a darker 1-px rim: blocks
          d = x == 0 || y == 0 || x == s - 1 || y == s - 1;
          break;
        case Terrain::Floor:  // darker corner dots: a faint cell grid
          d = (x == 0 || x == s - 1) && (y == 0 || y == s - 1);
          break;
        case Terrain::Corridor:  // sparse darker gravel
          d = x % 4 == 1 && y % 4 == 1;
          break;
        case Terrain::Door:  // two darker plank joints
          d = x == s / 3 || x == 2 * s / 3;
          break;
        case Terrain::Water:  // lighter ripples
          l = y % 4 == 1 && (x / 2) % 2 == 0;
          break;
        case Terrain::Vegetation:  // darker leaves
          d = x % 3 == 1 && y % 3 == 1;
          break;
        case Terrain::Road:  // darker mortar between paving stones
          d = y % 4 == 3 || x % 8 == ((y / 4) % 2 == 0 ? 0 : 4);
          break;
        case Terrain::Ladder:  // darker rungs
          d = y % 4 == 2;
          break;
        case Terrain::Platform:  // a lighter top edge
          l = y < s / 4;
          break;
      }
      if (d) img.set(x0 + x, y, dark);
      else if (l) img.set(x0 + x, y, light);
    }
  }
}

// The marker tiles follow the terrain tiles, one per objective kind in enum order; then the doors
// locked with locks 1 to 9, each a door tile in its lock's colour. Every map's tileset has them all,
// so that the maps of a batch can share one.
constexpr ObjectiveKind kMarkerKinds[] = {ObjectiveKind::Start, ObjectiveKind::Exit, ObjectiveKind::Key,
                                          ObjectiveKind::Treasure, ObjectiveKind::Objective};
constexpr int kMarkerCount = static_cast<int>(std::size(kMarkerKinds));
constexpr int kTileCount = kTerrainCount + kMarkerCount + kMaxLock;

int marker_tile_id(ObjectiveKind k) { return kTerrainCount + static_cast<int>(k); }
constexpr int locked_door_tile_id(int lock) { return kTerrainCount + kMarkerCount + lock - 1; }
constexpr int locked_door_tile_id_max() { return locked_door_tile_id(kMaxLock); }

Image tileset_image(int s) {
  Image img(kTileCount * s, s);
  for (Terrain t : kAllTerrains) draw_tile(img, static_cast<int>(t) * s, s, t);
  // A marker tile is transparent in spirit: floor under the kind's outlined shape, so that a
  // tile object reads like the PNG preview's marker wherever it stands.
  for (ObjectiveKind k : kMarkerKinds) {
    const int x0 = marker_tile_id(k) * s;
    draw_tile(img, x0, s, Terrain::Floor);
    draw_marker_shape(img, x0, 0, s, k);
  }
  for (int lock = 1; lock <= kMaxLock; ++lock) {
    const int x0 = locked_door_tile_id(lock) * s;
    draw_tile(img, x0, s, Terrain::Door);
    const int inset = std::max(1, s / 4);
    img.fill_rect(x0 + inset, inset, s - 2 * inset, s - 2 * inset, lock_colour(lock));
  }
  return img;
}

json tileset_json(const std::string& image_file, int s, const CostTable& costs) {
  json ts;
  ts["columns"] = kTileCount;
  ts["image"] = image_file;
  ts["imageheight"] = s;
  ts["imagewidth"] = kTileCount * s;
  ts["margin"] = 0;
  ts["name"] = kTilesetName;
  ts["spacing"] = 0;
  ts["tilecount"] = kTileCount;
  ts["tileheight"] = s;
  ts["tilewidth"] = s;
  json tiles = json::array();
  for (Terrain t : kAllTerrains) {
    json tile;
    tile["id"] = static_cast<int>(t);
    json props = json::array();
    props.push_back(property("terrain", "string", terrain_name(t)));
    props.push_back(property("char", "string", std::string(1, terrain_char(t))));
    props.push_back(property("passable", "bool", costs.passable(t)));
    if (costs.passable(t)) props.push_back(property("cost", "float", costs[t]));
    tile["properties"] = std::move(props);
    set_class(tile, terrain_name(t));
    tiles.push_back(std::move(tile));
  }
  for (ObjectiveKind k : kMarkerKinds) {
    json tile;
    tile["id"] = marker_tile_id(k);
    tile["properties"] = json::array({property("objective", "string", objective_kind_name(k))});
    set_class(tile, objective_kind_name(k));
    tiles.push_back(std::move(tile));
  }
  for (int lock = 1; lock <= kMaxLock; ++lock) {
    json tile;
    tile["id"] = locked_door_tile_id(lock);
    const Terrain t = Terrain::Door;
    json props = json::array();
    props.push_back(property("terrain", "string", terrain_name(t)));
    props.push_back(property("char", "string", std::string(1, door_char(lock))));
    props.push_back(property("lock", "int", lock));
    props.push_back(property("passable", "bool", costs.passable(t)));
    if (costs.passable(t)) props.push_back(property("cost", "float", costs[t]));
    tile["properties"] = std::move(props);
    set_class(tile, "locked-door");
    tiles.push_back(std::move(tile));
  }
  ts["tiles"] = std::move(tiles);
  return ts;
}

json object_base(int id, std::string_view name, std::string_view cls) {
  json o;
  o["id"] = id;
  o["name"] = name;
  set_class(o, cls);
  o["rotation"] = 0;
  o["visible"] = true;
  return o;
}

json objects_json(const Dungeon& d, int s, int& next_id) {
  json objects = json::array();
  // Rooms first: with draworder "index" later objects are drawn on top, so the objective points
  // stay visible over the room rectangles.
  for (size_t i = 0; i < d.rooms.size(); ++i) {
    const Rect& r = d.rooms[i];
    json o = object_base(next_id++, "room " + std::to_string(i), "room");
    o["x"] = int64_t{r.x} * s;
    o["y"] = int64_t{r.y} * s;
    o["width"] = int64_t{r.width} * s;
    o["height"] = int64_t{r.height} * s;
    o["properties"] = json::array({property("index", "int", i), property("cell_x", "int", r.x),
                                   property("cell_y", "int", r.y), property("cell_width", "int", r.width),
                                   property("cell_height", "int", r.height)});
    // The mission node and template it was made for (only then: other maps are written as before).
    if (i < d.room_labels.size() && !d.room_labels[i].node.empty())
      o["properties"].push_back(property("node", "string", d.room_labels[i].node));
    if (i < d.room_labels.size() && !d.room_labels[i].template_name.empty())
      o["properties"].push_back(property("template", "string", d.room_labels[i].template_name));
    objects.push_back(std::move(o));
  }
  for (size_t i = 0; i < d.objectives.size(); ++i) {
    const Objective& ob = d.objectives[i];
    const std::string_view kind = objective_kind_name(ob.kind);
    // A tile object drawn with the kind's marker tile over its cell; Tiled anchors tile objects
    // at their bottom-left corner.
    json o = object_base(next_id++, kind, kind);
    // A switch has no marker tile of its own (the tileset every map shares stays as it was): it
    // is drawn with the plain objective's marker; its class and "switch" property say what it is.
    o["gid"] = 1 + marker_tile_id(ob.kind == ObjectiveKind::Switch ? ObjectiveKind::Objective : ob.kind);
    o["x"] = int64_t{ob.pos.x} * s;
    o["y"] = (int64_t{ob.pos.y} + 1) * s;
    o["width"] = s;
    o["height"] = s;
    o["properties"] = json::array(
        {property("index", "int", i), property("cell_x", "int", ob.pos.x), property("cell_y", "int", ob.pos.y)});
    if (ob.lock != 0) o["properties"].push_back(property("lock", "int", ob.lock));
    if (ob.kind == ObjectiveKind::Switch) o["properties"].push_back(property("switch", "int", ob.switch_id));
    objects.push_back(std::move(o));
  }
  // Gates, one-way and secret doors: a door tile in the terrain layer, and over it a rectangle of
  // class "door" covering the cell, whose properties say how it is passed.
  for (const ProgressionDoor& g : d.doors) {
    json o = object_base(next_id++, door_kind_name(g.kind), "door");
    o["x"] = int64_t{g.pos.x} * s;
    o["y"] = int64_t{g.pos.y} * s;
    o["width"] = s;
    o["height"] = s;
    o["properties"] = json::array({property("kind", "string", door_kind_name(g.kind)),
                                   property("cell_x", "int", g.pos.x), property("cell_y", "int", g.pos.y)});
    if (g.kind == DoorKind::Gate) {
      o["properties"].push_back(property("switch", "int", g.switch_id));
      o["properties"].push_back(property("open_when", "string", g.open_when_off ? "off" : "on"));
    }
    if (g.kind == DoorKind::OneWay) o["properties"].push_back(property("direction", "string", direction_name(g.dir)));
    objects.push_back(std::move(o));
  }
  return objects;
}

json map_properties(const Dungeon& d) {
  json props = json::array();
  // Seeds are 64-bit; Tiled's int properties are 32-bit (and JSON readers often go through a
  // double), so the seed is written as decimal text.
  props.push_back(property("seed", "string", std::to_string(d.seed)));
  props.push_back(property("generator", "string", d.generator));
  props.push_back(property("attempts", "int", d.attempts));
  for (const auto& param : d.params) {
    const bool reserved = param.first == "seed" || param.first == "generator" || param.first == "attempts";
    props.push_back(param_property(reserved ? "param." + param.first : param.first, param.second));
  }
  return props;
}

// Appends the gids, one map row per line indented by `indent` spaces, the closing bracket on
// its own line indented by `indent` - 2. Written through a pointer into space reserved up front:
// a per-character append costs several seconds on a 16384 x 16384 map.
// A locked door's gid is 1 + locked_door_tile_id(lock) (15 to 23): two digits, which `d.locks` adds.
void append_data(std::string& out, const Dungeon& d, size_t indent) {
  static_assert(kTerrainCount <= 9, "terrain gids are written as one digit");
  static_assert(1 + locked_door_tile_id_max() < 100, "locked door gids are written as two digits at most");
  const Grid<Terrain>& tiles = d.tiles;
  const size_t w = static_cast<size_t>(tiles.width()), h = static_cast<size_t>(tiles.height());
  const size_t row_chars = indent + 2 * w + 1;  // indent, w digits, w commas (or w - 1 and none), '\n'
  size_t two_digit = 0;
  for (const LockedDoor& l : d.locks) two_digit += 1 + locked_door_tile_id(l.lock) >= 10 ? 1u : 0u;
  const size_t start = out.size();
  out.resize(start + 2 + h * row_chars - (h > 0 ? 1 : 0) + (indent - 2) + 1 + two_digit);
  auto lock = d.locks.begin();  // row-major, as the cells are written
  char* p = out.data() + start;
  *p++ = '[';
  *p++ = '\n';
  for (size_t y = 0; y < h; ++y) {
    p = std::fill_n(p, indent, ' ');
    const Terrain* row = tiles.row(static_cast<int>(y));
    for (size_t x = 0; x < w; ++x) {
      if (lock != d.locks.end() && lock->pos == Point{static_cast<int>(x), static_cast<int>(y)}) {
        const int gid = 1 + locked_door_tile_id((lock++)->lock);
        if (gid >= 10) *p++ = static_cast<char>('0' + gid / 10);
        *p++ = static_cast<char>('0' + gid % 10);
      } else {
        *p++ = static_cast<char>('1' + static_cast<int>(row[x]));
      }
      *p++ = ',';
    }
    if (y + 1 == h) --p;  // no comma after the last gid
    *p++ = '\n';
  }
  p = std::fill_n(p, indent - 2, ' ');
  *p++ = ']';
  assert(p == out.data() + out.size());
}

}  // namespace

std::string tiled_tileset_file(const std::string& tmj_path) {
  const std::filesystem::path p(tmj_path);
  const std::string stem = p.stem().string();
  if (!p.has_filename() || stem.empty() || stem == "." || stem == "..")
    throw InvalidArgument(FieldProblem{"tmj path", "'" + tmj_path + "'", "a file name"});
  return stem + "-tileset.png";
}

// generic_string: '/' on every system (Windows accepts it), so messages and results are the same.
std::string tiled_tileset_path(const std::string& tmj_path) {
  return (std::filesystem::path(tmj_path).parent_path() / tiled_tileset_file(tmj_path)).generic_string();
}

TiledTileset make_tiled_tileset(const std::string& tsj_path, int tile_size, const CostTable& costs) {
  check_image_scale(kTileCount, 1, tile_size, "tile_size");
  TiledTileset out;
  tiled_tileset_file(tsj_path);  // refuses a path without a file name
  out.image_file = std::filesystem::path(tsj_path).stem().string() + ".png";
  json ts = tileset_json(out.image_file, tile_size, costs);
  ts["tiledversion"] = kTiledVersion;
  ts["type"] = "tileset";
  ts["version"] = kFormatVersion;
  try {
    out.tsj = detail::sorted_json(ts).dump(2) + "\n";
  } catch (const json::type_error& e) {
    throw InvalidArgument(std::string("Tiled tileset text = not UTF-8 (expected a UTF-8 path: ") + e.what() + ")");
  }
  out.png = encode_png(tileset_image(tile_size));
  return out;
}

TiledExport make_tiled(const Dungeon& d, const std::string& tmj_path, int tile_size, const CostTable& costs,
                       const std::string& external_tileset) {
  // A door or switch the map cannot hold (off the map, no switch id, an objective on its cell) is
  // refused naming it, before anything is written.
  if (d.has_progression()) throw_if_problems(progression_problems(d, CostTable::dungeon()));
  // One check at the boundary: the size range (message "tile_size = v (expected 1 to 64)") and
  // that a row of kTerrainCount tiles fits a PNG.
  check_image_scale(kTileCount, 1, tile_size, "tile_size");
  static_assert(kMaxTiledTileSize == 64, "check_image_scale enforces 1 to 64");
  check_grid_size(d.tiles.width(), d.tiles.height(), "dungeon");
  const int s = tile_size;
  for (size_t i = 0; i < d.locks.size(); ++i)
    if (!d.tiles.in_bounds(d.locks[i].pos) || d.locks[i].lock < 1 || d.locks[i].lock > kMaxLock ||
        (i > 0 && !(d.locks[i - 1].pos < d.locks[i].pos)))
      throw InvalidArgument(FieldProblem{"locked door at " + to_string(d.locks[i].pos),
                                         "lock " + std::to_string(d.locks[i].lock),
                                         "a lock 1 to 9 inside the map, one per cell, in row-major order"});

  TiledExport out;
  json tileset;
  if (external_tileset.empty()) {
    out.tileset_file = tiled_tileset_file(tmj_path);
    tileset = tileset_json(out.tileset_file, s, costs);
  } else {
    tileset["source"] = external_tileset;
  }
  tileset["firstgid"] = 1;

  json terrain;
  terrain["data"] = std::string(kDataPlaceholder.substr(1, kDataPlaceholder.size() - 2));
  terrain["height"] = d.tiles.height();
  terrain["id"] = 1;
  terrain["name"] = "terrain";
  terrain["opacity"] = 1;
  terrain["type"] = "tilelayer";
  terrain["visible"] = true;
  terrain["width"] = d.tiles.width();
  terrain["x"] = 0;
  terrain["y"] = 0;

  int next_object_id = 1;
  json objects;
  objects["draworder"] = "index";
  objects["id"] = 2;
  objects["name"] = "objects";
  objects["objects"] = objects_json(d, s, next_object_id);
  objects["opacity"] = 1;
  objects["type"] = "objectgroup";
  objects["visible"] = true;
  objects["x"] = 0;
  objects["y"] = 0;

  json map;
  map["compressionlevel"] = -1;
  map["height"] = d.tiles.height();
  map["infinite"] = false;
  map["layers"] = json::array({std::move(terrain), std::move(objects)});
  map["nextlayerid"] = 3;
  map["nextobjectid"] = next_object_id;
  map["orientation"] = "orthogonal";
  map["properties"] = map_properties(d);
  map["renderorder"] = "right-down";
  map["tiledversion"] = kTiledVersion;
  map["tileheight"] = s;
  map["tilesets"] = json::array({std::move(tileset)});
  map["tilewidth"] = s;
  map["type"] = "map";
  map["version"] = kFormatVersion;
  map["width"] = d.tiles.width();

  std::string text;
  try {
    text = detail::sorted_json(map).dump(2);
  } catch (const json::type_error& e) {  // strings that are not UTF-8 (params, path)
    throw InvalidArgument(std::string("Tiled map text = not UTF-8 (expected UTF-8 params and path: ") + e.what() + ")");
  }
  const size_t at = text.find(kDataPlaceholder);
  assert(at != std::string::npos);
  const size_t line_start = text.rfind('\n', at) + 1;
  const size_t key_indent = text.find_first_not_of(' ', line_start) - line_start;
  const size_t indent = key_indent + 2;
  const size_t w = static_cast<size_t>(d.tiles.width()), h = static_cast<size_t>(d.tiles.height());
  out.tmj.reserve(text.size() + h * (indent + 2 * w + 1) + indent + 4);  // gids 1 to 9: one digit each
  out.tmj.append(text, 0, at);
  append_data(out.tmj, d, indent);
  out.tmj.append(text, at + kDataPlaceholder.size(), std::string::npos);
  out.tmj += '\n';
  if (external_tileset.empty()) out.tileset_png = encode_png(tileset_image(s));
  return out;
}

}  // namespace catacomb
