// The designer's loop with the real Tiled (Debian's `tiled`, installed by scripts/setup.sh):
// catacomb writes a .tmj, Tiled re-saves it (`tiled --export-map`, headless) as .tmx and .tmj,
// in each layer format Tiled offers, and catacomb validates what Tiled wrote. A missing Tiled
// fails these tests with a message; they never skip.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <algorithm>
#include <regex>
#include <sstream>
#include <vector>
#include <string>

#include <catacomb/core/atomic_file.hpp>
#include <catacomb/io/ascii.hpp>
#include <catacomb/io/json_map.hpp>
#include <catacomb/io/map_file.hpp>
#include <catacomb/io/tiled.hpp>
#include "support/layer_encoding.hpp"
#include "support/test_support.hpp"

namespace catacomb {
namespace {

using json = nlohmann::json;

/// Runs `tiled --export-map from to` headless. Fails the test when Tiled is missing or fails.
void tiled_export(const test::TempDir& dir, const std::string& from, const std::string& to) {
  const std::string runtime = dir.file("xdg-runtime");
  std::filesystem::create_directories(runtime);
  std::filesystem::permissions(runtime, std::filesystem::perms::owner_all, std::filesystem::perm_options::replace);
  const test::CliResult r = test::run_program("tiled", {"--export-map", dir.file(from), dir.file(to)},
                                              {"QT_QPA_PLATFORM=offscreen", "XDG_RUNTIME_DIR=" + runtime,
                                               "HOME=" + dir.path(), "XDG_CONFIG_HOME=" + dir.path()});
  ASSERT_NE(r.code, 127)
      << "Tiled is not installed: these tests need Debian's tiled package (scripts/setup.sh installs it)";
  ASSERT_EQ(r.code, 0) << "tiled --export-map " << from << " " << to << ": " << r.err;
  ASSERT_TRUE(test::file_exists(dir.file(to))) << r.err;
}

/// catacomb validate --json's report, without the map name.
json validate_report(const std::string& path, int expected_code) {
  const test::CliResult r = test::run_exe({"validate", path, "--json"});
  EXPECT_EQ(r.code, expected_code) << path << ": " << r.err << r.out;
  return r.out.empty() ? json() : json::parse(r.out);
}

class TiledRoundTripTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const test::CliResult r = test::run_exe({"generate", "--seed", "7", "--width", "40", "--height", "25",
                                             "--room-count", "8", "--tmj", dir_.file("level.tmj"), "--json",
                                             dir_.file("level.json")});
    ASSERT_EQ(r.code, 0) << r.err;
  }
  test::TempDir dir_;
};

