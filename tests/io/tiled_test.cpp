#include <catacomb/io/tiled.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/pipeline/generate.hpp>
#include <catacomb/io/ascii.hpp>
#include <catacomb/render/image.hpp>
#include "support/test_support.hpp"

namespace catacomb {
namespace {

using json = nlohmann::json;

Dungeon rooms_dungeon() {
  GenerateConfig c;
  c.generator = GeneratorKind::Rooms;
  c.width = 48;
  c.height = 32;
  c.rooms.room_count = 6;
  return generate_dungeon(c, 7).dungeon;
}

Dungeon caves_dungeon() {
  GenerateConfig c;
  c.generator = GeneratorKind::Caves;
  c.width = 40;
  c.height = 30;
  return generate_dungeon(c, 11).dungeon;
}

// A hand-made dungeon with every terrain, objectives, a room and every kind of param.
Dungeon sample() {
  Dungeon d = read_ascii(
      "########\n"
      "#<.,+~\"#\n"
      "#=..>..#\n"
      "########\n");
  d.objectives.push_back({ObjectiveKind::Key, {2, 2}});
  d.objectives.push_back({ObjectiveKind::Treasure, {6, 2}});
  d.rooms.push_back({1, 1, 3, 2});
  d.seed = 18446744073709551615ull;
  d.generator = "rooms";
  d.attempts = 2;
  d.params = {{"count", int64_t{12}},
              {"huge", int64_t{5000000000}},
              {"loop_fraction", 0.125},
              {"forever", std::numeric_limits<double>::infinity()},
              {"on", true},
              {"mode", std::string("connect")},
              {"seed", int64_t{3}}};
  return d;
}

json parse(const TiledExport& e) { return json::parse(e.tmj); }

const json& layer(const json& map, const std::string& name) {
  for (const json& l : map["layers"])
    if (l["name"] == name) return l;
  throw std::runtime_error("no layer " + name);
}

// The property called `name` of a Tiled properties array (null json when absent).
json prop(const json& props, const std::string& name) {
  for (const json& p : props)
    if (p["name"] == name) return p;
  return json();
}

// Every field of the map, layers, tileset and objects that Tiled needs, on one dungeon.
void expect_valid_map(const Dungeon& d, int tile_size) {
  SCOPED_TRACE("tile_size " + std::to_string(tile_size));
  const TiledExport e = make_tiled(d, "out/dungeon.tmj", tile_size);
  const json m = parse(e);
  const int w = d.tiles.width(), h = d.tiles.height();

  EXPECT_EQ(m["type"], "map");
  EXPECT_EQ(m["orientation"], "orthogonal");
  EXPECT_EQ(m["renderorder"], "right-down");
  EXPECT_EQ(m["width"], w);
  EXPECT_EQ(m["height"], h);
  EXPECT_EQ(m["tilewidth"], tile_size);
  EXPECT_EQ(m["tileheight"], tile_size);
  EXPECT_EQ(m["infinite"], false);
  ASSERT_TRUE(m["version"].is_string());
  ASSERT_TRUE(m["tiledversion"].is_string());
  EXPECT_EQ(m["version"], "1.10");

  // Layers: common fields, unique ids, nextlayerid past them all.
  ASSERT_TRUE(m["layers"].is_array());
  ASSERT_EQ(m["layers"].size(), 2u);
  std::set<int> layer_ids;
  for (const json& l : m["layers"]) {
    SCOPED_TRACE(l["name"].get<std::string>());
    EXPECT_EQ(l["opacity"], 1);
    EXPECT_EQ(l["visible"], true);
    EXPECT_EQ(l["x"], 0);
    EXPECT_EQ(l["y"], 0);
    ASSERT_TRUE(l["id"].is_number_integer());
    EXPECT_TRUE(layer_ids.insert(l["id"].get<int>()).second) << "duplicate layer id";
  }
  EXPECT_EQ(m["nextlayerid"], *layer_ids.rbegin() + 1);

  // The embedded tileset.
  ASSERT_EQ(m["tilesets"].size(), 1u);
  const json& ts = m["tilesets"][0];
  EXPECT_EQ(ts["firstgid"], 1);
  EXPECT_EQ(ts["name"], "catacomb-terrain");
  EXPECT_EQ(ts["tilewidth"], tile_size);
  EXPECT_EQ(ts["tileheight"], tile_size);
  // The terrains, then a marker per objective kind, then a locked door per lock.
  constexpr int kTiles = kTerrainCount + 5 + kMaxLock;
  EXPECT_EQ(ts["tilecount"], kTiles);
  EXPECT_EQ(ts["columns"], kTiles);
  EXPECT_EQ(ts["image"], e.tileset_file);
  EXPECT_EQ(e.tileset_file, "dungeon-tileset.png");
  EXPECT_EQ(ts["imagewidth"], kTiles * tile_size);
  EXPECT_EQ(ts["imageheight"], tile_size);
  EXPECT_EQ(ts["margin"], 0);
  EXPECT_EQ(ts["spacing"], 0);
  EXPECT_FALSE(ts.contains("source"));  // embedded, not external
  const CostTable costs = CostTable::dungeon();
  ASSERT_EQ(ts["tiles"].size(), static_cast<size_t>(kTiles));
  std::map<int, Terrain> tile_terrain;       // local tile id -> terrain, read back from the tileset
  std::map<int, ObjectiveKind> tile_marker;  // local tile id -> the objective kind it marks
  std::map<int, int> tile_lock;              // local tile id -> the lock of its door
  for (const json& tile : ts["tiles"]) {
    const int id = tile["id"].get<int>();
    SCOPED_TRACE("tile " + std::to_string(id));
    ASSERT_TRUE(tile["type"].is_string());
    EXPECT_EQ(tile["type"], tile["class"]);
    if (id >= kTerrainCount + 5) {
      EXPECT_EQ(tile["type"], "locked-door");
      EXPECT_EQ(prop(tile["properties"], "terrain")["value"], "door");
      EXPECT_EQ(prop(tile["properties"], "lock")["value"], id - kTerrainCount - 5 + 1);
      tile_lock[id] = id - kTerrainCount - 5 + 1;
      continue;
    }
    if (id >= kTerrainCount) {
      auto k = objective_kind_from_name(tile["type"].get<std::string>());
      ASSERT_TRUE(k.has_value());
      EXPECT_EQ(static_cast<int>(*k), id - kTerrainCount);
      EXPECT_EQ(prop(tile["properties"], "objective")["value"], tile["type"]);
      EXPECT_TRUE(prop(tile["properties"], "terrain").is_null());
      tile_marker[id] = *k;
      continue;
    }
    auto t = terrain_from_name(tile["type"].get<std::string>());
    ASSERT_TRUE(t.has_value());
    EXPECT_EQ(static_cast<int>(*t), id);
    tile_terrain[id] = *t;
    EXPECT_EQ(prop(tile["properties"], "terrain")["value"], terrain_name(*t));
    EXPECT_EQ(prop(tile["properties"], "terrain")["type"], "string");
    EXPECT_EQ(prop(tile["properties"], "char")["value"], std::string(1, terrain_char(*t)));
    EXPECT_EQ(prop(tile["properties"], "passable")["type"], "bool");
    EXPECT_EQ(prop(tile["properties"], "passable")["value"], costs.passable(*t));
    if (costs.passable(*t)) {
      EXPECT_EQ(prop(tile["properties"], "cost")["type"], "float");
      EXPECT_EQ(prop(tile["properties"], "cost")["value"].get<double>(), costs[*t]);
    } else {
      EXPECT_TRUE(prop(tile["properties"], "cost").is_null());
    }
  }
  EXPECT_EQ(tile_terrain.size(), static_cast<size_t>(kTerrainCount));
  EXPECT_EQ(tile_marker.size(), 5u);
  EXPECT_EQ(tile_lock.size(), static_cast<size_t>(kMaxLock));

  // The terrain layer: CSV layout as Tiled writes it (a plain array, no "encoding"), every gid
  // mapping back through the tileset to the cell's terrain.
  const json& tl = layer(m, "terrain");
  EXPECT_EQ(tl["type"], "tilelayer");
  EXPECT_EQ(tl["width"], w);
  EXPECT_EQ(tl["height"], h);
  EXPECT_FALSE(tl.contains("encoding"));
  EXPECT_FALSE(tl.contains("compression"));
  ASSERT_TRUE(tl["data"].is_array());
  ASSERT_EQ(tl["data"].size(), static_cast<size_t>(w) * static_cast<size_t>(h));
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const json& gid = tl["data"][static_cast<size_t>(y * w + x)];
      ASSERT_TRUE(gid.is_number_unsigned());
      const int local = gid.get<int>() - ts["firstgid"].get<int>();
      ASSERT_TRUE(tile_terrain.count(local)) << "gid " << gid << " at " << x << "," << y;
      ASSERT_EQ(tile_terrain[local], d.tiles(x, y)) << "at " << x << "," << y;
      ASSERT_EQ(gid.get<int>(), 1 + static_cast<int>(d.tiles(x, y)));
    }

