#include <catacomb/generator/caves.hpp>

#include <gtest/gtest.h>

#include <set>

#include <catacomb/core/error.hpp>
#include "support/reference/smooth_pass_reference.hpp"
#include "support/test_support.hpp"

namespace catacomb {
namespace {

using test::smooth_pass_reference;

TEST(CavesTest, FourFiveRuleOnAHandMadeGrid) {
  // A lone floor cell surrounded by walls stays wall; an open 5x5 room stays open inside.
  WallMask src(7, 7, 1);
  for (int y = 1; y <= 5; ++y)
    for (int x = 1; x <= 5; ++x) src(x, y) = 0;
  WallMask dst(7, 7, 0);
  smooth_pass_reference(src, dst, 5);
  EXPECT_EQ(dst(3, 3), 0);
  EXPECT_EQ(dst(1, 1), 1);  // corner of the room: 5 walls in its 3x3 block
  EXPECT_EQ(dst(2, 1), 0);  // edge of the room: 3 walls
  EXPECT_EQ(dst(0, 3), 1);  // border forced to wall
}

TEST(CavesTest, OutOfMapCountsAsWall) {
  // All floor, rule "R2 <= 0 makes a wall" only (R1 threshold 10 never fires). A cell whose 5x5
  // block stays inside the map sees 0 walls and becomes wall; cell (1,1) sees the 9 out-of-map
  // cells of its block as walls, so it stays floor. Were out-of-map floor, it would be wall too.
  WallMask src(7, 7, 0);
  WallMask dst(7, 7, 0);
  smooth_pass_reference(src, dst, 10, 0);
  EXPECT_EQ(dst(3, 3), 1);
  EXPECT_EQ(dst(1, 1), 0);
  EXPECT_EQ(dst(0, 3), 1);  // border forced to wall
  WallMask fast(7, 7, 0);
  smooth_pass(src, fast, 10, 0);
  EXPECT_EQ(fast, dst);
}

TEST(CavesTest, FastPassMatchesReferenceOnManySeeds) {
  for (uint64_t seed = 0; seed < 60; ++seed) {
    Rng rng(seed);
    const int w = 3 + static_cast<int>(rng.below(70)), h = 3 + static_cast<int>(rng.below(50));
    WallMask src = random_fill(w, h, rng.uniform_real(20, 70), rng);
    for (int threshold = 3; threshold <= 6; ++threshold) {
      WallMask a(w, h, 0), b(w, h, 0);
      smooth_pass_reference(src, a, threshold);
      smooth_pass(src, b, threshold);
      ASSERT_EQ(a, b) << "seed " << seed << " threshold " << threshold;
      WallMask c(w, h, 0), e(w, h, 0);
      smooth_pass_reference(src, c, threshold, 2);
      smooth_pass(src, e, threshold, 2);
      ASSERT_EQ(c, e) << "seed " << seed << " open variant";
    }
  }
}

TEST(CavesTest, PropertiesHoldOverManySeeds) {
  CaveConfig cfg;
  std::set<uint64_t> hashes;
  for (uint64_t seed = 0; seed < 200; ++seed) {
    Dungeon d = generate_caves(80, 50, cfg, seed);
    ASSERT_TRUE(test::border_is_wall(d.tiles)) << seed;
    int64_t wall = 0;
    for (Terrain t : d.tiles.cells()) wall += t == Terrain::Wall;
    const double frac = static_cast<double>(wall) / static_cast<double>(d.tiles.size());
    EXPECT_GT(frac, 0.25) << seed;
    EXPECT_LT(frac, 0.75) << seed;
    hashes.insert(grid_hash(d.tiles));
  }
  EXPECT_EQ(hashes.size(), 200u);  // different seeds, different caves
}

TEST(CavesTest, SameSeedGivesIdenticalDungeon) {
  CaveConfig cfg;
  EXPECT_EQ(generate_caves(120, 70, cfg, 99), generate_caves(120, 70, cfg, 99));
}

TEST(CavesTest, OpenVariantBreaksUpHalls) {
  CaveConfig plain;
  plain.fill = 40;
  plain.passes = 7;
  CaveConfig open = plain;
  open.open_passes = 4;
  // Largest all-floor 5x5 block count: the variant leaves fewer wide-open areas.
  auto open_blocks = [](const WallMask& m) {
    int n = 0;
    for (int y = 2; y < m.height() - 2; ++y)
      for (int x = 2; x < m.width() - 2; ++x) {
        int w = 0;
        for (int dy = -2; dy <= 2; ++dy)
          for (int dx = -2; dx <= 2; ++dx) w += m(x + dx, y + dy);
        n += w == 0;
      }
    return n;
  };
  int a = 0, b = 0;
  for (uint64_t s = 0; s < 10; ++s) {
    a += open_blocks(cave_mask(80, 50, plain, s));
    b += open_blocks(cave_mask(80, 50, open, s));
  }
  EXPECT_LT(b, a);
}

TEST(CavesTest, GoldenHashes) {
  CaveConfig cfg;
  EXPECT_EQ(grid_hash(generate_caves(80, 50, cfg, 1).tiles), 14746399449498866644ull);
  EXPECT_EQ(grid_hash(generate_caves(80, 50, cfg, 7).tiles), 11842317874106448122ull);
  cfg.open_passes = 3;
  cfg.fill = 40;
  EXPECT_EQ(grid_hash(generate_caves(80, 50, cfg, 12345).tiles), 10462713341956151529ull);
}

TEST(CavesTest, ConfigCheckListsEveryBadField) {
  CaveConfig cfg;
  cfg.fill = 150;
  cfg.passes = 3;
  cfg.open_passes = 4;
  try {
    cfg.check(0, 50);
    FAIL();
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()),
              "width = 0 (expected 3 to 16384); fill = 150 (expected 0 to 100); "
              "open_passes = 4 (expected 0 to passes = 3)");
    ASSERT_EQ(e.problems().size(), 3u);
    EXPECT_EQ(e.problems()[1], (FieldProblem{"fill", "150", "0 to 100"}));
  }
  EXPECT_THROW(generate_caves(80, 50, cfg, 1), InvalidArgument);
}

TEST(CavesTest, EntryPointsRefuseABadFillOrSizeBeforeAllocating) {
  CaveConfig cfg;
  cfg.fill = -1;
  try {
    generate_caves(80, 50, cfg, 1);
    FAIL();
  } catch (const InvalidArgument& e) {
    EXPECT_STREQ(e.what(), "fill = -1 (expected 0 to 100)");
    EXPECT_EQ(e.problems(), (std::vector<FieldProblem>{{"fill", "-1", "0 to 100"}}));
  }
  try {
    cave_mask(100000, 2, CaveConfig{}, 1);
    FAIL();
  } catch (const InvalidArgument& e) {
    EXPECT_STREQ(e.what(), "width = 100000 (expected 3 to 16384); height = 2 (expected 3 to 16384)");
  }
}

TEST(CavesTest, ParamsRecordTheRecipe) {
  CaveConfig cfg;
  Dungeon d = generate_caves(80, 50, cfg, 5);
  EXPECT_EQ(d.generator, "caves");
  EXPECT_EQ(d.seed, 5u);
  ASSERT_FALSE(d.params.empty());
  EXPECT_EQ(d.params[0].first, "width");
  EXPECT_EQ(std::get<int64_t>(d.params[0].second), 80);
}

}  // namespace
}  // namespace catacomb