TEST_F(TiledRoundTripTest, TiledsOwnResavesValidateLikeTheOriginal) {
  const json original = validate_report(dir_.file("level.json"), 0);
  const Dungeon want = load_map(dir_.file("level.json"));
  for (const char* out : {"resaved.tmx", "resaved.tmj"}) {
    SCOPED_TRACE(out);
    tiled_export(dir_, "level.tmj", out);
    EXPECT_EQ(validate_report(dir_.file(out), 0), original);
    const Dungeon got = load_map(dir_.file(out));
    EXPECT_EQ(got.tiles, want.tiles);
    EXPECT_EQ(got.objectives, want.objectives);
    EXPECT_EQ(got.rooms, want.rooms);
    EXPECT_EQ(got.seed, want.seed);
    EXPECT_EQ(got.generator, want.generator);
    // Tiled sorts properties by name: the same recipe, in another order.
    auto sorted = [](Params p) {
      std::sort(p.begin(), p.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
      return p;
    };
    EXPECT_EQ(sorted(got.params), sorted(want.params));
  }
}

TEST(TiledLocksRoundTripTest, ALockedDungeonValidatesTheSameFromItsTmjAndTiledsTmx) {
  // generate --locks 3 -> .tmj -> Tiled's .tmx and .tmj -> validate: the same report as the JSON
  // (locked doors, keys' locks and the consumable key rule all read back).
  test::TempDir dir;
  const test::CliResult r = test::run_exe({"generate", "--seed", "4", "--width", "48", "--height", "32", "--locks", "3",
                                           "--key-rule", "consumable", "--tmj", dir.file("locked.tmj"), "--json",
                                           dir.file("locked.json")});
  ASSERT_EQ(r.code, 0) << r.err;
  const json original = validate_report(dir.file("locked.json"), 0);
  const Dungeon want = load_map(dir.file("locked.json"));
  ASSERT_EQ(want.locks.size(), 3u);
  tiled_export(dir, "locked.tmj", "resaved.tmx");
  tiled_export(dir, "locked.tmj", "resaved.tmj");
  for (const char* file : {"locked.tmj", "resaved.tmx", "resaved.tmj"}) {
    SCOPED_TRACE(file);
    EXPECT_EQ(validate_report(dir.file(file), 0), original);
    const Dungeon got = load_map(dir.file(file));
    EXPECT_EQ(got.locks, want.locks);
    EXPECT_EQ(got.objectives, want.objectives);
    EXPECT_EQ(got.key_rule, KeyRule::Consumable);
  }
}

TEST(TiledProgressionRoundTripTest, GatesSwitchesOneWayAndSecretDoorsSurviveTiledsResaves) {
  // Every door kind and two switches -> .tmj -> Tiled's .tmx and .tmj -> the same doors and
  // objectives, and validate gives the same report as for the JSON (not valid: the map has every
  // kind, not a solvable layout; the report names what each door does, the same from each file).
  test::TempDir dir;
  const Dungeon want = read_ascii(
      "###########\n"
      "#<.J.r.).>#\n"
      "#2(.^.S31.#\n"
      "#.v.j.R...#\n"
      "###########\n"
      "\n"
      "1: treasure\n"
      "2: switch 9\n"
      "3: switch 1\n");
  const TiledExport t = make_tiled(want, dir.file("doors.tmj"));
  test::write_text(dir.file("doors.tmj"), t.tmj);
  test::write_text(dir.file(t.tileset_file), t.tileset_png);
  test::write_text(dir.file("doors.json"), write_json_map(want));
  const json original = validate_report(dir.file("doors.json"), 1);
  tiled_export(dir, "doors.tmj", "resaved.tmx");
  tiled_export(dir, "doors.tmj", "resaved.tmj");
  for (const char* file : {"doors.tmj", "resaved.tmx", "resaved.tmj"}) {
    SCOPED_TRACE(file);
    const Dungeon got = load_map(dir.file(file));
    EXPECT_EQ(got.tiles, want.tiles);
    EXPECT_EQ(got.doors, want.doors);
    EXPECT_EQ(got.objectives, want.objectives);
    EXPECT_EQ(validate_report(dir.file(file), 1), original);
  }
}

TEST_F(TiledRoundTripTest, EveryLayerFormatTiledWritesIsRead) {
  // Tiled keeps a map's layer format when it re-saves: give it each one, let it write .tmx and
  // .tmj, and read what it wrote.
  json j = json::parse(test::slurp(dir_.file("level.tmj")));
  const json csv_layer = j["layers"][0];
  const json original = validate_report(dir_.file("level.json"), 0);
  // Tiled writes base64 (and zlib or gzip) when the source map uses it; a map it wrote as XML
  // with CSV data is the starting point, converted by Tiled itself to each encoding below.
  tiled_export(dir_, "level.tmj", "csv.tmx");
  std::string tmx = test::slurp(dir_.file("csv.tmx"));
  ASSERT_NE(tmx.find("<data encoding=\"csv\">"), std::string::npos);
  EXPECT_EQ(validate_report(dir_.file("csv.tmx"), 0), original);
  // The old XML form (<tile gid="..."/>), written by Tiled when the map asks for it: Tiled reads
  // the layer format from the source file's data element.
  const std::regex data_re(R"(<data encoding="csv">([^<]*)</data>)");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(tmx, m, data_re));
  std::string xml_tiles;
  std::string gids = m[1];
  std::stringstream ss(gids);
  for (std::string gid; std::getline(ss, gid, ',');) {
    gid.erase(std::remove_if(gid.begin(), gid.end(), [](char c) { return c == '\n' || c == ' '; }), gid.end());
    xml_tiles += "<tile gid=\"" + gid + "\"/>\n";
  }
  write_file_atomic(dir_.file("xml.tmx"),
                    std::string(m.prefix()) + "<data>\n" + xml_tiles + "</data>" + std::string(m.suffix()));
  for (const char* out : {"xml-resaved.tmx", "xml-resaved.tmj"}) {
    SCOPED_TRACE(out);
    tiled_export(dir_, "xml.tmx", out);
    EXPECT_EQ(validate_report(dir_.file(out), 0), original);
  }
  EXPECT_NE(test::slurp(dir_.file("xml-resaved.tmx")).find("<tile gid="), std::string::npos);
}

