// Reading Tiled maps back: catacomb's own export read as .tmj, and the same map in the other forms
// Tiled writes (XML, base64, zlib, gzip, external tilesets), edits a designer makes (moved,
// added and deleted objects, changed tiles), and maps that are not catacomb's or are malformed.
// Tiled itself re-saves maps in tests/tools/tiled_roundtrip_test.cpp.
#include <catacomb/io/tiled_read.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/pipeline/generate.hpp>
#include <catacomb/core/atomic_file.hpp>
#include <catacomb/io/map_file.hpp>
#include <catacomb/io/ascii.hpp>
#include <catacomb/io/tiled.hpp>
#include <catacomb/validate/validate.hpp>
#include "support/layer_encoding.hpp"
#include "support/test_support.hpp"

namespace catacomb {
namespace {

using json = nlohmann::json;

Dungeon sample_dungeon(GeneratorKind kind = GeneratorKind::Rooms) {
  GenerateConfig c;
  c.generator = kind;
  c.width = 40;
  c.height = 25;
  c.rooms.room_count = 8;
  return generate_dungeon(c, 7).dungeon;
}

json tmj_of(const Dungeon& d) { return json::parse(make_tiled(d, "level.tmj").tmj); }

Dungeon read_json(const json& j) { return read_tiled_map(j.dump(), TiledSyntax::Json); }

std::string gid_bytes(const json& data) { return test::gid_bytes(data.get<std::vector<uint32_t>>()); }
std::string deflate(const std::string& raw, bool gzip) { return test::deflate_bytes(raw, gzip); }
using test::base64;

// The map with its terrain layer in base64, compressed with `compression` ("", "zlib", "gzip").
json encoded(json j, const std::string& compression) {
  json& layer = j["layers"][0];
  std::string raw = gid_bytes(layer["data"]);
  if (!compression.empty()) {
    raw = deflate(raw, compression == "gzip");
    layer["compression"] = compression;
  }
  layer["encoding"] = "base64";
  layer["data"] = base64(raw);
  return j;
}

void expect_same_map(const Dungeon& got, const Dungeon& want) {
  EXPECT_EQ(got.tiles, want.tiles);
  EXPECT_EQ(got.objectives, want.objectives);
  EXPECT_EQ(got.rooms, want.rooms);
  EXPECT_EQ(got.seed, want.seed);
  EXPECT_EQ(got.generator, want.generator);
  EXPECT_EQ(got.attempts, want.attempts);
}

void expect_refused(const std::string& text, TiledSyntax syntax, const std::string& message) {
  try {
    read_tiled_map(text, syntax);
    ADD_FAILURE() << "no error; expected one containing: " << message;
  } catch (const InvalidArgument& e) { EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what(); }
}

TEST(TiledReadTest, CatacombsOwnExportReadsBackAsTheSameDungeon) {
  for (GeneratorKind kind : {GeneratorKind::Rooms, GeneratorKind::Caves}) {
    const Dungeon d = sample_dungeon(kind);
    const Dungeon back = read_tiled_map(make_tiled(d, "level.tmj").tmj, TiledSyntax::Json);
    expect_same_map(back, d);
    EXPECT_EQ(back.params, d.params);  // catacomb writes them in the recipe's order
  }
}

TEST(TiledReadTest, Base64ZlibAndGzipLayersReadLikeCsv) {
  const Dungeon d = sample_dungeon();
  const json j = tmj_of(d);
  for (const char* compression : {"", "zlib", "gzip"}) {
    SCOPED_TRACE(compression);
    expect_same_map(read_json(encoded(j, compression)), d);
  }
  json zstd = encoded(j, "zlib");
  zstd["layers"][0]["compression"] = "zstd";
  expect_refused(zstd.dump(), TiledSyntax::Json, "compression = \"zstd\" (expected none, zlib or gzip");
}

TEST(TiledReadTest, TmxWithEveryLayerEncodingReadsLikeTheTmj) {
  const Dungeon d = sample_dungeon();
  const json j = tmj_of(d);
  // A .tmx as Tiled 1.8 writes it, the layer data in each encoding Tiled offers.
  auto tmx = [&](const std::string& data_element) {
    std::string s =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.8\" tiledversion=\"1.8.2\" "
        "orientation=\"orthogonal\" renderorder=\"right-down\" width=\"40\" height=\"25\" tilewidth=\"16\" "
        "tileheight=\"16\" infinite=\"0\">\n <properties>\n  <property name=\"seed\" value=\"7\"/>\n"
        "  <property name=\"generator\" value=\"rooms\"/>\n  <property name=\"attempts\" type=\"int\" value=\"" +
        std::to_string(d.attempts) +
        "\"/>\n </properties>\n <tileset firstgid=\"1\" name=\"t\" tilewidth=\"16\" "
        "tileheight=\"16\" tilecount=\"7\" columns=\"7\">\n";
    for (Terrain t : kAllTerrains)
      s += "  <tile id=\"" + std::to_string(static_cast<int>(t)) + "\" type=\"" + std::string(terrain_name(t)) +
           "\"><properties><property name=\"terrain\" value=\"" + std::string(terrain_name(t)) +
           "\"/></properties></tile>\n";
    s += " </tileset>\n <layer id=\"1\" name=\"terrain\" width=\"40\" height=\"25\">\n  " + data_element +
         "\n </layer>\n";
    s += " <objectgroup id=\"2\" name=\"objects\">\n";
    int id = 1;
    for (const Rect& r : d.rooms)
      s += "  <object id=\"" + std::to_string(id++) + "\" type=\"room\" x=\"" + std::to_string(r.x * 16) + "\" y=\"" +
           std::to_string(r.y * 16) + "\" width=\"" + std::to_string(r.width * 16) + "\" height=\"" +
           std::to_string(r.height * 16) + "\"/>\n";
    for (const Objective& o : d.objectives)
      s += "  <object id=\"" + std::to_string(id++) + "\" type=\"" + std::string(objective_kind_name(o.kind)) +
           "\" x=\"" + std::to_string(o.pos.x * 16 + 8) + "\" y=\"" + std::to_string(o.pos.y * 16 + 8) +
           "\"><point/></object>\n";
    return s + " </objectgroup>\n</map>\n";
  };
  std::string csv, xml_tiles;
  for (size_t i = 0; i < j["layers"][0]["data"].size(); ++i) {
    const std::string gid = std::to_string(j["layers"][0]["data"][i].get<int>());
    if (i) csv += ',';
    if (i % 40 == 0) csv += '\n';
    csv += gid;
    xml_tiles += "<tile gid=\"" + gid + "\"/>";
  }
  const std::string raw = gid_bytes(j["layers"][0]["data"]);
  const std::string forms[] = {
      "<data encoding=\"csv\">" + csv + "\n</data>",
      "<data encoding=\"base64\">\n   " + base64(raw) + "\n  </data>",
      "<data encoding=\"base64\" compression=\"zlib\">\n   " + base64(deflate(raw, false)) + "\n  </data>",
      "<data encoding=\"base64\" compression=\"gzip\">\n   " + base64(deflate(raw, true)) + "\n  </data>",
      "<data>" + xml_tiles + "</data>",
  };
  for (const std::string& form : forms) {
    SCOPED_TRACE(form.substr(0, 50));
    expect_same_map(read_tiled_map(tmx(form), TiledSyntax::Xml), d);
  }
}

TEST(TiledReadTest, ObjectsCountWhereTheyAreDrawnNotWhereTheirPropertiesSay) {
  const Dungeon d = sample_dungeon();
  json j = tmj_of(d);
  json& objects = j["layers"][1]["objects"];
  // Move the exit (its cell_x/cell_y properties stay stale, as Tiled leaves them).
  for (json& o : objects)
    if (o["type"] == "exit") {
      o["x"] = 2 * 16 + 3;
      o["y"] = 1 * 16 + 15.5;
    }
  // Delete the first key; add a treasure drawn as a rectangle and a room.
  objects.erase(std::find_if(objects.begin(), objects.end(), [](const json& o) { return o["type"] == "key"; }));
  objects.push_back(
      json{{"id", 99}, {"name", ""}, {"type", "treasure"}, {"x", 48}, {"y", 32}, {"width", 16}, {"height", 16}});
  objects.push_back(
      json{{"id", 100}, {"name", ""}, {"type", "room"}, {"x", 32}, {"y", 48}, {"width", 64}, {"height", 32}});
  objects.push_back(json{{"id", 101}, {"name", "lamp"}, {"type", "light"}, {"x", 1}, {"y", 1}});
  const Dungeon back = read_json(j);
  ASSERT_EQ(back.objectives.size(), d.objectives.size());
  EXPECT_EQ(back.objectives[0], d.objectives[0]);
  EXPECT_EQ(back.objectives[1], (Objective{ObjectiveKind::Exit, {2, 1}}));
  EXPECT_EQ(back.objectives.back(), (Objective{ObjectiveKind::Treasure, {3, 2}}));
  ASSERT_EQ(back.rooms.size(), d.rooms.size() + 1);
  EXPECT_EQ(back.rooms.back(), (Rect{2, 3, 4, 2}));
}

TEST(TiledReadTest, TileObjectsTakeTheirKindFromTheirTile) {
  const Dungeon d = sample_dungeon();
  json j = tmj_of(d);
  // A marker tile (id 7, gid 8) of class "exit"; the object has no class of its own and is
  // anchored at its bottom-left corner, as Tiled draws tile objects.
  j["tilesets"][0]["tiles"].push_back(json{{"id", 7}, {"type", "exit"}});
  json& objects = j["layers"][1]["objects"];
  objects.erase(std::remove_if(objects.begin(), objects.end(), [](const json& o) { return o["type"] == "exit"; }),
                objects.end());
  objects.push_back(
      json{{"id", 50}, {"gid", 8 | 0x80000000u}, {"x", 5 * 16}, {"y", 4 * 16}, {"width", 16}, {"height", 16}});
  const Dungeon back = read_json(j);
  ASSERT_TRUE(back.find(ObjectiveKind::Exit));
  EXPECT_EQ(*back.find(ObjectiveKind::Exit), (Point{5, 3}));
  EXPECT_EQ(back.objectives[1].kind, ObjectiveKind::Exit);  // start, then exit, then the rest
}

TEST(TiledReadTest, AnEditedTileLayerChangesTheTerrain) {
  const Dungeon d = sample_dungeon();
  json j = tmj_of(d);
  const Point exit = *d.find(ObjectiveKind::Exit);
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      if (dx || dy) j["layers"][0]["data"][static_cast<size_t>((exit.y + dy) * 40 + exit.x + dx)] = 1;  // wall
  const Dungeon back = read_json(j);
  EXPECT_TRUE(validate_dungeon(d).valid);
  EXPECT_FALSE(validate_dungeon(back).valid);
}

TEST(TiledReadTest, ExternalTilesetsAreReadBesideTheMap) {
  const Dungeon d = sample_dungeon();
  json j = tmj_of(d);
  json tileset = j["tilesets"][0];
  tileset.erase("firstgid");
  j["tilesets"][0] = json{{"firstgid", 1}, {"source", "terrain.tsj"}};
  test::TempDir dir;
  write_file_atomic(dir.file("level.tmj"), j.dump());
  write_file_atomic(dir.file("terrain.tsj"), tileset.dump());
  expect_same_map(load_map(dir.file("level.tmj")), d);
  // Text alone cannot reach the file.
  expect_refused(j.dump(), TiledSyntax::Json, "source = \"terrain.tsj\" (expected an embedded tileset");
  // A missing tileset file is an I/O error naming it.
  std::filesystem::remove(dir.file("terrain.tsj"));
  try {
    load_map(dir.file("level.tmj"));
    ADD_FAILURE() << "no error";
  } catch (const IoError& e) { EXPECT_NE(e.path().find("terrain.tsj"), std::string::npos) << e.what(); }
}

TEST(TiledReadTest, LoadMapChoosesTiledByContentAndExtension) {
  const Dungeon d = sample_dungeon();
  test::TempDir dir;
  const std::string tmj = make_tiled(d, "level.tmj").tmj;
  write_file_atomic(dir.file("level.tmj"), tmj);
  write_file_atomic(dir.file("level.json"), tmj);  // a Tiled map saved as .json
  expect_same_map(load_map(dir.file("level.tmj")), d);
  expect_same_map(load_map(dir.file("level.json")), d);
}

TEST(TiledReadTest, AMapThatIsNotCatacombsSaysWhatIsMissing) {
  json j = tmj_of(sample_dungeon());
  for (json& t : j["tilesets"][0]["tiles"]) t.erase("properties");
  expect_refused(j.dump(), TiledSyntax::Json,
                 "Tiled map tilesets = no tile with a \"terrain\" property (expected catacomb's terrain tileset: tiles "
                 "whose string property \"terrain\" is one of wall, floor");
  json no_layer = tmj_of(sample_dungeon());
  no_layer["layers"].erase(0);
  expect_refused(no_layer.dump(), TiledSyntax::Json,
                 "Tiled map layers = no tile layer (expected a tile layer named \"terrain\")");
  json empty_cell = tmj_of(sample_dungeon());
  empty_cell["layers"][0]["data"][41] = 0;
  expect_refused(empty_cell.dump(), TiledSyntax::Json,
                 "Tiled map terrain at (1,1) = an empty cell (expected a terrain tile");
  json foreign = tmj_of(sample_dungeon());
  foreign["layers"][0]["data"][41] = 12;
  expect_refused(foreign.dump(), TiledSyntax::Json, "tile id 12 without a \"terrain\" property");
  expect_refused("<map width=\"3\" height=\"3\" tilewidth=\"8\" tileheight=\"8\"/>", TiledSyntax::Xml,
                 "Tiled map tilesets = none");
  expect_refused("<tileset/>", TiledSyntax::Xml, "Tiled map document = no <map> element (expected a Tiled map (.tmx))");
  expect_refused("<map", TiledSyntax::Xml, "Tiled map = unparsable (expected XML:");
  expect_refused("{\"type\": \"map\", \"layers\": [", TiledSyntax::Json, "Tiled map = unparsable (expected JSON:");
}

TEST(TiledReadTest, SizesAreCheckedBeforeAllocating) {
  json big = tmj_of(sample_dungeon());
  big["width"] = 16385;
  expect_refused(big.dump(), TiledSyntax::Json, "Tiled map width = 16385 (expected 1 to 16384)");
  json infinite = tmj_of(sample_dungeon());
  infinite["infinite"] = true;
  expect_refused(infinite.dump(), TiledSyntax::Json, "Tiled map infinite = true (expected a finite map");
  json iso = tmj_of(sample_dungeon());
  iso["orientation"] = "isometric";
  expect_refused(iso.dump(), TiledSyntax::Json, "Tiled map orientation = \"isometric\" (expected \"orthogonal\")");
  json other_size = tmj_of(sample_dungeon());
  other_size["layers"][0]["width"] = 39;
  expect_refused(other_size.dump(), TiledSyntax::Json,
                 "Tiled map layer \"terrain\" size = 39 x 25 (expected the map's size, 40 x 25)");
  // A layer of another width and no height (a fuzzer's find: the message read the missing height).
  other_size["layers"][0].erase("height");
  expect_refused(other_size.dump(), TiledSyntax::Json, "Tiled map layer height = missing (expected an integer)");
  json short_data = tmj_of(sample_dungeon());
  short_data["layers"][0]["data"].erase(0);
  expect_refused(short_data.dump(), TiledSyntax::Json, "= 999 tile ids (expected 1000 (width * height))");
  // A small zlib stream that inflates far beyond the 4000 bytes a 40 x 25 layer needs.
  json bomb = tmj_of(sample_dungeon());
  bomb["layers"][0]["encoding"] = "base64";
  bomb["layers"][0]["compression"] = "zlib";
  bomb["layers"][0]["data"] = base64(deflate(std::string(size_t{2} << 20, '\1'), false));
  EXPECT_LT(bomb["layers"][0]["data"].get<std::string>().size(), 4000u);
  expect_refused(bomb.dump(), TiledSyntax::Json, "= more than 4000 bytes when inflated (expected 4000 bytes");
  // Compressed data larger than any stream of 4000 bytes could be is refused before inflating.
  bomb["layers"][0]["data"] = base64(deflate(std::string(size_t{64} << 20, '\1'), false));
  expect_refused(bomb.dump(), TiledSyntax::Json, "= more than 5028 bytes (expected 5028 bytes of layer data)");
  json truncated = encoded(tmj_of(sample_dungeon()), "gzip");
  std::string& text = truncated["layers"][0]["data"].get_ref<std::string&>();
  text.resize(text.size() / 2 / 4 * 4);
  expect_refused(truncated.dump(), TiledSyntax::Json, "gzip data that does not inflate");
  json garbage = encoded(tmj_of(sample_dungeon()), "");
  garbage["layers"][0]["data"] = "AAAA*AAA";
  expect_refused(garbage.dump(), TiledSyntax::Json, "= '*' at character 5 (expected base64 text");
}

TEST(TiledReadTest, ALayerOfMoreThan256DifferentTilesReadsBack) {
  // 300 terrain tiles (floor and water in turn), each used: past 256 different tile ids the
  // layer's cells take four bytes each instead of one, with the same result.
  json tiles = json::array();
  for (int id = 0; id < 300; ++id)
    tiles.push_back(
        {{"id", id},
         {"properties", {{{"name", "terrain"}, {"type", "string"}, {"value", id % 2 ? "water" : "floor"}}}}});
  json data = json::array();
  Grid<Terrain> want(20, 20, Terrain::Floor);
  for (int i = 0; i < 400; ++i) {
    const int gid = 1 + (i * 7) % 300;
    data.push_back(gid);
    want.data()[i] = (gid - 1) % 2 ? Terrain::Water : Terrain::Floor;
  }
  json j = {{"type", "map"},
            {"orientation", "orthogonal"},
            {"width", 20},
            {"height", 20},
            {"tilewidth", 8},
            {"tileheight", 8},
            {"tilesets", {{{"firstgid", 1}, {"name", "many"}, {"tiles", tiles}}}},
            {"layers", {{{"type", "tilelayer"}, {"name", "terrain"}, {"width", 20}, {"height", 20}, {"data", data}}}}};
  EXPECT_EQ(read_json(j).tiles, want);
  for (const char* compression : {"", "zlib"}) EXPECT_EQ(read_json(encoded(j, compression)).tiles, want);
  // The first cell that is no terrain tile is named, past the 256th tile id too.
  j["layers"][0]["data"][317] = 0;
  expect_refused(j.dump(), TiledSyntax::Json, "Tiled map terrain at (17,15) = an empty cell");
}

TEST(TiledReadTest, TheSizeCheckSeesTheHeaderBeforeTheTilesetsAndTheLayer) {
  // A .tmx and a .tmj whose layer is corrupt: the check refuses them first, by their size.
  json j = encoded(tmj_of(sample_dungeon()), "zlib");
  j["layers"][0]["data"] = "AAAA*";
  expect_refused(j.dump(), TiledSyntax::Json, "(expected base64 text");
  const MapSizeCheck refuse = [](int w, int h) {
    throw InvalidArgument("refused " + std::to_string(w) + "x" + std::to_string(h));
  };
  for (TiledSyntax syntax : {TiledSyntax::Json, TiledSyntax::Xml}) {
    const std::string text = syntax == TiledSyntax::Json
                                 ? j.dump()
                                 : R"(<map orientation="orthogonal" width="40" height="25" tilewidth="8"
                                      tileheight="8"><tileset firstgid="1" source="missing.tsx"/><layer
                                      name="terrain" width="40" height="25"><data encoding="base64">AAAA*</data>
                                      </layer></map>)";
    try {
      read_tiled_map(text, syntax, {}, refuse);
      ADD_FAILURE() << "read";
    } catch (const InvalidArgument& e) { EXPECT_EQ(std::string(e.what()), "refused 40x25"); }
  }
}

TEST(TiledReadTest, LockedDoorsKeysAndTheKeyRuleAreReadBack) {
  GenerateConfig c;
  c.width = 48;
  c.height = 32;
  c.locks = 3;
  c.key_rule = KeyRule::Consumable;
  const Dungeon d = generate_dungeon(c, 4).dungeon;
  ASSERT_EQ(d.locks.size(), 3u);
  const json j = tmj_of(d);
  const Dungeon got = read_json(j);
  expect_same_map(got, d);
  EXPECT_EQ(got.locks, d.locks);
  EXPECT_EQ(got.key_rule, KeyRule::Consumable);
  EXPECT_EQ(validate_dungeon(got, map_rules(got)).solution->walkthrough.size(),
            validate_dungeon(d, map_rules(d)).solution->walkthrough.size());
  // A key whose lock property is out of range is refused, naming the object.
  json bad = j;
  for (json& layer : bad["layers"]) {
    if (!layer.contains("objects")) continue;
    for (json& o : layer["objects"]) {
      if (!o.contains("properties")) continue;
      for (json& p : o["properties"])
        if (p["name"] == "lock") p["value"] = 12;
    }
  }
  expect_refused(bad.dump(), TiledSyntax::Json, "property lock = 12 (expected an int from 1 to 9)");
  // A map without locks reads none.
  const Dungeon plain = read_json(tmj_of(sample_dungeon()));
  EXPECT_TRUE(plain.locks.empty());
  EXPECT_EQ(plain.key_rule, KeyRule::Reusable);
}

// Every door kind and switch objectives: door objects and switch properties written, read back
// to the same dungeon; a bad property is refused naming the object and the value.
TEST(TiledReadTest, GatesSwitchesOneWayAndSecretDoorsAreReadBack) {
  const Dungeon d = read_ascii(
      "###########\n"
      "#<.J.r.).>#\n"
      "#2(.^.S31.#\n"
      "#.v.j.R...#\n"
      "###########\n"
      "\n"
      "1: treasure\n"
      "2: switch 9\n"
      "3: switch 1\n");
  ASSERT_EQ(d.doors.size(), 9u);
  const json j = tmj_of(d);
  const Dungeon got = read_json(j);
  expect_same_map(got, d);
  EXPECT_EQ(got.doors, d.doors);
  // A map without them has no door object and the same tileset.
  const json plain = tmj_of(sample_dungeon());
  EXPECT_EQ(plain["tilesets"], tmj_of(d)["tilesets"]);
  for (const json& o : plain["layers"][1]["objects"]) EXPECT_NE(o["type"], "door");

  auto with = [&](const std::string& kind, const std::string& name, const json& value) {
    json bad = j;
    for (json& o : bad["layers"][1]["objects"])
      if (o["type"] == kind)
        for (json& p : o["properties"])
          if (p["name"] == name) p["value"] = value;
    return bad.dump();
  };
  expect_refused(with("door", "kind", "trapdoor"), TiledSyntax::Json,
                 "property kind = \"trapdoor\" (expected \"gate\", \"one-way\" or \"secret\")");
  expect_refused(with("door", "switch", 10), TiledSyntax::Json, "property switch = 10 (expected an int from 1 to 9)");
  expect_refused(with("door", "open_when", "sometimes"), TiledSyntax::Json,
                 "property open_when = \"sometimes\" (expected \"on\" or \"off\")");
  expect_refused(with("door", "direction", "up"), TiledSyntax::Json,
                 "property direction = \"up\" (expected \"north\", \"east\", \"south\" or \"west\")");
  expect_refused(with("switch", "switch", 0), TiledSyntax::Json, "property switch = 0 (expected an int from 1 to 9)");
  // A door dragged onto a wall is refused as progression_problems names it.
  json moved = j;
  for (json& o : moved["layers"][1]["objects"])
    if (o["type"] == "door" && o["name"] == "secret") o["y"] = 0;
  expect_refused(moved.dump(), TiledSyntax::Json, "secret door at 6,0 = wall (expected a passable tile (a door))");
}

TEST(TiledReadTest, TheRecipeComesFromTheMapProperties) {
  json j = tmj_of(sample_dungeon());
  j["properties"] = json::array({json{{"name", "seed"}, {"type", "string"}, {"value", "18446744073709551615"}},
                                 json{{"name", "generator"}, {"type", "string"}, {"value", "caves"}},
                                 json{{"name", "param.seed"}, {"type", "int"}, {"value", 3}},
                                 json{{"name", "fill"}, {"type", "float"}, {"value", 0.45}},
                                 json{{"name", "deep_water"}, {"type", "bool"}, {"value", true}}});
  const Dungeon d = read_json(j);
  EXPECT_EQ(d.seed, 18446744073709551615u);
  EXPECT_EQ(d.generator, "caves");
  ASSERT_EQ(d.params.size(), 3u);
  EXPECT_EQ(d.params[0], (std::pair<std::string, ParamValue>{"seed", int64_t{3}}));
  EXPECT_EQ(d.params[1], (std::pair<std::string, ParamValue>{"fill", 0.45}));
  EXPECT_EQ(d.params[2], (std::pair<std::string, ParamValue>{"deep_water", true}));
  j["properties"][0]["value"] = "-1";
  expect_refused(j.dump(), TiledSyntax::Json,
                 "Tiled map property seed = \"-1\" (expected an unsigned 64-bit decimal integer)");
}

}  // namespace
}  // namespace catacomb