  // The object layer: rooms as rectangles, objectives as tile objects covering their cells.
  const json& ol = layer(m, "objects");
  EXPECT_EQ(ol["type"], "objectgroup");
  EXPECT_EQ(ol["draworder"], "index");
  const json& objs = ol["objects"];
  ASSERT_EQ(objs.size(), d.rooms.size() + d.objectives.size());
  std::set<int> object_ids;
  size_t room_i = 0, objective_i = 0;
  for (const json& o : objs) {
    ASSERT_TRUE(o["id"].is_number_integer());
    EXPECT_TRUE(object_ids.insert(o["id"].get<int>()).second) << "duplicate object id";
    EXPECT_EQ(o["rotation"], 0);
    EXPECT_EQ(o["visible"], true);
    EXPECT_EQ(o["type"], o["class"]);
    if (o.contains("gid")) {
      ASSERT_LT(objective_i, d.objectives.size());
      const Objective& ob = d.objectives[objective_i];
      EXPECT_EQ(o["name"], objective_kind_name(ob.kind));
      EXPECT_EQ(o["type"], objective_kind_name(ob.kind));
      EXPECT_FALSE(o.contains("point"));
      EXPECT_EQ(tile_marker.at(o["gid"].get<int>() - 1), ob.kind);
      EXPECT_EQ(o["x"], ob.pos.x * tile_size);        // Tiled anchors tile objects at their
      EXPECT_EQ(o["y"], (ob.pos.y + 1) * tile_size);  // bottom-left corner
      EXPECT_EQ(o["width"], tile_size);
      EXPECT_EQ(o["height"], tile_size);
      EXPECT_EQ(prop(o["properties"], "cell_x")["value"], ob.pos.x);
      EXPECT_EQ(prop(o["properties"], "cell_y")["value"], ob.pos.y);
      EXPECT_EQ(prop(o["properties"], "cell_x")["type"], "int");
      EXPECT_EQ(prop(o["properties"], "index")["value"], objective_i);
      ++objective_i;
    } else {
      ASSERT_LT(room_i, d.rooms.size());
      const Rect& r = d.rooms[room_i];
      EXPECT_EQ(o["type"], "room");
      EXPECT_EQ(o["name"], "room " + std::to_string(room_i));
      EXPECT_EQ(o["x"], r.x * tile_size);
      EXPECT_EQ(o["y"], r.y * tile_size);
      EXPECT_EQ(o["width"], r.width * tile_size);
      EXPECT_EQ(o["height"], r.height * tile_size);
      EXPECT_EQ(prop(o["properties"], "index")["value"], room_i);
      EXPECT_EQ(prop(o["properties"], "cell_x")["value"], r.x);
      EXPECT_EQ(prop(o["properties"], "cell_y")["value"], r.y);
      EXPECT_EQ(prop(o["properties"], "cell_width")["value"], r.width);
      EXPECT_EQ(prop(o["properties"], "cell_height")["value"], r.height);
      ++room_i;
    }
  }
  EXPECT_EQ(room_i, d.rooms.size());
  EXPECT_EQ(objective_i, d.objectives.size());
  const int next_object_id = object_ids.empty() ? 1 : *object_ids.rbegin() + 1;
  EXPECT_EQ(m["nextobjectid"], next_object_id);
  EXPECT_GE(m["nextobjectid"].get<int>(), 1);