TEST_F(TiledRoundTripTest, Base64AndCompressedLayersWrittenByTiledAreRead) {
  // Tiled keeps a map's layer format when it re-saves it: given a map whose layer is base64,
  // zlib- or gzip-compressed base64, it writes .tmx and .tmj in that format.
  const json original = validate_report(dir_.file("level.json"), 0);
  const json j = json::parse(test::slurp(dir_.file("level.tmj")));
  const std::string raw = test::gid_bytes(j["layers"][0]["data"].get<std::vector<uint32_t>>());
  for (const std::string compression : {"", "zlib", "gzip"}) {
    SCOPED_TRACE(compression);
    json in = j;
    in["layers"][0]["encoding"] = "base64";
    in["layers"][0]["data"] = test::base64(compression.empty() ? raw : test::deflate_bytes(raw, compression == "gzip"));
    if (!compression.empty()) in["layers"][0]["compression"] = compression;
    const std::string stem = "b64-" + (compression.empty() ? std::string("none") : compression);
    write_file_atomic(dir_.file(stem + "-in.tmj"), in.dump(1));
    tiled_export(dir_, stem + "-in.tmj", stem + ".tmx");
    tiled_export(dir_, stem + "-in.tmj", stem + ".tmj");
    const std::string attrs = compression.empty() ? "" : " compression=\"" + compression + "\"";
    EXPECT_NE(test::slurp(dir_.file(stem + ".tmx")).find("<data encoding=\"base64\"" + attrs + ">"), std::string::npos);
    const json written = json::parse(test::slurp(dir_.file(stem + ".tmj")));
    EXPECT_EQ(written["layers"][0]["encoding"], "base64");
    EXPECT_EQ(written["layers"][0].value("compression", ""), compression);
    EXPECT_EQ(validate_report(dir_.file(stem + ".tmx"), 0), original);
    EXPECT_EQ(validate_report(dir_.file(stem + ".tmj"), 0), original);
  }
}

