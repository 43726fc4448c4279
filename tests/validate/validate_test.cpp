#include <catacomb/validate/validate.hpp>

#include <gtest/gtest.h>

#include <catacomb/core/error.hpp>
#include <catacomb/generator/caves.hpp>
#include <catacomb/io/ascii.hpp>

namespace catacomb {
namespace {

// One fixture map, four ways to break it.
const char* kGood =
    "##########\n"
    "#<...#..1#\n"
    "#.##.#.#.#\n"
    "#....~...#\n"
    "####.#####\n"
    "#>...#...#\n"
    "##########\n";

std::vector<ProblemKind> kinds(const ValidationReport& r) {
  std::vector<ProblemKind> k;
  for (const Problem& p : r.problems) k.push_back(p.kind);
  return k;
}

TEST(ValidateTest, AcceptsAPlayableMapWithRouteCostsAndLengths) {
  Dungeon d = read_ascii(kGood);
  ValidationReport r = validate_dungeon(d);
  EXPECT_TRUE(r.valid);
  EXPECT_TRUE(r.problems.empty());
  ASSERT_EQ(r.objectives.size(), 3u);
  EXPECT_TRUE(r.objectives[0].reachable);
  EXPECT_EQ(r.objectives[0].cost, 0);
  EXPECT_EQ(r.objectives[0].length, 0);
  // Start (1,1) to exit (1,5): down (1,1)->(1,3), across to (4,3), down (4,4),(4,5)... cost > 0.
  EXPECT_TRUE(r.objectives[1].reachable);
  EXPECT_GT(r.objectives[1].cost, 0);
  EXPECT_EQ(r.objectives[1].route.front(), (Point{1, 1}));
  EXPECT_EQ(r.objectives[1].route.back(), (Point{1, 5}));
  EXPECT_EQ(r.objectives[1].length, static_cast<int64_t>(r.objectives[1].route.size()) - 1);
  EXPECT_EQ(r.regions, 2);  // the room at the bottom right is cut off, but holds no objective
  EXPECT_EQ(r.unreachable_cells, 3);
}

TEST(ValidateTest, ReportsAnObjectiveInAWall) {
  Dungeon d = read_ascii(kGood);
  d.objectives[2].pos = {2, 2};  // '#'
  ValidationReport r = validate_dungeon(d);
  EXPECT_FALSE(r.valid);
  EXPECT_EQ(kinds(r), std::vector<ProblemKind>{ProblemKind::Impassable});
  EXPECT_EQ(r.problems[0].message, "objective at 2,2 stands on wall, which is impassable");
}

TEST(ValidateTest, ReportsAWalledOffExit) {
  Dungeon d = read_ascii(kGood);
  d.tiles(4, 4) = Terrain::Wall;  // the only way down
  ValidationReport r = validate_dungeon(d);
  EXPECT_FALSE(r.valid);
  EXPECT_EQ(kinds(r), std::vector<ProblemKind>{ProblemKind::Unreachable});
  EXPECT_EQ(r.problems[0].message, "exit at 1,5 cannot be reached from the start at 1,1");
  EXPECT_FALSE(r.objectives[1].reachable);
}

TEST(ValidateTest, ReportsAnObjectiveOffTheMap) {
  Dungeon d = read_ascii(kGood);
  d.objectives.push_back({ObjectiveKind::Treasure, {40, 3}});
  ValidationReport r = validate_dungeon(d);
  EXPECT_FALSE(r.valid);
  EXPECT_EQ(kinds(r), std::vector<ProblemKind>{ProblemKind::OffMap});
  EXPECT_EQ(r.problems[0].message, "treasure at 40,3 is off the 10x7 map");
}

TEST(ValidateTest, ReportsAMissingStart) {
  Dungeon d = read_ascii(kGood);
  d.objectives.erase(d.objectives.begin());
  ValidationReport r = validate_dungeon(d);
  EXPECT_FALSE(r.valid);
  EXPECT_EQ(kinds(r), std::vector<ProblemKind>{ProblemKind::NoStart});
  EXPECT_EQ(r.unreachable_cells, r.passable_cells);
}

TEST(ValidateTest, ListsEveryProblemNotOnlyTheFirst) {
  Dungeon d = read_ascii(kGood);
  d.tiles(4, 4) = Terrain::Wall;
  d.objectives[2].pos = {2, 2};
  d.objectives.push_back({ObjectiveKind::Key, {-1, 0}});
  d.objectives.push_back({ObjectiveKind::Key, {1, 5}});
  ValidationReport r = validate_dungeon(d);
  EXPECT_EQ(kinds(r), (std::vector<ProblemKind>{ProblemKind::Impassable, ProblemKind::OffMap, ProblemKind::SharedCell,
                                                ProblemKind::Unreachable, ProblemKind::Unreachable}));
}

TEST(ValidateTest, DeepWaterCutsARouteUnderAnotherCostTable) {
  Dungeon d = read_ascii(
      "#######\n"
      "#<.~.>#\n"
      "#######\n");
  EXPECT_TRUE(validate_dungeon(d).valid);
  ValidateOptions deep;
  deep.costs.set(Terrain::Water, CostTable::kImpassable);
  EXPECT_FALSE(validate_dungeon(d, deep).valid);
}

TEST(ValidateTest, FourNeighboursSeeDiagonalGapsAsWalls) {
  Dungeon d = read_ascii(
      "####\n"
      "#<##\n"
      "##>#\n"
      "####\n");
  ValidateOptions always;
  always.moves = {8, DiagonalPolicy::Always, kSqrt2};
  EXPECT_TRUE(validate_dungeon(d, always).valid);
  ValidateOptions four;
  four.moves = {4, DiagonalPolicy::Never, kSqrt2};
  EXPECT_FALSE(validate_dungeon(d, four).valid);
  EXPECT_FALSE(validate_dungeon(d).valid);  // no corner cutting by default
}

}  // namespace
}  // namespace catacomb