  // Map properties: seed (as text), generator, attempts, then every param in order.
  const json& props = m["properties"];
  ASSERT_TRUE(props.is_array());
  for (const json& p : props) {
    EXPECT_TRUE(p.contains("name"));
    EXPECT_TRUE(p.contains("type"));
    EXPECT_TRUE(p.contains("value"));
  }
  EXPECT_EQ(prop(props, "seed")["type"], "string");
  EXPECT_EQ(prop(props, "seed")["value"], std::to_string(d.seed));
  EXPECT_EQ(prop(props, "generator")["value"], d.generator);
  EXPECT_EQ(prop(props, "attempts")["type"], "int");
  EXPECT_EQ(prop(props, "attempts")["value"], d.attempts);
  ASSERT_EQ(props.size(), 3 + d.params.size());
}

TEST(TiledTest, RoomsDungeonHasEveryFieldTiledNeeds) {
  const Dungeon d = rooms_dungeon();
  ASSERT_FALSE(d.rooms.empty());
  ASSERT_GE(d.objectives.size(), 2u);
  expect_valid_map(d, 16);
  expect_valid_map(d, 1);
  expect_valid_map(d, 64);
  expect_valid_map(d, 5);  // odd: points fall on half pixels
}

TEST(TiledTest, CavesDungeonHasEveryFieldTiledNeeds) {
  const Dungeon d = caves_dungeon();
  ASSERT_TRUE(d.rooms.empty());
  expect_valid_map(d, 16);
  const json m = parse(make_tiled(d, "cave.tmj"));
  EXPECT_EQ(layer(m, "objects")["objects"].size(), d.objectives.size());
}

TEST(TiledTest, HandMadeDungeonWithEveryTerrainIsValid) { expect_valid_map(sample(), 16); }

TEST(TiledTest, GeneratedParamsAreMapPropertiesOfTheirTiledType) {
  const Dungeon d = rooms_dungeon();
  const json props = parse(make_tiled(d, "x.tmj"))["properties"];
  EXPECT_EQ(prop(props, "generator")["value"], "rooms");
  ASSERT_GE(d.attempts, 1);
  // Params follow seed, generator and attempts, in the dungeon's order.
  for (size_t i = 0; i < d.params.size(); ++i) {
    const json& p = props[3 + i];
    EXPECT_EQ(p["name"], d.params[i].first);
    const ParamValue& v = d.params[i].second;
    if (const auto* n = std::get_if<int64_t>(&v)) {
      EXPECT_EQ(p["type"], "int");
      EXPECT_EQ(p["value"].get<int64_t>(), *n);
    } else if (const auto* f = std::get_if<double>(&v)) {
      EXPECT_EQ(p["type"], "float");
      EXPECT_EQ(p["value"].get<double>(), *f);
    } else if (const auto* b = std::get_if<bool>(&v)) {
      EXPECT_EQ(p["type"], "bool");
      EXPECT_EQ(p["value"].get<bool>(), *b);
    } else {
      EXPECT_EQ(p["type"], "string");
      EXPECT_EQ(p["value"].get<std::string>(), std::get<std::string>(v));
    }
  }
  EXPECT_EQ(prop(props, "width")["value"], 48);
  EXPECT_EQ(prop(props, "room_count")["value"], 6);
}

TEST(TiledTest, ParamsOutsideTiledTypesAreWrittenAsText) {
  const json props = parse(make_tiled(sample(), "x.tmj"))["properties"];
  EXPECT_EQ(prop(props, "seed")["value"], "18446744073709551615");  // beyond int64 and double
  EXPECT_EQ(prop(props, "attempts")["value"], 2);
  EXPECT_EQ(prop(props, "count")["type"], "int");
  EXPECT_EQ(prop(props, "count")["value"], 12);
  EXPECT_EQ(prop(props, "huge")["type"], "string");  // beyond Tiled's 32-bit int
  EXPECT_EQ(prop(props, "huge")["value"], "5000000000");
  EXPECT_EQ(prop(props, "loop_fraction")["type"], "float");
  EXPECT_EQ(prop(props, "loop_fraction")["value"], 0.125);
  EXPECT_EQ(prop(props, "forever")["type"], "string");  // JSON has no infinity
  EXPECT_EQ(prop(props, "forever")["value"], "inf");
  EXPECT_EQ(prop(props, "on")["type"], "bool");
  EXPECT_EQ(prop(props, "on")["value"], true);
  EXPECT_EQ(prop(props, "mode")["type"], "string");
  EXPECT_EQ(prop(props, "mode")["value"], "connect");
  // A param that would shadow the recipe's own seed is renamed, not dropped.
  EXPECT_EQ(prop(props, "param.seed")["value"], 3);
  int seeds = 0;
  for (const json& p : props) seeds += p["name"] == "seed" ? 1 : 0;
  EXPECT_EQ(seeds, 1);
}

TEST(TiledTest, ObjectivesAreMarkerTileObjectsOverTheirCells) {
  Dungeon d = sample();  // start at (1,1), exit at (4,2)
  json objs = layer(parse(make_tiled(d, "x.tmj", 16)), "objects")["objects"];
  // The room comes first (drawn under the markers), then the objectives in order.
  EXPECT_EQ(objs[0]["id"], 1);
  EXPECT_EQ(objs[0]["type"], "room");
  EXPECT_EQ(objs[0]["x"], 16);
  EXPECT_EQ(objs[0]["width"], 48);
  EXPECT_EQ(objs[1]["name"], "start");
  EXPECT_EQ(objs[1]["class"], "start");
  EXPECT_EQ(objs[1]["gid"], kTerrainCount + 1);  // marker tiles follow the terrains: start, exit, key, ...
  EXPECT_EQ(objs[1]["x"], 16);
  EXPECT_EQ(objs[1]["y"], 32);
  EXPECT_EQ(objs[2]["name"], "exit");
  EXPECT_EQ(objs[2]["gid"], kTerrainCount + 2);
  EXPECT_EQ(objs[2]["x"], 64);
  EXPECT_EQ(objs[2]["y"], 48);
  EXPECT_EQ(objs[3]["gid"], kTerrainCount + 3);
  EXPECT_EQ(objs[4]["gid"], kTerrainCount + 4);
  objs = layer(parse(make_tiled(d, "x.tmj", 3)), "objects")["objects"];
  EXPECT_EQ(objs[1]["x"], 3);
  EXPECT_EQ(objs[2]["y"], 9);
}

TEST(TiledTest, MarkerTilesShowEachKindAsADistinctOutlinedShape) {
  const TiledExport e = make_tiled(sample(), "x.tmj", 16);
  const test::DecodedPng png = test::decode_png(e.tileset_png);
  ASSERT_EQ(png.width, (kTerrainCount + 5 + kMaxLock) * 16);
  std::set<std::string> shapes;
  for (int k = 0; k < 5; ++k) {
    SCOPED_TRACE(k);
    const Rgb colour = objective_colour(static_cast<ObjectiveKind>(k));
    std::string mask;  // which pixels carry the kind's colour
    int coloured = 0, dark = 0;
    for (int y = 0; y < 16; ++y)
      for (int x = 0; x < 16; ++x) {
        const uint8_t* p = &png.rgb[(static_cast<size_t>(y) * static_cast<size_t>(png.width) +
                                     static_cast<size_t>((kTerrainCount + k) * 16 + x)) *
                                    3];
        const bool is_colour = p[0] == colour[0] && p[1] == colour[1] && p[2] == colour[2];
        mask += is_colour ? '#' : '.';
        coloured += is_colour ? 1 : 0;
        dark += p[0] == 10 && p[1] == 10 && p[2] == 10 ? 1 : 0;
      }
    EXPECT_GE(coloured, 40);  // a shape a designer sees, not a dot
    EXPECT_GE(dark, 20);      // with its outline
    EXPECT_TRUE(shapes.insert(mask).second) << "two kinds share a shape";
  }
}

TEST(TiledTest, TilesetPngHasTheDeclaredSizeAndTerrainColours) {
  Dungeon d = sample();
  d.tiles(1, 1) = Terrain::Ladder;  // a side-view tile: the tileset then holds every terrain
  d.tiles(2, 1) = Terrain::Platform;
  for (int s : {1, 5, 8, 16, 64}) {
    SCOPED_TRACE("tile_size " + std::to_string(s));
    const TiledExport e = make_tiled(d, "x.tmj", s);
    const json ts = parse(e)["tilesets"][0];
    const test::DecodedPng png = test::decode_png(e.tileset_png);
    ASSERT_EQ(png.width, ts["imagewidth"].get<int>());
    ASSERT_EQ(png.height, ts["imageheight"].get<int>());
    const int columns = ts["columns"].get<int>();
    std::set<std::vector<Rgb>> distinct_tiles;
    for (Terrain t : kAllTerrains) {
      SCOPED_TRACE(std::string(terrain_name(t)));
      const int id = static_cast<int>(t);
      const int x0 = (id % columns) * s, y0 = (id / columns) * s;
      std::map<Rgb, int> counts;
      std::vector<Rgb> pixels;
      for (int y = y0; y < y0 + s; ++y)
        for (int x = x0; x < x0 + s; ++x) {
          const size_t i = 3 * (static_cast<size_t>(y) * static_cast<size_t>(png.width) + static_cast<size_t>(x));
          const Rgb c{png.rgb[i], png.rgb[i + 1], png.rgb[i + 2]};
          ++counts[c];
          pixels.push_back(c);
        }
      // The terrain colour is the tile's most common colour.
      Rgb mode{};
      int best = 0;
      for (const auto& [c, n] : counts)
        if (n > best) {
          best = n;
          mode = c;
        }
      EXPECT_EQ(mode, terrain_colour(t));
      EXPECT_GT(best * 2, s * s);
      if (s >= 8) {
        EXPECT_GT(counts.size(), 1u) << "a pattern, not flat colour";
        distinct_tiles.insert(pixels);
      } else {
        EXPECT_EQ(counts.size(), 1u) << "too small for a pattern";
      }
    }
    if (s >= 8) {
      EXPECT_EQ(distinct_tiles.size(), static_cast<size_t>(kTerrainCount));
      // Walls have a darker rim.
      const Rgb wall = terrain_colour(Terrain::Wall);
      const Rgb rim{png.rgb[0], png.rgb[1], png.rgb[2]};
      EXPECT_LT(rim[0] + rim[1] + rim[2], wall[0] + wall[1] + wall[2]);
    }
  }
}

TEST(TiledTest, SameDungeonGivesByteIdenticalOutput) {
  const Dungeon d = rooms_dungeon();
  const TiledExport a = make_tiled(d, "maps/a.tmj");
  const TiledExport b = make_tiled(rooms_dungeon(), "maps/a.tmj");
  EXPECT_EQ(a.tmj, b.tmj);
  EXPECT_EQ(a.tileset_png, b.tileset_png);
  EXPECT_EQ(a.tileset_file, b.tileset_file);
  const TiledExport c = make_tiled(caves_dungeon(), "maps/a.tmj");
  EXPECT_NE(a.tmj, c.tmj);
  EXPECT_EQ(a.tileset_png, c.tileset_png);  // the tileset depends on the tile size only
}

TEST(TiledTest, KeysAreSortedAsTiledWritesThem) {
  const std::string text = make_tiled(sample(), "x.tmj").tmj;
  ASSERT_FALSE(text.empty());
  EXPECT_EQ(text.back(), '\n');
  // nlohmann's ordered_json keeps the file's key order, so the order can be checked.
  const auto j = nlohmann::ordered_json::parse(text);
  std::vector<std::string> keys;
  for (auto it = j.begin(); it != j.end(); ++it) keys.push_back(it.key());
  EXPECT_EQ(keys, (std::vector<std::string>{"compressionlevel", "height", "infinite", "layers", "nextlayerid",
                                            "nextobjectid", "orientation", "properties", "renderorder", "tiledversion",
                                            "tileheight", "tilesets", "tilewidth", "type", "version", "width"}));
  // The tile data is written one map row per line.
  EXPECT_NE(text.find("\n        1,1,1,1,1,1,1,1,\n        1,2,2,3,4,5,6,1,\n        1,7,2,2,2,2,2,1,\n"),
            std::string::npos)
      << text;
}

TEST(TiledTest, OneCellMapIsValid) {
  Dungeon d;
  d.tiles = Grid<Terrain>(1, 1, Terrain::Floor);
  const json m = parse(make_tiled(d, "one.tmj"));
  EXPECT_EQ(layer(m, "terrain")["data"], json::array({2}));
  EXPECT_EQ(m["nextobjectid"], 1);
  EXPECT_TRUE(layer(m, "objects")["objects"].empty());
}

TEST(TiledTest, TilesetFileIsNamedAfterTheMapAndGoesBesideIt) {
  EXPECT_EQ(tiled_tileset_file("out/cave.tmj"), "cave-tileset.png");
  EXPECT_EQ(tiled_tileset_file("cave.json"), "cave-tileset.png");
  EXPECT_EQ(tiled_tileset_file("cave"), "cave-tileset.png");
  EXPECT_EQ(tiled_tileset_file("/tmp/x/my.map.tmj"), "my.map-tileset.png");
  EXPECT_EQ(tiled_tileset_path("out/cave.tmj"), "out/cave-tileset.png");
  EXPECT_EQ(tiled_tileset_path("cave.tmj"), "cave-tileset.png");
  EXPECT_EQ(make_tiled(sample(), "a/b/level1.tmj").tileset_file, "level1-tileset.png");
}

void expect_invalid(const std::string& path, int tile_size, const std::string& message) {
  try {
    make_tiled(sample(), path, tile_size);
    FAIL() << "expected InvalidArgument: " << message;
  } catch (const InvalidArgument& e) { EXPECT_EQ(std::string(e.what()), message); }
}

TEST(TiledTest, BadTileSizeOrPathIsRefused) {
  expect_invalid("x.tmj", 0, "tile_size = 0 (expected 1 to 64)");
  expect_invalid("x.tmj", 65, "tile_size = 65 (expected 1 to 64)");
  expect_invalid("x.tmj", -3, "tile_size = -3 (expected 1 to 64)");
  expect_invalid("", 16, "tmj path = '' (expected a file name)");
  expect_invalid("maps/", 16, "tmj path = 'maps/' (expected a file name)");
  EXPECT_NO_THROW(make_tiled(sample(), "x.tmj", kMaxTiledTileSize));
}

TEST(TiledTest, EmptyDungeonIsRefused) { EXPECT_THROW(make_tiled(Dungeon{}, "x.tmj"), InvalidArgument); }

TEST(TiledTest, TextThatIsNotUtf8IsRefused) {
  Dungeon d = sample();
  d.params.emplace_back("bad", std::string("\xff\xfe"));
  EXPECT_THROW(make_tiled(d, "x.tmj"), InvalidArgument);
}

TEST(TiledTest, LockedDoorsAreTilesWithALockAndKeysObjectsWithALock) {
  const Dungeon d = read_ascii(
      "#######\n"
      "#<a.C>#\n"
      "#######\n");
  const TiledExport t = make_tiled(d, "out/level.tmj", 8);
  const json j = json::parse(t.tmj);
  EXPECT_EQ(j["layers"][0]["data"][7 + 4], kTerrainCount + 5 + 3);  // gid of lock 3's door
  const json& ts = j["tilesets"][0];
  EXPECT_EQ(ts["tilecount"], kTerrainCount + 5 + kMaxLock);
  const json& tile = ts["tiles"][kTerrainCount + 5 + 2];
  EXPECT_EQ(tile["class"], "locked-door");
  bool lock_property = false;
  for (const json& p : tile["properties"])
    if (p["name"] == "lock") lock_property = p["value"] == 3;
  EXPECT_TRUE(lock_property);
  const json& key = j["layers"][1]["objects"][2];
  EXPECT_EQ(key["class"], "key");
  bool key_lock = false;
  for (const json& p : key["properties"])
    if (p["name"] == "lock") key_lock = p["value"] == 1;
  EXPECT_TRUE(key_lock);
  EXPECT_EQ(test::decode_png(t.tileset_png).width, (kTerrainCount + 5 + kMaxLock) * 8);
}

// Every map has the same tileset, locks or none, so that the maps of a batch can share one.
TEST(TiledTest, AMapWithoutLocksHasTheSameTileset) {
  const json a = json::parse(make_tiled(rooms_dungeon(), "out/level.tmj", 8).tmj)["tilesets"][0];
  const Dungeon locked = read_ascii("#######\n#<a.C>#\n#######\n");
  const json b = json::parse(make_tiled(locked, "out/level.tmj", 8).tmj)["tilesets"][0];
  EXPECT_EQ(a, b);
}

}  // namespace
}  // namespace catacomb