TEST_F(TiledRoundTripTest, WallingInTheExitInTheTileLayerFailsValidation) {
  tiled_export(dir_, "level.tmj", "level.tmx");
  const Dungeon d = load_map(dir_.file("level.json"));
  const Point exit = *d.find(ObjectiveKind::Exit);
  // Edit the tile layer's CSV as a designer painting walls would: the exit's 8 neighbours.
  std::string tmx = test::slurp(dir_.file("level.tmx"));
  const size_t open = tmx.find("<data encoding=\"csv\">");
  ASSERT_NE(open, std::string::npos);
  const size_t begin = tmx.find('>', open) + 1, end = tmx.find("</data>", begin);
  std::vector<std::string> rows;
  std::stringstream ss(tmx.substr(begin, end - begin));
  for (std::string line; std::getline(ss, line);)
    if (!line.empty()) rows.push_back(line);
  ASSERT_EQ(rows.size(), 25u);
  for (int dy = -1; dy <= 1; ++dy) {
    std::vector<std::string> cells;
    std::stringstream row(rows[static_cast<size_t>(exit.y + dy)]);
    for (std::string c; std::getline(row, c, ',');) cells.push_back(c);
    for (int dx = -1; dx <= 1; ++dx)
      if (dx || dy) cells[static_cast<size_t>(exit.x + dx)] = "1";  // gid 1: wall
    std::string joined;
    for (size_t i = 0; i < cells.size(); ++i) {
      if (i) joined += ',';
      joined += cells[i];
    }
    if (rows[static_cast<size_t>(exit.y + dy)].ends_with(",")) joined += ',';  // rows but the last end in ','
    rows[static_cast<size_t>(exit.y + dy)] = joined;
  }
  std::string data = "\n";
  for (const std::string& r : rows) data += r + "\n";
  write_file_atomic(dir_.file("walled.tmx"), tmx.substr(0, begin) + data + tmx.substr(end));
  // Re-saved by Tiled as .tmx and .tmj: both fail validation, naming the exit.
  for (const char* out : {"walled-resaved.tmx", "walled-resaved.tmj"}) {
    SCOPED_TRACE(out);
    tiled_export(dir_, "walled.tmx", out);
    const test::CliResult r = test::run_exe({"validate", dir_.file(out)});
    EXPECT_EQ(r.code, 1) << r.out << r.err;
    EXPECT_NE(r.out.find("exit at " + std::to_string(exit.x) + "," + std::to_string(exit.y) + ": not reachable"),
              std::string::npos)
        << r.out;
  }
  // The unedited map still validates.
  EXPECT_EQ(test::run_exe({"validate", dir_.file("level.tmx")}).code, 0);
}

TEST_F(TiledRoundTripTest, PathReadsTiledMaps) {
  tiled_export(dir_, "level.tmj", "level.tmx");
  const Dungeon d = load_map(dir_.file("level.json"));
  const Point s = *d.find(ObjectiveKind::Start), e = *d.find(ObjectiveKind::Exit);
  const std::string from = std::to_string(s.x) + "," + std::to_string(s.y),
                    to = std::to_string(e.x) + "," + std::to_string(e.y);
  const test::CliResult a = test::run_exe({"path", dir_.file("level.json"), "--from", from, "--to", to, "--json"});
  const test::CliResult b = test::run_exe({"path", dir_.file("level.tmx"), "--from", from, "--to", to, "--json"});
  ASSERT_EQ(a.code, 0) << a.err;
  EXPECT_EQ(b.code, 0) << b.err;
  EXPECT_EQ(a.out, b.out);
}

TEST_F(TiledRoundTripTest, AForeignTiledMapIsRefusedWithExitTwo) {
  json j = json::parse(test::slurp(dir_.file("level.tmj")));
  for (json& t : j["tilesets"][0]["tiles"]) t.erase("properties");
  write_file_atomic(dir_.file("foreign.tmj"), j.dump());
  tiled_export(dir_, "foreign.tmj", "foreign.tmx");
  const test::CliResult r = test::run_exe({"validate", dir_.file("foreign.tmx")});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("foreign.tmx: Tiled map tilesets = no tile with a \"terrain\" property"), std::string::npos)
      << r.err;
}

}  // namespace
}  // namespace catacomb

