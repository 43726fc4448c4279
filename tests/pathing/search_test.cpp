#include <catacomb/pathing/search.hpp>
#include <catacomb/pathing/distance_map.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/core/rng.hpp>
#include <catacomb/io/ascii.hpp>
#include "support/test_support.hpp"

namespace catacomb {
namespace {

// Two rooms joined by a door in a wall; a pillar in the left room.
const char* kRooms =
    "############\n"
    "#<...#.....#\n"
    "#.##.#.....#\n"
    "#.##.+....>#\n"
    "#....#.....#\n"
    "############\n";

// The goal's room is walled off.
const char* kWalledOff =
    "##########\n"
    "#<..#....#\n"
    "#...#..>.#\n"
    "#...#....#\n"
    "##########\n";

// With the tutorial's costs the road below (1 per cell) beats the floor (3 per cell).
const char* kRoad =
    "#########\n"
    "#<.....>#\n"
    "#=======#\n"
    "#########\n";

// Water and vegetation between the two ends; a cheaper way round through the floor.
const char* kTerrain =
    "##########\n"
    "#<.~~~~..#\n"
    "#..\"\"\"\"..#\n"
    "#..~~~~.>#\n"
    "#........#\n"
    "##########\n";

Point start_of(const Dungeon& d) { return *d.find(ObjectiveKind::Start); }
Point exit_of(const Dungeon& d) { return *d.find(ObjectiveKind::Exit); }

bool legal_move(const CostGrid& costs, Point a, Point b, const Moves& moves) {
  const int dx = b.x - a.x, dy = b.y - a.y;
  if (std::abs(dx) > 1 || std::abs(dy) > 1 || (dx == 0 && dy == 0)) return false;
  if (dx == 0 || dy == 0) return true;
  if (!moves.diagonals()) return false;
  const bool p = costs.at({a.x + dx, a.y}) != CostTable::kImpassable;
  const bool q = costs.at({a.x, a.y + dy}) != CostTable::kImpassable;
  switch (moves.diagonal) {
    case DiagonalPolicy::NoCornerCut: return p && q;
    case DiagonalPolicy::OneFree: return p || q;
    case DiagonalPolicy::Always: return true;
    case DiagonalPolicy::Never: return false;
  }
  return false;
}

// Every step passable and one legal move; ends where asked; cost = the sum of step costs.
void expect_valid_path(const CostGrid& costs, const PathResult& r, Point start, Point end, const Moves& moves,
                       double cost_scale = 1.0) {
  ASSERT_FALSE(r.path.empty());
  EXPECT_EQ(r.path.front(), start);
  EXPECT_EQ(r.path.back(), end);
  for (size_t k = 0; k < r.path.size(); ++k) {
    ASSERT_TRUE(costs.in_bounds(r.path[k]));
    EXPECT_NE(costs[r.path[k]], CostTable::kImpassable) << "path[" << k << "] = " << to_string(r.path[k]);
    if (k > 0) { EXPECT_TRUE(legal_move(costs, r.path[k - 1], r.path[k], moves)) << "at path[" << k << "]"; }
  }
  EXPECT_DOUBLE_EQ(r.cost, path_cost(costs, r.path, moves, cost_scale));
}

// A random map: walls with probability `walls`, else one of a few costs (or 1 when uniform).
CostGrid random_costs(Rng& rng, int w, int h, double walls, bool uniform) {
  static const double kCosts[] = {1.0, 2.0, 3.5, 1.25, 7.0};
  CostGrid g(w, h, CostTable::kImpassable);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      if (!rng.chance(walls)) g(x, y) = uniform ? 1.0 : kCosts[rng.below(5)];
    }
  }
  return g;
}

Point random_passable(Rng& rng, const CostGrid& g) {
  for (;;) {
    const Point p{static_cast<int>(rng.below(static_cast<uint64_t>(g.width()))),
                  static_cast<int>(rng.below(static_cast<uint64_t>(g.height())))};
    if (g[p] != CostTable::kImpassable) return p;
  }
}

const Moves kAllMoves[] = {
    {4, DiagonalPolicy::Never, kSqrt2},   {8, DiagonalPolicy::Never, kSqrt2},  {8, DiagonalPolicy::NoCornerCut, kSqrt2},
    {8, DiagonalPolicy::OneFree, kSqrt2}, {8, DiagonalPolicy::Always, kSqrt2}, {8, DiagonalPolicy::NoCornerCut, 1.5},
};

std::string describe(const Moves& m) {
  return std::to_string(m.neighbors) + "/" + std::string(diagonal_policy_name(m.diagonal)) + "/" +
         std::to_string(m.diagonal_cost);
}

// --- names, options ---------------------------------------------------------------------------

TEST(SearchTest, NamesRoundTripAndUnknownNamesAreRejected) {
  for (Algorithm a : {Algorithm::AStar, Algorithm::Dijkstra, Algorithm::Bfs, Algorithm::Greedy, Algorithm::Jps})
    EXPECT_EQ(parse_algorithm(algorithm_name(a)), a);
  for (Heuristic h :
       {Heuristic::Manhattan, Heuristic::Octile, Heuristic::Chebyshev, Heuristic::Euclidean, Heuristic::Zero})
    EXPECT_EQ(parse_heuristic(heuristic_name(h)), h);
  EXPECT_EQ(path_status_name(PathStatus::BudgetExhausted), "budget-exhausted");
  try {
    parse_algorithm("dfs", "--algorithm");
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) {
    EXPECT_STREQ(e.what(), "--algorithm = dfs (expected astar, dijkstra, bfs, greedy or jps)");
  }
  EXPECT_THROW(parse_heuristic("taxicab"), InvalidArgument);
}