namespace catacomb {
namespace {

TEST(TiledTest, AnExternalTilesetIsTheEmbeddedOneAsAFile) {
  const Dungeon d = sample();
  const TiledTileset ts = make_tiled_tileset("out/shared.tsj", 16);
  EXPECT_EQ(ts.image_file, "shared.png");
  const json tsj = json::parse(ts.tsj);
  EXPECT_EQ(tsj["type"], "tileset");
  const TiledExport embedded = make_tiled(d, "x.tmj", 16);
  json inner = parse(embedded)["tilesets"][0];
  inner.erase("firstgid");
  inner["image"] = "shared.png";
  json file = tsj;
  for (const char* k : {"type", "version", "tiledversion"}) file.erase(k);
  EXPECT_EQ(file, inner);
  EXPECT_EQ(ts.png, embedded.tileset_png);
  const TiledExport external = make_tiled(d, "x.tmj", 16, CostTable::dungeon(), "shared.tsj");
  EXPECT_TRUE(external.tileset_png.empty());
  EXPECT_TRUE(external.tileset_file.empty());
  EXPECT_EQ(parse(external)["tilesets"], json::parse(R"([{"firstgid": 1, "source": "shared.tsj"}])"));
  EXPECT_THROW(make_tiled_tileset("out/", 16), InvalidArgument);
}

}  // namespace
}  // namespace catacomb
