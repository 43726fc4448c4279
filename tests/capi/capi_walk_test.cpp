// The C API's distance maps, step-by-step paths and terrain edits (src/capi/capi_walk.cpp) against
// the C++ library and catacomb_find_path.
#include <catacomb/catacomb.h>

#include <gtest/gtest.h>

#include "support/capi_handles.hpp"

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include <catacomb/io/ascii.hpp>
#include <catacomb/io/json_map.hpp>
#include <catacomb/pathing/distance_map.hpp>
#include <catacomb/pathing/map_rules.hpp>
#include <catacomb/pipeline/generate.hpp>

namespace catacomb {
namespace {

using namespace test;  // the handles (support/capi_handles.hpp)

DungeonPtr from_text(const std::string& text) {
  const std::string json = write_json_map(read_ascii(text));
  DungeonPtr d(catacomb_dungeon_from_json(json.c_str()));
  EXPECT_TRUE(d) << catacomb_last_error();
  return d;
}

TEST(CApiWalkTest, TheDistanceMapIsTheLibrarys) {
  const Dungeon cpp = generate_dungeon(GenerateConfig{}, 3).dungeon;
  const std::string json = write_json_map(cpp);
  DungeonPtr d(catacomb_dungeon_from_json(json.c_str()));
  ASSERT_TRUE(d) << catacomb_last_error();
  const Point start = *cpp.find(ObjectiveKind::Start);
  std::vector<double> dist(cpp.tiles.size(), -1);
  ASSERT_EQ(catacomb_distance_map(d.get(), start.x, start.y, dist.data(), dist.size()), 0);
  const MapRules rules = recorded_rules(cpp);
  EXPECT_EQ(dist, distance_map(cpp.tiles, rules.costs, {start}, rules.moves).dist.cells());
  const Point exit = *cpp.find(ObjectiveKind::Exit);
  double cost = 0;
  ASSERT_GT(catacomb_find_path(d.get(), start.x, start.y, exit.x, exit.y, nullptr, 0, &cost), 0);
  EXPECT_NEAR(dist[cpp.tiles.index(exit)], cost, 1e-9);
  ASSERT_EQ(catacomb_distance_map(d.get(), 0, 0, dist.data(), dist.size()), 0);
  EXPECT_TRUE(std::isinf(dist[cpp.tiles.index(start)])) << "a wall reaches nothing";
  EXPECT_EQ(catacomb_distance_map(d.get(), 0, 0, dist.data(), dist.size() - 1), -1);
  EXPECT_EQ(catacomb_distance_map(d.get(), 0, 0, nullptr, dist.size()), -1);
  EXPECT_EQ(catacomb_distance_map(d.get(), 0, 99, dist.data(), dist.size()), -1);
  EXPECT_STREQ(catacomb_last_error(), "y = 99 (expected 0 to 49)");
}

TEST(CApiWalkTest, APathIsWalkedStepByStepAsFindPathGivesIt) {
  const Dungeon cpp = generate_dungeon(GenerateConfig{}, 8).dungeon;
  const std::string json = write_json_map(cpp);
  DungeonPtr d(catacomb_dungeon_from_json(json.c_str()));
  const Point a = *cpp.find(ObjectiveKind::Start), b = *cpp.find(ObjectiveKind::Exit);
  std::vector<int> xy(4096);
  double cost = 0;
  const int cells = catacomb_find_path(d.get(), a.x, a.y, b.x, b.y, xy.data(), 2048, &cost);
  ASSERT_GT(cells, 1);
  PathPtr p(catacomb_path_new(d.get(), nullptr, a.x, a.y, b.x, b.y));
  ASSERT_TRUE(p) << catacomb_last_error();
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_OK);
  ASSERT_EQ(catacomb_path_size(p.get()), cells - 1);
  EXPECT_EQ(catacomb_path_cost(p.get()), cost);
  for (int i = 0; i < cells - 1; ++i) {
    int x = -1, y = -1, gx = -2, gy = -2;
    ASSERT_EQ(catacomb_path_remaining(p.get()), cells - 1 - i);
    ASSERT_EQ(catacomb_path_walk(p.get(), &x, &y), 1);
    ASSERT_EQ(catacomb_path_get(p.get(), i, &gx, &gy), 0);
    EXPECT_EQ(x, xy[static_cast<size_t>(2 * (i + 1))]);
    EXPECT_EQ(y, xy[static_cast<size_t>(2 * (i + 1) + 1)]);
    EXPECT_EQ(gx, x);
    EXPECT_EQ(gy, y);
  }
  int x = -7, y = -7;
  EXPECT_EQ(catacomb_path_walk(p.get(), &x, &y), 0);
  EXPECT_EQ(x, -7);
  EXPECT_EQ(catacomb_path_remaining(p.get()), 0);
  EXPECT_EQ(catacomb_path_size(p.get()), cells - 1);
  EXPECT_EQ(catacomb_path_get(p.get(), cells - 1, &x, &y), -1);
  EXPECT_EQ(catacomb_path_walk(nullptr, &x, &y), -1);
  EXPECT_EQ(catacomb_path_size(nullptr), -1);
  EXPECT_EQ(catacomb_path_new(d.get(), nullptr, -1, 0, 1, 1), nullptr);
  EXPECT_STREQ(catacomb_last_error(), "x0 = -1 (expected 0 to 79)");
}

TEST(CApiWalkTest, APlayersPathStopsAtADoorItCannotOpen) {
  const DungeonPtr d = from_text("#########\n#<..A..>#\n#########\n");
  PlayerPtr p(catacomb_player_new());
  PathPtr none(catacomb_path_new(d.get(), p.get(), 1, 1, 7, 1));
  ASSERT_TRUE(none);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_NO_ROUTE);
  EXPECT_EQ(catacomb_path_size(none.get()), 0);
  EXPECT_EQ(catacomb_path_walk(none.get(), nullptr, nullptr), 0);
  ASSERT_EQ(catacomb_player_add_key(p.get(), 1), 0);
  PathPtr with(catacomb_path_new(d.get(), p.get(), 1, 1, 7, 1));
  EXPECT_EQ(catacomb_path_size(with.get()), 6);
  PathPtr terrain(catacomb_path_new(d.get(), nullptr, 1, 1, 7, 1));
  EXPECT_EQ(catacomb_path_size(terrain.get()), 6) << "no player: the terrain alone";
  PathPtr blocked(catacomb_path_new(d.get(), nullptr, 0, 0, 7, 1));
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_START_BLOCKED);
  EXPECT_EQ(catacomb_path_size(blocked.get()), 0);
}

