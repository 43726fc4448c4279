// The C API against the C++ library it wraps: the same dungeons, bytes, paths and messages, and
// a last error that is per thread. The C11 program (catacomb_c11_test.c) covers the C side.
#include <catacomb/catacomb.h>

#include <gtest/gtest.h>

#include "support/capi_handles.hpp"

#include <algorithm>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/pipeline/generate.hpp>
#include <catacomb/io/ascii.hpp>
#include <catacomb/io/config_json.hpp>
#include <catacomb/io/json_map.hpp>
#include <catacomb/io/mission_json.hpp>
#include <catacomb/io/template_set.hpp>
#include <catacomb/pathing/search.hpp>
#include <catacomb/validate/room_graph.hpp>
#include <catacomb/validate/validate.hpp>
#include <catacomb/version.hpp>
#include "support/test_support.hpp"

namespace catacomb {
namespace {

using namespace test;  // the handles (support/capi_handles.hpp)

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
      ConfigSources sources;  // the C API's config also takes templates, theme and mission
      generate_config_and_sources_from_json(json, sources).check();
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
  EXPECT_EQ(catacomb_dungeon_to_text(h.get()), nullptr);  // the first thing ASCII cannot carry
  EXPECT_STREQ(catacomb_last_error(), "objectives at 1,1 = start and key (expected one per cell in an ASCII map)");
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
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_NO_ROUTE);
  EXPECT_STREQ(catacomb_last_error(), "no route from 1,1 to 7,1");
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

// The doors of every kind, each objective's switch, and player routes under switch states.
TEST(CApiTest, DoorsSwitchesAndPlayerRoutesThroughGatesAndOneWayDoors) {
  const std::string json = write_json_map(
      read_ascii("#########\n#<.K.).>#\n#########\n#.j.S..1#\n#########\n\n1: switch 2\n"));
  DungeonPtr d(catacomb_dungeon_from_json(json.c_str()));
  ASSERT_TRUE(d) << catacomb_last_error();
  ASSERT_EQ(catacomb_dungeon_door_count(d.get()), 4);
  int x = -1, y = -1, sw = -1, off = -1, dx = 9, dy = 9;
  const char* kind = nullptr;
  ASSERT_EQ(catacomb_dungeon_door(d.get(), 0, &x, &y, &kind, &sw, &off, &dx, &dy), 0);
  EXPECT_EQ(std::string(kind) + " " + std::to_string(x) + "," + std::to_string(y), "gate 3,1");
  EXPECT_EQ(sw, 2);
  EXPECT_EQ(off, 0);
  EXPECT_EQ(dx, 0);
  ASSERT_EQ(catacomb_dungeon_door(d.get(), 1, &x, &y, &kind, &sw, &off, &dx, &dy), 0);
  EXPECT_EQ(std::string(kind) + " " + std::to_string(x) + "," + std::to_string(y), "one-way 5,1");
  EXPECT_EQ(sw, 0);
  EXPECT_EQ(dx, 1);
  EXPECT_EQ(dy, 0);
  ASSERT_EQ(catacomb_dungeon_door(d.get(), 2, &x, &y, &kind, &sw, &off, nullptr, nullptr), 0);
  EXPECT_EQ(std::string(kind) + " " + std::to_string(x) + "," + std::to_string(y), "gate 2,3");
  EXPECT_EQ(sw, 1);
  EXPECT_EQ(off, 1);
  ASSERT_EQ(catacomb_dungeon_door(d.get(), 3, nullptr, nullptr, &kind, nullptr, nullptr, nullptr, nullptr), 0);
  EXPECT_STREQ(kind, "secret");
  EXPECT_EQ(catacomb_dungeon_door(d.get(), 4, &x, &y, &kind, &sw, &off, &dx, &dy), -1);
  EXPECT_STREQ(catacomb_last_error(), "index = 4 (expected 0 to 3)");
  EXPECT_EQ(catacomb_dungeon_door(nullptr, 0, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr), -1);
  EXPECT_EQ(catacomb_dungeon_door_count(nullptr), -1);
  EXPECT_EQ(catacomb_dungeon_objective_switch(d.get(), 0), 0);  // the start
  EXPECT_EQ(catacomb_dungeon_objective_switch(d.get(), 2), 2);
  EXPECT_EQ(catacomb_dungeon_objective_switch(d.get(), 3), -1);
  EXPECT_EQ(catacomb_dungeon_objective_switch(nullptr, 0), -1);

  // The exit at 7,1 is behind the gate of switch 2 at 3,1 and the one-way door at 5,1 (east).
  PlayerPtr p(catacomb_player_new());
  EXPECT_EQ(catacomb_player_switches(p.get()), 0);
  EXPECT_EQ(catacomb_find_player_path(d.get(), p.get(), 1, 1, 4, 1, nullptr, 0, nullptr, nullptr, 0, nullptr), 0);
  ASSERT_EQ(catacomb_player_set_switch(p.get(), 2, 1), 0);
  EXPECT_EQ(catacomb_player_switches(p.get()), 2);
  EXPECT_EQ(catacomb_find_player_path(d.get(), p.get(), 1, 1, 6, 1, nullptr, 0, nullptr, nullptr, 0, nullptr), 6);
  EXPECT_EQ(catacomb_find_player_path(d.get(), p.get(), 6, 1, 4, 1, nullptr, 0, nullptr, nullptr, 0, nullptr), 0)
      << "the one-way door is passed going east only";
  ASSERT_EQ(catacomb_player_set_switch(p.get(), 2, 0), 0);
  EXPECT_EQ(catacomb_player_switches(p.get()), 0);
  EXPECT_EQ(catacomb_player_set_switch(p.get(), 12, 1), -1);
  EXPECT_STREQ(catacomb_last_error(), "switch = 12 (expected 1 to 9)");
  EXPECT_EQ(catacomb_player_set_switch(nullptr, 1, 1), -1);
  EXPECT_EQ(catacomb_player_switches(nullptr), -1);
}

// Under the consumable rule a game spends a key as each door opens (catacomb_player_open_door and
// catacomb_player_remove_key), and routes from its state then as the map stands.
TEST(CApiTest, AConsumableKeyIsSpentAsItsDoorOpens) {
  const std::string json = write_json_map(read_ascii("##########\n#<.bB.B.>#\n##########\n\nkey-rule: consumable\n"));
  DungeonPtr d(catacomb_dungeon_from_json(json.c_str()));
  ASSERT_TRUE(d) << catacomb_last_error();
  PlayerPtr p(catacomb_player_new());
  ASSERT_EQ(catacomb_player_keys(p.get(), 2), 0);
  ASSERT_EQ(catacomb_player_add_key(p.get(), 2), 0);
  ASSERT_EQ(catacomb_player_add_key(p.get(), 2), 0);
  EXPECT_EQ(catacomb_player_keys(p.get(), 2), 2);
  // Two keys open both doors of lock 2 on the way to the exit at 8,1.
  int doors[6], door_count = -1;
  ASSERT_EQ(catacomb_find_player_path(d.get(), p.get(), 3, 1, 8, 1, nullptr, 0, nullptr, doors, 2, &door_count), 6);
  ASSERT_EQ(door_count, 2);
  // The player walks to the first door and opens it: the game keeps the state in step.
  ASSERT_EQ(catacomb_player_open_door(p.get(), doors[0], doors[1]), 0);
  ASSERT_EQ(catacomb_player_remove_key(p.get(), doors[2]), 0) << catacomb_last_error();
  EXPECT_EQ(catacomb_player_keys(p.get(), 2), 1);
  // From behind the first door, the one key left opens the second door; no key is left for a third.
  ASSERT_EQ(catacomb_find_player_path(d.get(), p.get(), 5, 1, 8, 1, nullptr, 0, nullptr, doors, 2, &door_count), 4);
  ASSERT_EQ(door_count, 1);
  EXPECT_EQ(doors[0], 6);
  ASSERT_EQ(catacomb_player_open_door(p.get(), 6, 1), 0);
  ASSERT_EQ(catacomb_player_remove_key(p.get(), 2), 0);
  EXPECT_EQ(catacomb_player_keys(p.get(), 2), 0);
  // Both doors stay open: the whole way back needs no key.
  EXPECT_EQ(catacomb_find_player_path(d.get(), p.get(), 8, 1, 1, 1, nullptr, 0, nullptr, nullptr, 0, &door_count), 8);
  EXPECT_EQ(door_count, 0);

  // One key spent on the first door leaves none for the second.
  PlayerPtr one(catacomb_player_new());
  ASSERT_EQ(catacomb_player_add_key(one.get(), 2), 0);
  ASSERT_EQ(catacomb_player_open_door(one.get(), 4, 1), 0);
  ASSERT_EQ(catacomb_player_remove_key(one.get(), 2), 0);
  EXPECT_EQ(catacomb_find_player_path(d.get(), one.get(), 5, 1, 8, 1, nullptr, 0, nullptr, nullptr, 0, nullptr), 0);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_NO_ROUTE);

