// The C API's cell queries (src/capi/capi_cells.cpp) against the C++ library: terrain, objective and
// door kinds as enums, walkable cells for a player, costs, doors on cells, what blocks sight and
// the field of view, and their bad arguments.
#include <catacomb/catacomb.h>

#include <gtest/gtest.h>

#include "support/capi_handles.hpp"

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include <catacomb/core/rng.hpp>
#include <catacomb/io/ascii.hpp>
#include <catacomb/io/json_map.hpp>
#include <catacomb/pathing/fov.hpp>
#include <catacomb/pipeline/generate.hpp>

namespace catacomb {
namespace {

using namespace test;  // the handles (support/capi_handles.hpp)

// A corridor: a locked door of lock 1 at 3,1, a gate of switch 2 (open while on) at 5,1, a one-way
// door east at 7,1, a secret door at 9,1; the start at 1,1, the exit at 11,1, a switch at 1,3.
const char* kDoors = "#############\n#<.A.K.).S.>#\n#############\n#1..........#\n#############\n\n1: switch 2\n";

DungeonPtr doors_dungeon() {
  const std::string json = write_json_map(read_ascii(kDoors));
  DungeonPtr d(catacomb_dungeon_from_json(json.c_str()));
  EXPECT_TRUE(d) << catacomb_last_error();
  return d;
}

TEST(CApiCellsTest, TerrainObjectivesAndDoorsComeAsEnums) {
  const DungeonPtr d = doors_dungeon();
  catacomb_terrain t = CATACOMB_TERRAIN_ROAD;
  ASSERT_EQ(catacomb_dungeon_terrain(d.get(), 0, 0, &t), 0);
  EXPECT_EQ(t, CATACOMB_TERRAIN_WALL);
  ASSERT_EQ(catacomb_dungeon_terrain(d.get(), 2, 1, &t), 0);
  EXPECT_EQ(t, CATACOMB_TERRAIN_FLOOR);
  ASSERT_EQ(catacomb_dungeon_terrain(d.get(), 3, 1, &t), 0);
  EXPECT_EQ(t, CATACOMB_TERRAIN_DOOR);
  EXPECT_EQ(catacomb_dungeon_terrain(d.get(), 13, 1, &t), -1);
  EXPECT_STREQ(catacomb_last_error(), "x = 13 (expected 0 to 12)");
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_INVALID_ARGUMENT);
  EXPECT_EQ(catacomb_dungeon_terrain(d.get(), 1, 1, nullptr), -1);
  EXPECT_EQ(catacomb_dungeon_terrain(nullptr, 1, 1, &t), -1);

  catacomb_objective_kind o = CATACOMB_OBJECTIVE_KEY;
  ASSERT_EQ(catacomb_dungeon_objective_kind(d.get(), 0, &o), 0);
  EXPECT_EQ(o, CATACOMB_OBJECTIVE_START);
  ASSERT_EQ(catacomb_dungeon_objective_kind(d.get(), 1, &o), 0);
  EXPECT_EQ(o, CATACOMB_OBJECTIVE_EXIT);
  ASSERT_EQ(catacomb_dungeon_objective_kind(d.get(), 2, &o), 0);
  EXPECT_EQ(o, CATACOMB_OBJECTIVE_SWITCH);
  EXPECT_EQ(catacomb_dungeon_objective_kind(d.get(), 3, &o), -1);
  EXPECT_STREQ(catacomb_last_error(), "index = 3 (expected 0 to 2)");

