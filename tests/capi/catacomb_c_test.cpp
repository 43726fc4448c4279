// The C API against the C++ library it wraps: the same dungeons, bytes, paths and messages, and
// a last error that is per thread. The C11 program (catacomb_c11_test.c) covers the C side.
#include <catacomb/catacomb.h>

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <thread>

#include <catacomb/core/error.hpp>
#include <catacomb/pipeline/generate.hpp>
#include <catacomb/io/ascii.hpp>
#include <catacomb/io/config_json.hpp>
#include <catacomb/io/json_map.hpp>
#include <catacomb/pathing/search.hpp>
#include <catacomb/version.hpp>

namespace catacomb {
namespace {

struct ConfigFree {
  void operator()(catacomb_config* c) const { catacomb_config_free(c); }
};
struct DungeonFree {
  void operator()(catacomb_dungeon* d) const { catacomb_dungeon_free(d); }
};
struct StringFree {
  void operator()(char* s) const { catacomb_string_free(s); }
};
using ConfigPtr = std::unique_ptr<catacomb_config, ConfigFree>;
using DungeonPtr = std::unique_ptr<catacomb_dungeon, DungeonFree>;
using StringPtr = std::unique_ptr<char, StringFree>;

const char* kRecipe = R"({"generator": "caves", "width": 70, "height": 45, "costs": "tutorial", "deep_water": true,
                          "water": 0.1, "neighbors": 4})";

TEST(CApiTest, GeneratesTheSameDungeonAsTheLibrary) {
  ConfigPtr config(catacomb_config_from_json(kRecipe));
  ASSERT_TRUE(config) << catacomb_last_error();
  DungeonPtr d(catacomb_generate(config.get(), 12));
  ASSERT_TRUE(d) << catacomb_last_error();

  const GenerateConfig cfg = generate_config_from_json(kRecipe);
  const Dungeon expected = generate_dungeon(cfg, 12).dungeon;
  // The bytes `catacomb generate --json` writes: the legend's costs are the recipe's.
  StringPtr json(catacomb_dungeon_to_json(d.get()));
  ASSERT_TRUE(json);
  EXPECT_EQ(json.get(), write_json_map(expected, cfg.cost_table()));
  StringPtr text(catacomb_dungeon_to_text(d.get()));
  ASSERT_TRUE(text);
  const std::string ascii = write_ascii(expected);
  EXPECT_EQ(text.get(), ascii);
  // Every tile is the ASCII map's character, markers included.
  const int w = expected.tiles.width();
  for (int y = 0; y < expected.tiles.height(); ++y)
    for (int x = 0; x < w; ++x)
      ASSERT_EQ(catacomb_dungeon_tile(d.get(), x, y), ascii[static_cast<size_t>(y * (w + 1) + x)]) << x << "," << y;
}

TEST(CApiTest, RoutesAsTheLibraryUnderTheRecipesCostsAndMoves) {
  ConfigPtr config(catacomb_config_from_json(kRecipe));
  ASSERT_TRUE(config);
  DungeonPtr d(catacomb_generate(config.get(), 5));
  ASSERT_TRUE(d) << catacomb_last_error();
  const GenerateConfig cfg = generate_config_from_json(kRecipe);
  const Dungeon dungeon = generate_dungeon(cfg, 5).dungeon;
  const Point s = *dungeon.find(ObjectiveKind::Start), e = *dungeon.find(ObjectiveKind::Exit);
  SearchOptions options;
  options.moves = cfg.moves;
  const PathResult expected = find_path(dungeon.tiles, cfg.cost_table(), s, e, options);
  ASSERT_TRUE(expected.found());
  std::vector<int> xy(2 * expected.path.size());
  double cost = 0;
  const int n = catacomb_find_path(d.get(), s.x, s.y, e.x, e.y, xy.data(), static_cast<int>(expected.path.size()),
                                   &cost);
  ASSERT_EQ(n, static_cast<int>(expected.path.size())) << catacomb_last_error();
  EXPECT_EQ(cost, expected.cost);
  for (size_t i = 0; i < expected.path.size(); ++i) {
    EXPECT_EQ(xy[2 * i], expected.path[i].x);
    EXPECT_EQ(xy[2 * i + 1], expected.path[i].y);
  }
  // 4 neighbours: every step is orthogonal.
  for (size_t i = 1; i < expected.path.size(); ++i)
    EXPECT_EQ(std::abs(xy[2 * i] - xy[2 * i - 2]) + std::abs(xy[2 * i + 1] - xy[2 * i - 1]), 1);
  EXPECT_EQ(catacomb_validate(d.get()), 1);
}