  // A key not held, a lock out of range and NULL are refused, the state unchanged.
  EXPECT_EQ(catacomb_player_remove_key(one.get(), 2), -1);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_INVALID_ARGUMENT);
  EXPECT_STREQ(catacomb_last_error(), "lock = 2 (expected a lock the player holds a key of (it holds none))");
  EXPECT_EQ(catacomb_player_keys(one.get(), 2), 0);
  EXPECT_EQ(catacomb_player_remove_key(one.get(), 12), -1);
  EXPECT_STREQ(catacomb_last_error(), "lock = 12 (expected 1 to 9)");
  EXPECT_EQ(catacomb_player_remove_key(one.get(), 0), -1);
  EXPECT_STREQ(catacomb_last_error(), "lock = 0 (expected 1 to 9)");
  EXPECT_EQ(catacomb_player_remove_key(nullptr, 1), -1);
  EXPECT_EQ(catacomb_player_keys(one.get(), 10), -1);
  EXPECT_STREQ(catacomb_last_error(), "lock = 10 (expected 1 to 9)");
  EXPECT_EQ(catacomb_player_keys(nullptr, 1), -1);
}

// A route from or to a cell the rules never enter is an answer, as in C++ (PathStatus
// StartBlocked / GoalBlocked): 0 with its own code, for every route query.
TEST(CApiTest, ARouteFromAWallIsStartBlockedAsInCpp) {
  const Dungeon map = read_ascii("#######\n#<...>#\n#######\n");
  DungeonPtr d(catacomb_dungeon_from_json(write_json_map(map).c_str()));
  ASSERT_TRUE(d) << catacomb_last_error();
  EXPECT_EQ(find_path(map.tiles, CostTable::preset(CostPreset::Dungeon), {0, 0}, {5, 1}).status,
            PathStatus::StartBlocked);
  EXPECT_EQ(catacomb_find_path(d.get(), 0, 0, 5, 1, nullptr, 0, nullptr), 0);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_START_BLOCKED);
  EXPECT_STREQ(catacomb_last_error(), "no route from 0,0 to 5,1: the start 0,0 is wall (start-blocked)");
  EXPECT_EQ(catacomb_find_path(d.get(), 1, 1, 3, 0, nullptr, 0, nullptr), 0);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_GOAL_BLOCKED);
  EXPECT_STREQ(catacomb_last_error(), "no route from 1,1 to 3,0: the goal 3,0 is wall (goal-blocked)");
  PlayerPtr p(catacomb_player_new());
  EXPECT_EQ(catacomb_find_player_path(d.get(), p.get(), 0, 0, 5, 1, nullptr, 0, nullptr, nullptr, 0, nullptr), 0);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_START_BLOCKED);
  NavigatorPtr nav(catacomb_navigator_new(d.get(), nullptr));
  ASSERT_TRUE(nav);
  EXPECT_EQ(catacomb_navigator_find_path(nav.get(), 0, 0, 5, 1, nullptr, 0, nullptr), 0);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_START_BLOCKED);
  EXPECT_EQ(catacomb_navigator_find_path(nav.get(), 1, 1, 6, 1, nullptr, 0, nullptr), 0);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_GOAL_BLOCKED);
  // A cell off the map stays an error.
  EXPECT_EQ(catacomb_find_path(d.get(), -1, 0, 5, 1, nullptr, 0, nullptr), -1);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_INVALID_ARGUMENT);
}

