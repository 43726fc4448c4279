// The back end of the Tiled reader: the model both front ends fill, as a Dungeon (terrain from
// the tileset's per-tile properties, objectives, rooms and gates, one-way and secret doors from
// where the objects are drawn and their properties, the recipe from the map properties).
#include "io/tiled_model.hpp"

#if CATACOMB_TILED_JSON
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
#include "shared/core/problems.hpp"

namespace catacomb::detail::tiled {
namespace {

bool is_json_name(std::string_view source) {
  auto ends = [&](std::string_view ext) {
    if (source.size() < ext.size()) return false;
    for (size_t i = 0; i < ext.size(); ++i)
      if (std::tolower(static_cast<unsigned char>(source[source.size() - ext.size() + i])) != ext[i]) return false;
    return true;
  };
  return ends(".tsj") || ends(".json");
}

// --- the model as a Dungeon ----------------------------------------------------------------------

// The tile a gid refers to: the tileset with the largest firstgid not above it.
const Tile* tile_of(const std::vector<Tileset>& tilesets, uint32_t gid) {
  const Tileset* best = nullptr;
  for (const Tileset& ts : tilesets)
    if (ts.firstgid <= gid && (!best || ts.firstgid > best->firstgid)) best = &ts;
  if (!best) return nullptr;
  auto it = best->tiles.find(gid - best->firstgid);
  return it == best->tiles.end() ? nullptr : &it->second;
}

std::optional<Terrain> terrain_of(const Tile* tile) {
  if (!tile) return std::nullopt;
  return terrain_from_name(property_text(find_property(tile->props, "terrain")));
}

std::optional<ObjectiveKind> objective_of(const Object& o, const std::vector<Tileset>& tilesets) {
  if (auto k = objective_kind_from_name(o.cls)) return k;
  if (!o.cls.empty() || o.gid == 0) return std::nullopt;
  const Tile* tile = tile_of(tilesets, o.gid);  // a tile object takes its tile's class
  if (!tile) return std::nullopt;
  if (auto k = objective_kind_from_name(property_text(find_property(tile->props, "objective")))) return k;
  return objective_kind_from_name(tile->cls);
}

// The lock (1 to kMaxLock) a "lock" int property names, 0 when there is none; anything else is
// refused naming `where`.
int lock_of(const Properties& props, const std::string& where) {
  const Property* p = find_property(props, "lock");
  if (!p) return 0;
  const int64_t* i = std::get_if<int64_t>(&p->value);
  if (!i || *i < 1 || *i > kMaxLock)
    bad(where + " property lock", i ? std::to_string(*i) : "not an int",
        "an int from 1 to " + std::to_string(kMaxLock));
  return static_cast<int>(*i);
}

// An int property `name` from 1 to `max`, refused naming `where` when missing or out of range.
int required_id(const Properties& props, std::string_view name, int max, const std::string& where) {
  const Property* p = find_property(props, name);
  const int64_t* i = p ? std::get_if<int64_t>(&p->value) : nullptr;
  if (!i || *i < 1 || *i > max)
    bad(where + " property " + std::string(name),
        !p  ? "missing"
        : i ? std::to_string(*i)
            : "not an int",
        "an int from 1 to " + std::to_string(max));
  return static_cast<int>(*i);
}

// A gate, one-way or secret door from a rectangle of class "door" (what catacomb writes): its
// "kind", a gate's "switch" and "open_when" (on when missing), a one-way door's "direction".
ProgressionDoor door_of(const Object& o, const std::string& where) {
  const std::string kind = property_text(find_property(o.props, "kind"));
  const std::optional<DoorKind> k = door_kind_from_name(kind);
  if (!k || (*k != DoorKind::Gate && *k != DoorKind::OneWay && *k != DoorKind::Secret))
    bad(where + " property kind", kind.empty() ? "missing" : shown(kind), "\"gate\", \"one-way\" or \"secret\"");
  ProgressionDoor g;
  g.kind = *k;
  if (g.kind == DoorKind::Gate) {
    g.switch_id = required_id(o.props, "switch", kMaxSwitch, where);
    const Property* when = find_property(o.props, "open_when");
    const std::string w = property_text(when);
    if (when && w != "on" && w != "off") bad(where + " property open_when", shown(w), "\"on\" or \"off\"");
    g.open_when_off = w == "off";
  } else if (g.kind == DoorKind::OneWay) {
    const std::string dir = property_text(find_property(o.props, "direction"));
    const std::optional<Point> step = direction_from_name(dir);
    if (!step)
      bad(where + " property direction", dir.empty() ? "missing" : shown(dir),
          "\"north\", \"east\", \"south\" or \"west\"");
    g.dir = *step;
  }
  return g;
}

std::string terrain_names() {
  std::string s;
  for (Terrain t : kAllTerrains) s += (s.empty() ? "" : ", ") + std::string(terrain_name(t));
  return s;
}

int cell_of(double pixels, double tile, const std::string& where) {
  const double c = std::floor(pixels / tile);
  constexpr double kLimit = 4.0 * kMaxSide;  // as the JSON map reader: off the map is reported, not refused
  if (!(c >= -kLimit && c <= kLimit)) bad(where, std::to_string(pixels) + " pixels", "a position near the map");
  return static_cast<int>(c);
}

}  // namespace

Tileset external_tileset(const std::string& source, uint32_t firstgid, const TiledSourceReader& read_source,
                         const std::string& where) {
  if (!read_source)
    bad(where + " source", shown(source),
        "an embedded tileset, or the map read from its file so that its external tilesets can be read");
  const std::string text = read_source(source);
  if (is_json_name(source)) { return json_tileset_file(text, firstgid, "tileset " + shown(source)); }
  return xml_tileset_file(text, firstgid, "tileset " + shown(source));
}

namespace {

// The map must be painted with catacomb's terrain tileset, in a tile layer.
void check_terrain_tileset(const Model& m) {
  bool any_terrain = false;
  for (const Tileset& ts : m.tilesets)
    for (const auto& entry : ts.tiles) any_terrain = any_terrain || terrain_of(&entry.second).has_value();
  if (!any_terrain)
    bad("tilesets", m.tilesets.empty() ? "none" : "no tile with a \"terrain\" property",
        "catacomb's terrain tileset: tiles whose string property \"terrain\" is one of " + terrain_names() +
            " (export the map with catacomb generate --tmj)");
  if (!m.have_tile_layer) bad("layers", "no tile layer", "a tile layer named \"terrain\"");
}

// The terrain layer: each distinct gid's terrain (and a door tile's "lock" property: the cell is
// a locked door of that lock) found once, in the order the gids first appear, so that the first
// cell in row-major order that is no terrain tile is the one named; then one byte per cell.
void read_terrain_layer(Model& m, Dungeon& d) {
  const LayerCells& cells = m.cells;
  const std::vector<uint32_t>& palette = cells.palette();
  std::vector<Terrain> terrain(palette.size(), Terrain::Wall);
  std::vector<int> lock(palette.size(), 0);
  for (size_t k = 0; k < palette.size(); ++k) {
    const uint32_t gid = palette[k];
    const Tile* tile = tile_of(m.tilesets, gid);
    const auto t = terrain_of(tile);
    if (!t) {
      size_t i = 0;
      while (cells.index(i) != k) ++i;  // where it first appears (it does: it is in the palette)
      const size_t w = static_cast<size_t>(m.width);
      bad("terrain at (" + std::to_string(i % w) + "," + std::to_string(i / w) + ")",
          gid == 0 ? std::string("an empty cell")
                   : "tile id " + std::to_string(gid) + " without a \"terrain\" property",
          "a terrain tile (" + terrain_names() + ")");
    }
    terrain[k] = *t;
    lock[k] = *t == Terrain::Door ? lock_of(tile->props, "tile id " + std::to_string(gid)) : 0;
  }
  d.tiles = Grid<Terrain>(m.width, m.height, Terrain::Wall);
  Terrain* out = d.tiles.data();
  for (size_t i = 0; i < cells.size(); ++i) {
    const uint32_t k = cells.index(i);
    out[i] = terrain[k];
    if (lock[k] != 0)  // row-major, as Dungeon::locks keeps them
      d.locks.push_back(
          {{static_cast<int>(i % static_cast<size_t>(m.width)), static_cast<int>(i / static_cast<size_t>(m.width))},
           lock[k]});
  }
  m.cells.clear();
}

// Objectives from their objects, rooms from the rectangles of class "room"; then the order
// catacomb's maps keep.
void read_objects(const Model& m, Dungeon& d) {
  for (const Object& o : m.objects) {
    const std::string where = "object " + std::to_string(o.id) + " (" + shown(o.name) + ")";
    if (auto kind = objective_of(o, m.tilesets)) {
      const auto [cx, cy] = object_centre(o);
      // A key's lock is its object's "lock" property (what catacomb writes).
      const int lock = *kind == ObjectiveKind::Key ? lock_of(o.props, where) : 0;
      // A switch's id is its "switch" property.
      const int switch_id = *kind == ObjectiveKind::Switch ? required_id(o.props, "switch", kMaxSwitch, where) : 0;
      d.objectives.push_back(
          {*kind, {cell_of(cx, m.tile_width, where + " x"), cell_of(cy, m.tile_height, where + " y")}, lock, switch_id});
    } else if (o.cls == "door") {
      ProgressionDoor g = door_of(o, where);
      const auto [cx, cy] = object_centre(o);
      g.pos = {cell_of(cx, m.tile_width, where + " x"), cell_of(cy, m.tile_height, where + " y")};
      d.doors.push_back(g);
    } else if (o.cls == "room" && o.gid == 0 && !o.point) {
      const Rect r = object_cells(o, m);
      if (r.width > 0) {
        d.rooms.push_back(r);
        // The mission node and template it was made for, when the map says.
        RoomLabel label{property_text(find_property(o.props, "node")),
                        property_text(find_property(o.props, "template"))};
        if (!label.node.empty() || !label.template_name.empty()) {
          d.room_labels.resize(d.rooms.size());
          d.room_labels.back() = std::move(label);
        }
      }
    }
  }
  // Start first, then exit, then the rest in layer order: the order catacomb's maps keep.
  std::stable_sort(d.objectives.begin(), d.objectives.end(), [](const Objective& a, const Objective& b) {
    auto rank = [](ObjectiveKind k) { return k == ObjectiveKind::Start ? 0 : k == ObjectiveKind::Exit ? 1 : 2; };
    return rank(a.kind) < rank(b.kind);
  });
}

// The map's properties: seed, generator, key rule, attempts, and the recipe's parameters.
void read_map_properties(const Model& m, Dungeon& d) {
  for (const Property& p : m.props) {
    if (p.name == "seed") {
      const std::string* s = std::get_if<std::string>(&p.value);
      const int64_t* i = std::get_if<int64_t>(&p.value);
      uint64_t seed = 0;
      bool ok = i && *i >= 0;
      if (ok) seed = static_cast<uint64_t>(*i);
      if (s) {
        auto [ptr, ec] = std::from_chars(s->data(), s->data() + s->size(), seed);
        ok = ec == std::errc() && ptr == s->data() + s->size() && !s->empty();
      }
      if (!ok) bad("property seed", s ? shown(*s) : "not a number", "an unsigned 64-bit decimal integer");
      d.seed = seed;
    } else if (p.name == "generator") {
      d.generator = property_text(&p);
    } else if (p.name == "key_rule") {
      // The rule keys follow: a map property as the generator's recipe writes it, kept among the
      // parameters too.
      d.key_rule = parse_key_rule(property_text(&p), "Tiled map property key_rule");
      d.params.emplace_back(p.name, p.value);
    } else if (p.name == "attempts") {
      if (const int64_t* i = std::get_if<int64_t>(&p.value); i && *i >= 0 && *i < 1000000)
        d.attempts = static_cast<int>(*i);
    } else {
      d.params.emplace_back(p.name.starts_with("param.") ? p.name.substr(6) : p.name, p.value);
    }
  }
}

}  // namespace

Dungeon to_dungeon(Model& m) {
  check_terrain_tileset(m);
  Dungeon d;
  read_terrain_layer(m, d);
  read_objects(m, d);
  if (!d.room_labels.empty()) d.room_labels.resize(d.rooms.size());
  read_map_properties(m, d);
  if (d.has_progression()) {  // doors in row-major order, then every door and switch checked
    sort_doors(d);
    throw_if_problems(progression_problems(d, CostTable::dungeon()));
  }
  return d;
}

}  // namespace catacomb::detail::tiled

#endif  // CATACOMB_TILED_JSON