  const catacomb_door_kind want[] = {CATACOMB_DOOR_GATE, CATACOMB_DOOR_ONE_WAY, CATACOMB_DOOR_SECRET};
  for (int i = 0; i < 3; ++i) {
    catacomb_door_kind k = CATACOMB_DOOR_NONE;
    ASSERT_EQ(catacomb_dungeon_door_kind(d.get(), i, &k), 0);
    EXPECT_EQ(k, want[i]);
  }
  catacomb_door_kind k = CATACOMB_DOOR_NONE;
  EXPECT_EQ(catacomb_dungeon_door_kind(d.get(), 3, &k), -1);
}

TEST(CApiCellsTest, DoorsOnCellsWithTheirIndexAndKind) {
  const DungeonPtr d = doors_dungeon();
  struct Case {
    int x;
    catacomb_door_kind kind;
    int index;
  };
  for (const Case& c :
       {Case{2, CATACOMB_DOOR_NONE, -1}, Case{3, CATACOMB_DOOR_LOCKED, 0}, Case{5, CATACOMB_DOOR_GATE, 0},
        Case{7, CATACOMB_DOOR_ONE_WAY, 1}, Case{9, CATACOMB_DOOR_SECRET, 2}}) {
    catacomb_door_kind kind = CATACOMB_DOOR_OPEN;
    int index = 99;
    EXPECT_EQ(catacomb_dungeon_door_at(d.get(), c.x, 1, &kind, &index), c.kind == CATACOMB_DOOR_NONE ? 0 : 1) << c.x;
    EXPECT_EQ(kind, c.kind) << c.x;
    EXPECT_EQ(index, c.index) << c.x;
  }
  EXPECT_EQ(catacomb_dungeon_door_at(d.get(), 3, 1, nullptr, nullptr), 1);
  EXPECT_EQ(catacomb_dungeon_door_at(d.get(), 3, 5, nullptr, nullptr), -1);
  EXPECT_STREQ(catacomb_last_error(), "y = 5 (expected 0 to 4)");
  // A door tile that is no locked or progression door is an open door.
  const std::string json = write_json_map(read_ascii("#####\n#<+>#\n#####\n"));
  DungeonPtr plain(catacomb_dungeon_from_json(json.c_str()));
  catacomb_door_kind kind = CATACOMB_DOOR_NONE;
  int index = 99;
  EXPECT_EQ(catacomb_dungeon_door_at(plain.get(), 2, 1, &kind, &index), 1);
  EXPECT_EQ(kind, CATACOMB_DOOR_OPEN);
  EXPECT_EQ(index, -1);
}

TEST(CApiCellsTest, WalkableAndCostUnderTheMapsRulesAndAPlayer) {
  const DungeonPtr d = doors_dungeon();
  PlayerPtr p(catacomb_player_new());
  auto walkable = [&](const catacomb_player* player, int x) {
    int out = -1;
    EXPECT_EQ(catacomb_dungeon_walkable(d.get(), player, x, 1, &out), 0) << catacomb_last_error();
    return out;
  };
  EXPECT_EQ(walkable(nullptr, 0), 0);
  EXPECT_EQ(walkable(nullptr, 3), 1) << "the terrain alone: the locked door is its door tile";
  EXPECT_EQ(walkable(p.get(), 3), 0) << "no key, not opened";
  ASSERT_EQ(catacomb_player_add_key(p.get(), 1), 0);
  EXPECT_EQ(walkable(p.get(), 3), 1) << "the key held opens it";
  EXPECT_EQ(walkable(p.get(), 5), 0) << "the gate is shut with switch 2 off";
  ASSERT_EQ(catacomb_player_set_switch(p.get(), 2, 1), 0);
  EXPECT_EQ(walkable(p.get(), 5), 1);
  EXPECT_EQ(walkable(p.get(), 7), 1) << "a one-way door is walkable (from its side)";
  EXPECT_EQ(walkable(p.get(), 9), 1) << "a secret door is passable, as routes take it";
  ASSERT_EQ(catacomb_player_open_door(p.get(), 2, 1), 0);
  int out = -1;
  EXPECT_EQ(catacomb_dungeon_walkable(d.get(), p.get(), 1, 1, &out), -1) << "2,1 is no locked door";
  EXPECT_EQ(catacomb_dungeon_walkable(d.get(), nullptr, 1, 1, nullptr), -1);

  double cost = 0;
  ASSERT_EQ(catacomb_dungeon_cost(d.get(), 2, 1, &cost), 0);
  EXPECT_EQ(cost, 1.0);
  ASSERT_EQ(catacomb_dungeon_cost(d.get(), 0, 0, &cost), 0);
  EXPECT_TRUE(std::isinf(cost));
  EXPECT_EQ(catacomb_dungeon_cost(d.get(), -1, 0, &cost), -1);
  EXPECT_STREQ(catacomb_last_error(), "x = -1 (expected 0 to 12)");
}

TEST(CApiCellsTest, WhatBlocksSightIsTheLibrarysForEveryCellAndPlayer) {
  const DungeonPtr d = doors_dungeon();
  const Dungeon cpp = read_ascii(kDoors);
  PlayerPtr p(catacomb_player_new());
  for (int round = 0; round < 3; ++round) {
    if (round == 1) { ASSERT_EQ(catacomb_player_open_door(p.get(), 3, 1), 0); }
    if (round == 2) { ASSERT_EQ(catacomb_player_set_switch(p.get(), 2, 1), 0); }
    PlayerState state;
    if (round >= 1) state.opened.push_back({3, 1});
    if (round >= 2) state.switches = 2;
    for (int y = 0; y < 5; ++y)
      for (int x = 0; x < 13; ++x) {
        int out = -1;
        ASSERT_EQ(catacomb_dungeon_blocks_sight(d.get(), p.get(), x, y, &out), 0);
        EXPECT_EQ(out, blocks_sight(cpp, state, {x, y}) ? 1 : 0) << x << "," << y << " round " << round;
      }
    std::vector<unsigned char> seen(65, 9);
    ASSERT_EQ(catacomb_fov(d.get(), p.get(), 1, 1, 0, 1, seen.data(), seen.size()), 0);
    const Grid<uint8_t> want = field_of_view(cpp, state, {1, 1});
    EXPECT_EQ(std::vector<uint8_t>(seen.begin(), seen.end()), want.cells()) << "round " << round;
  }
  int out = -1;
  ASSERT_EQ(catacomb_dungeon_blocks_sight(d.get(), nullptr, 3, 1, &out), 0);
  EXPECT_EQ(out, 1) << "no player: the locked door is closed";
  ASSERT_EQ(catacomb_dungeon_blocks_sight(d.get(), nullptr, 7, 1, &out), 0);
  EXPECT_EQ(out, 0) << "a one-way door does not block sight";
}

TEST(CApiCellsTest, TheFieldOfViewIsTheLibrarysAndRefusesBadArguments) {
  GenerateConfig cfg;
  cfg.locks = 2;
  const Dungeon cpp = generate_dungeon(cfg, 5).dungeon;
  const std::string json = write_json_map(cpp);
  DungeonPtr d(catacomb_dungeon_from_json(json.c_str()));
  ASSERT_TRUE(d) << catacomb_last_error();
  const Grid<uint8_t> blocks = sight_blockers(cpp, PlayerState{});
  std::vector<unsigned char> seen(blocks.size()), grid_seen(blocks.size());
  Rng rng(3);
  for (int i = 0; i < 200; ++i) {
    const int x = static_cast<int>(rng.uniform_int(0, blocks.width() - 1));
    const int y = static_cast<int>(rng.uniform_int(0, blocks.height() - 1));
    const int radius = static_cast<int>(rng.uniform_int(0, 12));
    const bool light_walls = i % 2 == 0;
    ASSERT_EQ(catacomb_fov(d.get(), nullptr, x, y, radius, light_walls ? 1 : 0, seen.data(), seen.size()), 0);
    ASSERT_EQ(catacomb_fov_grid(blocks.data(), blocks.width(), blocks.height(), x, y, radius, light_walls ? 1 : 0,
                                grid_seen.data()),
              0);
    const Grid<uint8_t> want = field_of_view(blocks, {x, y}, FovOptions{radius, light_walls});
    ASSERT_EQ(std::vector<uint8_t>(seen.begin(), seen.end()), want.cells());
    ASSERT_EQ(std::vector<uint8_t>(grid_seen.begin(), grid_seen.end()), want.cells());
  }
  EXPECT_EQ(catacomb_fov(d.get(), nullptr, 1, 1, 0, 1, seen.data(), seen.size() - 1), -1);
  EXPECT_STREQ(
      catacomb_last_error(),
      ("size = " + std::to_string(seen.size() - 1) + " (expected " + std::to_string(seen.size()) + " or more)").c_str());
  EXPECT_EQ(catacomb_fov(d.get(), nullptr, 1, 1, -1, 1, seen.data(), seen.size()), -1);
  EXPECT_STREQ(catacomb_last_error(), "radius = -1 (expected 0 or more)");
  EXPECT_EQ(catacomb_fov(d.get(), nullptr, 1, 1, 0, 1, nullptr, seen.size()), -1);
  EXPECT_EQ(catacomb_fov(nullptr, nullptr, 1, 1, 0, 1, seen.data(), seen.size()), -1);
  EXPECT_EQ(catacomb_fov_grid(blocks.data(), 0, 5, 0, 0, 0, 1, grid_seen.data()), -1);
  EXPECT_STREQ(catacomb_last_error(), "width = 0 (expected 1 to 16384)");
  EXPECT_EQ(catacomb_fov_grid(nullptr, 5, 5, 0, 0, 0, 1, grid_seen.data()), -1);
  EXPECT_EQ(catacomb_fov_grid(blocks.data(), 5, 5, 5, 0, 0, 1, grid_seen.data()), -1);
  EXPECT_STREQ(catacomb_last_error(), "x = 5 (expected 0 to 4)");
}

}  // namespace
}  // namespace catacomb