TEST(CApiTest, ANavigatorRoutesThroughTheDoorsItsPlayerOpensAndRefusesBadArguments) {
  const std::string json = write_json_map(read_ascii("#########\n#<.bB..>#\n#########\n\nkey-rule: reusable\n"));
  DungeonPtr d(catacomb_dungeon_from_json(json.c_str()));
  ASSERT_TRUE(d) << catacomb_last_error();
  NavigatorPtr nav(catacomb_navigator_new(d.get(), nullptr));
  ASSERT_TRUE(nav) << catacomb_last_error();
  int xy[40];
  double cost = 0;
  EXPECT_EQ(catacomb_navigator_find_path(nav.get(), 1, 1, 7, 1, xy, 20, &cost), 0);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_NO_ROUTE);
  PlayerPtr holder(catacomb_player_new());
  ASSERT_EQ(catacomb_player_add_key(holder.get(), 2), 0);
  ASSERT_EQ(catacomb_navigator_set_player(nav.get(), holder.get()), 0);
  EXPECT_EQ(catacomb_navigator_find_path(nav.get(), 1, 1, 7, 1, xy, 20, &cost), 7);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_OK);
  EXPECT_EQ(cost, 6.0);
  EXPECT_EQ(xy[6], 4);  // the fourth cell is the door
  ASSERT_EQ(catacomb_navigator_set_door(nav.get(), 4, 1, 0), 0);
  EXPECT_EQ(catacomb_navigator_find_path(nav.get(), 1, 1, 7, 1, nullptr, 0, nullptr), 0);
  ASSERT_EQ(catacomb_navigator_set_door(nav.get(), 4, 1, 1), 0);
  EXPECT_EQ(catacomb_navigator_find_path(nav.get(), 1, 1, 7, 1, nullptr, 0, nullptr), 7);
  const double bytes = catacomb_navigator_bytes_per_cell(nav.get());
  EXPECT_GT(bytes, 1.0);
  EXPECT_LE(bytes, 16.0 * 2);  // a 9x3 map's padding weighs on its few cells
  // Bad arguments: -1 with CATACOMB_INVALID_ARGUMENT and a message naming the value.
  EXPECT_EQ(catacomb_navigator_set_door(nav.get(), 2, 1, 1), -1);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_INVALID_ARGUMENT);
  EXPECT_STREQ(catacomb_last_error(), "x, y = 2,1 (expected a locked door of the dungeon)");
  EXPECT_EQ(catacomb_navigator_set_door(nav.get(), 40, 1, 1), -1);
  EXPECT_EQ(catacomb_navigator_find_path(nav.get(), -1, 1, 7, 1, nullptr, 0, nullptr), -1);
  EXPECT_STREQ(catacomb_last_error(), "x0 = -1 (expected 0 to 8)");
  EXPECT_EQ(catacomb_navigator_find_path(nav.get(), 1, 1, 7, 1, nullptr, 3, nullptr), -1);
  EXPECT_STREQ(catacomb_last_error(), "out_xy = NULL (expected room for capacity cells)");
  EXPECT_EQ(catacomb_navigator_find_path(nav.get(), 1, 1, 7, 1, xy, -1, nullptr), -1);
  EXPECT_EQ(catacomb_navigator_find_path(nullptr, 1, 1, 7, 1, nullptr, 0, nullptr), -1);
  EXPECT_STREQ(catacomb_last_error(), "navigator = NULL (expected a navigator handle)");
  EXPECT_EQ(catacomb_navigator_set_player(nav.get(), nullptr), -1);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_INVALID_ARGUMENT);
  PlayerPtr wrong(catacomb_player_new());
  ASSERT_EQ(catacomb_player_open_door(wrong.get(), 2, 1), 0);
  EXPECT_EQ(catacomb_navigator_set_player(nav.get(), wrong.get()), -1);
  EXPECT_STREQ(catacomb_last_error(), "opened[0] = 2,1 (expected a locked door of the map)");
  EXPECT_EQ(catacomb_navigator_new(nullptr, nullptr), nullptr);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_INVALID_ARGUMENT);
  EXPECT_EQ(catacomb_navigator_new(d.get(), wrong.get()), nullptr);
  EXPECT_EQ(catacomb_navigator_bytes_per_cell(nullptr), -1);
  catacomb_navigator_free(nullptr);
}

