#include <catacomb/pipeline/generate.hpp>

#include <gtest/gtest.h>

#include <set>

#include <catacomb/core/error.hpp>
#include "support/test_support.hpp"
#include <catacomb/io/json_map.hpp>
#include <catacomb/pathing/map_rules.hpp>

namespace catacomb {
namespace {

bool in_any_room(const Dungeon& d, Point p) {
  for (const Rect& r : d.rooms)
    if (r.contains(p)) return true;
  return false;
}

// The properties every generated dungeon must have, checked independently of the generator.
void expect_playable(const Dungeon& d, const GenerateConfig& cfg, const std::string& what) {
  SCOPED_TRACE(what);
  ASSERT_TRUE(test::border_is_wall(d.tiles));
  // Validation passes, also on the map as written to JSON and read back.
  ValidateOptions vopt;
  vopt.costs = cfg.cost_table();
  vopt.moves = cfg.moves;
  Dungeon back = read_json_map(write_json_map(d));
  ValidationReport rep = validate_dungeon(back, vopt);
  ASSERT_TRUE(rep.valid) << (rep.problems.empty() ? "" : rep.problems.front().message);
  // A start, an exit, the requested further objectives, all distinct and passable.
  ASSERT_EQ(d.objectives.size(), static_cast<size_t>(2 + cfg.objectives));
  EXPECT_EQ(d.objectives[0].kind, ObjectiveKind::Start);
  EXPECT_EQ(d.objectives[1].kind, ObjectiveKind::Exit);
  std::set<Point> cells;
  for (const Objective& o : d.objectives) {
    EXPECT_TRUE(vopt.costs.passable(d.tiles[o.pos]));
    cells.insert(o.pos);
  }
  EXPECT_EQ(cells.size(), d.objectives.size());
  if (cfg.generator == GeneratorKind::Rooms) {
    // Rooms keep the minimum distance and the 1-tile margin; each objective in its own room.
    for (size_t i = 0; i < d.rooms.size(); ++i) {
      const Rect& a = d.rooms[i];
      EXPECT_GE(a.x, 1);
      EXPECT_GE(a.y, 1);
      EXPECT_LE(a.right(), d.tiles.width() - 1);
      EXPECT_LE(a.bottom(), d.tiles.height() - 1);
      for (size_t j = i + 1; j < d.rooms.size(); ++j) EXPECT_GE(room_gap(a, d.rooms[j]), cfg.rooms.min_distance);
    }
    std::set<size_t> used;
    for (const Objective& o : d.objectives)
      for (size_t i = 0; i < d.rooms.size(); ++i)
        if (d.rooms[i].contains(o.pos)) used.insert(i);
    EXPECT_EQ(used.size(), d.objectives.size());
    // Every door touches a room and a corridor.
    for (int y = 1; y < d.tiles.height() - 1; ++y)
      for (int x = 1; x < d.tiles.width() - 1; ++x) {
        if (d.tiles(x, y) != Terrain::Door) continue;
        bool room = false, corridor = false;
        for (int k = 0; k < 4; ++k) {
          const Point q{x + kDirections[k].x, y + kDirections[k].y};
          room |= in_any_room(d, q);
          corridor |= d.tiles[q] == Terrain::Corridor;
        }
        EXPECT_TRUE(room) << "door at " << x << "," << y << " touches no room";
        EXPECT_TRUE(corridor) << "door at " << x << "," << y << " touches no corridor";
      }
  }
}

GenerateConfig config_for(const std::string& generator, int w, int h) {
  GenerateConfig cfg;
  cfg.generator = parse_generator_kind(generator);
  cfg.width = w;
  cfg.height = h;
  return cfg;
}

TEST(PipelineTest, RoomsArePlayableOver500Seeds) {
  for (uint64_t seed = 0; seed < 500; ++seed) {
    const int size = static_cast<int>(seed % 3);
    GenerateConfig cfg = config_for("rooms",
                                    size == 0   ? 64
                                    : size == 1 ? 80
                                                : 120,
                                    size == 0   ? 48
                                    : size == 1 ? 50
                                                : 80);
    if (seed % 5 == 0) cfg.dig.width = 2;
    GenerateResult r = generate_dungeon(cfg, seed);
    expect_playable(r.dungeon, cfg, "rooms seed " + std::to_string(seed));
    if (HasFatalFailure() || HasNonfatalFailure()) return;
  }
}

TEST(PipelineTest, CavesArePlayableOver500Seeds) {
  for (uint64_t seed = 0; seed < 500; ++seed) {
    const int size = static_cast<int>(seed % 3);
    GenerateConfig cfg = config_for("caves",
                                    size == 0   ? 40
                                    : size == 1 ? 80
                                                : 128,
                                    size == 0   ? 30
                                    : size == 1 ? 50
                                                : 96);
    if (seed % 4 == 1) cfg.cave_regions.connect = CaveConnect::Largest;
    GenerateResult r = generate_dungeon(cfg, seed);
    expect_playable(r.dungeon, cfg, "caves seed " + std::to_string(seed));
    if (HasFatalFailure() || HasNonfatalFailure()) return;
  }
}

TEST(PipelineTest, DeepWaterNeverCutsAnObjectiveOff) {
  for (uint64_t seed = 0; seed < 60; ++seed) {
    GenerateConfig cfg = config_for(seed % 2 ? "caves" : "rooms", 80, 50);
    cfg.deep_water = true;
    cfg.decor.water = 0.3;
    cfg.decor.max_blob = 80;
    GenerateResult r = generate_dungeon(cfg, seed);
    expect_playable(r.dungeon, cfg, "deep water seed " + std::to_string(seed));
    int64_t water = 0;
    for (Terrain t : r.dungeon.tiles.cells()) water += t == Terrain::Water;
    EXPECT_GT(water, 0);
  }
}

// The case: a game whose water cannot be crossed and whose vegetation costs 7.5.
CostOverrides game_costs() { return parse_cost_overrides("water=impassable,vegetation=7.5"); }

TEST(PipelineTest, WithoutTheGamesCostsSomeMapIsInvalidUnderThem) {
  // What a game got before GenerateConfig::cost: maps made under the default table, some of them
  // invalid under its own (the reason the field exists; if this ever finds none, the test below
  // proves nothing).
  ValidateOptions game;
  game.costs = game_costs().apply(CostTable::dungeon());
  int invalid = 0;
  for (uint64_t seed = 0; seed < 40; ++seed) {
    GenerateConfig cfg = config_for(seed % 2 ? "caves" : "rooms", 80, 50);
    cfg.decor.water = 0.3;
    cfg.decor.max_blob = 80;
    invalid += validate_dungeon(generate_dungeon(cfg, seed).dungeon, game).valid ? 0 : 1;
  }
  EXPECT_GT(invalid, 0);
}

TEST(PipelineTest, UnderTheGamesCostsEveryMapIsValidAndRecordsThem) {
  ValidateOptions game;
  game.costs = game_costs().apply(CostTable::dungeon());
  for (uint64_t seed = 0; seed < 40; ++seed) {
    GenerateConfig cfg = config_for(seed % 2 ? "caves" : "rooms", 80, 50);
    cfg.decor.water = 0.3;
    cfg.decor.max_blob = 80;
    cfg.cost = game_costs();
    ASSERT_EQ(cfg.cost_table(), game.costs);
    const Dungeon d = generate_dungeon(cfg, seed).dungeon;
    SCOPED_TRACE("seed " + std::to_string(seed));
    expect_playable(d, cfg, "game costs");
    EXPECT_TRUE(validate_dungeon(d, game).valid);
    // Recorded: the map's own rules are the game's, in memory and after a JSON round trip.
    EXPECT_EQ(map_rules(d).costs, game.costs);
    const std::string json = write_json_map(d);
    const Dungeon back = read_json_map(json);
    EXPECT_EQ(map_rules(back, read_json_legend_costs(json, CostTable::dungeon())).costs, game.costs);
    EXPECT_EQ(map_rules(back).costs, game.costs);  // the recipe alone says it too
    EXPECT_TRUE(validate_dungeon(back).valid);
  }
}

TEST(PipelineTest, WithoutTheGamesCostsTheRecipeIsAsBefore) {
  GenerateConfig cfg;
  const Params before = cfg.params();
  for (const auto& [k, v] : before) EXPECT_NE(k, "cost");
  cfg.cost = game_costs();
  const Params with = cfg.params();
  ASSERT_EQ(with.size(), before.size() + 1);
  size_t deep = 0;
  while (with[deep].first != "deep_water") ++deep;
  EXPECT_EQ(with[deep + 1].first, "cost");
  EXPECT_EQ(std::get<std::string>(with[deep + 1].second), "water=impassable,vegetation=7.5");
}

TEST(PipelineTest, GameCostsTheGeneratorsCannotKeepAreRefused) {
  auto problems_of = [](GeneratorKind g, std::string_view text) {
    GenerateConfig cfg;
    cfg.generator = g;
    cfg.cost = parse_cost_overrides(text);
    std::string all;
    for (const FieldProblem& p : cfg.problems()) all += p.field + " = " + p.value + " (" + p.expected + ")\n";
    return all;
  };
  EXPECT_EQ(problems_of(GeneratorKind::Rooms, "water=impassable,road=0.5"), "");
  EXPECT_NE(problems_of(GeneratorKind::Rooms, "wall=2").find("cost = wall=2 (wall impassable"), std::string::npos);
  EXPECT_NE(problems_of(GeneratorKind::Caves, "door=impassable").find("(door passable"), std::string::npos);
  EXPECT_NE(problems_of(GeneratorKind::Platformer, "water=2").find("no cost table with the platformer"),
            std::string::npos);
}

TEST(PipelineTest, SameSeedGivesTheSameDungeonAndDifferentSeedsDiffer) {
  for (const char* g : {"rooms", "caves"}) {
    GenerateConfig cfg = config_for(g, 80, 50);
    EXPECT_EQ(generate_dungeon(cfg, 5).dungeon, generate_dungeon(cfg, 5).dungeon);
    EXPECT_NE(grid_hash(generate_dungeon(cfg, 5).dungeon.tiles), grid_hash(generate_dungeon(cfg, 6).dungeon.tiles));
  }
}

// GenerateConfig::threads: the floods of caves of 4M cells or more (placement, validation) run on
// two threads, to the same dungeon and report; the number is no part of the recipe. At 2048x2048
// the two-thread floods run.
TEST(PipelineTest, TheSameDungeonForAnyNumberOfThreads) {
  GenerateConfig one;
  one.generator = GeneratorKind::Caves;
  one.width = 2048;
  one.height = 2048;
  GenerateConfig two = one;
  two.threads = 2;
  for (uint64_t seed : {3u}) {
    const GenerateResult a = generate_dungeon(one, seed), b = generate_dungeon(two, seed);
    EXPECT_EQ(write_json_map(a.dungeon), write_json_map(b.dungeon)) << "seed " << seed;
    ASSERT_EQ(a.report.objectives.size(), b.report.objectives.size());
    for (size_t i = 0; i < a.report.objectives.size(); ++i) {
      EXPECT_EQ(a.report.objectives[i].cost, b.report.objectives[i].cost);
      EXPECT_EQ(a.report.objectives[i].route, b.report.objectives[i].route);
    }
  }
  GenerateConfig none = one;
  none.threads = 0;
  EXPECT_THROW(none.check(), InvalidArgument);
}

TEST(PipelineTest, GoldenHashes) {
  GenerateConfig rooms = config_for("rooms", 80, 50);
  GenerateConfig caves = config_for("caves", 80, 50);
  EXPECT_EQ(grid_hash(generate_dungeon(rooms, 1).dungeon.tiles), 7355527653186614200ull);
  EXPECT_EQ(grid_hash(generate_dungeon(rooms, 42).dungeon.tiles), 15473177609828640326ull);
  EXPECT_EQ(grid_hash(generate_dungeon(caves, 1).dungeon.tiles), 15705242312706901386ull);
  EXPECT_EQ(grid_hash(generate_dungeon(caves, 42).dungeon.tiles), 11389791991020275849ull);
  // The whole JSON file (objectives, rooms, recipe) as well as the tiles.
  EXPECT_EQ(fnv1a64(write_json_map(generate_dungeon(rooms, 1).dungeon)), 4113825397616293235ull);
  EXPECT_EQ(fnv1a64(write_json_map(generate_dungeon(caves, 1).dungeon)), 8681999091144886653ull);
}

TEST(PipelineTest, TurnPenaltyGivesStraighterCorridors) {
  auto turns = [](const Grid<Terrain>& g) {
    // Corridor cells with corridor neighbours on two perpendicular sides: corners.
    int n = 0;
    for (int y = 1; y < g.height() - 1; ++y)
      for (int x = 1; x < g.width() - 1; ++x) {
        if (g(x, y) != Terrain::Corridor) continue;
        auto c = [&](int dx, int dy) {
          return g(x + dx, y + dy) == Terrain::Corridor || g(x + dx, y + dy) == Terrain::Door;
        };
        const bool h = c(1, 0) || c(-1, 0), v = c(0, 1) || c(0, -1);
        n += h && v && !(c(1, 0) && c(-1, 0)) && !(c(0, 1) && c(0, -1));
      }
    return n;
  };
  int plain = 0, straight = 0;
  for (uint64_t seed = 0; seed < 12; ++seed) {
    GenerateConfig cfg = config_for("rooms", 80, 50);
    cfg.decor.water = cfg.decor.vegetation = 0;
    plain += turns(generate_dungeon(cfg, seed).dungeon.tiles);
    cfg.dig.turn = 8;
    straight += turns(generate_dungeon(cfg, seed).dungeon.tiles);
  }
  EXPECT_LT(straight, plain);
}

TEST(PipelineTest, ExhaustedAttemptBudgetIsAClearError) {
  GenerateConfig cfg = config_for("rooms", 20, 20);
  cfg.rooms.room_count = 2;
  cfg.objectives = 9;  // needs 11 rooms: impossible
  cfg.max_attempts = 3;
  try {
    generate_dungeon(cfg, 1);
    FAIL();
  } catch (const GenerationError& e) {
    EXPECT_NE(std::string(e.what()).find("no valid dungeon in 3 attempts"), std::string::npos) << e.what();
  }
}

TEST(PipelineTest, ConfigCheckListsEveryBadField) {
  GenerateConfig cfg;
  cfg.generator = static_cast<GeneratorKind>(7);  // not a generator
  cfg.costs = static_cast<CostPreset>(9);
  cfg.objectives = 12;
  cfg.loop_fraction = 2;
  try {
    cfg.check();
    FAIL();
  } catch (const InvalidArgument& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("generator = 7 (expected rooms, caves or platformer)"), std::string::npos) << m;
    EXPECT_NE(m.find("costs = 9 (expected dungeon, tutorial or uniform)"), std::string::npos) << m;
    EXPECT_NE(m.find("objectives = 12 (expected 0 to 9)"), std::string::npos) << m;
    EXPECT_NE(m.find("loop_fraction = 2 (expected 0 to 1)"), std::string::npos) << m;
  }
}

// A rooms setting beside another generator (or a bad size) is held to what any map takes, and
// its message says so rather than naming a map the user did not ask for.
TEST(PipelineTest, AnInactiveRoomCountIsHeldToTheLargestMapAndSaysSo) {
  GenerateConfig cfg;
  cfg.generator = GeneratorKind::Caves;
  cfg.width = 100;
  cfg.height = 100;
  const int most = max_room_count(kMaxSide, kMaxSide, cfg.rooms);
  cfg.rooms.room_count = most;
  EXPECT_NO_THROW(cfg.check());
  cfg.rooms.room_count = most + 1;
  try {
    cfg.check();
    FAIL();
  } catch (const InvalidArgument& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("room_count = " + std::to_string(most + 1) + " (expected 2 to " + std::to_string(most) +
                     ", the limit of the largest map, 16384x16384, at 300 iterations"),
              std::string::npos)
        << m;
  }
  // The active rooms generator names its own map.
  cfg.generator = GeneratorKind::Rooms;
  cfg.rooms.room_count = max_room_count(100, 100, cfg.rooms) + 1;
  try {
    cfg.check();
    FAIL();
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find(" for the 100x100 map at 300 iterations"), std::string::npos) << e.what();
  }
}

TEST(PipelineTest, ReportsAttemptsAndRecipe) {
  GenerateResult r = generate_dungeon(config_for("rooms", 80, 50), 3);
  EXPECT_GE(r.dungeon.attempts, 1);
  EXPECT_EQ(r.dungeon.generator, "rooms");
  EXPECT_EQ(r.dungeon.seed, 3u);
  EXPECT_FALSE(r.dungeon.rooms.empty());
  EXPECT_GT(r.corridors.corridors, 0);
  EXPECT_TRUE(r.report.valid);
}

}  // namespace
}  // namespace catacomb
