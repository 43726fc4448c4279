#include <catacomb/pathing/jps.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/core/rng.hpp>
#include <catacomb/io/ascii.hpp>
#include <catacomb/io/movingai.hpp>
#include <catacomb/pathing/search.hpp>
#include "pathing/jps/jps_map.hpp"
#include "support/test_support.hpp"

namespace catacomb {
namespace {

// A room with a pillar and a wall with one gap; the right part is a dead end reached only
// through the gap at (7,5).
const char* kMap =
    "############\n"
    "#..........#\n"
    "#..##......#\n"
    "#..##..#####\n"
    "#......#...#\n"
    "#..........#\n"
    "############\n";

Grid<uint8_t> passable_of(const Grid<Terrain>& tiles) {
  Grid<uint8_t> p(tiles.width(), tiles.height(), 0);
  for (size_t i = 0; i < tiles.size(); ++i) p.cells()[i] = tiles.cells()[i] == Terrain::Wall ? 0 : 1;
  return p;
}

Grid<Terrain> tiles_of(const Grid<uint8_t>& p) {
  Grid<Terrain> t(p.width(), p.height(), Terrain::Wall);
  for (size_t i = 0; i < p.size(); ++i) t.cells()[i] = p.cells()[i] ? Terrain::Floor : Terrain::Wall;
  return t;
}

bool near(double a, double b, double rel = 1e-9) { return std::abs(a - b) <= rel * std::max(1.0, std::abs(b)); }

// Checks that `r.path` runs from start to goal by legal 8-neighbour moves without corner cutting
// over passable cells, and that its step costs add up to r.cost.
::testing::AssertionResult is_legal_path(const Grid<uint8_t>& map, const PathResult& r, Point start, Point goal) {
  if (r.path.empty()) return ::testing::AssertionFailure() << "empty path";
  if (r.path.front() != start || r.path.back() != goal)
    return ::testing::AssertionFailure() << "path runs " << to_string(r.path.front()) << " to "
                                         << to_string(r.path.back());
  double cost = 0;
  for (size_t i = 0; i < r.path.size(); ++i) {
    const Point b = r.path[i];
    if (!map.in_bounds(b) || !map[b]) return ::testing::AssertionFailure() << "cell " << to_string(b) << " blocked";
    if (i == 0) continue;
    const Point a = r.path[i - 1];
    const int dx = b.x - a.x, dy = b.y - a.y;
    if (std::max(std::abs(dx), std::abs(dy)) != 1)
      return ::testing::AssertionFailure() << "step " << to_string(a) << " -> " << to_string(b) << " is not a move";
    if (dx != 0 && dy != 0) {
      if (!map(a.x + dx, a.y) || !map(a.x, a.y + dy))
        return ::testing::AssertionFailure() << "step " << to_string(a) << " -> " << to_string(b) << " cuts a corner";
      cost += kSqrt2;
    } else {
      cost += 1;
    }
  }
  if (!near(cost, r.cost, 1e-12))
    return ::testing::AssertionFailure() << "steps add up to " << cost << ", not " << r.cost;
  return ::testing::AssertionSuccess();
}

TEST(JpsTest, FindsAnOptimalLegalPathThroughAGap) {
  const Grid<uint8_t> map = passable_of(read_ascii(kMap).tiles);
  JumpPointSearch jps;
  jps.set_map(map);
  const Point start{1, 1}, goal{9, 4};
  PathResult r = jps.find_path(start, goal);
  ASSERT_EQ(r.status, PathStatus::Found);
  EXPECT_TRUE(is_legal_path(map, r, start, goal));
  // Left of the pillar, along row 5 through the gap, then up: (1,1) (2,2) (2,3) (2,4) (3,5) ...
  // (8,5) (9,4). Cutting the pillar's corner at (3,3) or the wall's at (7,4) would be shorter.
  EXPECT_NEAR(r.cost, 7 + 3 * kSqrt2, 1e-12);
  EXPECT_GT(r.expanded, 0);
  EXPECT_FALSE(r.partial);
}

TEST(JpsTest, NeverCutsACorner) {
  // The only way from (1,1) to (2,2) goes around: the diagonal would cut the wall at (2,1) and
  // (1,2).
  const Grid<uint8_t> map = passable_of(read_ascii("#####\n"
                                                   "#.#.#\n"
                                                   "##..#\n"
                                                   "#...#\n"
                                                   "#####\n")
                                            .tiles);
  JumpPointSearch jps;
  jps.set_map(map);
  PathResult r = jps.find_path({1, 1}, {2, 2});
  EXPECT_EQ(r.status, PathStatus::NoPath);
  r = jps.find_path({1, 3}, {3, 1});
  ASSERT_EQ(r.status, PathStatus::Found);
  EXPECT_TRUE(is_legal_path(map, r, {1, 3}, {3, 1}));
  EXPECT_NEAR(r.cost, 2 + kSqrt2, 1e-12);  // (1,3) (2,3) (3,2) (3,1): the diagonal cuts no corner
}

TEST(JpsTest, ReportsBlockedEndsUnreachableGoalsAndTrivialQueries) {
  const Grid<uint8_t> map = passable_of(read_ascii(kMap).tiles);
  JumpPointSearch jps;
  jps.set_map(map);
  EXPECT_EQ(jps.find_path({0, 0}, {1, 1}).status, PathStatus::StartBlocked);
  EXPECT_EQ(jps.find_path({1, 1}, {3, 2}).status, PathStatus::GoalBlocked);
  PathResult same = jps.find_path({5, 5}, {5, 5});
  EXPECT_EQ(same.status, PathStatus::Found);
  EXPECT_EQ(same.path, (std::vector<Point>{{5, 5}}));
  EXPECT_EQ(same.cost, 0);

  Grid<uint8_t> split = map;
  split(7, 5) = 0;  // close the gap: the right part is cut off
  jps.set_map(split);
  PathResult none = jps.find_path({1, 1}, {9, 4});
  EXPECT_EQ(none.status, PathStatus::NoPath);
  EXPECT_TRUE(none.path.empty());
  EXPECT_GT(none.expanded, 0);
}

TEST(JpsTest, StopsWhenTheBudgetRunsOut) {
  const Grid<uint8_t> map = passable_of(read_ascii(kMap).tiles);
  JumpPointSearch jps;
  jps.set_map(map);
  const PathResult full = jps.find_path({1, 1}, {9, 4});
  ASSERT_TRUE(full.found());
  ASSERT_GT(full.expanded, 1);
  PathResult cut = jps.find_path({1, 1}, {9, 4}, 1);
  EXPECT_EQ(cut.status, PathStatus::BudgetExhausted);
  EXPECT_EQ(cut.expanded, 1);
  EXPECT_TRUE(cut.path.empty());
  PathResult enough = jps.find_path({1, 1}, {9, 4}, full.expanded);
  EXPECT_EQ(enough.status, PathStatus::Found);
  EXPECT_EQ(enough.path, full.path);
}

TEST(JpsTest, GivesTheSamePathEveryTimeAndAfterAMove) {
  const Grid<uint8_t> map = passable_of(read_ascii(kMap).tiles);
  JumpPointSearch a;
  a.set_map(map);
  const PathResult first = a.find_path({1, 5}, {10, 1});
  ASSERT_TRUE(first.found());
  for (int i = 0; i < 3; ++i) EXPECT_EQ(a.find_path({1, 5}, {10, 1}).path, first.path);
  JumpPointSearch b(std::move(a));
  EXPECT_EQ(b.find_path({1, 5}, {10, 1}).path, first.path);
  JumpPointSearch c;
  c = std::move(b);
  EXPECT_EQ(c.find_path({1, 5}, {10, 1}).path, first.path);
}

TEST(JpsTest, FollowsCorridorTurnsAroundARing) {
  // Every jump point on the ring is a corridor turn, which the search follows without stopping;
  // the pocket at the right cannot be reached, and the search must still end.
  const Grid<uint8_t> map = passable_of(read_ascii("##########\n"
                                                   "#.....##.#\n"
                                                   "#.###.####\n"
                                                   "#.....####\n"
                                                   "##########\n")
                                            .tiles);
  JumpPointSearch jps;
  jps.set_map(map);
  PathResult r = jps.find_path({2, 1}, {4, 3});
  ASSERT_TRUE(r.found());
  EXPECT_TRUE(is_legal_path(map, r, {2, 1}, {4, 3}));
  EXPECT_NEAR(r.cost, 6, 1e-12);  // (2,1) (1,1) (1,2) (1,3) .. (4,3), or around the other way
  EXPECT_EQ(jps.find_path({2, 1}, {8, 1}).status, PathStatus::NoPath);
  EXPECT_EQ(jps.find_path({2, 1}, {3, 2}).status, PathStatus::GoalBlocked);
}

TEST(JpsTest, FollowsAHundredTurnsOfASerpentine) {
  // Corridor rows joined at alternate ends: 120 turns between the two ends.
  const int rows = 60;
  Grid<uint8_t> map(10, 2 * rows + 1, 0);
  for (int k = 0; k < rows; ++k) {
    for (int x = 1; x <= 8; ++x) map(x, 2 * k + 1) = 1;
    if (k + 1 < rows) map(k % 2 == 0 ? 8 : 1, 2 * k + 2) = 1;
  }
  JumpPointSearch jps;
  jps.set_map(map);
  const Point start{1, 1}, goal{rows % 2 == 0 ? 1 : 8, 2 * rows - 1};
  const PathResult r = jps.find_path(start, goal);
  ASSERT_TRUE(r.found());
  EXPECT_TRUE(is_legal_path(map, r, start, goal));
  EXPECT_NEAR(r.cost, rows * 7 + (rows - 1) * 2, 1e-9);  // 7 along each row, 2 down each join
  GridSearch search;
  search.set_map(tiles_of(map), CostTable::uniform());
  EXPECT_NEAR(search.find_path(start, goal).cost, r.cost, 1e-9);
  EXPECT_EQ(jps.find_path(goal, start).cost, r.cost);
}

// Sides around the 64-cell word boundaries of the padded bit rows (width + 2 bits).
int random_side(Rng& rng) {
  static const int kSides[] = {1, 2, 3, 4, 7, 13, 30, 61, 62, 63, 64, 65, 66, 90, 125, 126, 127, 128, 129, 130};
  return kSides[rng.below(std::size(kSides))];
}

// A map of random sides (random_side) with walls at a random density below `max_density`.
Grid<uint8_t> random_map(Rng& rng, double max_density) {
  const int w = random_side(rng), h = random_side(rng);
  const double density = rng.uniform_real(0.0, max_density);
  Grid<uint8_t> map(w, h, 1);
  for (uint8_t& c : map.cells()) c = rng.chance(density) ? 0 : 1;
  return map;
}

TEST(JpsTest, MatchesAStarAndDijkstraOnRandomUniformMaps) {
  Rng rng(2024);
  JumpPointSearch jps;  // one object across maps of every size
  GridSearch search;
  SearchOptions astar, dijkstra;
  dijkstra.algorithm = Algorithm::Dijkstra;
  int found = 0, unreachable = 0;
  for (int m = 0; m < 300; ++m) {
    const Grid<uint8_t> map = random_map(rng, 0.45);
    const int w = map.width(), h = map.height();
    jps.set_map(map);
    search.set_map(tiles_of(map), CostTable::uniform());
    for (int q = 0; q < 12; ++q) {
      const Point s{static_cast<int>(rng.below(static_cast<uint64_t>(w))),
                    static_cast<int>(rng.below(static_cast<uint64_t>(h)))};
      const Point g{static_cast<int>(rng.below(static_cast<uint64_t>(w))),
                    static_cast<int>(rng.below(static_cast<uint64_t>(h)))};
      const PathResult j = jps.find_path(s, g);
      const PathResult a = search.find_path(s, g, astar);
      SCOPED_TRACE("map " + std::to_string(m) + " " + std::to_string(w) + "x" + std::to_string(h) + " from " +
                   to_string(s) + " to " + to_string(g));
      ASSERT_EQ(j.status, a.status);
      if (!j.found()) {
        unreachable += j.status == PathStatus::NoPath;
        continue;
      }
      ++found;
      ASSERT_TRUE(near(j.cost, a.cost)) << j.cost << " vs A* " << a.cost;
      ASSERT_TRUE(is_legal_path(map, j, s, g));
      if (q % 3 == 0) {
        const PathResult d = search.find_path(s, g, dijkstra);
        ASSERT_TRUE(near(j.cost, d.cost)) << j.cost << " vs Dijkstra " << d.cost;
      }
    }
  }
  EXPECT_GT(found, 1000);       // the sample exercises long paths...
  EXPECT_GT(unreachable, 100);  // ...and walled-off goals
}

// The diagonal pass bits, built a word at a time, against their definition cell by cell: the
// diagonal step is legal (step_allowed under kJpsMoves) and neither straight scan from the cell
// it reaches finds a jump point (BitLines::jump with no target).
TEST(JpsTest, DiagonalPassBitsMatchTheScansTheySkip) {
  Rng rng(77);
  detail::JpsMap m;
  int passable = 0, stops = 0;
  for (int k = 0; k < 60; ++k) {
    const Grid<uint8_t> map = random_map(rng, 0.5);
    const int w = map.width(), h = map.height();
    m.build(map);
    SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h));
    for (int d = 4; d < 8; ++d) {
      const int dx = kDirections[d].x, dy = kDirections[d].y;
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
          const bool legal = step_allowed(detail::kJpsMoves, d, m.open_cell(x + dx, y + dy), m.open_cell(x + dx, y),
                                          m.open_cell(x, y + dy));
          const int nx = x + dx + 1, ny = y + dy + 1;  // padded
          const bool found = legal && ((dx > 0 ? m.rows.jump<1>(ny, nx, -1) : m.rows.jump<-1>(ny, nx, -1)) >= 0 ||
                                       (dy > 0 ? m.cols.jump<1>(nx, ny, -1) : m.cols.jump<-1>(nx, ny, -1)) >= 0);
          const bool pass = detail::test_bit(m.diagonal_pass[d - 4].data() + m.rows.offset(y + 1), x + 1);
          ASSERT_EQ(pass, legal && !found) << "cell " << x << "," << y << " diagonal " << d;
          passable += pass;
          stops += legal && found;
        }
    }
  }
  EXPECT_GT(passable, 10000);  // both kinds of cell are common
  EXPECT_GT(stops, 10000);
}