TEST(CApiTest, TilesLayersRoomsAndLocksComeOutWhole) {
  ConfigPtr config(catacomb_config_from_json(R"({"locks": 2})"));
  ASSERT_TRUE(config) << catacomb_last_error();
  DungeonPtr d(catacomb_generate(config.get(), 5));
  ASSERT_TRUE(d) << catacomb_last_error();
  const Dungeon own = generate_dungeon(generate_config_from_json(R"({"locks": 2})"), 5).dungeon;
  const long long n = catacomb_dungeon_tiles(d.get(), nullptr, 0);
  ASSERT_EQ(n, static_cast<long long>(own.tiles.size()));
  std::string tiles(static_cast<size_t>(n), '?'), cells(static_cast<size_t>(n), '?');
  EXPECT_EQ(catacomb_dungeon_tiles(d.get(), tiles.data(), tiles.size()), n);
  EXPECT_EQ(catacomb_dungeon_cells(d.get(), cells.data(), cells.size()), n);
  const int w = own.tiles.width();
  for (size_t k = 0; k < own.tiles.size(); ++k) {
    ASSERT_EQ(tiles[k], terrain_char(own.tiles.data()[k])) << k;
    ASSERT_EQ(cells[k], catacomb_dungeon_tile(d.get(), static_cast<int>(k) % w, static_cast<int>(k) / w)) << k;
  }
  const Point start = *own.find(ObjectiveKind::Start);
  EXPECT_EQ(tiles[static_cast<size_t>(start.y * w + start.x)], '.') << "the floor under the start";
  EXPECT_EQ(cells[static_cast<size_t>(start.y * w + start.x)], '<');
  ASSERT_EQ(catacomb_dungeon_locked_door_count(d.get()), static_cast<int>(own.locks.size()));
  for (int k = 0; k < catacomb_dungeon_locked_door_count(d.get()); ++k) {
    int x = -1, y = -1, lock = -1;
    ASSERT_EQ(catacomb_dungeon_locked_door(d.get(), k, &x, &y, &lock), 0);
    EXPECT_EQ((LockedDoor{{x, y}, lock}), own.locks[static_cast<size_t>(k)]);
  }
  ASSERT_EQ(catacomb_dungeon_room_count(d.get()), static_cast<int>(own.rooms.size()));
  int rx = 0, ry = 0, rw = 0, rh = 0;
  ASSERT_EQ(catacomb_dungeon_room(d.get(), 0, &rx, &ry, &rw, &rh), 0);
  EXPECT_EQ((Rect{rx, ry, rw, rh}), own.rooms[0]);
  EXPECT_EQ(catacomb_dungeon_room(d.get(), 999, nullptr, nullptr, nullptr, nullptr), -1);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_INVALID_ARGUMENT);

  ReportPtr report(catacomb_report_new(d.get()));
  ASSERT_TRUE(report);
  EXPECT_EQ(catacomb_report_valid(report.get()), 1);
  EXPECT_EQ(catacomb_report_problem_count(report.get()), 0);
  const ValidationReport mine = validate_dungeon(own);
  ASSERT_EQ(catacomb_report_step_count(report.get()), static_cast<int>(mine.solution->walkthrough.size()));
  const char* kind = nullptr;
  int x = 0, y = 0, lock = 0, moves = 0;
  double cost = 0;
  ASSERT_EQ(catacomb_report_step(report.get(), 0, &kind, &x, &y, &lock, &moves, &cost), 0);
  EXPECT_STREQ(kind, step_kind_name(mine.solution->walkthrough[0].kind).data());
  EXPECT_EQ(cost, mine.solution->walkthrough[0].cost);
}

// Every step of a walkthrough through a switch's gate and a one-way door: its kind (all six are
// named), a toggle's switch id and the cells walked, as the C++ walkthrough has them.
TEST(CApiTest, WalkthroughStepsGiveTheirSwitchAndRoute) {
  const Dungeon own = read_ascii("#########\n#<.1K).>#\n#########\n\n1: switch 2\n");
  DungeonPtr d(catacomb_dungeon_from_json(write_json_map(own).c_str()));
  ASSERT_TRUE(d) << catacomb_last_error();
  ReportPtr report(catacomb_report_new(d.get()));
  ASSERT_TRUE(report);
  ASSERT_EQ(catacomb_report_valid(report.get()), 1);
  const ValidationReport mine = validate_dungeon(own);
  ASSERT_TRUE(mine.solution);
  const std::vector<WalkStep>& steps = mine.solution->walkthrough;
  ASSERT_EQ(catacomb_report_step_count(report.get()), static_cast<int>(steps.size()));
  std::string kinds;
  for (int i = 0; i < static_cast<int>(steps.size()); ++i) {
    const WalkStep& s = steps[static_cast<size_t>(i)];
    const char* kind = nullptr;
    ASSERT_EQ(catacomb_report_step(report.get(), i, &kind, nullptr, nullptr, nullptr, nullptr, nullptr), 0);
    kinds += std::string(kinds.empty() ? "" : " ") + kind;
    EXPECT_EQ(catacomb_report_step_switch(report.get(), i), s.switch_id);
    const int n = catacomb_report_step_route(report.get(), i, nullptr, 0);
    ASSERT_EQ(n, static_cast<int>(s.route.size()));
    std::vector<int> xy(2 * static_cast<size_t>(n));
    ASSERT_EQ(catacomb_report_step_route(report.get(), i, xy.data(), n), n);
    for (int k = 0; k < n; ++k)
      EXPECT_EQ((Point{xy[2 * static_cast<size_t>(k)], xy[2 * static_cast<size_t>(k) + 1]}),
                s.route[static_cast<size_t>(k)])
          << "step " << i << " cell " << k;
  }
  EXPECT_EQ(kinds, "toggle one-way reach-exit");
  EXPECT_EQ(catacomb_report_step_switch(report.get(), 0), 2);
  EXPECT_EQ(catacomb_report_step_switch(report.get(), 1), 0);
  // The toggle walks from the start to the switch at 3,1; a short buffer gets the route's head.
  int head[4] = {-1, -1, -1, -1};
  ASSERT_EQ(catacomb_report_step_route(report.get(), 0, head, 2), 3);
  EXPECT_EQ((std::vector<int>(head, head + 4)), (std::vector<int>{1, 1, 2, 1}));
  // Bad arguments.
  EXPECT_EQ(catacomb_report_step_route(report.get(), 0, nullptr, 1), -1);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_INVALID_ARGUMENT);
  EXPECT_EQ(catacomb_report_step_route(report.get(), 0, head, -1), -1);
  EXPECT_STREQ(catacomb_last_error(), "capacity = -1 (expected 0 or more)");
  EXPECT_EQ(catacomb_report_step_route(report.get(), 3, nullptr, 0), -1);
  EXPECT_STREQ(catacomb_last_error(), "index = 3 (expected 0 to 2)");
  EXPECT_EQ(catacomb_report_step_switch(report.get(), -1), -1);
  EXPECT_STREQ(catacomb_last_error(), "index = -1 (expected 0 to 2)");
  EXPECT_EQ(catacomb_report_step_switch(nullptr, 0), -1);
  EXPECT_EQ(catacomb_report_step_route(nullptr, 0, nullptr, 0), -1);
}