TEST(SearchTest, OptionsListEveryBadField) {
  SearchOptions o;
  EXPECT_TRUE(o.problems().empty());
  o.moves.neighbors = 6;
  o.heuristic_scale = -1;
  o.cost_scale = 2;
  o.budget = -1;
  try {
    o.check();
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) {
    EXPECT_STREQ(e.what(),
                 "neighbors = 6 (expected 4 or 8); heuristic_scale = -1 (expected 0 to 1e6); "
                 "cost_scale = 2 (expected 0 to 1); budget = -1 (expected >= 0)");
  }
  GridSearch s;
  s.set_map(read_ascii(kRooms).tiles, CostTable::dungeon());
  EXPECT_THROW(s.find_path({1, 1}, {10, 3}, o), InvalidArgument);
}

TEST(SearchTest, HeuristicDistancesForUnitSteps) {
  const Point a{0, 0}, b{3, 1};
  EXPECT_DOUBLE_EQ(heuristic_distance(Heuristic::Manhattan, a, b, kSqrt2), 4.0);
  EXPECT_DOUBLE_EQ(heuristic_distance(Heuristic::Octile, a, b, kSqrt2), 2.0 + kSqrt2);
  EXPECT_DOUBLE_EQ(heuristic_distance(Heuristic::Chebyshev, a, b, kSqrt2), 3.0);
  EXPECT_DOUBLE_EQ(heuristic_distance(Heuristic::Euclidean, a, b, kSqrt2), std::sqrt(10.0));
  EXPECT_DOUBLE_EQ(heuristic_distance(Heuristic::Zero, a, b, kSqrt2), 0.0);
  EXPECT_DOUBLE_EQ(heuristic_distance(Heuristic::Octile, b, a, 1.0), 3.0);
}

TEST(SearchTest, CostGridFollowsTheTable) {
  const Dungeon d = read_ascii(kTerrain);
  const CostGrid g = make_cost_grid(d.tiles, CostTable::tutorial());
  EXPECT_EQ(g.width(), 10);
  EXPECT_EQ(g(0, 0), CostTable::kImpassable);
  EXPECT_EQ(g(1, 1), 3.0);   // floor under the start
  EXPECT_EQ(g(3, 1), 5.0);   // water
  EXPECT_EQ(g(3, 2), 10.0);  // vegetation
}

// --- fixture maps -----------------------------------------------------------------------------

TEST(SearchTest, FindsAnOptimalPathThroughTheDoor) {
  const Dungeon d = read_ascii(kRooms);
  const CostGrid costs = make_cost_grid(d.tiles, CostTable::dungeon());
  GridSearch s;
  s.set_map(d.tiles, CostTable::dungeon());
  EXPECT_EQ(s.width(), 12);
  EXPECT_EQ(s.height(), 6);
  for (const Moves& m : kAllMoves) {
    SearchOptions o;
    o.moves = m;
    const PathResult a = s.find_path(start_of(d), exit_of(d), o);
    ASSERT_TRUE(a.found()) << describe(m);
    expect_valid_path(costs, a, start_of(d), exit_of(d), m);
    EXPECT_FALSE(a.partial);
    EXPECT_GT(a.expanded, 0);
    EXPECT_TRUE(std::find(a.path.begin(), a.path.end(), Point{5, 3}) != a.path.end()) << "through the door";
    o.algorithm = Algorithm::Dijkstra;
    EXPECT_NEAR(s.find_path(start_of(d), exit_of(d), o).cost, a.cost, 1e-12) << describe(m);
  }
  SearchOptions four;
  four.moves = {4, DiagonalPolicy::Never, kSqrt2};
  EXPECT_DOUBLE_EQ(s.find_path(start_of(d), exit_of(d), four).cost, 11.0);  // 3 right, 2 down, 6 right
}

TEST(SearchTest, TutorialCostsTakeTheCheaperRoadDetour) {
  const Dungeon d = read_ascii(kRoad);
  const CostGrid costs = make_cost_grid(d.tiles, CostTable::tutorial());
  for (const Moves& m : {Moves{4, DiagonalPolicy::Never, kSqrt2}, Moves{}}) {
    SearchOptions o;
    o.moves = m;
    const PathResult r = find_path(d.tiles, CostTable::tutorial(), start_of(d), exit_of(d), o);
    ASSERT_TRUE(r.found());
    expect_valid_path(costs, r, start_of(d), exit_of(d), m);
    const auto on_road = std::count_if(r.path.begin(), r.path.end(),
                                       [&](Point p) { return d.tiles[p] == Terrain::Road; });
    EXPECT_GE(on_road, 4) << describe(m);
    EXPECT_LT(r.cost, 18.0);  // straight along the floor: 6 cells at 3
  }
  SearchOptions four;
  four.moves = {4, DiagonalPolicy::Never, kSqrt2};
  EXPECT_DOUBLE_EQ(find_path(d.tiles, CostTable::tutorial(), start_of(d), exit_of(d), four).cost, 1 + 6 + 3);
}

TEST(SearchTest, CheapTerrainIsPreferredOverWaterAndTrees) {
  const Dungeon d = read_ascii(kTerrain);
  const CostGrid costs = make_cost_grid(d.tiles, CostTable::tutorial());
  const PathResult r = find_path(d.tiles, CostTable::tutorial(), start_of(d), exit_of(d));
  ASSERT_TRUE(r.found());
  expect_valid_path(costs, r, start_of(d), exit_of(d), Moves{});
  for (Point p : r.path) EXPECT_NE(d.tiles[p], Terrain::Vegetation) << to_string(p);
}