namespace catacomb {
namespace {

// The map without what Tiled 1.8 legitimately writes differently: no "class" (1.9 only), its own
// version fields, properties sorted by name.
json comparable(const json& j) {
  if (j.is_object()) {
    json out = json::object();
    for (auto& [k, v] : j.items()) {
      if (k == "class" || k == "version" || k == "tiledversion") continue;
      json c = comparable(v);
      if (k == "properties" && c.is_array())
        std::sort(c.begin(), c.end(), [](const json& a, const json& b) { return a["name"] < b["name"]; });
      out[k] = std::move(c);
    }
    return out;
  }
  if (j.is_array()) {
    json out = json::array();
    for (const json& v : j) out.push_back(comparable(v));
    return out;
  }
  return j;
}

TEST_F(TiledRoundTripTest, TiledResavesTheMapLosslessly) {
  tiled_export(dir_, "level.tmj", "resaved.tmj");
  const json ours = json::parse(test::slurp(dir_.file("level.tmj")));
  const json tileds = json::parse(test::slurp(dir_.file("resaved.tmj")));
  EXPECT_EQ(comparable(tileds), comparable(ours));
  // The objectives are tile objects drawn with their kind's marker tile, kept by Tiled.
  size_t markers = 0;
  for (const json& o : tileds["layers"][1]["objects"])
    if (o.contains("gid")) {
      ++markers;
      EXPECT_EQ(o["gid"].get<int>(),
                kTerrainCount + 1 + static_cast<int>(*objective_kind_from_name(o["type"].get<std::string>())));
    }
  EXPECT_EQ(markers, load_map(dir_.file("level.json")).objectives.size());
}

TEST(TiledBatchTest, BatchMapsShareOneTilesetThatTiledKeeps) {
  test::TempDir dir;
  const test::CliResult r = test::run_exe({"batch", "--seeds", "1..3", "--width", "40", "--height", "25",
                                           "--room-count", "8", "--tmj", "--out", dir.file("out")});
  ASSERT_EQ(r.code, 0) << r.err;
  const std::vector<std::string> files = test::list_dir(dir.file("out"));
  EXPECT_EQ(
      std::count_if(files.begin(), files.end(),
                    [](const std::string& f) { return f.ends_with(".png") && f.find("tileset") != std::string::npos; }),
      1);
  EXPECT_TRUE(test::file_exists(dir.file("out/catacomb-tileset.tsj")));
  EXPECT_TRUE(test::file_exists(dir.file("out/catacomb-tileset.png")));
  const json tsj = json::parse(test::slurp(dir.file("out/catacomb-tileset.tsj")));
  EXPECT_EQ(tsj["type"], "tileset");
  EXPECT_EQ(tsj["image"], "catacomb-tileset.png");
  for (int seed = 1; seed <= 3; ++seed) {
    SCOPED_TRACE(seed);
    const std::string stem = dir.file("out/seed-" + std::to_string(seed));
    const json m = json::parse(test::slurp(stem + ".tmj"));
    ASSERT_EQ(m["tilesets"].size(), 1u);
    EXPECT_EQ(m["tilesets"][0], (json{{"firstgid", 1}, {"source", "catacomb-tileset.tsj"}}));
    // Read back through the shared tileset: the same map as the seed's JSON.
    const Dungeon a = load_map(stem + ".tmj"), b = load_map(stem + ".json");
    EXPECT_EQ(a.tiles, b.tiles);
    EXPECT_EQ(a.objectives, b.objectives);
    EXPECT_EQ(test::run_exe({"validate", stem + ".tmj"}).code, 0);
  }
  // Tiled opens the map with its external tileset and re-saves it, elsewhere, still referring
  // to the shared tileset (by a path relative to the new file), which catacomb then reads.
  std::filesystem::create_directories(dir.file("edited"));
  tiled_export(dir, "out/seed-2.tmj", "edited/seed-2.tmx");
  const std::string tmx = test::slurp(dir.file("edited/seed-2.tmx"));
  EXPECT_NE(tmx.find("source=\"../out/catacomb-tileset.tsj\""), std::string::npos) << tmx.substr(0, 400);
  EXPECT_EQ(load_map(dir.file("edited/seed-2.tmx")).tiles, load_map(dir.file("out/seed-2.json")).tiles);
  EXPECT_EQ(test::run_exe({"validate", dir.file("edited/seed-2.tmx")}).code, 0);
}

}  // namespace
}  // namespace catacomb