TEST(CApiTest, TheRoomGraphComesOutNodeByNodeAndEdgeByEdge) {
  for (const char* recipe : {R"({"locks": 2})", R"({"generator": "caves", "locks": 2, "cost": "water=impassable"})"}) {
    SCOPED_TRACE(recipe);
    ConfigPtr config(catacomb_config_from_json(recipe));
    ASSERT_TRUE(config) << catacomb_last_error();
    DungeonPtr d(catacomb_generate(config.get(), 5));
    ASSERT_TRUE(d) << catacomb_last_error();
    const Dungeon own = generate_dungeon(generate_config_from_json(recipe), 5).dungeon;
    const RoomGraph mine = room_graph(own);
    GraphPtr g(catacomb_graph_new(d.get()));
    ASSERT_TRUE(g) << catacomb_last_error();
    ASSERT_EQ(catacomb_graph_node_count(g.get()), static_cast<int>(mine.nodes.size()));
    for (int i = 0; i < catacomb_graph_node_count(g.get()); ++i) {
      const char* kind = nullptr;
      int room = -2, x = 0, y = 0, w = 0, h = 0;
      long long cells = 0;
      ASSERT_EQ(catacomb_graph_node(g.get(), i, &kind, &room, &x, &y, &w, &h, &cells), 0);
      const GraphNode& n = mine.nodes[size_t(i)];
      EXPECT_EQ(kind, graph_node_kind_name(n.kind));
      EXPECT_EQ(room, n.room);
      EXPECT_EQ((Rect{x, y, w, h}), n.bounds);
      EXPECT_EQ(cells, n.cells);
      double intensity = -2;
      int critical = -2;
      ASSERT_EQ(catacomb_graph_node_intensity(g.get(), i, &intensity, &critical), 0);
      EXPECT_EQ(intensity, n.intensity);
      EXPECT_EQ(critical, n.critical);
      EXPECT_GE(intensity, n.critical >= 0 ? 0.0 : -1.0);
    }
    EXPECT_EQ(mine.nodes[size_t(mine.node_at[*own.find(ObjectiveKind::Exit)])].intensity, 1.0);
    ASSERT_EQ(catacomb_graph_edge_count(g.get()), static_cast<int>(mine.edges.size()));
    int locks = 0;
    for (int i = 0; i < catacomb_graph_edge_count(g.get()); ++i) {
      int a = -1, b = -1, lock = -1, x = -1, y = -1, doors = -1;
      ASSERT_EQ(catacomb_graph_edge(g.get(), i, &a, &b, &lock, &x, &y, &doors), 0);
      const GraphEdge& e = mine.edges[size_t(i)];
      EXPECT_EQ(a, e.a);
      EXPECT_EQ(b, e.b);
      EXPECT_EQ(lock, e.lock);
      EXPECT_EQ((Point{x, y}), e.via);
      ASSERT_EQ(doors, static_cast<int>(e.doors.size()));
      for (int k = 0; k < doors; ++k) {
        int dx = -1, dy = -1, dl = -1;
        ASSERT_EQ(catacomb_graph_edge_door(g.get(), i, k, &dx, &dy, &dl), 0);
        EXPECT_EQ((GraphDoor{{dx, dy}, dl}), e.doors[size_t(k)]);
      }
      locks |= lock > 0 ? 1 << lock : 0;
    }
    EXPECT_EQ(locks, 2 | 4);  // locks 1 and 2, each on an edge
    const Point start = *own.find(ObjectiveKind::Start);
    int node = -2;
    ASSERT_EQ(catacomb_graph_node_at(g.get(), start.x, start.y, &node), 0);
    EXPECT_EQ(node, mine.node_at[start]);
    EXPECT_GE(node, 0);
  }
  // Errors: a code and the library's words.
  EXPECT_EQ(catacomb_graph_new(nullptr), nullptr);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_INVALID_ARGUMENT);
  EXPECT_EQ(catacomb_graph_node_count(nullptr), -1);
  EXPECT_EQ(catacomb_graph_edge_count(nullptr), -1);
  ConfigPtr config(catacomb_config_new());
  DungeonPtr d(catacomb_generate(config.get(), 1));
  GraphPtr g(catacomb_graph_new(d.get()));
  ASSERT_TRUE(g);
  int node = 0;
  EXPECT_EQ(catacomb_graph_node(g.get(), -1, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr), -1);
  EXPECT_EQ(catacomb_graph_node_intensity(g.get(), -1, nullptr, nullptr), -1);
  EXPECT_EQ(std::string(catacomb_last_error()).rfind("index = -1 (expected 0 to ", 0), 0u) << catacomb_last_error();
  EXPECT_EQ(catacomb_graph_node_intensity(nullptr, 0, nullptr, nullptr), -1);
  EXPECT_EQ(std::string(catacomb_last_error()), "graph = NULL (expected a graph handle)");
  EXPECT_EQ(catacomb_graph_edge(g.get(), 100000, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr), -1);
  EXPECT_EQ(std::string(catacomb_last_error()).rfind("edge = 100000 (expected 0 to ", 0), 0u) << catacomb_last_error();
  EXPECT_EQ(catacomb_graph_edge_door(g.get(), 0, 99, nullptr, nullptr, nullptr), -1);
  EXPECT_EQ(catacomb_graph_node_at(g.get(), -1, 0, &node), -1);
  EXPECT_NE(std::string(catacomb_last_error()).find("x = -1"), std::string::npos) << catacomb_last_error();
  EXPECT_EQ(catacomb_graph_node_at(g.get(), 0, 0, nullptr), -1);
  ASSERT_EQ(catacomb_graph_node_at(g.get(), 0, 0, &node), 0);
  EXPECT_EQ(node, -1);  // the border is wall
  catacomb_graph_free(nullptr);
}

TEST(CApiTest, EveryProblemOfAnInvalidMapIsListed) {
  DungeonPtr d(catacomb_dungeon_from_json(write_json_map(read_ascii("#######\n#<.#1.#\n#..#2.#\n#######\n")).c_str()));
  ASSERT_TRUE(d) << catacomb_last_error();
  EXPECT_EQ(catacomb_validate(d.get()), 0);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_NOT_COMPLETABLE);
  ReportPtr report(catacomb_report_new(d.get()));
  ASSERT_TRUE(report);
  EXPECT_EQ(catacomb_report_valid(report.get()), 0);
  ASSERT_EQ(catacomb_report_problem_count(report.get()), 2);
  const char* kind = nullptr;
  int objective = -2;
  const char* message = catacomb_report_problem(report.get(), 1, &kind, &objective);
  ASSERT_NE(message, nullptr);
  EXPECT_STREQ(kind, "unreachable");
  EXPECT_EQ(objective, 2);
}