TEST(SearchTest, CostScaleZeroMakesEveryPassableCellCostOne) {
  const Dungeon d = read_ascii(kRoad);
  const CostGrid costs = make_cost_grid(d.tiles, CostTable::tutorial());
  SearchOptions o;
  o.moves = {4, DiagonalPolicy::Never, kSqrt2};
  o.cost_scale = 0;
  const PathResult r = find_path(d.tiles, CostTable::tutorial(), start_of(d), exit_of(d), o);
  ASSERT_TRUE(r.found());
  EXPECT_DOUBLE_EQ(r.cost, 6.0);  // straight along the floor, every cell at 1
  EXPECT_EQ(r.path.size(), 7u);
  expect_valid_path(costs, r, start_of(d), exit_of(d), o.moves, 0.0);
  // Halfway: floor 2, road 1.
  o.cost_scale = 0.5;
  const PathResult half = find_path(d.tiles, CostTable::tutorial(), start_of(d), exit_of(d), o);
  EXPECT_DOUBLE_EQ(half.cost, 1 + 6 + 2);
  expect_valid_path(costs, half, start_of(d), exit_of(d), o.moves, 0.5);
}

TEST(SearchTest, EveryAlgorithmFindsAValidPath) {
  const Dungeon d = read_ascii(kRooms);
  const CostGrid costs = make_cost_grid(d.tiles, CostTable::dungeon());
  GridSearch s;
  s.set_costs(costs);
  for (Algorithm a : {Algorithm::AStar, Algorithm::Dijkstra, Algorithm::Bfs, Algorithm::Greedy}) {
    for (Heuristic h :
         {Heuristic::Manhattan, Heuristic::Octile, Heuristic::Chebyshev, Heuristic::Euclidean, Heuristic::Zero}) {
      SearchOptions o;
      o.algorithm = a;
      o.heuristic = h;
      const PathResult r = s.find_path(start_of(d), exit_of(d), o);
      ASSERT_TRUE(r.found()) << algorithm_name(a) << " " << heuristic_name(h);
      expect_valid_path(costs, r, start_of(d), exit_of(d), o.moves);
    }
  }
}

TEST(SearchTest, StartAndGoalOffTheMapThrowNamingBoth) {
  GridSearch s;
  s.set_map(read_ascii(kWalledOff).tiles, CostTable::dungeon());
  try {
    s.find_path({300, 5}, {1, 1});
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) { EXPECT_STREQ(e.what(), "start = 300,5 (expected inside the 10x5 map)"); }
  try {
    s.find_path({-1, 0}, {10, 4});
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) {
    EXPECT_STREQ(e.what(), "start = -1,0 (expected inside the 10x5 map); goal = 10,4 (expected inside the 10x5 map)");
  }
  GridSearch unbound;
  EXPECT_THROW(unbound.find_path({0, 0}, {0, 0}), InvalidArgument);
}

TEST(SearchTest, BlockedEndsAreStatusesNotErrors) {
  GridSearch s;
  s.set_map(read_ascii(kRooms).tiles, CostTable::dungeon());
  const PathResult a = s.find_path({0, 0}, {1, 1});
  EXPECT_EQ(a.status, PathStatus::StartBlocked);
  EXPECT_TRUE(a.path.empty());
  EXPECT_EQ(a.expanded, 0);
  const PathResult b = s.find_path({1, 1}, {2, 2});
  EXPECT_EQ(b.status, PathStatus::GoalBlocked);
  EXPECT_TRUE(b.path.empty());
  EXPECT_EQ(b.expanded, 0);
  EXPECT_FALSE(b.found());
}

TEST(SearchTest, OneCellPathWhenStartIsTheGoal) {
  GridSearch s;
  s.set_map(read_ascii(kRooms).tiles, CostTable::dungeon());
  const PathResult r = s.find_path({4, 4}, {4, 4});
  ASSERT_TRUE(r.found());
  EXPECT_EQ(r.path, (std::vector<Point>{{4, 4}}));
  EXPECT_EQ(r.cost, 0.0);
}

TEST(SearchTest, SeparateAreasAreAnsweredWithoutExpandingAnything) {
  const Dungeon d = read_ascii(kWalledOff);
  GridSearch s;
  s.set_map(d.tiles, CostTable::dungeon());
  for (Algorithm a : {Algorithm::AStar, Algorithm::Dijkstra, Algorithm::Bfs, Algorithm::Greedy}) {
    SearchOptions o;
    o.algorithm = a;
    const PathResult r = s.find_path(start_of(d), exit_of(d), o);
    EXPECT_EQ(r.status, PathStatus::NoPath) << algorithm_name(a);
    EXPECT_EQ(r.expanded, 0);
    EXPECT_TRUE(r.path.empty());
  }
  std::vector<Point> visited, frontier;
  s.last_search_cells(visited, frontier);
  EXPECT_TRUE(visited.empty());
  EXPECT_TRUE(frontier.empty());
  // A diagonal gap joins the areas only for the policies that allow squeezing through it.
  const Dungeon g = read_ascii(
      "######\n"
      "#<.#.#\n"
      "#.#.>#\n"
      "######\n");
  s.set_map(g.tiles, CostTable::dungeon());
  SearchOptions o;
  EXPECT_EQ(s.find_path(start_of(g), exit_of(g), o).expanded, 0);
  o.moves.diagonal = DiagonalPolicy::Always;
  EXPECT_TRUE(s.find_path(start_of(g), exit_of(g), o).found());
  o.moves.diagonal = DiagonalPolicy::NoCornerCut;
  EXPECT_EQ(s.find_path(start_of(g), exit_of(g), o).status, PathStatus::NoPath);
}

