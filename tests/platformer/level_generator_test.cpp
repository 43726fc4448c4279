// The side-view generator: valid for every seed (strictly: no softlocks), objectives standing
// on something, deterministic, golden hashes, and the ladder repair.
#include <catacomb/platformer/level_generator.hpp>

#include <gtest/gtest.h>

#include <catacomb/pipeline/generate.hpp>
#include <catacomb/io/ascii.hpp>
#include <catacomb/io/json_map.hpp>
#include <catacomb/platformer/level_check.hpp>
#include <catacomb/platformer/side_view.hpp>
#include "platformer/levels.hpp"
#include "support/test_support.hpp"

namespace catacomb {
namespace {

GenerateConfig platformer_config() {
  GenerateConfig c;
  c.generator = GeneratorKind::Platformer;
  return c;
}

// Checks one generated level independently of the generator's own check.
void expect_good_level(const GenerateConfig& c, uint64_t seed) {
  const GenerateResult r = generate_dungeon(c, seed);
  const Dungeon& d = r.dungeon;
  SCOPED_TRACE("seed " + std::to_string(seed));
  EXPECT_EQ(d.generator, "platformer");
  EXPECT_TRUE(test::border_is_wall(d.tiles));
  const std::optional<MovementModel> m = recorded_movement(d.params);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(*m, c.movement);
  ASSERT_EQ(d.objectives.size(), static_cast<size_t>(c.objectives + 2));
  EXPECT_EQ(d.objectives[0].kind, ObjectiveKind::Start);
  EXPECT_EQ(d.objectives[1].kind, ObjectiveKind::Exit);
  const SideView view(d.tiles, m->body_height);
  for (const Objective& o : d.objectives) {
    EXPECT_TRUE(view.stands(o.pos)) << to_string(o.pos) << " does not stand on anything";
    EXPECT_NE(d.tiles[o.pos], Terrain::Ladder);
  }
  PlatformerCheckOptions strict;
  strict.strict = true;
  const PlatformerReport rep = check_platformer_level(d, NavGraph(d.tiles, *m), strict);
  EXPECT_TRUE(rep.valid) << (rep.problems.empty() ? "" : rep.problems.front().message);
  EXPECT_TRUE(rep.softlocks.empty());
}

TEST(PlatformerGeneratorTest, EverySeedGivesAValidLevel) {
  const GenerateConfig c = platformer_config();
  for (uint64_t seed = 1; seed <= 300; ++seed) expect_good_level(c, seed);
}

TEST(PlatformerGeneratorTest, OtherModelsAndSizesGiveValidLevels) {
  GenerateConfig c = platformer_config();
  struct Variant {
    int jump_height, jump_distance, body_height, width, height, room_width, room_height, objectives;
  };
  const Variant variants[] = {{1, 1, 1, 40, 30, 8, 6, 2},
                              {2, 2, 2, 60, 40, 10, 8, 5},
                              {5, 6, 2, 90, 60, 12, 10, 9},
                              {3, 0, 1, 16, 16, 6, 6, 0},
                              {4, 4, 1, 120, 24, 10, 8, 4}};
  for (const Variant& v : variants) {
    c.movement.jump_height = v.jump_height;
    c.movement.jump_distance = v.jump_distance;
    c.movement.body_height = v.body_height;
    c.width = v.width;
    c.height = v.height;
    c.platformer.room_width = v.room_width;
    c.platformer.room_height = v.room_height;
    c.objectives = v.objectives;
    SCOPED_TRACE("H " + std::to_string(v.jump_height) + " B " + std::to_string(v.body_height) + " " +
                 std::to_string(v.width) + "x" + std::to_string(v.height));
    for (uint64_t seed = 1; seed <= 40; ++seed) expect_good_level(c, seed);
  }
}

TEST(PlatformerGeneratorTest, SameSeedGivesTheSameFilesAndGoldenHashesHold) {
  const GenerateConfig c = platformer_config();
  const Dungeon a = generate_dungeon(c, 7).dungeon, b = generate_dungeon(c, 7).dungeon;
  EXPECT_EQ(a, b);
  EXPECT_EQ(write_json_map(a), write_json_map(b));
  EXPECT_NE(grid_hash(a.tiles), grid_hash(generate_dungeon(c, 8).dungeon.tiles));
  EXPECT_EQ(grid_hash(generate_dungeon(c, 1).dungeon.tiles), 7725383040908872755ull);
  EXPECT_EQ(grid_hash(a.tiles), 963849941368094536ull);
  EXPECT_EQ(grid_hash(generate_dungeon(c, 42).dungeon.tiles), 17865580808321701831ull);
}

TEST(PlatformerGeneratorTest, RecipeRoundTripsThroughAsciiAndJson) {
  const Dungeon d = generate_dungeon(platformer_config(), 3).dungeon;
  const std::string text = write_ascii(d);
  EXPECT_TRUE(
      text.starts_with("!movement=platformer jump_height=3 jump_distance=4 body_height=1 max_fall=0 jump_penalty=1\n"));
  const Dungeon back = read_ascii(text);
  EXPECT_EQ(back.tiles, d.tiles);
  EXPECT_EQ(recorded_movement(back.params), recorded_movement(d.params));
  EXPECT_EQ(read_json_map(write_json_map(d)), d);
}

TEST(PlatformerGeneratorTest, LadderRepairReachesALedgeAboveJumpHeight) {
  // The exit stands on a ledge 4 above the floor; jump height 3.
  Dungeon d = read_ascii(test::levels::kNoLadderLedge);
  MovementModel m;
  EXPECT_FALSE(check_platformer_level(d, NavGraph(d.tiles, m)).valid);
  const std::optional<std::string> fix = repair_platformer_level(d, m);
  ASSERT_TRUE(fix.has_value());
  // The shortest ladder: column 5, beside the ledge, from the exit's row to the floor.
  EXPECT_EQ(*fix, "ladder at column 5, rows 2 to 6 (5 tiles) for the exit at (7,2)");
  EXPECT_EQ(d.tiles(5, 2), Terrain::Ladder);
  EXPECT_EQ(d.tiles(5, 6), Terrain::Ladder);
  EXPECT_TRUE(check_platformer_level(d, NavGraph(d.tiles, m)).valid);
  EXPECT_FALSE(repair_platformer_level(d, m).has_value()) << "nothing left to repair";
}

TEST(PlatformerGeneratorTest, LadderRepairLeadsOutOfAPit) {
  // An objective in a pit 4 deep (jump height 3): reached by a fall, left by nothing.
  Dungeon d = read_ascii(test::levels::kPit4);
  d.objectives.push_back({ObjectiveKind::Objective, {8, 6}});
  MovementModel m;
  const std::optional<std::string> fix = repair_platformer_level(d, m);
  ASSERT_TRUE(fix.has_value());
  EXPECT_EQ(*fix, "ladder at column 7, rows 1 to 6 (6 tiles) for the objective at (8,6)");
  PlatformerCheckOptions strict;
  strict.strict = true;
  EXPECT_TRUE(check_platformer_level(d, NavGraph(d.tiles, m), strict).valid);
}

TEST(PlatformerGeneratorTest, BadConfigIsRefusedNamingTheField) {
  GenerateConfig c = platformer_config();
  c.movement.body_height = 2;
  c.platformer.room_height = 5;
  c.platformer.ladders = 1.5;
  try {
    generate_dungeon(c, 1);
    FAIL();
  } catch (const InvalidArgument& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("room_height = 5 (expected 6 to 64)"), std::string::npos) << m;
    EXPECT_NE(m.find("ladders = 1.5 (expected 0 to 1)"), std::string::npos) << m;
  }
  GenerateConfig big = platformer_config();
  big.platformer.room_width = 40;
  big.width = 30;
  EXPECT_THROW(generate_dungeon(big, 1), InvalidArgument);
}

}  // namespace
}  // namespace catacomb