TEST(CApiTest, ConfigSettersCoverEveryParameterOfTheTable) {
  ConfigPtr config(catacomb_config_new());
  ASSERT_TRUE(config);
  size_t table = 0;
  for (const ConfigParam& p : generate_config_params()) table += p.is_seed() ? 0u : 1u;
  ASSERT_EQ(catacomb_config_param_count(),
            static_cast<int>(table) + 5);  // threads, time_limit_ms, templates, theme, mission
  // Each parameter reads back what it holds and takes it again unchanged.
  for (int k = 0; k < catacomb_config_param_count(); ++k) {
    const char* key = catacomb_config_param_key(k);
    ASSERT_NE(key, nullptr);
    StringPtr value(catacomb_config_get(config.get(), key));
    ASSERT_TRUE(value) << key << ": " << catacomb_last_error();
    EXPECT_EQ(catacomb_config_set(config.get(), key, value.get()), 0) << key << ": " << catacomb_last_error();
  }
  EXPECT_EQ(catacomb_config_set(config.get(), "room-count", "12"), 0);
  EXPECT_EQ(catacomb_config_set(config.get(), "generator", "caves"), 0);
  EXPECT_EQ(catacomb_config_set(config.get(), "threads", "2"), 0);
  StringPtr json(catacomb_config_to_json(config.get()));
  const GenerateConfig back = generate_config_from_json(json.get());
  EXPECT_EQ(back.rooms.room_count, 12);
  EXPECT_EQ(back.generator, GeneratorKind::Caves);
  EXPECT_EQ(catacomb_config_set(config.get(), "width", "99999"), -1);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_INVALID_ARGUMENT);
  EXPECT_STREQ(catacomb_last_error(), "width = 99999 (expected 3 to 16384)");
  EXPECT_EQ(catacomb_config_set(config.get(), "colour", "red"), -1);
  EXPECT_EQ(std::string(catacomb_last_error()).rfind("key = colour (expected one of generator, width", 0), 0u)
      << catacomb_last_error();
  EXPECT_EQ(catacomb_config_set(config.get(), "water", "lots"), -1);
  EXPECT_STREQ(catacomb_last_error(), "water = lots (expected a number)");
}

// A time limit from C: a dungeon made within it is the seed's own; one that runs out says so.
TEST(CApiTest, ATimeLimitStopsBetweenAttemptsAndSaysSo) {
  ConfigPtr config(catacomb_config_new());
  ASSERT_TRUE(config);
  EXPECT_EQ(catacomb_config_set(config.get(), "time_limit_ms", "-1"), -1);
  EXPECT_STREQ(catacomb_last_error(), "time_limit_ms = -1 (expected 0 (no limit) or more milliseconds)");
  ASSERT_EQ(catacomb_config_set(config.get(), "time_limit_ms", "60000"), 0);
  StringPtr limit(catacomb_config_get(config.get(), "time_limit_ms"));
  EXPECT_STREQ(limit.get(), "60000");
  DungeonPtr within(catacomb_generate(config.get(), 7));
  ASSERT_TRUE(within) << catacomb_last_error();
  StringPtr a(catacomb_dungeon_to_json(within.get()));
  EXPECT_EQ(std::string(a.get()), write_json_map(generate_dungeon(GenerateConfig{}, 7).dungeon));
  // A map too crowded to succeed, with many attempts: 1 ms runs out first, and the message says so.
  ConfigPtr hard(catacomb_config_from_json(R"({"width": 16, "height": 16, "room_count": 40, "locks": 9,
                                                "max_attempts": 1000})"));
  ASSERT_TRUE(hard) << catacomb_last_error();
  ASSERT_EQ(catacomb_config_set(hard.get(), "time_limit_ms", "1"), 0);
  EXPECT_EQ(catacomb_generate(hard.get(), 3), nullptr);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_NO_VALID_DUNGEON);
  EXPECT_EQ(std::string(catacomb_last_error()).rfind("time limit of 1 ms reached: ", 0), 0u) << catacomb_last_error();
}