TEST(SearchTest, FallbackReturnsAPartialPathToTheClosestReachedCell) {
  const Dungeon d = read_ascii(kWalledOff);
  const CostGrid costs = make_cost_grid(d.tiles, CostTable::dungeon());
  GridSearch s;
  s.set_costs(costs);
  SearchOptions o;
  o.fallback_to_closest = true;
  const PathResult r = s.find_path(start_of(d), exit_of(d), o);
  EXPECT_EQ(r.status, PathStatus::NoPath);
  EXPECT_TRUE(r.partial);
  EXPECT_EQ(r.expanded, 9);  // the whole left room
  expect_valid_path(costs, r, start_of(d), Point{3, 2}, o.moves);
  // An impassable goal is searched for as well.
  const PathResult w = s.find_path(start_of(d), {4, 2}, o);
  EXPECT_EQ(w.status, PathStatus::GoalBlocked);
  EXPECT_TRUE(w.partial);
  expect_valid_path(costs, w, start_of(d), Point{3, 2}, o.moves);
  // Reachable goal: a whole path, not partial.
  const PathResult ok = s.find_path(start_of(d), {3, 3}, o);
  EXPECT_TRUE(ok.found());
  EXPECT_FALSE(ok.partial);
}

TEST(SearchTest, BudgetStopsTheSearchAndFallbackStillGivesAPath) {
  const Dungeon d = read_ascii(kRooms);
  const CostGrid costs = make_cost_grid(d.tiles, CostTable::dungeon());
  GridSearch s;
  s.set_costs(costs);
  SearchOptions o;
  o.budget = 5;
  const PathResult r = s.find_path(start_of(d), exit_of(d), o);
  EXPECT_EQ(r.status, PathStatus::BudgetExhausted);
  EXPECT_EQ(r.expanded, 5);
  EXPECT_TRUE(r.path.empty());
  o.fallback_to_closest = true;
  const PathResult p = s.find_path(start_of(d), exit_of(d), o);
  EXPECT_EQ(p.status, PathStatus::BudgetExhausted);
  EXPECT_TRUE(p.partial);
  ASSERT_FALSE(p.path.empty());
  expect_valid_path(costs, p, start_of(d), p.path.back(), o.moves);
  EXPECT_LT(heuristic_distance(Heuristic::Octile, p.path.back(), exit_of(d), kSqrt2),
            heuristic_distance(Heuristic::Octile, start_of(d), exit_of(d), kSqrt2));
  // A budget the search does not need changes nothing.
  o.budget = 1000;
  o.fallback_to_closest = false;
  EXPECT_TRUE(s.find_path(start_of(d), exit_of(d), o).found());
}

TEST(SearchTest, TieBreakingGivesTheSamePathEveryTime) {
  // An open room: many paths of equal cost.
  const Dungeon d = read_ascii(
      "##########\n"
      "#<.......#\n"
      "#........#\n"
      "#........#\n"
      "#.......>#\n"
      "##########\n");
  for (const Moves& m : kAllMoves) {
    SearchOptions o;
    o.moves = m;
    GridSearch a, b;
    a.set_map(d.tiles, CostTable::uniform());
    b.set_map(d.tiles, CostTable::uniform());
    const PathResult first = a.find_path(start_of(d), exit_of(d), o);
    a.find_path(exit_of(d), start_of(d), o);  // different scratch history
    a.find_path({3, 2}, {8, 1}, o);
    const PathResult again = a.find_path(start_of(d), exit_of(d), o);
    const PathResult fresh = b.find_path(start_of(d), exit_of(d), o);
    EXPECT_EQ(first.path, again.path) << describe(m);
    EXPECT_EQ(first.path, fresh.path) << describe(m);
    EXPECT_EQ(first.expanded, again.expanded);
  }
  // Larger g first on equal f: straight to the goal, without expanding the rest of the room.
  GridSearch s;
  s.set_map(d.tiles, CostTable::uniform());
  SearchOptions four;
  four.moves = {4, DiagonalPolicy::Never, kSqrt2};
  four.heuristic = Heuristic::Manhattan;
  const PathResult r = s.find_path(start_of(d), exit_of(d), four);
  EXPECT_EQ(r.expanded, static_cast<int64_t>(r.path.size()));
}

TEST(SearchTest, LastSearchCellsAreTheExpandedAndTheOpenCells) {
  const Dungeon d = read_ascii(kRooms);
  GridSearch s;
  s.set_map(d.tiles, CostTable::dungeon());
  SearchOptions o;
  o.budget = 12;
  const PathResult r = s.find_path(start_of(d), exit_of(d), o);
  std::vector<Point> visited, frontier;
  s.last_search_cells(visited, frontier);
  EXPECT_EQ(static_cast<int64_t>(visited.size()), r.expanded);
  EXPECT_FALSE(frontier.empty());
  EXPECT_TRUE(std::is_sorted(visited.begin(), visited.end()));
  EXPECT_TRUE(std::is_sorted(frontier.begin(), frontier.end()));
  EXPECT_TRUE(std::binary_search(visited.begin(), visited.end(), start_of(d)));
  for (Point p : frontier) {
    EXPECT_FALSE(std::binary_search(visited.begin(), visited.end(), p)) << to_string(p);
    EXPECT_NE(d.tiles[p], Terrain::Wall);
  }
  // A blocked start leaves nothing to draw.
  s.find_path({0, 0}, exit_of(d));
  s.last_search_cells(visited, frontier);
  EXPECT_TRUE(visited.empty());
  EXPECT_TRUE(frontier.empty());
}

