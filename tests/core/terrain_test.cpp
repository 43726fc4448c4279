#include <catacomb/core/terrain.hpp>

#include <gtest/gtest.h>

#include <catacomb/core/error.hpp>

namespace catacomb {
namespace {

TEST(TerrainTest, CharsAndNamesRoundTrip) {
  for (Terrain t : kAllTerrains) {
    EXPECT_EQ(terrain_from_char(terrain_char(t)), t);
    EXPECT_EQ(terrain_from_name(terrain_name(t)), t);
  }
  EXPECT_EQ(terrain_char(Terrain::Wall), '#');
  EXPECT_EQ(terrain_char(Terrain::Floor), '.');
  EXPECT_FALSE(terrain_from_char('x'));
  EXPECT_FALSE(terrain_from_name("lava"));
}

TEST(CostTableTest, TutorialPresetMatchesTheArticle) {
  CostTable c = CostTable::tutorial();
  EXPECT_EQ(c[Terrain::Road], 1);
  EXPECT_EQ(c[Terrain::Floor], 3);
  EXPECT_EQ(c[Terrain::Water], 5);
  EXPECT_EQ(c[Terrain::Vegetation], 10);
  EXPECT_FALSE(c.passable(Terrain::Wall));
  EXPECT_EQ(c.min_cost(), 1);
  EXPECT_FALSE(c.uniform_costs());
  EXPECT_EQ(CostTable::preset("tutorial"), c);
}

TEST(CostTableTest, DungeonAndUniformPresets) {
  EXPECT_FALSE(CostTable::dungeon().passable(Terrain::Wall));
  EXPECT_EQ(CostTable::dungeon()[Terrain::Floor], 1);
  EXPECT_TRUE(CostTable::uniform().uniform_costs());
  EXPECT_THROW(CostTable::preset("lava"), InvalidArgument);
}

TEST(CostTableTest, RejectsNonPositiveCosts) {
  CostTable c = CostTable::dungeon();
  EXPECT_THROW(c.set(Terrain::Floor, 0), InvalidArgument);
  EXPECT_THROW(c.set(Terrain::Floor, -2), InvalidArgument);
  c.set(Terrain::Floor, CostTable::kImpassable);
  EXPECT_FALSE(c.passable(Terrain::Floor));
}

}  // namespace
}  // namespace catacomb
