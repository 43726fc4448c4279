// catacomb tileset: the tileset a designer paints with, written where asked, the same bytes as the
// one a batch shares with its maps, opened by the real Tiled, and refused before anything is
// written when the input is bad.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include <catacomb/core/atomic_file.hpp>
#include <catacomb/core/terrain.hpp>
#include "support/test_support.hpp"

namespace catacomb {
namespace {

using json = nlohmann::json;

// The tile of `terrain` in a tileset's JSON, or null.
json terrain_tile(const json& tsj, const std::string& terrain) {
  for (const json& tile : tsj["tiles"])
    for (const json& p : tile["properties"])
      if (p["name"] == "terrain" && p["value"] == terrain && tile.contains("class") && tile["class"] == terrain)
        return tile;
  return json();
}

// A property's value of a tile, or null.
json property_of(const json& tile, const std::string& name) {
  for (const json& p : tile["properties"])
    if (p["name"] == name) return p["value"];
  return json();
}

TEST(TilesetCommandTest, WritesTheTilesetABatchSharesIntoANewDirectory) {
  test::TempDir dir;
  const test::CliResult r = test::run_exe({"tileset", "--out", dir.file("tiles")});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("catacomb-tileset.tsj"), std::string::npos) << r.out;
  ASSERT_TRUE(test::file_exists(dir.file("tiles/catacomb-tileset.tsj")));
  ASSERT_TRUE(test::file_exists(dir.file("tiles/catacomb-tileset.png")));

  const test::CliResult b = test::run_exe({"batch", "--seeds", "1..1", "--width", "40", "--height", "25",
                                           "--room-count", "8", "--tmj", "--out", dir.file("batch")});
  ASSERT_EQ(b.code, 0) << b.err;
  EXPECT_EQ(test::slurp(dir.file("tiles/catacomb-tileset.tsj")), test::slurp(dir.file("batch/catacomb-tileset.tsj")));
  EXPECT_EQ(test::slurp(dir.file("tiles/catacomb-tileset.png")), test::slurp(dir.file("batch/catacomb-tileset.png")));

  const json tsj = json::parse(test::slurp(dir.file("tiles/catacomb-tileset.tsj")));
  EXPECT_EQ(tsj["image"], "catacomb-tileset.png");
  for (Terrain t : kAllTerrains)
    EXPECT_FALSE(terrain_tile(tsj, std::string(terrain_name(t))).is_null()) << terrain_name(t);
  EXPECT_EQ(test::slurp(dir.file("tiles/catacomb-tileset.png")).substr(1, 3), "PNG");
}

TEST(TilesetCommandTest, TiledOpensItAndKeepsEveryTerrain) {
  test::TempDir dir;
  ASSERT_EQ(test::run_exe({"tileset", "--out", dir.path()}).code, 0);
  const std::string runtime = dir.file("xdg-runtime");
  std::filesystem::create_directories(runtime);
  std::filesystem::permissions(runtime, std::filesystem::perms::owner_all, std::filesystem::perm_options::replace);
  const test::CliResult r = test::run_program(
      "tiled", {"--export-tileset", dir.file("catacomb-tileset.tsj"), dir.file("resaved.tsx")},
      {"QT_QPA_PLATFORM=offscreen", "XDG_RUNTIME_DIR=" + runtime, "HOME=" + dir.path(),
       "XDG_CONFIG_HOME=" + dir.path()});
  ASSERT_NE(r.code, 127) << "Tiled is not installed: this test needs Debian's tiled package (scripts/setup.sh)";
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string tsx = test::slurp(dir.file("resaved.tsx"));
  EXPECT_NE(tsx.find("name=\"catacomb-terrain\""), std::string::npos) << tsx.substr(0, 400);
  EXPECT_NE(tsx.find("<image source=\"catacomb-tileset.png\""), std::string::npos) << tsx.substr(0, 400);
  for (Terrain t : kAllTerrains)
    EXPECT_NE(tsx.find("name=\"terrain\" value=\"" + std::string(terrain_name(t)) + "\""), std::string::npos)
        << terrain_name(t);
}

TEST(TilesetCommandTest, TheCostsAndTileSizeAreTheOnesAskedFor) {
  test::TempDir dir;
  ASSERT_EQ(test::run_exe({"tileset", "--out", dir.path(), "--costs", "tutorial", "--tile-size", "32"}).code, 0);
  const json tsj = json::parse(test::slurp(dir.file("catacomb-tileset.tsj")));
  EXPECT_EQ(tsj["tilewidth"], 32);
  EXPECT_EQ(tsj["tileheight"], 32);
  const CostTable tutorial = CostTable::tutorial();
  for (Terrain t : kAllTerrains) {
    const json tile = terrain_tile(tsj, std::string(terrain_name(t)));
    ASSERT_FALSE(tile.is_null()) << terrain_name(t);
    if (tutorial.passable(t)) EXPECT_EQ(property_of(tile, "cost"), tutorial[t]) << terrain_name(t);
    else EXPECT_EQ(property_of(tile, "passable"), false) << terrain_name(t);
  }
}

TEST(TilesetCommandTest, BadInputExitsTwoAndWritesNothing) {
  test::TempDir dir;
  write_file_atomic(dir.file("a-file"), "x");
  const test::CliResult file = test::run_cli({"tileset", "--out", dir.file("a-file")});
  EXPECT_EQ(file.code, 2);
  EXPECT_NE(file.err.find("--out = " + dir.file("a-file")), std::string::npos) << file.err;
  EXPECT_NE(file.err.find("it is a file"), std::string::npos) << file.err;

  const test::CliResult size = test::run_cli({"tileset", "--out", dir.file("new"), "--tile-size", "65"});
  EXPECT_EQ(size.code, 2);
  EXPECT_NE(size.err.find("--tile-size = 65 (expected 1 to 64)"), std::string::npos) << size.err;
  EXPECT_FALSE(test::file_exists(dir.file("new")));

  const test::CliResult costs = test::run_cli({"tileset", "--out", dir.file("new"), "--costs", "cheap"});
  EXPECT_EQ(costs.code, 2);
  EXPECT_NE(costs.err.find("--costs = cheap (expected dungeon, tutorial or uniform)"), std::string::npos) << costs.err;
  EXPECT_FALSE(test::file_exists(dir.file("new")));

  const test::CliResult parent = test::run_cli({"tileset", "--out", dir.file("no/such/dir")});
  EXPECT_EQ(parent.code, 2);
  EXPECT_NE(parent.err.find("does not exist"), std::string::npos) << parent.err;
}

}  // namespace
}  // namespace catacomb
