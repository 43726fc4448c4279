// Tests of recorded_rules and of the functions that take a Dungeon: by default they use the rules
// the map records (its cost preset, deep water, moves, key rule), never the library's defaults.
#include <catacomb/pathing/map_rules.hpp>

#include <cstdlib>
#include <gtest/gtest.h>

#include <catacomb/core/error.hpp>
#include <catacomb/io/json_map.hpp>
#include <catacomb/pipeline/generate.hpp>
#include <catacomb/validate/analysis.hpp>
#include <catacomb/validate/validate.hpp>

namespace catacomb {
namespace {

// The case: a 4-neighbour map generated under the tutorial's costs.
GenerateResult tutorial_four_neighbour_map() {
  GenerateConfig config;
  config.costs = CostPreset::Tutorial;
  config.moves.neighbors = 4;
  return generate_dungeon(config, 3);
}

TEST(MapRulesTest, RecordedRulesAreTheRecipesCostsMovesAndKeyRule) {
  const Dungeon d = tutorial_four_neighbour_map().dungeon;
  const MapRules rules = recorded_rules(d);
  EXPECT_EQ(rules.costs, CostTable::tutorial());
  EXPECT_EQ(rules.moves.neighbors, 4);
  EXPECT_EQ(rules.key_rule, d.key_rule);
  Dungeon deep = d;
  for (auto& [name, value] : deep.params)
    if (name == "deep_water") value = true;
  EXPECT_FALSE(recorded_rules(deep).costs.passable(Terrain::Water));
}

TEST(MapRulesTest, AMapWithoutARecipeHasTheLibraryDefaults) {
  Dungeon d;
  d.tiles = Grid<Terrain>(4, 4, Terrain::Floor);
  const MapRules rules = recorded_rules(d);
  EXPECT_EQ(rules.costs, CostTable::dungeon());
  EXPECT_EQ(rules.moves.neighbors, 8);
  EXPECT_EQ(rules.moves.diagonal, DiagonalPolicy::NoCornerCut);
}

TEST(MapRulesTest, AnUnknownRecordedValueIsNamed) {
  Dungeon d;
  d.tiles = Grid<Terrain>(4, 4, Terrain::Floor);
  d.params = {{"neighbors", int64_t{6}}};
  try {
    recorded_rules(d);
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) { EXPECT_STREQ(e.what(), "params.neighbors = 6 (expected 4 or 8)"); }
  d.params = {{"costs", std::string("gold")}};
  EXPECT_THROW(find_path(d, {0, 0}, {3, 3}), InvalidArgument);
}

TEST(MapRulesTest, FindPathOnADungeonTakesOnlyTheMapsMovesAtTheMapsCosts) {
  const Dungeon d = tutorial_four_neighbour_map().dungeon;
  const Point start = *d.find(ObjectiveKind::Start), exit = *d.find(ObjectiveKind::Exit);
  const PathResult r = find_path(d, start, exit);
  ASSERT_TRUE(r.found());
  for (size_t i = 1; i < r.path.size(); ++i)
    EXPECT_EQ(std::abs(r.path[i].x - r.path[i - 1].x) + std::abs(r.path[i].y - r.path[i - 1].y), 1)
        << "a diagonal step at " << to_string(r.path[i]) << " on a 4-neighbour map";
  Moves four;
  four.neighbors = 4;
  EXPECT_DOUBLE_EQ(r.cost, path_cost(d.tiles, CostTable::tutorial(), r.path, four));
  // The library's defaults (8 neighbours, dungeon costs) give another route: what the issue saw.
  const PathResult defaults = find_path(d.tiles, CostTable::dungeon(), start, exit);
  EXPECT_NE(defaults.cost, r.cost);
}

TEST(MapRulesTest, ValidateSolveAndAnalyseDefaultToTheMapsRules) {
  const GenerateResult g = tutorial_four_neighbour_map();
  const Dungeon& d = g.dungeon;
  const ValidationReport own = validate_dungeon(d);
  const ValidationReport explicit_rules = validate_dungeon(d, map_rules(d));
  ASSERT_EQ(own.objectives.size(), explicit_rules.objectives.size());
  for (size_t i = 0; i < own.objectives.size(); ++i) {
    EXPECT_EQ(own.objectives[i].cost, explicit_rules.objectives[i].cost);
    EXPECT_EQ(own.objectives[i].cost, g.report.objectives[i].cost) << "the generator's own report";
  }
  const ValidationReport library_defaults = validate_dungeon(d, ValidateOptions{});
  EXPECT_NE(own.objectives[1].cost, library_defaults.objectives[1].cost);
  EXPECT_EQ(solve_dungeon(d).metrics.walkthrough_cost, own.solution->metrics.walkthrough_cost);
  EXPECT_EQ(analyse_map(d, own).chokepoints, analyse_map(d, own, map_rules(d)).chokepoints);
}

TEST(MapRulesTest, TheJsonLegendStatesTheMapsCostsSoReadingItBackKeepsTheRules) {
  const Dungeon d = tutorial_four_neighbour_map().dungeon;
  const std::string json = write_json_map(d);
  const std::optional<CostTable> legend = read_json_legend_costs(json, CostTable::dungeon());
  ASSERT_TRUE(legend.has_value());
  const Dungeon back = read_json_map(json);
  const CostTable read_back = map_rules(back, legend).costs;
  // A top-down map's legend lists the top-down terrains (the side-view ones keep the base's).
  for (int t = 0; t < kTopDownTerrainCount; ++t)
    EXPECT_EQ(read_back[kAllTerrains[size_t(t)]], CostTable::tutorial()[kAllTerrains[size_t(t)]])
        << terrain_name(kAllTerrains[size_t(t)]);
}

}  // namespace
}  // namespace catacomb