TEST(SearchTest, PathCostChecksEveryStep) {
  const Dungeon d = read_ascii(kRooms);
  const CostGrid costs = make_cost_grid(d.tiles, CostTable::tutorial());
  const Moves m;
  EXPECT_EQ(path_cost(costs, {}, m), 0.0);
  EXPECT_EQ(path_cost(costs, {{1, 1}}, m), 0.0);
  EXPECT_DOUBLE_EQ(path_cost(costs, {{1, 1}, {2, 1}, {3, 1}}, m), 6.0);
  EXPECT_DOUBLE_EQ(path_cost(costs, {{4, 2}, {4, 3}, {5, 3}, {6, 3}}, m), 9.0);
  EXPECT_DOUBLE_EQ(path_cost(costs, {{1, 1}, {2, 1}}, m, 0.5), 2.0);
  try {
    path_cost(costs, {{1, 1}, {3, 1}}, m);
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) {
    EXPECT_STREQ(e.what(), "path[1] = 3,1 (expected one legal move from path[0] = 1,1)");
  }
  try {
    path_cost(costs, {{1, 1}, {1, 2}, {2, 2}}, m);
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) {
    EXPECT_STREQ(e.what(), "path[2] = 2,2 (expected a passable cell inside the 12x6 map)");
  }
  // (4,4) -> (5,3) and (6,2) -> (5,3) would cut a corner of the wall around the door.
  EXPECT_THROW(path_cost(costs, {{4, 4}, {5, 3}}, m), InvalidArgument);
  EXPECT_THROW(path_cost(costs, {{6, 2}, {5, 3}}, m), InvalidArgument);
  EXPECT_DOUBLE_EQ(path_cost(costs, {{6, 2}, {5, 3}}, Moves{8, DiagonalPolicy::OneFree, kSqrt2}), 3 * kSqrt2);
  EXPECT_THROW(path_cost(costs, {{4, 4}, {4, 4}}, m), InvalidArgument);
  EXPECT_THROW(path_cost(costs, {{6, 1}, {7, 2}}, Moves{4, DiagonalPolicy::Never, kSqrt2}), InvalidArgument);
}

// On terrain through the cost table, the same sums and the same refusals; a byte that names no
// terrain is a closed cell.
TEST(SearchTest, PathCostOnTerrainEqualsTheCostGridOne) {
  Dungeon d = read_ascii(kRooms);
  const CostGrid costs = make_cost_grid(d.tiles, CostTable::tutorial());
  const Moves m;
  for (const std::vector<Point>& path :
       std::vector<std::vector<Point>>{{}, {{1, 1}}, {{1, 1}, {2, 1}, {3, 1}}, {{4, 2}, {4, 3}, {5, 3}, {6, 3}}})
    EXPECT_EQ(path_cost(d.tiles, CostTable::tutorial(), path, m), path_cost(costs, path, m));
  EXPECT_EQ(path_cost(d.tiles, CostTable::tutorial(), {{1, 1}, {2, 1}}, m, 0.5), 2.0);
  EXPECT_THROW(path_cost(d.tiles, CostTable::tutorial(), {{1, 1}, {3, 1}}, m), InvalidArgument);
  EXPECT_THROW(path_cost(d.tiles, CostTable::tutorial(), {{4, 4}, {5, 3}}, m), InvalidArgument);
  d.tiles(2, 1) = static_cast<Terrain>(0xFF);
  EXPECT_THROW(path_cost(d.tiles, CostTable::tutorial(), {{1, 1}, {2, 1}}, m), InvalidArgument);
}

TEST(SearchTest, SetCostsRejectsBadCellCosts) {
  CostGrid g(3, 2, 1.0);
  g(1, 0) = -2;
  g(2, 1) = 0;
  GridSearch s;
  try {
    s.set_costs(g);
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) {
    EXPECT_STREQ(e.what(),
                 "cost at 1,0 = -2 (expected a finite number > 0, or impassable); "
                 "cost at 2,1 = 0 (expected a finite number > 0, or impassable)");
  }
}

TEST(SearchTest, JpsNeedsUniformCostsEightNeighboursAndNoCornerCutting) {
  const Dungeon d = read_ascii(kRooms);
  GridSearch s;
  s.set_map(d.tiles, CostTable::uniform());
  SearchOptions o;
  o.algorithm = Algorithm::Jps;
  o.moves = {4, DiagonalPolicy::Never, kSqrt2};
  try {
    s.find_path(start_of(d), exit_of(d), o);
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) {
    EXPECT_STREQ(e.what(),
                 "neighbors = 4 (expected 8 for algorithm = jps); "
                 "diagonal = never (expected no-corner-cut for algorithm = jps)");
  }
  o.moves = {};
  const Dungeon t = read_ascii(kTerrain);
  s.set_map(t.tiles, CostTable::tutorial());
  try {
    s.find_path(start_of(t), exit_of(t), o);
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) {
    EXPECT_STREQ(e.what(), "cell costs = 3 to 10 (expected one cost for every passable cell for algorithm = jps)");
  }
  // ... unless cost_scale flattens the costs.
  o.cost_scale = 0;
  const PathResult jps = s.find_path(start_of(t), exit_of(t), o);
  o.algorithm = Algorithm::AStar;
  const PathResult astar = s.find_path(start_of(t), exit_of(t), o);
  ASSERT_TRUE(jps.found());
  EXPECT_NEAR(jps.cost, astar.cost, 1e-9);
  expect_valid_path(make_cost_grid(t.tiles, CostTable::tutorial()), jps, start_of(t), exit_of(t), o.moves, 0.0);
}

// --- properties over random maps --------------------------------------------------------------