TEST(CApiWalkTest, SetTerrainEditsTheMapAndRefusesBadValues) {
  const DungeonPtr d = from_text("#######\n#<.#.>#\n#######\n");
  EXPECT_EQ(catacomb_find_path(d.get(), 1, 1, 5, 1, nullptr, 0, nullptr), 0);
  EXPECT_EQ(catacomb_dungeon_tile(d.get(), 3, 1), '#');
  ASSERT_EQ(catacomb_dungeon_set_terrain(d.get(), 3, 1, CATACOMB_TERRAIN_WATER), 0);
  EXPECT_EQ(catacomb_dungeon_tile(d.get(), 3, 1), '~');
  double cost = 0;
  EXPECT_EQ(catacomb_find_path(d.get(), 1, 1, 5, 1, nullptr, 0, &cost), 5);
  EXPECT_EQ(catacomb_validate(d.get()), 1);
  ASSERT_EQ(catacomb_dungeon_set_terrain(d.get(), 1, 1, CATACOMB_TERRAIN_ROAD), 0);
  EXPECT_EQ(catacomb_dungeon_tile(d.get(), 1, 1), '<') << "the start's marker stays drawn over the road";
  catacomb_terrain t = CATACOMB_TERRAIN_WALL;
  ASSERT_EQ(catacomb_dungeon_terrain(d.get(), 1, 1, &t), 0);
  EXPECT_EQ(t, CATACOMB_TERRAIN_ROAD);
  EXPECT_EQ(catacomb_dungeon_set_terrain(d.get(), 3, 1, static_cast<catacomb_terrain>(12)), -1);
  EXPECT_STREQ(catacomb_last_error(), "terrain = 12 (expected 0 to 8)");
  EXPECT_EQ(catacomb_dungeon_set_terrain(d.get(), 7, 1, CATACOMB_TERRAIN_FLOOR), -1);
  EXPECT_STREQ(catacomb_last_error(), "x = 7 (expected 0 to 6)");
  EXPECT_EQ(catacomb_dungeon_set_terrain(nullptr, 3, 1, CATACOMB_TERRAIN_FLOOR), -1);
  ASSERT_EQ(catacomb_dungeon_terrain(d.get(), 3, 1, &t), 0);
  EXPECT_EQ(t, CATACOMB_TERRAIN_WATER) << "a refused edit changes nothing";

  const DungeonPtr locked = from_text("#######\n#<.A.>#\n#######\n");
  EXPECT_EQ(catacomb_dungeon_set_terrain(locked.get(), 3, 1, CATACOMB_TERRAIN_FLOOR), -1);
  EXPECT_STREQ(catacomb_last_error(),
               "terrain = floor (expected door: 3,1 holds a locked, gate, one-way or secret door)");
  EXPECT_EQ(catacomb_dungeon_set_terrain(locked.get(), 3, 1, CATACOMB_TERRAIN_DOOR), 0);
  EXPECT_EQ(catacomb_dungeon_tile(locked.get(), 3, 1), 'A');
}

}  // namespace
}  // namespace catacomb
