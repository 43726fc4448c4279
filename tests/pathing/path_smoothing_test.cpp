#include <catacomb/pathing/path_smoothing.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/core/rng.hpp>
#include <catacomb/io/ascii.hpp>
#include <catacomb/pathing/distance_map.hpp>
#include "support/reference/reference_sight.hpp"

namespace catacomb {
namespace {

using test::reference_sight;

constexpr double kWall = CostTable::kImpassable;

CostGrid costs_of(const char* map) { return make_cost_grid(read_ascii(map).tiles, CostTable::dungeon()); }

CostGrid random_map(Rng& rng, int w, int h, double wall_share) {
  CostGrid c(w, h, 1.0);
  for (double& v : c.cells())
    if (rng.chance(wall_share)) v = kWall;
  return c;
}

bool is_subsequence(const std::vector<Point>& sub, const std::vector<Point>& path) {
  size_t k = 0;
  for (const Point& p : path)
    if (k < sub.size() && sub[k] == p) ++k;
  return k == sub.size();
}

TEST(PathSmoothingTest, WaypointsDropTheMiddleOfStraightRuns) {
  const std::vector<Point> path{{1, 1}, {2, 1}, {3, 1}, {4, 2}, {5, 3}, {5, 4}, {5, 5}};
  const std::vector<Point> want{{1, 1}, {3, 1}, {5, 3}, {5, 5}};
  EXPECT_EQ(waypoints(path), want);
  EXPECT_EQ(waypoints(want), want);  // already turning points: unchanged
  const std::vector<Point> back_and_forth{{1, 1}, {2, 1}, {1, 1}};
  EXPECT_EQ(waypoints(back_and_forth), back_and_forth);  // a reversal is a turn
}

TEST(PathSmoothingTest, ShortPathsComeBackAsIs) {
  EXPECT_TRUE(waypoints({}).empty());
  EXPECT_EQ(waypoints({{2, 3}}), (std::vector<Point>{{2, 3}}));
  EXPECT_EQ(waypoints({{2, 3}, {3, 3}}), (std::vector<Point>{{2, 3}, {3, 3}}));
  const CostGrid c(4, 4, 1.0);
  EXPECT_TRUE(smooth_line_of_sight(c, {}).empty());
  EXPECT_EQ(smooth_line_of_sight(c, {{1, 1}}), (std::vector<Point>{{1, 1}}));
  EXPECT_EQ(smooth_line_of_sight(c, {{1, 1}, {2, 2}}), (std::vector<Point>{{1, 1}, {2, 2}}));
}

TEST(PathSmoothingTest, LineOfSightIsBlockedByWallsAndCorners) {
  const CostGrid c = costs_of(
      "#########\n"
      "#.......#\n"
      "#...#...#\n"
      "#.......#\n"
      "#....#..#\n"
      "#########\n");
  EXPECT_TRUE(line_of_sight(c, {1, 1}, {7, 1}));
  EXPECT_FALSE(line_of_sight(c, {1, 2}, {7, 2}));  // through the pillar
  EXPECT_FALSE(line_of_sight(c, {1, 1}, {7, 3}));  // crosses the pillar's centre
  EXPECT_TRUE(line_of_sight(c, {5, 3}, {7, 1}));   // a clear diagonal
  EXPECT_FALSE(line_of_sight(c, {4, 3}, {6, 5}));  // ends in a wall
  EXPECT_FALSE(line_of_sight(c, {4, 3}, {6, 4}));  // crosses into the wall (5,4) below its path
  EXPECT_FALSE(line_of_sight(c, {4, 4}, {5, 3}));  // diagonal step beside the wall (5,4)
  EXPECT_FALSE(line_of_sight(c, {4, 4}, {6, 2}));  // passes the corner of (5,4)
  EXPECT_TRUE(line_of_sight(c, {3, 1}, {3, 1}));
}

TEST(PathSmoothingTest, LineOfSightNeverCutsACorner) {
  const CostGrid c = costs_of(
      "#####\n"
      "#...#\n"
      "#.#.#\n"
      "#...#\n"
      "#####\n");
  // Diagonal steps beside the pillar touch it at a corner.
  EXPECT_FALSE(line_of_sight(c, {1, 1}, {2, 2}));
  EXPECT_FALSE(line_of_sight(c, {2, 1}, {1, 2}));
  EXPECT_FALSE(line_of_sight(c, {1, 1}, {3, 3}));
  EXPECT_TRUE(line_of_sight(c, {1, 1}, {3, 1}));
  EXPECT_TRUE(line_of_sight(c, {1, 1}, {1, 3}));
}

TEST(PathSmoothingTest, LineOfSightMatchesAnExactGeometricReference) {
  for (uint64_t seed = 0; seed < 40; ++seed) {
    Rng rng = Rng::stream(seed, "line-of-sight");
    const int w = 1 + static_cast<int>(rng.below(30)), h = 1 + static_cast<int>(rng.below(30));
    const CostGrid c = random_map(rng, w, h, rng.uniform_real(0.0, 0.3));
    for (int k = 0; k < 200; ++k) {
      const Point a{static_cast<int>(rng.below(static_cast<uint64_t>(w))),
                    static_cast<int>(rng.below(static_cast<uint64_t>(h)))};
      const Point b{static_cast<int>(rng.below(static_cast<uint64_t>(w))),
                    static_cast<int>(rng.below(static_cast<uint64_t>(h)))};
      const bool want = reference_sight(c, a, b);
      ASSERT_EQ(line_of_sight(c, a, b), want) << "seed " << seed << " " << to_string(a) << " to " << to_string(b);
      ASSERT_EQ(line_of_sight(c, b, a), want) << "seed " << seed << " " << to_string(b) << " to " << to_string(a);
    }
  }
}

TEST(PathSmoothingTest, SmoothingKeepsTheTurnAroundACorner) {
  const CostGrid c = costs_of(
      "######\n"
      "#....#\n"
      "####.#\n"
      "####.#\n"
      "######\n");
  const std::vector<Point> path{{1, 1}, {2, 1}, {3, 1}, {4, 1}, {4, 2}, {4, 3}};
  EXPECT_EQ(smooth_line_of_sight(c, path), (std::vector<Point>{{1, 1}, {4, 1}, {4, 3}}));
  // A diagonal shortcut past a wall corner is refused: (2,1) to (1,2) grazes the wall (2,2).
  const CostGrid corner = costs_of(
      "####\n"
      "#..#\n"
      "#.##\n"
      "####\n");
  const std::vector<Point> around{{2, 1}, {1, 1}, {1, 2}};
  EXPECT_EQ(smooth_line_of_sight(corner, around), around);
}

TEST(PathSmoothingTest, SmoothingCutsAcrossAnOpenRoom) {
  const CostGrid c = costs_of(
      "##########\n"
      "#........#\n"
      "#........#\n"
      "#........#\n"
      "##########\n");
  const std::vector<Point> staircase{{1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 2}, {6, 3}, {7, 3}, {8, 3}};
  EXPECT_EQ(smooth_line_of_sight(c, staircase), (std::vector<Point>{{1, 1}, {8, 3}}));
}

TEST(PathSmoothingTest, SmoothedPathsKeepEndpointsAndSightOnRandomMaps) {
  for (uint64_t seed = 0; seed < 30; ++seed) {
    Rng rng = Rng::stream(seed, "smoothing");
    const int w = 5 + static_cast<int>(rng.below(50)), h = 5 + static_cast<int>(rng.below(30));
    const CostGrid c = random_map(rng, w, h, 0.25);
    const Point source{static_cast<int>(rng.below(static_cast<uint64_t>(w))),
                       static_cast<int>(rng.below(static_cast<uint64_t>(h)))};
    const DistanceMap map = distance_map(c, {source}, {8, DiagonalPolicy::NoCornerCut});
    for (size_t i = 0; i < c.size(); i += 3) {
      const std::vector<Point> path = descend(map, c, c.point(i));
      if (path.empty()) continue;
      const std::vector<Point> smooth = smooth_line_of_sight(c, path);
      ASSERT_FALSE(smooth.empty());
      EXPECT_EQ(smooth.front(), path.front());
      EXPECT_EQ(smooth.back(), path.back());
      EXPECT_LE(smooth.size(), path.size());
      EXPECT_TRUE(is_subsequence(smooth, path)) << "seed " << seed;
      for (size_t k = 0; k + 1 < smooth.size(); ++k) {
        ASSERT_TRUE(line_of_sight(c, smooth[k], smooth[k + 1]))
            << "seed " << seed << " " << to_string(smooth[k]) << " to " << to_string(smooth[k + 1]);
        ASSERT_TRUE(reference_sight(c, smooth[k], smooth[k + 1]));
      }
    }
  }
}

TEST(PathSmoothingTest, RejectsPointsOffTheMap) {
  const CostGrid c(4, 3, 1.0);
  try {
    line_of_sight(c, {0, 0}, {4, 1});
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) { EXPECT_STREQ(e.what(), "b = 4,1 (expected inside the 4x3 grid)"); }
  try {
    smooth_line_of_sight(c, {{0, 0}, {1, 0}, {1, -1}});
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) { EXPECT_STREQ(e.what(), "path[2] = 1,-1 (expected inside the 4x3 grid)"); }
}

}  // namespace
}  // namespace catacomb