TEST(SearchPropertyTest, AStarMatchesDijkstraAndWeightedStaysWithinItsBound) {
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    Rng rng = Rng::stream(seed, "search-test");
    const bool uniform = seed % 4 == 0;
    const CostGrid costs = random_costs(rng, 23 + static_cast<int>(seed % 7), 17, 0.28, uniform);
    GridSearch s;
    s.set_costs(costs);
    for (int q = 0; q < 3; ++q) {
      const Point a = random_passable(rng, costs), b = random_passable(rng, costs);
      for (const Moves& m : kAllMoves) {
        SearchOptions o;
        o.moves = m;
        o.algorithm = Algorithm::Dijkstra;
        const PathResult dij = s.find_path(a, b, o);
        std::vector<Heuristic> admissible = {Heuristic::Octile, Heuristic::Chebyshev, Heuristic::Zero};
        if (!m.diagonals()) admissible.push_back(Heuristic::Manhattan);
        if (!m.diagonals() || m.diagonal_cost >= kSqrt2) admissible.push_back(Heuristic::Euclidean);
        for (Heuristic h : admissible) {
          o.algorithm = Algorithm::AStar;
          o.heuristic = h;
          o.heuristic_scale = 1;
          const PathResult r = s.find_path(a, b, o);
          ASSERT_EQ(r.status, dij.status) << "seed " << seed << " " << describe(m) << " " << heuristic_name(h);
          if (!r.found()) continue;
          expect_valid_path(costs, r, a, b, m);
          EXPECT_NEAR(r.cost, dij.cost, 1e-9 * std::max(1.0, dij.cost))
              << "seed " << seed << " " << describe(m) << " " << heuristic_name(h);
          for (double w : {1.5, 3.0}) {
            o.heuristic_scale = w;
            const PathResult wr = s.find_path(a, b, o);
            ASSERT_TRUE(wr.found());
            expect_valid_path(costs, wr, a, b, m);
            EXPECT_LE(wr.cost, w * dij.cost + 1e-9) << "seed " << seed << " w " << w;
          }
        }
        o.algorithm = Algorithm::Greedy;
        o.heuristic = Heuristic::Octile;
        o.heuristic_scale = 1;
        const PathResult g = s.find_path(a, b, o);
        ASSERT_EQ(g.found(), dij.found());
        if (g.found()) {
          expect_valid_path(costs, g, a, b, m);
          EXPECT_GE(g.cost, dij.cost - 1e-9);
        }
      }
    }
  }
}

// The search answers NoPath from the region labels before it searches: a path must exist
// exactly when the distance map (which knows nothing of labels) reaches the goal, under every
// move rule, on maps cut into many areas.
TEST(SearchPropertyTest, NoPathExactlyWhenTheDistanceMapDoesNotReachTheGoal) {
  int unreachable = 0, reachable = 0;
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    Rng rng = Rng::stream(seed, "search-no-path");
    const CostGrid costs = random_costs(rng, 21 + static_cast<int>(seed % 9), 15, 0.42, seed % 3 == 0);
    GridSearch s;
    s.set_costs(costs);
    for (int q = 0; q < 6; ++q) {
      const Point a = random_passable(rng, costs), b = random_passable(rng, costs);
      for (const Moves& m : kAllMoves) {
        const bool reaches = distance_map(costs, {a}, m).dist[b] != kUnreached;
        (reaches ? reachable : unreachable) += 1;
        for (Algorithm alg : {Algorithm::AStar, Algorithm::Jps}) {
          // JPS: uniform maps, 8 neighbours without corner cutting, diagonals sqrt(2).
          if (alg == Algorithm::Jps && (seed % 3 != 0 || m.neighbors != 8 ||
                                        m.diagonal != DiagonalPolicy::NoCornerCut || m.diagonal_cost != kSqrt2))
            continue;
          SearchOptions o;
          o.moves = m;
          o.algorithm = alg;
          const PathResult r = s.find_path(a, b, o);
          ASSERT_EQ(r.found(), reaches) << "seed " << seed << " " << describe(m) << " " << algorithm_name(alg);
          if (!reaches) { EXPECT_EQ(r.status, PathStatus::NoPath); }
        }
      }
    }
  }
  EXPECT_GT(unreachable, 100);
  EXPECT_GT(reachable, 100);
}

TEST(SearchPropertyTest, BfsAndDijkstraAgreeOnUniformMaps) {
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    Rng rng = Rng::stream(seed, "search-bfs");
    const CostGrid costs = random_costs(rng, 25, 19, 0.3, true);
    GridSearch s;
    s.set_costs(costs);
    const Point a = random_passable(rng, costs), b = random_passable(rng, costs);
    for (const Moves& m : {Moves{4, DiagonalPolicy::Never, kSqrt2}, Moves{8, DiagonalPolicy::NoCornerCut, 1.0},
                           Moves{8, DiagonalPolicy::Always, 1.0}}) {
      SearchOptions o;
      o.moves = m;
      o.algorithm = Algorithm::Bfs;
      const PathResult bfs = s.find_path(a, b, o);
      o.algorithm = Algorithm::Dijkstra;
      const PathResult dij = s.find_path(a, b, o);
      ASSERT_EQ(bfs.status, dij.status) << "seed " << seed;
      if (!bfs.found()) continue;
      expect_valid_path(costs, bfs, a, b, m);
      EXPECT_DOUBLE_EQ(bfs.cost, dij.cost) << "seed " << seed << " " << describe(m);
      EXPECT_EQ(bfs.path.size(), dij.path.size());
    }
    // With diagonals at sqrt(2), BFS still takes the fewest moves, and reports their real cost.
    SearchOptions o;
    o.algorithm = Algorithm::Bfs;
    const PathResult bfs = s.find_path(a, b, o);
    o.algorithm = Algorithm::Dijkstra;
    o.moves.diagonal_cost = 1.0;
    const PathResult moves_only = s.find_path(a, b, o);
    if (bfs.found()) {
      EXPECT_EQ(bfs.path.size(), moves_only.path.size());
      EXPECT_DOUBLE_EQ(bfs.cost, path_cost(costs, bfs.path, Moves{}));
    }
  }
}