TEST(CApiTest, MessagesAreTheLibrarysAndTheConfigIsChecked) {
  auto library_message = [](const std::string& json) {
    try {
      generate_config_from_json(json).check();
    } catch (const InvalidArgument& e) { return std::string(e.what()); }
    return std::string("no error");
  };
  for (const char* bad : {R"({"width": 99999})", R"({"width": 10, "objectives": 12, "loop_fraction": 2})",
                          R"({"fill": 101})", R"({"colour": 1})", R"({"generator": "lava"})", "{", "[]"}) {
    EXPECT_EQ(catacomb_config_from_json(bad), nullptr) << bad;
    EXPECT_EQ(catacomb_last_error(), library_message(bad)) << bad;
  }
  EXPECT_STREQ(catacomb_last_error(), "config = JSON text (expected a JSON object)");
}

TEST(CApiTest, LastErrorIsPerThreadAndClearedBySuccess) {
  EXPECT_EQ(catacomb_config_from_json("{\"width\": 1}"), nullptr);
  const std::string here = catacomb_last_error();
  EXPECT_EQ(here, "width = 1 (expected 16 to 16384)");
  std::string there;
  std::thread t([&] {
    there = catacomb_last_error();  // nothing failed on this thread
    EXPECT_EQ(catacomb_dungeon_width(nullptr), 0);
  });
  t.join();
  EXPECT_EQ(there, "");
  EXPECT_EQ(catacomb_last_error(), here);
  ConfigPtr ok(catacomb_config_from_json("{}"));
  EXPECT_TRUE(ok);
  EXPECT_STREQ(catacomb_last_error(), "");
}

TEST(CApiTest, ReadsHandWrittenMapsWithMoreObjectivesThanTheLegendMarks) {
  Dungeon d = read_ascii(
      "#######\n"
      "#<....#\n"
      "#....>#\n"
      "#######\n");
  for (int i = 0; i < 10; ++i) d.objectives.push_back({ObjectiveKind::Key, {1 + i % 5, 1 + i / 5}});
  d.objectives.push_back({ObjectiveKind::Start, {3, 1}});   // a second start
  d.objectives.push_back({ObjectiveKind::Exit, {40, 40}});  // off the map
  DungeonPtr h(catacomb_dungeon_from_json(write_json_map(d).c_str()));
  ASSERT_TRUE(h) << catacomb_last_error();
  EXPECT_EQ(catacomb_dungeon_objective_count(h.get()), 14);
  // Later markers overwrite earlier ones on the same cell, as in an ASCII map; the tenth key,
  // the second start and the off-map exit have no marker.
  EXPECT_EQ(catacomb_dungeon_tile(h.get(), 1, 1), '1');  // the first key over the start
  EXPECT_EQ(catacomb_dungeon_tile(h.get(), 1, 2), '6');
  EXPECT_EQ(catacomb_dungeon_tile(h.get(), 5, 2), '>');  // the tenth key has no marker
  EXPECT_EQ(catacomb_dungeon_tile(h.get(), 3, 1), '3');  // nor has the second start
  EXPECT_EQ(catacomb_dungeon_tile(h.get(), 5, 1), '5');
  EXPECT_EQ(catacomb_dungeon_to_text(h.get()), nullptr);
  EXPECT_STREQ(catacomb_last_error(), "further objectives = 10 (expected at most 9 in an ASCII map)");
  EXPECT_EQ(catacomb_validate(h.get()), 0);
  EXPECT_STRNE(catacomb_last_error(), "");
  const char* kind = nullptr;
  int x = 0, y = 0;
  EXPECT_EQ(catacomb_dungeon_objective(h.get(), 13, &kind, &x, &y), 0);
  EXPECT_STREQ(kind, "exit");
  EXPECT_EQ(x, 40);
}