namespace catacomb {
namespace {

// ValidateOptions::threads: a second thread brings in the distance map's pages on maps of 2M
// cells or more (and floods with the first from 4M: FloodTest holds that flood to the one-thread
// flood on smaller maps); the report is the same for any number, and 0 is refused.
TEST(ValidateTest, TheReportIsTheSameForAnyNumberOfThreads) {
  Dungeon d = generate_caves(1600, 1400, CaveConfig{}, 8);  // 2.24M cells: the second thread runs
  for (size_t k = 0; k < 4; ++k) {                          // the first floor cell after each quarter's middle
    size_t i = d.tiles.size() / 8 + k * d.tiles.size() / 4;
    while (d.tiles.cells()[i] != Terrain::Floor) ++i;
    const ObjectiveKind kind = k == 0 ? ObjectiveKind::Start : k == 1 ? ObjectiveKind::Exit : ObjectiveKind::Treasure;
    d.objectives.push_back({kind, d.tiles.point(i)});
  }
  ValidateOptions one, two;
  two.threads = 2;
  // One cost for every cell (the flood's UniformCost), then water and vegetation (costs read
  // from the terrain): with kept maps every distance is compared.
  for (int round = 0; round < 3; ++round) {
    const bool keep = round > 0;
    if (round == 2)  // passable both: the objectives stay where they can be reached
      for (size_t i = 0; i < d.tiles.size(); i += 5)
        if (d.tiles.cells()[i] == Terrain::Floor)
          d.tiles.cells()[i] = i % 3 == 0 ? Terrain::Water : Terrain::Vegetation;
    one.keep_maps = two.keep_maps = keep;
    const ValidationReport a = validate_dungeon(d, one), b = validate_dungeon(d, two);
    EXPECT_EQ(a.valid, b.valid);
    EXPECT_EQ(a.regions, b.regions);
    EXPECT_EQ(a.unreachable_cells, b.unreachable_cells);
    ASSERT_EQ(a.objectives.size(), 4u);
    ASSERT_EQ(a.objectives.size(), b.objectives.size());
    int reached = 0;
    for (size_t i = 0; i < a.objectives.size(); ++i) {
      EXPECT_EQ(a.objectives[i].reachable, b.objectives[i].reachable);
      EXPECT_EQ(a.objectives[i].cost, b.objectives[i].cost);
      EXPECT_EQ(a.objectives[i].route, b.objectives[i].route);
      reached += a.objectives[i].reachable && a.objectives[i].length > 100 ? 1 : 0;
    }
    EXPECT_EQ(reached, 3);  // long routes: the flood crossed the map
    ASSERT_TRUE(a.solution && b.solution);
    ASSERT_EQ(a.solution->walkthrough.size(), b.solution->walkthrough.size());
    for (size_t k = 0; k < a.solution->walkthrough.size(); ++k) {
      EXPECT_EQ(a.solution->walkthrough[k].route, b.solution->walkthrough[k].route);
      EXPECT_EQ(a.solution->walkthrough[k].cost, b.solution->walkthrough[k].cost);
    }
    if (keep) { EXPECT_EQ(a.distances->dist.cells(), b.distances->dist.cells()); }
  }
  ValidateOptions none;
  none.threads = 0;
  EXPECT_THROW(validate_dungeon(d, none), InvalidArgument);
}

TEST(ValidateTest, ProvesAMapWithAGateAndItsSwitchAndListsBadProgressionFields) {
  Dungeon d = read_ascii("########\n#<..+.>#\n########\n");
  d.doors.push_back({{4, 1}, DoorKind::Gate, 1, false, {}});
  d.objectives.push_back({ObjectiveKind::Switch, {2, 1}, 0, 1});
  const ValidationReport ok = validate_dungeon(d);
  EXPECT_TRUE(ok.valid);
  ASSERT_TRUE(ok.solution.has_value());
  EXPECT_EQ(ok.solution->status, SolveStatus::Completable);
  d.objectives.back().switch_id = 0;  // a switch of no id: its gate never opens
  const ValidationReport bad = validate_dungeon(d);
  EXPECT_FALSE(bad.valid);
  bool named = false;
  for (const Problem& p : bad.problems) named |= p.message == "switch at 2,1 switch = 0 (expected 1 to 9)";
  EXPECT_TRUE(named);
}

}  // namespace
}  // namespace catacomb