// Room templates and a mission from C, by config_set and in the JSON config: the dungeons of
// `catacomb generate --templates ... --mission ...`, i.e. of the library given the loaded set.
TEST(CApiTest, TemplatesAndAMissionFromC) {
  const std::string set = std::string(CATACOMB_SOURCE_DIR) + "/examples/templates/crypt.tmj";
  const std::string mission = std::string(CATACOMB_SOURCE_DIR) + "/examples/missions/two-cycles.json";
  GenerateConfig cfg;
  cfg.templates = std::make_shared<const TemplateSet>(load_template_set(set).set);
  const Dungeon templated = generate_dungeon(cfg, 7).dungeon;
  cfg.mission = std::make_shared<const Mission>(load_mission(mission));
  cfg.width = cfg.height = 0;  // no size given: chosen from the mission, as the CLI chooses it
  const Dungeon missioned = generate_dungeon(cfg, 2).dungeon;
  ASSERT_FALSE(missioned.mission.nodes.empty());
  ASSERT_EQ(missioned.tiles.width(), cfg.map_size().first);

  ConfigPtr c(catacomb_config_new());
  ASSERT_EQ(catacomb_config_set(c.get(), "templates", set.c_str()), 0) << catacomb_last_error();
  DungeonPtr d(catacomb_generate(c.get(), 7));
  ASSERT_TRUE(d) << catacomb_last_error();
  StringPtr json(catacomb_dungeon_to_json(d.get()));
  EXPECT_EQ(json.get(), write_json_map(templated, cfg.cost_table()));
  ASSERT_EQ(catacomb_config_set(c.get(), "mission", mission.c_str()), 0) << catacomb_last_error();
  StringPtr got(catacomb_config_get(c.get(), "mission"));
  EXPECT_EQ(got.get(), mission);
  StringPtr width(catacomb_config_get(c.get(), "width"));
  EXPECT_EQ(width.get(), std::to_string(cfg.map_size().first));
  d.reset(catacomb_generate(c.get(), 2));
  ASSERT_TRUE(d) << catacomb_last_error();
  json.reset(catacomb_dungeon_to_json(d.get()));
  const std::string expected = write_json_map(missioned, cfg.cost_table());
  EXPECT_EQ(json.get(), expected);
  EXPECT_EQ(catacomb_completable(d.get()), 1);

  // The config as JSON names the set and the mission, and reads back to the same dungeon.
  StringPtr config_json(catacomb_config_to_json(c.get()));
  ASSERT_TRUE(config_json);
  EXPECT_NE(std::string(config_json.get()).find("\"mission\": \"" + mission + "\""), std::string::npos)
      << config_json.get();
  ConfigPtr back(catacomb_config_from_json(config_json.get()));
  ASSERT_TRUE(back) << catacomb_last_error();
  d.reset(catacomb_generate(back.get(), 2));
  ASSERT_TRUE(d) << catacomb_last_error();
  json.reset(catacomb_dungeon_to_json(d.get()));
  EXPECT_EQ(json.get(), expected);

  // The mission inline, as a JSON object of the config (and as text to config_set).
  const std::string mission_text = test::slurp(mission);
  const std::string inline_json = "{\"templates\": \"" + set + "\"" + ", \"mission\": " + mission_text + "}";
  ConfigPtr inlined(catacomb_config_from_json(inline_json.c_str()));
  ASSERT_TRUE(inlined) << catacomb_last_error();
  d.reset(catacomb_generate(inlined.get(), 2));
  ASSERT_TRUE(d) << catacomb_last_error();
  json.reset(catacomb_dungeon_to_json(d.get()));
  EXPECT_EQ(json.get(), expected);
  // A size given is kept: set, or in the JSON.
  ConfigPtr sized(catacomb_config_from_json(
      ("{\"width\": 90, \"templates\": \"" + set + "\", \"mission\": " + mission_text + "}").c_str()));
  ASSERT_TRUE(sized) << catacomb_last_error();
  StringPtr kept(catacomb_config_get(sized.get(), "width"));
  EXPECT_STREQ(kept.get(), "90");
  StringPtr chosen(catacomb_config_get(sized.get(), "height"));
  GenerateConfig wide = cfg;
  wide.width = 90;
  EXPECT_EQ(chosen.get(), std::to_string(wide.map_size().second));
  ConfigPtr by_text(catacomb_config_new());
  ASSERT_EQ(catacomb_config_set(by_text.get(), "templates", set.c_str()), 0);
  ASSERT_EQ(catacomb_config_set(by_text.get(), "mission", mission_text.c_str()), 0) << catacomb_last_error();
  d.reset(catacomb_generate(by_text.get(), 2));
  ASSERT_TRUE(d) << catacomb_last_error();
  json.reset(catacomb_dungeon_to_json(d.get()));
  EXPECT_EQ(json.get(), expected);

  // A theme of the set; "" sets none.
  ASSERT_EQ(catacomb_config_set(c.get(), "mission", ""), 0);
  ASSERT_EQ(catacomb_config_set(c.get(), "theme", "flooded"), 0) << catacomb_last_error();
  cfg.mission = nullptr;
  cfg.width = 80;  // without the mission, the default size again
  cfg.height = 50;
  cfg.theme = "flooded";
  d.reset(catacomb_generate(c.get(), 7));
  ASSERT_TRUE(d) << catacomb_last_error();
  json.reset(catacomb_dungeon_to_json(d.get()));
  EXPECT_EQ(json.get(), write_json_map(generate_dungeon(cfg, 7).dungeon, cfg.cost_table()));

  // Bad values: the config unchanged, the message naming the value.
  EXPECT_EQ(catacomb_config_set(c.get(), "theme", "lava"), -1);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_INVALID_ARGUMENT);
  EXPECT_EQ(std::string(catacomb_last_error()).rfind("theme = lava (expected a tag of at least one template", 0), 0u)
      << catacomb_last_error();
  StringPtr theme(catacomb_config_get(c.get(), "theme"));
  EXPECT_STREQ(theme.get(), "flooded");
  EXPECT_EQ(catacomb_config_set(c.get(), "templates", "/nonexistent/set.tmj"), -1);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_IO);
  EXPECT_NE(std::string(catacomb_last_error()).find("/nonexistent/set.tmj"), std::string::npos)
      << catacomb_last_error();
  EXPECT_EQ(catacomb_config_set(c.get(), "mission", "{\"nodes\": 3}"), -1);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_INVALID_ARGUMENT);
  EXPECT_EQ(catacomb_config_from_json(R"({"mission": 7})"), nullptr);
  EXPECT_STREQ(catacomb_last_error(),
               "config key \"mission\" = 7 (expected a mission file's path or a mission object)");
  EXPECT_EQ(catacomb_config_from_json(R"({"templates": ["a"]})"), nullptr);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_INVALID_ARGUMENT);
  EXPECT_EQ(catacomb_config_from_json(R"({"theme": "crypt"})"), nullptr);
  EXPECT_STREQ(catacomb_last_error(), "theme = crypt (expected a theme only with templates)");
}

TEST(CApiTest, ABatchOnTwoThreadsGivesEachSeedsDungeon) {
  ConfigPtr config(catacomb_config_from_json(R"({"width": 40, "height": 30})"));
  ASSERT_TRUE(config);
  const size_t cells = 40 * 30;
  std::string tiles(cells * 6, '?');
  int statuses[6];
  ASSERT_EQ(catacomb_generate_batch(config.get(), 10, 6, 2, tiles.data(), tiles.size(), statuses), 6)
      << catacomb_last_error();
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ(statuses[i], CATACOMB_OK);
    DungeonPtr one(catacomb_generate(config.get(), 10 + static_cast<uint64_t>(i)));
    std::string own(cells, '?');
    catacomb_dungeon_tiles(one.get(), own.data(), own.size());
    EXPECT_EQ(tiles.substr(static_cast<size_t>(i) * cells, cells), own) << "seed " << 10 + i;
  }
  EXPECT_EQ(catacomb_generate_batch(config.get(), 10, 6, 2, tiles.data(), cells * 5, statuses), -1);
  EXPECT_STREQ(catacomb_last_error(), "tiles_size = 6000 (expected at least 1200 x 6 bytes (width x height x count))");
}