TEST(JpsTest, MatchesThePublishedLengthsAndAStarOnASampleOfEverySharedScenarioFile) {
  const std::string dir = test::movingai_dir();
  if (dir.empty()) GTEST_SKIP() << "no Moving AI data";
  const char* kFiles[] = {
      "scen/arena2",     "scen/den520d",         "scen/brc202d",           "scen/lak303d",        "scen/16room_000",
      "scen/32room_000", "scen/maze512-1-0",     "scen/maze512-4-0",       "scen/random512-10-0", "scen/random512-25-0",
      "scen-web/arena2", "scen-web/maze512-1-0", "scen-web/random512-10-0"};
  JumpPointSearch jps;
  GridSearch search;
  int checked = 0;
  for (const char* file : kFiles) {
    const auto problems = load_scenarios(dir + "/" + file + ".map.scen");
    const std::string name = std::string(file).substr(std::string(file).find('/') + 1);
    const Grid<Terrain> tiles = load_movingai_map(dir + "/maps/" + name + ".map");
    const Grid<uint8_t> map = passable_of(tiles);
    jps.set_map(map);
    search.set_map(tiles, CostTable::uniform());
    // Every 97th problem covers every bucket; A* (slow on long maze paths) on the short ones.
    for (size_t i = 0; i < problems.size(); i += 97) {
      const Scenario& p = problems[i];
      SCOPED_TRACE(std::string(file) + " problem " + std::to_string(i + 1));
      const PathResult j = jps.find_path(p.start, p.goal);
      ASSERT_TRUE(j.found());
      EXPECT_TRUE(near(j.cost, p.optimal_length, 1e-5)) << j.cost << " vs " << p.optimal_length;
      EXPECT_TRUE(is_legal_path(map, j, p.start, p.goal));
      if (p.optimal_length < 300) {
        const PathResult a = search.find_path(p.start, p.goal);
        EXPECT_TRUE(near(j.cost, a.cost)) << j.cost << " vs A* " << a.cost;
      }
      ++checked;
    }
  }
  EXPECT_GT(checked, 500);
}

TEST(JpsTest, RefusesCellsOffTheMapAndANegativeBudget) {
  JumpPointSearch jps;
  jps.set_map(Grid<uint8_t>(5, 4, 1));
  try {
    jps.find_path({-1, 0}, {5, 3}, -2);
    FAIL();
  } catch (const InvalidArgument& e) {
    EXPECT_STREQ(e.what(),
                 "start = -1,0 (expected inside the 5x4 map); goal = 5,3 (expected inside the 5x4 map); "
                 "budget = -2 (expected >= 0)");
    EXPECT_EQ(e.problems().size(), 3u);
  }
  EXPECT_TRUE(jps.find_path({0, 0}, {4, 3}).found());
}

}  // namespace
}  // namespace catacomb