TEST(SearchPropertyTest, CostScaleZeroEqualsAUniformMap) {
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    Rng rng = Rng::stream(seed, "search-scale");
    const CostGrid costs = random_costs(rng, 21, 15, 0.25, false);
    CostGrid flat = costs;
    for (double& c : flat.cells())
      if (c != CostTable::kImpassable) c = 1.0;
    GridSearch s, f;
    s.set_costs(costs);
    f.set_costs(flat);
    const Point a = random_passable(rng, costs), b = random_passable(rng, costs);
    SearchOptions o;
    o.cost_scale = 0;
    const PathResult r = s.find_path(a, b, o);
    o.cost_scale = 1;
    const PathResult u = f.find_path(a, b, o);
    ASSERT_EQ(r.status, u.status);
    EXPECT_EQ(r.path, u.path) << "seed " << seed;
    EXPECT_DOUBLE_EQ(r.cost, u.cost);
  }
}

// --- Moving AI benchmark problems -------------------------------------------------------------

struct Scenario {
  Point start, goal;
  double optimal = 0;
};

CostGrid read_movingai_map(const std::string& path) {
  std::ifstream in(path);
  std::string line, word;
  int height = 0, width = 0;
  std::getline(in, line);  // type octile
  in >> word >> height >> word >> width >> word;
  std::getline(in, line);
  CostGrid g(width, height, CostTable::kImpassable);
  for (int y = 0; y < height; ++y) {
    std::getline(in, line);
    for (int x = 0; x < width && x < static_cast<int>(line.size()); ++x)
      if (line[static_cast<size_t>(x)] == '.' || line[static_cast<size_t>(x)] == 'G' ||
          line[static_cast<size_t>(x)] == 'S')
        g(x, y) = 1.0;
  }
  return g;
}

std::vector<Scenario> read_movingai_scen(const std::string& path, size_t limit) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);  // version 1
  std::vector<Scenario> out;
  while (out.size() < limit && std::getline(in, line)) {
    if (line.empty() || line == "\r") continue;
    std::istringstream s(line);
    int bucket = 0, w = 0, h = 0;
    std::string map;
    Scenario sc;
    s >> bucket >> map >> w >> h >> sc.start.x >> sc.start.y >> sc.goal.x >> sc.goal.y >> sc.optimal;
    out.push_back(sc);
  }
  return out;
}

// The specialised loop (weight-1 octile A* on a map of one cell cost) must expand the same cells
// in the same order as the generic one. A walled-in cell of cost 2 makes the map non-uniform, so
// the generic per-cell-cost loop runs; with every reachable cost 1 it must answer identically.
TEST(SearchPropertyTest, SpecialisedOctileAStarMatchesTheGenericLoop) {
  for (uint64_t seed = 1; seed <= 25; ++seed) {
    Rng rng = Rng::stream(seed, "search-octile");
    CostGrid uniform = random_costs(rng, 48, 36, 0.3, true);
    for (int y = 0; y < 3; ++y)
      for (int x = 0; x < 3; ++x) uniform(x, y) = CostTable::kImpassable;
    CostGrid mixed = uniform;
    mixed(1, 1) = 2.0;  // unreachable
    GridSearch fast, generic;
    fast.set_costs(uniform);
    generic.set_costs(mixed);
    for (const Moves& moves : kAllMoves) {
      SearchOptions opt;
      opt.moves = moves;
      for (int q = 0; q < 20; ++q) {
        const Point a = random_passable(rng, uniform), b = random_passable(rng, uniform);
        if (q % 5 == 0) opt.budget = 40;
        if (q % 5 == 1) opt.fallback_to_closest = true;
        const PathResult x = fast.find_path(a, b, opt), y = generic.find_path(a, b, opt);
        SCOPED_TRACE("seed " + std::to_string(seed) + " moves " + describe(moves) + " query " + std::to_string(q));
        ASSERT_EQ(x.status, y.status);
        ASSERT_EQ(x.partial, y.partial);
        ASSERT_EQ(x.expanded, y.expanded);
        ASSERT_EQ(x.path, y.path);
        ASSERT_EQ(x.cost, y.cost);
        std::vector<Point> xv, xf, yv, yf;
        fast.last_search_cells(xv, xf);
        generic.last_search_cells(yv, yf);
        ASSERT_EQ(xv, yv);
        ASSERT_EQ(xf, yf);
        opt.budget = 0;
        opt.fallback_to_closest = false;
      }
    }
  }
}

TEST(SearchMovingAiTest, AStarMatchesThePublishedOptimalLengths) {
  const std::string dir = test::movingai_dir();
  if (dir.empty()) GTEST_SKIP() << "no Moving AI benchmark data";
  for (const char* name : {"arena2", "maze512-4-0"}) {
    const CostGrid map = read_movingai_map(dir + "/maps/" + name + ".map");
    const std::vector<Scenario> problems = read_movingai_scen(dir + "/scen/" + name + ".map.scen", 200);
    ASSERT_EQ(problems.size(), 200u) << name;
    GridSearch s;
    s.set_costs(map);
    for (const Scenario& p : problems) {
      const PathResult r = s.find_path(p.start, p.goal);
      ASSERT_TRUE(r.found()) << name << " " << to_string(p.start) << " -> " << to_string(p.goal);
      EXPECT_NEAR(r.cost, p.optimal, 1e-5 * std::max(1.0, p.optimal))
          << name << " " << to_string(p.start) << " -> " << to_string(p.goal);
    }
  }
}

}  // namespace
}  // namespace catacomb

