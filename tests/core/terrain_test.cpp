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

TEST(CostOverridesTest, TextRoundTripsInTerrainOrder) {
  const CostOverrides o = parse_cost_overrides("vegetation=7.5,water=impassable");
  EXPECT_EQ(cost_overrides_text(o), "water=impassable,vegetation=7.5");
  EXPECT_EQ(parse_cost_overrides(cost_overrides_text(o)), o);
  EXPECT_TRUE(parse_cost_overrides("").empty());
  EXPECT_EQ(cost_overrides_text(CostOverrides{}), "");
  const CostTable t = o.apply(CostTable::dungeon());
  EXPECT_FALSE(t.passable(Terrain::Water));
  EXPECT_EQ(t[Terrain::Vegetation], 7.5);
  EXPECT_EQ(t[Terrain::Floor], 1.0);  // the rest keep the base's
  EXPECT_EQ(CostOverrides::all_of(CostTable::tutorial()).apply(CostTable::uniform()), CostTable::tutorial());
}

TEST(CostOverridesTest, BadItemsAreNamedWithWhatIsExpected) {
  auto message = [](std::string_view text) {
    try {
      parse_cost_overrides(text, "--cost");
    } catch (const InvalidArgument& e) { return std::string(e.what()); }
    return std::string("no error");
  };
  EXPECT_NE(message("watr=1").find("--cost = watr=1 (expected a terrain name before '='"), std::string::npos);
  EXPECT_NE(message("water=0").find("--cost = water=0 (expected a cost after '='"), std::string::npos);
  EXPECT_NE(message("water=inf").find("--cost = water=inf"), std::string::npos);
  EXPECT_NE(message("water").find("--cost = water (expected terrain=cost items"), std::string::npos);
  EXPECT_NE(message(",water=1").find("--cost = '' (expected terrain=cost items"), std::string::npos);
  CostOverrides o;
  EXPECT_THROW(o.set(Terrain::Water, -1), InvalidArgument);
}

}  // namespace
}  // namespace catacomb
