// The movement model's limits and how a map records it (params, ASCII header, JSON, Tiled).
#include <catacomb/platformer/movement_model.hpp>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <catacomb/io/ascii.hpp>
#include <catacomb/io/json_map.hpp>
#include <catacomb/io/tiled.hpp>

namespace catacomb {
namespace {

TEST(MovementModelTest, DefaultsAreValidAndLimitsAreNamed) {
  EXPECT_TRUE(MovementModel{}.problems().empty());
  MovementModel m;
  m.jump_distance = -1;
  m.max_fall = 20000;
  const auto p = m.problems();
  ASSERT_EQ(p.size(), 2u);
  EXPECT_EQ(to_string(p[0]), "jump_distance = -1 (expected 0 to 64)");
  EXPECT_EQ(to_string(p[1]), "max_fall = 20000 (expected 0 (no limit) to 16384)");
  EXPECT_THROW(m.check(), InvalidArgument);
}

TEST(MovementModelTest, ParamsRecordAndReadBack) {
  Params params{{"width", int64_t{40}}};
  EXPECT_FALSE(recorded_movement(params).has_value());
  MovementModel m;
  m.jump_height = 5;
  m.body_height = 2;
  record_movement(params, m);
  ASSERT_EQ(params.size(), 7u);
  EXPECT_EQ(params[1].first, "movement");
  EXPECT_EQ(recorded_movement(params), m);
  m.jump_height = 2;
  record_movement(params, m);  // replaced, not appended
  EXPECT_EQ(params.size(), 7u);
  EXPECT_EQ(recorded_movement(params)->jump_height, 2);
  Params grid{{"movement", std::string("grid")}};
  EXPECT_FALSE(recorded_movement(grid).has_value());
  Params bad{{"movement", std::string("platformer")}, {"body_height", std::string("tall")}};
  EXPECT_THROW(recorded_movement(bad), InvalidArgument);
}

TEST(MovementModelTest, AsciiHeaderRoundTrips) {
  const std::string text =
      "!movement=platformer jump_height=3 jump_distance=4 body_height=2 max_fall=0 jump_penalty=1\n"
      "#####\n"
      "#<H>#\n"
      "#-H-#\n"
      "#####\n";
  const Dungeon d = read_ascii(text);
  ASSERT_TRUE(recorded_movement(d.params).has_value());
  EXPECT_EQ(recorded_movement(d.params)->body_height, 2);
  EXPECT_EQ(d.tiles(2, 1), Terrain::Ladder);
  EXPECT_EQ(d.tiles(1, 2), Terrain::Platform);
  EXPECT_EQ(write_ascii(d), text);
  // A partial header keeps the defaults and is written back in full.
  const Dungeon partial = read_ascii("!movement=platformer\n###\n#<#\n###\n");
  EXPECT_EQ(recorded_movement(partial.params), MovementModel{});
  // Errors name the header and the row numbers count it.
  EXPECT_THROW(read_ascii("!speed=9\n###\n"), InvalidArgument);
  try {
    read_ascii("!movement=platformer\n###\n#x#\n");
    FAIL();
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("line 3 column 2"), std::string::npos) << e.what();
  }
}

TEST(MovementModelTest, JsonMapCarriesTheModelAndSideViewLegend) {
  Dungeon d = read_ascii("#####\n#<H>#\n#-H-#\n#####\n");
  MovementModel m;
  m.jump_distance = 6;
  record_movement(d.params, m);
  const std::string text = write_json_map(d);
  const nlohmann::json j = nlohmann::json::parse(text);
  EXPECT_EQ(j["params"]["movement"], "platformer");
  EXPECT_EQ(j["params"]["jump_distance"], 6);
  EXPECT_EQ(j["legend"]["H"]["name"], "ladder");
  EXPECT_EQ(j["legend"]["-"]["name"], "platform");
  const Dungeon back = read_json_map(text);
  EXPECT_EQ(back, d);
  EXPECT_EQ(recorded_movement(back.params), m);
}

// A top-down map's JSON legend lists the top-down terrains only; every Tiled map has one tileset
// (all terrains, objective markers and locked doors), so that a batch's maps can share it.
TEST(MovementModelTest, TopDownMapsKeepTheirLegend) {
  const Dungeon d = read_ascii("#####\n#<.>#\n#####\n");
  const nlohmann::json j = nlohmann::json::parse(write_json_map(d));
  EXPECT_EQ(j["legend"].size(), 7u);
  EXPECT_FALSE(j["legend"].contains("H"));
  const TiledExport t = make_tiled(d, "x.tmj");
  EXPECT_EQ(nlohmann::json::parse(t.tmj)["tilesets"][0]["tilecount"], kTerrainCount + 5 + kMaxLock);
  Dungeon side = read_ascii("#####\n#<H>#\n#####\n");
  record_movement(side.params, MovementModel{});
  const nlohmann::json st = nlohmann::json::parse(make_tiled(side, "x.tmj").tmj);
  EXPECT_EQ(st["tilesets"][0]["tilecount"], kTerrainCount + 5 + kMaxLock);
  bool recorded = false;
  for (const auto& p : st["properties"]) recorded = recorded || (p["name"] == "movement" && p["value"] == "platformer");
  EXPECT_TRUE(recorded);
}

}  // namespace
}  // namespace catacomb