namespace catacomb {
namespace {

TEST(SearchTest, SetCostsTakesAGridOverOrRefusesItAsTheCopyingFormDoes) {
  CostGrid good(4, 3, 2.0);
  good(1, 1) = CostTable::kImpassable;
  const CostGrid expected = good;
  const double* storage = good.data();
  const SearchOptions four{.moves = {4, DiagonalPolicy::Never, kSqrt2}};
  GridSearch s;
  s.set_costs(std::move(good));
  EXPECT_EQ(s.costs(), expected);
  EXPECT_EQ(s.costs().data(), storage);  // no copy
  EXPECT_EQ(s.find_path({0, 0}, {3, 2}, four).cost, 5 * 2.0);

  CostGrid bad(3, 2, 1.0);
  bad(2, 1) = 0;
  try {
    s.set_costs(std::move(bad));
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) {
    EXPECT_STREQ(e.what(), "cost at 2,1 = 0 (expected a finite number > 0, or impassable)");
  }
  EXPECT_EQ(bad.width(), 3);  // refused: left as it was
  EXPECT_EQ(bad(2, 1), 0.0);
  EXPECT_EQ(s.costs(), expected);  // and the bound map kept
  EXPECT_EQ(s.find_path({0, 0}, {3, 2}, four).cost, 5 * 2.0);
}

TEST(SearchSetCostTest, EditedMapAnswersLikeAFreshlyBoundOne) {
  Rng rng(77);
  CostGrid costs(40, 30, 1.0);
  for (double& c : costs.cells())
    c = rng.chance(0.2) ? CostTable::kImpassable : 1.0 + static_cast<double>(rng.below(5));
  GridSearch edited;
  edited.set_costs(costs);
  SearchOptions opt;
  for (int round = 0; round < 200; ++round) {
    // Change a few cells (sometimes passability, sometimes out of the current cost range).
    for (int k = 0; k < 3; ++k) {
      const Point p{static_cast<int>(rng.below(40)), static_cast<int>(rng.below(30))};
      const uint64_t r = rng.below(10);
      const double c = r == 0 ? CostTable::kImpassable : r == 1 ? 9.5 : 1.0 + static_cast<double>(rng.below(5));
      costs[p] = c;
      edited.set_cost(p, c);
    }
    const Point a{static_cast<int>(rng.below(40)), static_cast<int>(rng.below(30))};
    const Point b{static_cast<int>(rng.below(40)), static_cast<int>(rng.below(30))};
    GridSearch fresh;
    CostGrid taken = costs;
    fresh.set_costs(std::move(taken));  // taken over: the same map as the copying form binds
    ASSERT_EQ(edited.costs(), costs) << "round " << round;
    ASSERT_EQ(fresh.costs(), costs) << "round " << round;
    const PathResult x = edited.find_path(a, b, opt), y = fresh.find_path(a, b, opt);
    ASSERT_EQ(x.status, y.status) << "round " << round;
    // The same optimal cost (the path may differ among equal-cost ones: an edit that raises the
    // cheapest cell leaves the heuristic's unit lower, which is still admissible).
    ASSERT_NEAR(x.cost, y.cost, 1e-9) << "round " << round;
    if (x.found()) { ASSERT_NEAR(path_cost(costs, x.path, opt.moves), x.cost, 1e-9); }
  }
  EXPECT_THROW(edited.set_cost({40, 0}, 1.0), InvalidArgument);
  EXPECT_THROW(edited.set_cost({0, 0}, 0.0), InvalidArgument);
}

// An area set at once answers exactly as its cells set one by one: the same statuses, costs and
// paths, step for step, through changes of passability, costs outside the current range and
// areas that already hold the cost.
TEST(SearchSetCostTest, AnAreaSetAtOnceAnswersLikeItsCellsSetOneByOne) {
  Rng rng(91);
  CostGrid costs(48, 36, 1.0);
  for (double& c : costs.cells())
    c = rng.chance(0.15) ? CostTable::kImpassable : 1.0 + static_cast<double>(rng.below(4));
  GridSearch by_area, by_cell;
  by_area.set_costs(costs);
  by_cell.set_costs(costs);
  const SearchOptions four{.moves = {4, DiagonalPolicy::Never, kSqrt2}, .heuristic = Heuristic::Manhattan};
  for (int round = 0; round < 300; ++round) {
    const int w = static_cast<int>(rng.below(8)), h = static_cast<int>(rng.below(8));
    const Rect area{static_cast<int>(rng.below(static_cast<uint64_t>(48 - w + 1))),
                    static_cast<int>(rng.below(static_cast<uint64_t>(36 - h + 1))), w, h};
    const uint64_t r = rng.below(8);
    const double c = r == 0   ? CostTable::kImpassable
                     : r == 1 ? 0.5
                     : r == 2 ? 12.0
                              : 1.0 + static_cast<double>(rng.below(4));
    by_area.set_area_cost(area, c);
    for (int y = area.y; y < area.bottom(); ++y)
      for (int x = area.x; x < area.right(); ++x) by_cell.set_cost({x, y}, c);
    ASSERT_EQ(by_area.costs(), by_cell.costs()) << "round " << round;
    if (area.width > 0 && area.height > 0) {
      ASSERT_EQ(by_area.costs()(area.right() - 1, area.bottom() - 1), c) << "round " << round;
    }
    for (int q = 0; q < 3; ++q) {
      const Point a{static_cast<int>(rng.below(48)), static_cast<int>(rng.below(36))};
      const Point b{static_cast<int>(rng.below(48)), static_cast<int>(rng.below(36))};
      const SearchOptions& opt = q == 0 ? four : SearchOptions{};
      const PathResult x = by_area.find_path(a, b, opt), y = by_cell.find_path(a, b, opt);
      ASSERT_EQ(x.status, y.status) << "round " << round;
      ASSERT_EQ(x.cost, y.cost) << "round " << round;
      ASSERT_EQ(x.path, y.path) << "round " << round;
      ASSERT_EQ(x.expanded, y.expanded) << "round " << round;
    }
  }
  EXPECT_THROW(by_area.set_area_cost(Rect{45, 0, 4, 1}, 1.0), InvalidArgument);
  EXPECT_THROW(by_area.set_area_cost(Rect{-1, 0, 2, 2}, 1.0), InvalidArgument);
  EXPECT_THROW(by_area.set_area_cost(Rect{0, 0, 2, 2}, 0.0), InvalidArgument);
}

}  // namespace
}  // namespace catacomb