// A batch split across machines: catacomb_shard_seeds's shards, in order, cover the seeds once
// in order, and their batches put together are the unsplit batch's bytes and statuses, for any
// number of shards (some seeds fail: one attempt with a lock).
TEST(CApiTest, ShardsOfABatchPutTogetherAreTheWholeBatch) {
  ConfigPtr config(catacomb_config_from_json(R"({"width": 32, "height": 24, "locks": 1, "max_attempts": 1})"));
  ASSERT_TRUE(config) << catacomb_last_error();
  const size_t cells = 32 * 24;
  const int count = 11;
  std::string whole(cells * count, '?');
  std::vector<int> whole_statuses(count);
  catacomb_generate_batch(config.get(), 100, count, 2, whole.data(), whole.size(), whole_statuses.data());
  EXPECT_NE(std::count(whole_statuses.begin(), whole_statuses.end(), CATACOMB_OK), count);  // both outcomes
  for (int shards : {1, 3, 4, 11, 13}) {
    std::string joined;
    std::vector<int> joined_statuses;
    uint64_t next = 100;
    for (int k = 1; k <= shards; ++k) {
      uint64_t first = 0, n = 0;
      ASSERT_EQ(catacomb_shard_seeds(100, count, k, shards, &first, &n), 0) << catacomb_last_error();
      EXPECT_EQ(first, next) << k << "/" << shards;
      next += n;
      if (n == 0) continue;
      std::string tiles(cells * n, '?');
      std::vector<int> statuses(n);
      catacomb_generate_batch(config.get(), first, static_cast<int>(n), 1, tiles.data(), tiles.size(), statuses.data());
      joined += tiles;
      joined_statuses.insert(joined_statuses.end(), statuses.begin(), statuses.end());
    }
    EXPECT_EQ(next, 100u + count);
    EXPECT_EQ(joined, whole) << shards << " shards";
    EXPECT_EQ(joined_statuses, whole_statuses) << shards << " shards";
  }
  uint64_t first = 0, n = 0;
  EXPECT_EQ(catacomb_shard_seeds(0, 10, 4, 3, &first, &n), -1);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_INVALID_ARGUMENT);
  EXPECT_STREQ(catacomb_last_error(), "shard = 4/3 (expected K/N with 1 <= K <= N <= 1000000, e.g. 1/4)");
  EXPECT_EQ(catacomb_shard_seeds(0, 10, 1, 1, nullptr, &n), -1);
  EXPECT_EQ(catacomb_shard_seeds(18446744073709551615u, 2, 1, 1, &first, &n), -1);
  EXPECT_STREQ(catacomb_last_error(), "count = 2 (expected at most 1 (first_seed + count - 1 at most 2^64 - 1))");
  ASSERT_EQ(catacomb_shard_seeds(18446744073709551606u, 10, 2, 2, &first, &n), 0);
  EXPECT_EQ(first, 18446744073709551611u);
  EXPECT_EQ(n, 5u);
}

TEST(CApiTest, TheIssuesThreeErrorsHaveCodesAndCatacombsWords) {
  EXPECT_EQ(catacomb_dungeon_from_json("{}"), nullptr);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_INVALID_ARGUMENT);
  EXPECT_EQ(std::string(catacomb_last_error()).rfind("JSON map format = missing (expected \"catacomb-map\"", 0), 0u)
      << catacomb_last_error();
  EXPECT_EQ(catacomb_dungeon_from_json("{"), nullptr);
  EXPECT_STREQ(catacomb_last_error(), "JSON map = unparsable (expected JSON: the text ends early at line 1, column 2)");
  ConfigPtr config(catacomb_config_new());
  DungeonPtr d(catacomb_generate(config.get(), 1));
  EXPECT_EQ(catacomb_find_path(d.get(), 0, 0, 1, 1, nullptr, 0, nullptr), 0);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_START_BLOCKED);
  EXPECT_STREQ(catacomb_last_error(), "no route from 0,0 to 1,1: the start 0,0 is wall (start-blocked)");
  const int route[] = {1, 1, 5, 5};
  test::TempDir dir;
  EXPECT_EQ(catacomb_dungeon_write_png(d.get(), dir.file("r.png").c_str(), 2, route, 2), -1);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_INVALID_ARGUMENT);
  EXPECT_STREQ(catacomb_last_error(), "route cell 1 = 5,5 (expected a neighbour of route cell 0 = 1,1)");
  EXPECT_EQ(catacomb_dungeon_write_png(d.get(), "/nonexistent-dir/x.png", 2, nullptr, 0), -1);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_IO);
  EXPECT_EQ(catacomb_dungeon_write_png(d.get(), dir.file("ok.png").c_str(), 2, nullptr, 0), 0);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_OK);
}

}  // namespace
}  // namespace catacomb

TEST(CApiTest, UnlosableAnswersForEveryPlayer) {
  // Seed 88 of the issue's config: with softlocks allowed, the dungeon a player can lose; without,
  // one no player can. Completable either way.
  const char* risky_json = R"({"generator": "caves", "lock_layout": "cycles", "locks": 3, "one_way": 1,
    "switches": 2, "secret_doors": 1, "key_rule": "consumable", "allow_softlocks": true})";
  catacomb_config* c = catacomb_config_from_json(risky_json);
  ASSERT_NE(c, nullptr) << catacomb_last_error();
  catacomb_dungeon* risky = catacomb_generate(c, 88);
  ASSERT_NE(risky, nullptr) << catacomb_last_error();
  EXPECT_EQ(catacomb_completable(risky), 1);
  EXPECT_EQ(catacomb_unlosable(risky), 0);
  ASSERT_EQ(catacomb_config_set(c, "allow-softlocks", "false"), 0) << catacomb_last_error();
  catacomb_dungeon* safe = catacomb_generate(c, 88);
  ASSERT_NE(safe, nullptr) << catacomb_last_error();
  EXPECT_EQ(catacomb_completable(safe), 1);
  EXPECT_EQ(catacomb_unlosable(safe), 1);
  EXPECT_EQ(catacomb_unlosable(nullptr), -1);
  catacomb_dungeon_free(safe);
  catacomb_dungeon_free(risky);
  catacomb_config_free(c);
}