TEST(CApiTest, VersionIsTheLibrarys) { EXPECT_STREQ(catacomb_version(), CATACOMB_VERSION); }

}  // namespace
TEST(CApiTest, LockedDungeonsFromTheConfigTable) {
  catacomb_config* c = catacomb_config_from_json(
      R"({"locks": 2, "key_rule": "consumable", "width": 60, "height": 40})");
  ASSERT_NE(c, nullptr) << catacomb_last_error();
  catacomb_dungeon* d = catacomb_generate(c, 3);
  ASSERT_NE(d, nullptr) << catacomb_last_error();
  int locked_keys = 0;
  for (int i = 0; i < catacomb_dungeon_objective_count(d); ++i)
    locked_keys += catacomb_dungeon_objective_lock(d, i) > 0;
  EXPECT_EQ(locked_keys, 2);
  int doors = 0;
  for (int y = 0; y < catacomb_dungeon_height(d); ++y)
    for (int x = 0; x < catacomb_dungeon_width(d); ++x) {
      const int lock = catacomb_dungeon_lock(d, x, y);
      doors += lock > 0;
      if (lock > 0) { EXPECT_EQ(catacomb_dungeon_tile(d, x, y), 'A' + lock - 1); }
    }
  EXPECT_GE(doors, 2);
  EXPECT_EQ(catacomb_completable(d), 1);
  EXPECT_EQ(catacomb_dungeon_lock(d, -1, 0), -1);
  EXPECT_EQ(catacomb_dungeon_objective_lock(nullptr, 0), -1);
  catacomb_dungeon_free(d);
  catacomb_config_free(c);
}

namespace {

struct PlayerFree {
  void operator()(catacomb_player* p) const { catacomb_player_free(p); }
};
using PlayerPtr = std::unique_ptr<catacomb_player, PlayerFree>;

TEST(CApiTest, PlayerPathsOpenOnlyTheDoorsWhoseKeysAreHeld) {
  const std::string json = write_json_map(read_ascii("#########\n#<.bB..>#\n#########\n\nkey-rule: reusable\n"));
  DungeonPtr d(catacomb_dungeon_from_json(json.c_str()));
  ASSERT_TRUE(d) << catacomb_last_error();
  PlayerPtr nobody(catacomb_player_new());
  ASSERT_TRUE(nobody);
  int xy[40], doors[9], door_count = -1;
  double cost = 0;
  EXPECT_EQ(catacomb_find_player_path(d.get(), nobody.get(), 1, 1, 7, 1, xy, 20, &cost, doors, 3, &door_count), 0);
  EXPECT_EQ(door_count, 0);
  EXPECT_STREQ(catacomb_last_error(), "");
  PlayerPtr holder(catacomb_player_new());
  ASSERT_EQ(catacomb_player_add_key(holder.get(), 2), 0);
  EXPECT_EQ(catacomb_find_player_path(d.get(), holder.get(), 1, 1, 7, 1, xy, 20, &cost, doors, 3, &door_count), 7);
  ASSERT_EQ(door_count, 1);
  EXPECT_EQ(doors[0], 4);
  EXPECT_EQ(doors[1], 1);
  EXPECT_EQ(doors[2], 2);
  PlayerPtr all(catacomb_player_all_keys(d.get()));
  EXPECT_EQ(catacomb_find_player_path(d.get(), all.get(), 1, 1, 7, 1, nullptr, 0, nullptr, nullptr, 0, nullptr), 7);
  PlayerPtr opened(catacomb_player_new());
  ASSERT_EQ(catacomb_player_open_door(opened.get(), 4, 1), 0);
  EXPECT_EQ(catacomb_find_player_path(d.get(), opened.get(), 1, 1, 7, 1, nullptr, 0, nullptr, nullptr, 0, &door_count),
            7);
  EXPECT_EQ(door_count, 0);
  EXPECT_EQ(catacomb_player_add_key(holder.get(), 12), -1);
  EXPECT_STREQ(catacomb_last_error(), "lock = 12 (expected 1 to 9)");
  PlayerPtr wrong(catacomb_player_new());
  ASSERT_EQ(catacomb_player_open_door(wrong.get(), 2, 1), 0);
  EXPECT_EQ(catacomb_find_player_path(d.get(), wrong.get(), 1, 1, 7, 1, nullptr, 0, nullptr, nullptr, 0, nullptr), -1);
  EXPECT_STREQ(catacomb_last_error(), "opened[0] = 2,1 (expected a locked door of the map)");
  EXPECT_EQ(catacomb_find_player_path(d.get(), nullptr, 1, 1, 7, 1, nullptr, 0, nullptr, nullptr, 0, nullptr), -1);
  EXPECT_EQ(catacomb_player_all_keys(nullptr), nullptr);
}

}  // namespace
}  // namespace catacomb
