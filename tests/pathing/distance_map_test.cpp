#include <catacomb/pathing/distance_map.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/core/rng.hpp>
#include <catacomb/io/ascii.hpp>
#include <catacomb/pathing/path_smoothing.hpp>
#include "pathing/flood/flood.hpp"
#include "shared/pathing/terrain_flood.hpp"
#include "support/reference/reference_dijkstra.hpp"

namespace catacomb {
namespace {

using test::can_step;
using test::open;
using test::reference_dijkstra;
using test::step_cost;

// One corridor: floor, floor, water, floor, vegetation, floor, floor.
const char* kCorridor =
    "#########\n"
    "#<.~.\"..#\n"
    "#########\n";

const char* kRoom =
    "#########\n"
    "#.......#\n"
    "#.......#\n"
    "#.......#\n"
    "#.......#\n"
    "#########\n";

constexpr double kWall = CostTable::kImpassable;

CostGrid costs_of(const char* map, const CostTable& table = CostTable::dungeon()) {
  return make_cost_grid(read_ascii(map).tiles, table);
}

constexpr double kTutorialCosts[] = {1, 3, 5, 10};

CostGrid random_costs(Rng& rng, int w, int h, int flavour) {
  CostGrid c(w, h, kWall);
  const double wall_share = rng.uniform_real(0.1, 0.5);
  for (double& v : c.cells()) {
    if (rng.chance(wall_share)) continue;
    switch (flavour) {
      case 0: v = 1; break;                                      // uniform
      case 1: v = static_cast<double>(1 + rng.below(3)); break;  // dungeon-like
      case 2: v = kTutorialCosts[rng.below(4)]; break;           // tutorial-like
      default: v = rng.uniform_real(0.3, 7.0); break;            // any real cost
    }
  }
  return c;
}

std::vector<Point> random_sources(Rng& rng, const CostGrid& c) {
  std::vector<Point> s;
  const int n = 1 + static_cast<int>(rng.below(3));
  for (int k = 0; k < n; ++k)
    s.push_back({static_cast<int>(rng.below(static_cast<uint64_t>(c.width()))),
                 static_cast<int>(rng.below(static_cast<uint64_t>(c.height())))});
  return s;
}

const Moves kMoveSets[] = {
    {4, DiagonalPolicy::Never, kSqrt2},  {8, DiagonalPolicy::NoCornerCut, kSqrt2}, {8, DiagonalPolicy::OneFree, kSqrt2},
    {8, DiagonalPolicy::Always, kSqrt2}, {8, DiagonalPolicy::NoCornerCut, 1.0},    {8, DiagonalPolicy::Always, 1.5},
    {8, DiagonalPolicy::Never, kSqrt2},
};

// Random terrain of w x h: walls, water, vegetation, floor, and a byte that names no terrain
// (the walkthrough's closed door: impassable under every table).
Grid<Terrain> random_terrain(Rng& rng, int w, int h) {
  Grid<Terrain> tiles(w, h, Terrain::Floor);
  for (Terrain& t : tiles.cells()) {
    const uint64_t r = rng.below(10);
    t = r < 3    ? Terrain::Wall
        : r == 3 ? Terrain::Water
        : r == 4 ? Terrain::Vegetation
        : r == 5 ? static_cast<Terrain>(0xFF)
                 : Terrain::Floor;
  }
  return tiles;
}

std::string describe(const Moves& m) {
  return std::to_string(m.neighbors) + "/" + std::string(diagonal_policy_name(m.diagonal)) + "/" +
         std::to_string(m.diagonal_cost);
}

TEST(DistanceMapTest, SumsEntryCostsAlongTheCorridor) {
  const std::vector<double> dungeon{0, 1, 4, 5, 7, 8, 9};
  const std::vector<double> tutorial{0, 3, 8, 11, 21, 24, 27};
  const DistanceMap a = distance_map(costs_of(kCorridor), {{1, 1}});
  const DistanceMap b = distance_map(costs_of(kCorridor, CostTable::tutorial()), {{1, 1}}, {4, DiagonalPolicy::Never});
  for (int x = 1; x <= 7; ++x) {
    EXPECT_EQ(a.dist(x, 1), dungeon[static_cast<size_t>(x - 1)]) << "x " << x;
    EXPECT_EQ(b.dist(x, 1), tutorial[static_cast<size_t>(x - 1)]) << "x " << x;
  }
  EXPECT_EQ(a.dist(0, 0), kUnreached);
  EXPECT_EQ(a.farthest(), (Point{7, 1}));
}

TEST(DistanceMapTest, MultipleSourcesGiveTheNearest) {
  const DistanceMap m = distance_map(costs_of(kCorridor), {{1, 1}, {7, 1}});
  const std::vector<double> want{0, 1, 4, 4, 3, 1, 0};  // from the left up to x = 3, then from the right
  for (int x = 1; x <= 7; ++x) EXPECT_EQ(m.dist(x, 1), want[static_cast<size_t>(x - 1)]) << "x " << x;
  EXPECT_EQ(m.farthest(), (Point{3, 1}));  // 4 at x = 3 and x = 4: the lower index wins
}

TEST(DistanceMapTest, EqualsAReferenceDijkstraOnRandomMaps) {
  for (uint64_t seed = 0; seed < 40; ++seed) {
    Rng rng = Rng::stream(seed, "distance-map-test");
    const int w = 1 + static_cast<int>(rng.below(30)), h = 1 + static_cast<int>(rng.below(20));
    const CostGrid c = random_costs(rng, w, h, static_cast<int>(seed % 4));
    const std::vector<Point> sources = random_sources(rng, c);
    for (const Moves& m : kMoveSets) {
      const DistanceMap got = distance_map(c, sources, m);
      ASSERT_EQ(got.dist, reference_dijkstra(c, sources, m)) << "seed " << seed << " moves " << describe(m);
      EXPECT_EQ(got.moves.neighbors, m.neighbors);
    }
  }
}

// Digging costs as the cave connector uses them (floor 1, rock 1 to 1000) and wide cost ranges:
// the bucket queue's ring must cover the largest step, and steps below 1 take the heap.
TEST(DistanceMapTest, EqualsAReferenceDijkstraUnderWideCostRanges) {
  const double rock[] = {5, 37.5, 1000, 0.5, 46000, 70000};
  for (uint64_t seed = 0; seed < 24; ++seed) {
    Rng rng = Rng::stream(seed, "distance-map-wide");
    const int w = 2 + static_cast<int>(rng.below(40)), h = 2 + static_cast<int>(rng.below(30));
    CostGrid c(w, h, kWall);
    const double dig = rock[seed % 6];
    for (int y = 1; y < h - 1; ++y)
      for (int x = 1; x < w - 1; ++x) c(x, y) = rng.chance(0.5) ? 1.0 : dig;
    const std::vector<Point> sources = random_sources(rng, c);
    for (const Moves& m : kMoveSets)
      ASSERT_EQ(distance_map(c, sources, m).dist, reference_dijkstra(c, sources, m))
          << "seed " << seed << " dig " << dig << " moves " << describe(m);
  }
}

// Buckets of more cells than the flood takes in one run (1,024): a source set of thousands of
// cells, as the cave connector floods from a whole region, under dungeon-like and digging costs.
TEST(DistanceMapTest, EqualsAReferenceDijkstraWithBucketsOfThousandsOfCells) {
  for (uint64_t seed = 0; seed < 4; ++seed) {
    Rng rng = Rng::stream(seed, "distance-map-big-buckets");
    const int w = 90, h = 60;
    CostGrid c = random_costs(rng, w, h, seed % 2 == 0 ? 1 : 2);
    std::vector<Point> sources;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w / 2; ++x)
        if (rng.chance(0.8)) sources.push_back({x, y});
    ASSERT_GT(sources.size(), 1500u);
    for (const Moves& m : {kMoveSets[0], kMoveSets[1]})
      ASSERT_EQ(distance_map(c, sources, m).dist, reference_dijkstra(c, sources, m))
          << "seed " << seed << " moves " << describe(m);
  }
}

// Adding sources one by one gives the multi-source map, bit for bit, under every cost flavour
// (breadth-first, bucket queue and heap) and move rule.
TEST(DistanceMapTest, AddingSourcesEqualsTheMultiSourceMap) {
  for (uint64_t seed = 0; seed < 40; ++seed) {
    Rng rng = Rng::stream(seed, "distance-map-add");
    const int w = 1 + static_cast<int>(rng.below(40)), h = 1 + static_cast<int>(rng.below(30));
    const CostGrid c = random_costs(rng, w, h, static_cast<int>(seed % 4));
    std::vector<Point> sources = random_sources(rng, c);
    for (int k = 0; k < 3; ++k) sources.push_back(random_sources(rng, c).front());
    for (const Moves& m : kMoveSets) {
      DistanceMap grown = distance_map(c, {sources.front()}, m);
      for (size_t k = 1; k < sources.size(); ++k) {
        add_source(grown, c, sources[k]);
        const std::vector<Point> first(sources.begin(), sources.begin() + static_cast<std::ptrdiff_t>(k) + 1);
        ASSERT_EQ(grown.dist, distance_map(c, first, m).dist)
            << "seed " << seed << " after " << k + 1 << " sources, moves " << describe(m);
      }
    }
  }
}

// The terrain overload adds the same source to the same numbers as the cost-grid one.
TEST(DistanceMapTest, AddingATerrainSourceEqualsTheCostGridOne) {
  const Grid<Terrain> tiles = read_ascii(kCorridor).tiles;
  const CostGrid c = make_cost_grid(tiles, CostTable::tutorial());
  DistanceMap a = distance_map(tiles, CostTable::tutorial(), {{1, 1}});
  DistanceMap b = distance_map(c, {{1, 1}});
  add_source(a, tiles, CostTable::tutorial(), {7, 1});
  add_source(b, c, {7, 1});
  EXPECT_EQ(a.dist, b.dist);
  EXPECT_EQ(a.dist(5, 1), 13);  // the vegetation: 13 from the right, 21 from the left
  EXPECT_THROW(add_source(a, read_ascii(kRoom).tiles, CostTable::tutorial(), {1, 1}), InvalidArgument);
  EXPECT_THROW(add_source(a, tiles, CostTable::tutorial(), {1, 3}), InvalidArgument);
}

// Each wanted group's cheapest cell is the one a whole distance map gives (lowest index among
// equals), and the map it returns is exact up to the dearest of them, under every cost flavour.
TEST(DistanceMapTest, NearestInGroupsEqualsAScanOfTheWholeMap) {
  for (uint64_t seed = 0; seed < 40; ++seed) {
    Rng rng = Rng::stream(seed, "distance-map-groups");
    const int w = 2 + static_cast<int>(rng.below(40)), h = 2 + static_cast<int>(rng.below(30));
    const CostGrid c = random_costs(rng, w, h, static_cast<int>(seed % 4));
    const std::vector<Point> sources = random_sources(rng, c);
    const int groups = 1 + static_cast<int>(rng.below(6));
    Grid<int32_t> labels(w, h, -1);
    for (int32_t& l : labels.cells())
      if (rng.chance(0.1))
        l = static_cast<int32_t>(rng.below(static_cast<uint64_t>(groups) + 1)) - (seed % 2 == 0 ? 0 : 1);
    std::vector<bool> wanted(static_cast<size_t>(groups));
    for (size_t g = 0; g < wanted.size(); ++g) wanted[g] = rng.chance(0.7);
    for (const Moves& m : kMoveSets) {
      const DistanceMap whole = distance_map(c, sources, m);
      const NearestInGroups got = nearest_in_groups(c, sources, m, labels, wanted);
      double radius = 0;
      for (size_t g = 0; g < wanted.size(); ++g) {
        double best = kUnreached;
        Point at{-1, -1};
        for (size_t i = 0; i < c.size(); ++i)
          if (labels.cells()[i] == static_cast<int32_t>(g) && wanted[g] && whole.dist.cells()[i] < best) {
            best = whole.dist.cells()[i];
            at = c.point(i);
          }
        ASSERT_EQ(got.cost[g], best) << "seed " << seed << " group " << g << " moves " << describe(m);
        ASSERT_EQ(got.cell[g], at) << "seed " << seed << " group " << g << " moves " << describe(m);
        if (best != kUnreached) radius = std::max(radius, best);
      }
      for (size_t i = 0; i < c.size(); ++i) {
        const double want = whole.dist.cells()[i];
        const double have = got.map.dist.cells()[i];
        if (want <= radius) ASSERT_EQ(have, want) << "seed " << seed << " cell " << i << " moves " << describe(m);
        else
          ASSERT_TRUE(have == want || have == kUnreached)
              << "seed " << seed << " cell " << i << " moves " << describe(m);
      }
    }
  }
  EXPECT_THROW(nearest_in_groups(costs_of(kRoom), {{1, 1}}, {}, Grid<int32_t>(3, 3, 0), {true}), InvalidArgument);
  EXPECT_THROW(nearest_in_groups(costs_of(kRoom), {{9, 9}}, {}, Grid<int32_t>(9, 6, 0), {true}), InvalidArgument);
}

// A map made only as far as the nearest target (plus slack) is the whole map up to there, under
// every move rule and cost table; a byte that names no terrain is impassable.
TEST(DistanceMapTest, NearMapsEqualTheWholeMapUpToTheNearestTarget) {
  const CostTable tables[] = {CostTable::dungeon(), CostTable::tutorial(), CostTable::uniform()};
  for (uint64_t seed = 0; seed < 30; ++seed) {
    Rng rng = Rng::stream(seed, "distance-map-near");
    const int w = 2 + static_cast<int>(rng.below(40)), h = 2 + static_cast<int>(rng.below(30));
    const Grid<Terrain> tiles = random_terrain(rng, w, h);
    std::vector<Point> targets;
    for (int k = 0; k < 3; ++k)
      targets.push_back({static_cast<int>(rng.below(static_cast<uint64_t>(w))),
                         static_cast<int>(rng.below(static_cast<uint64_t>(h)))});
    const Point source{static_cast<int>(rng.below(static_cast<uint64_t>(w))),
                       static_cast<int>(rng.below(static_cast<uint64_t>(h)))};
    const double slack = static_cast<double>(seed % 3) * 1.5;
    for (const CostTable& table : tables)
      for (const Moves& m : kMoveSets) {
        // The whole map, from a cost grid in which the odd byte is a wall.
        CostGrid c(w, h, kWall);
        for (size_t i = 0; i < c.size(); ++i)
          if (tiles.cells()[i] != static_cast<Terrain>(0xFF)) c.cells()[i] = table[tiles.cells()[i]];
        const DistanceMap whole = distance_map(c, {source}, m);
        const DistanceMap near = distance_map_near(tiles, table, {source}, m, targets, slack);
        double nearest = kUnreached;
        for (Point t : targets) nearest = std::min(nearest, whole.dist[t]);
        for (size_t i = 0; i < c.size(); ++i) {
          const double want = whole.dist.cells()[i], have = near.dist.cells()[i];
          if (nearest == kUnreached || want <= nearest + slack)
            ASSERT_EQ(have, want) << "seed " << seed << " cell " << i << " moves " << describe(m);
          else
            ASSERT_TRUE(have == want || have == kUnreached)
                << "seed " << seed << " cell " << i << " moves " << describe(m);
        }
      }
  }
  const Grid<Terrain> room = read_ascii(kRoom).tiles;
  EXPECT_THROW(distance_map_near(room, CostTable::dungeon(), {{1, 1}}, {}, {{9, 1}}), InvalidArgument);
  EXPECT_THROW(distance_map_near(room, CostTable::dungeon(), {{1, 9}}, {}, {{2, 1}}), InvalidArgument);
  EXPECT_THROW(distance_map_near(room, CostTable::dungeon(), {{1, 1}}, {}, {{2, 1}}, -1), InvalidArgument);
  EXPECT_THROW(distance_map_near(room, CostTable::dungeon(), {{1, 1}}, {}, {{2, 1}}, kUnreached), InvalidArgument);
}

TEST(DistanceMapTest, AddSourceRejectsAnotherGridAndPointsOffTheMap) {
  const CostGrid c = costs_of(kCorridor);
  DistanceMap m = distance_map(c, {{1, 1}});
  EXPECT_THROW(add_source(m, costs_of(kRoom), {1, 1}), InvalidArgument);
  try {
    add_source(m, c, {9, 1});
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) { EXPECT_STREQ(e.what(), "source = 9,1 (expected inside the 9x3 grid)"); }
  const Grid<double> before = m.dist;
  add_source(m, c, {0, 0});  // a wall: nothing changes
  EXPECT_EQ(m.dist, before);
}

TEST(DistanceMapTest, DescentCostsExactlyTheDistanceOnRandomMaps) {
  for (uint64_t seed = 0; seed < 40; ++seed) {
    Rng rng = Rng::stream(seed, "distance-map-descend");
    const int w = 2 + static_cast<int>(rng.below(40)), h = 2 + static_cast<int>(rng.below(25));
    const CostGrid c = random_costs(rng, w, h, static_cast<int>(seed % 4));
    const std::vector<Point> sources = random_sources(rng, c);
    for (const Moves& m : kMoveSets) {
      const DistanceMap map = distance_map(c, sources, m);
      for (size_t i = 0; i < c.size(); ++i) {
        const Point from = c.point(i);
        const std::vector<Point> path = descend(map, c, from);
        if (map.dist[from] == kUnreached) {
          EXPECT_TRUE(path.empty());
          continue;
        }
        ASSERT_FALSE(path.empty()) << "seed " << seed << " moves " << describe(m) << " from " << to_string(from);
        ASSERT_EQ(path.front(), from);
        ASSERT_EQ(map.dist[path.back()], 0.0);
        // Summed from the source outwards, g = g + step, as the map sums.
        double g = 0;
        for (size_t k = path.size() - 1; k > 0; --k) {
          int dir = -1;
          for (int d = 0; d < 8; ++d)
            if (Point{path[k].x + kDirections[d].x, path[k].y + kDirections[d].y} == path[k - 1]) dir = d;
          ASSERT_GE(dir, 0) << "cells " << k << " and " << k - 1 << " are not adjacent";
          ASSERT_TRUE(can_step(c, path[k], dir, m)) << "illegal step at " << to_string(path[k]);
          g = g + step_cost(c, path[k - 1], dir, m);
        }
        ASSERT_EQ(g, map.dist[from]) << "seed " << seed << " moves " << describe(m) << " from " << to_string(from);
      }
    }
  }
}

TEST(DistanceMapTest, AgreesWithTheRoutersOptimalCost) {
  // The map sums from the source outwards, g = g + step, and is the least such sum over all
  // routes: never above the cost the router reports (the same left-to-right sum along its
  // path), and exactly path_cost of the descent walked from the source. The router keeps g as
  // separate straight and diagonal parts while it searches, so between routes of equal real
  // cost it may pick one whose left-to-right sum is an ulp higher: equal up to rounding only.
  const Terrain kinds[] = {Terrain::Wall, Terrain::Floor, Terrain::Water, Terrain::Vegetation, Terrain::Road};
  for (uint64_t seed = 0; seed < 20; ++seed) {
    Rng rng = Rng::stream(seed, "distance-map-router");
    const int w = 2 + static_cast<int>(rng.below(30)), h = 2 + static_cast<int>(rng.below(20));
    Grid<Terrain> tiles(w, h, Terrain::Wall);
    for (Terrain& t : tiles.cells()) t = kinds[rng.below(5)];
    const CostTable table = seed % 2 == 0 ? CostTable::dungeon() : CostTable::tutorial();
    const CostGrid c = make_cost_grid(tiles, table);
    const Point source{static_cast<int>(rng.below(static_cast<uint64_t>(w))),
                       static_cast<int>(rng.below(static_cast<uint64_t>(h)))};
    for (const Moves& m : kMoveSets) {
      const DistanceMap map = distance_map(c, {source}, m);
      SearchOptions o;
      o.algorithm = Algorithm::Dijkstra;
      o.moves = m;
      GridSearch search;
      search.set_map(tiles, table);
      for (size_t i = 0; i < c.size(); i += 2) {
        const Point goal = c.point(i);
        const PathResult r = search.find_path(source, goal, o);
        ASSERT_EQ(r.found(), map.dist[goal] != kUnreached) << "seed " << seed << " goal " << to_string(goal);
        if (!r.found()) continue;
        const double d = map.dist[goal];
        ASSERT_LE(d, r.cost) << "seed " << seed << " moves " << describe(m) << " goal " << to_string(goal);
        ASSERT_LE(r.cost - d, 1e-12 * d) << "seed " << seed << " moves " << describe(m) << " goal " << to_string(goal);
        ASSERT_EQ(path_cost(c, r.path, m), r.cost);
        if (!m.diagonals()) {
          ASSERT_EQ(r.cost, d);  // straight steps only: the same sums exactly
        }
        std::vector<Point> walk = descend(map, c, goal);
        std::reverse(walk.begin(), walk.end());
        ASSERT_EQ(path_cost(c, walk, m), map.dist[goal]);
      }
    }
  }
}

TEST(DistanceMapTest, DescentPrefersStraightRunsInAnOpenRoom) {
  const CostGrid c = costs_of(kRoom);
  // Four neighbours: west all the way along the bottom row, then north.
  const DistanceMap four = distance_map(c, {{1, 1}}, {4, DiagonalPolicy::Never});
  const std::vector<Point> p4 = descend(four, c, {7, 4});
  EXPECT_EQ(p4.size(), 10u);
  EXPECT_EQ(waypoints(p4), (std::vector<Point>{{7, 4}, {1, 4}, {1, 1}}));
  // Eight neighbours (a diagonal factor of 1.5 keeps every sum exact): west while a straight
  // step stays on a cheapest route, then one diagonal run.
  const DistanceMap eight = distance_map(c, {{1, 1}}, {8, DiagonalPolicy::NoCornerCut, 1.5});
  const std::vector<Point> p8 = descend(eight, c, {7, 4});
  EXPECT_EQ(p8.size(), 7u);
  EXPECT_EQ(waypoints(p8), (std::vector<Point>{{7, 4}, {4, 4}, {1, 1}}));
  EXPECT_EQ(eight.dist(7, 4), 7.5);
}

TEST(DistanceMapTest, DescentFromAnUnreachedCellIsEmpty) {
  const CostGrid c = costs_of(
      "#####\n"
      "#.#.#\n"
      "#####\n");
  const DistanceMap m = distance_map(c, {{1, 1}});
  EXPECT_TRUE(descend(m, c, {3, 1}).empty());
  EXPECT_TRUE(descend(m, c, {0, 0}).empty());
  EXPECT_EQ(descend(m, c, {1, 1}), (std::vector<Point>{{1, 1}}));
}

TEST(DistanceMapTest, ImpassableAndRepeatedSourcesAreIgnored) {
  const CostGrid c = costs_of(kCorridor);
  const DistanceMap walls_only = distance_map(c, {{0, 0}, {4, 0}});
  for (double d : walls_only.dist.cells()) EXPECT_EQ(d, kUnreached);
  EXPECT_EQ(walls_only.farthest(), (Point{-1, -1}));
  EXPECT_EQ(distance_map(c, {{1, 1}, {0, 0}, {1, 1}}).dist, distance_map(c, {{1, 1}}).dist);
}

TEST(DistanceMapTest, RejectsSourcesOffTheMapNamingEachOne) {
  try {
    distance_map(costs_of(kCorridor), {{1, 1}, {9, 0}, {-1, 2}});
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) {
    EXPECT_STREQ(e.what(),
                 "sources[1] = 9,0 (expected inside the 9x3 grid); sources[2] = -1,2 (expected inside the 9x3 grid)");
  }
  EXPECT_THROW(distance_map(costs_of(kCorridor), {{1, 1}}, Moves{5, DiagonalPolicy::Never}), InvalidArgument);
}

TEST(DistanceMapTest, DescendRejectsAMismatchedCostGridAndPointsOffTheMap) {
  const CostGrid c = costs_of(kCorridor);
  const DistanceMap m = distance_map(c, {{1, 1}});
  EXPECT_THROW(descend(m, c, {9, 1}), InvalidArgument);
  try {
    descend(m, costs_of(kRoom), {1, 1});
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) { EXPECT_STREQ(e.what(), "costs = 9x6 (expected the distance map's 9x3)"); }
}

TEST(DistanceMapTest, FarthestPicksTheLowestIndexAmongEquals) {
  const CostGrid c = costs_of(
      "#######\n"
      "#.....#\n"
      "#######\n");
  EXPECT_EQ(distance_map(c, {{3, 1}}).farthest(), (Point{1, 1}));
  EXPECT_EQ(distance_map(c, {{2, 1}}).farthest(), (Point{5, 1}));
}

// One TerrainFlood, its legal moves worked out once, serves many floods of its terrain: each
// answer is the public function's, bit for bit, under every cost flavour and move rule.
TEST(DistanceMapTest, ATerrainFloodUsedManyTimesGivesThePublicFunctionsMaps) {
  const CostTable tables[] = {CostTable::dungeon(), CostTable::tutorial(), CostTable::uniform()};
  int floods = 0;
  for (uint64_t seed = 0; seed < 12; ++seed) {
    Rng rng = Rng::stream(seed, "terrain-flood");
    const int w = 2 + static_cast<int>(rng.below(40)), h = 2 + static_cast<int>(rng.below(30));
    const Grid<Terrain> tiles = random_terrain(rng, w, h);
    auto point = [&] {
      return Point{static_cast<int>(rng.below(static_cast<uint64_t>(w))),
                   static_cast<int>(rng.below(static_cast<uint64_t>(h)))};
    };
    std::vector<Point> sources, targets;
    for (int k = 0; k < 4; ++k) sources.push_back(point());
    for (int k = 0; k < 3; ++k) targets.push_back(point());
    for (const CostTable& table : tables)
      for (const Moves& m : kMoveSets) {
        const detail::TerrainFlood flood(tiles, table, m);
        // Grown source by source, as objective placement grows its map.
        DistanceMap grown = flood.map({sources[0]});
        DistanceMap reference = distance_map(tiles, table, {sources[0]}, m);
        ASSERT_EQ(grown.dist, reference.dist) << "seed " << seed << " moves " << describe(m);
        for (size_t k = 1; k < sources.size(); ++k) {
          flood.add_source(grown, sources[k]);
          add_source(reference, tiles, table, sources[k]);
          ASSERT_EQ(grown.dist, reference.dist) << "seed " << seed << " source " << k << " moves " << describe(m);
        }
        // Near maps from each source in turn, as the walkthrough makes them.
        for (size_t k = 0; k < sources.size(); ++k) {
          const double slack = static_cast<double>(k) * 1.5;
          ASSERT_EQ(flood.near({sources[k]}, targets, slack).dist,
                    distance_map_near(tiles, table, {sources[k]}, m, targets, slack).dist)
              << "seed " << seed << " source " << k << " moves " << describe(m);
          ++floods;
        }
      }
  }
  EXPECT_GT(floods, 400);
}

// A TerrainFlood told of each cell opened in its terrain (as the walkthrough opens doors) answers
// as a new one made for the changed terrain: maps, and the cost range behind the bucket queue
// (doors of a dearer terrain than any before widen it).
TEST(DistanceMapTest, ATerrainFloodToldOfOpenedCellsAnswersAsANewOne) {
  CostTable dear = CostTable::dungeon();
  dear.set(Terrain::Door, 40);  // dearer than anything on the map: the range widens
  const CostTable tables[] = {CostTable::dungeon(), CostTable::tutorial(), dear};
  int compared = 0;
  for (uint64_t seed = 0; seed < 8; ++seed) {
    Rng rng = Rng::stream(seed, "terrain-flood-opened");
    const int w = 2 + static_cast<int>(rng.below(40)), h = 2 + static_cast<int>(rng.below(30));
    for (const CostTable& table : tables)
      for (const Moves& m : kMoveSets) {
        Grid<Terrain> tiles = random_terrain(rng, w, h);
        detail::TerrainFlood flood(tiles, table, m);
        const Point source{static_cast<int>(rng.below(static_cast<uint64_t>(w))),
                           static_cast<int>(rng.below(static_cast<uint64_t>(h)))};
        for (size_t i = 0; i < tiles.size(); ++i) {
          if (tiles.cells()[i] != static_cast<Terrain>(0xFF)) continue;  // a closed door
          tiles.cells()[i] = rng.chance(0.5) ? Terrain::Door : Terrain::Floor;
          flood.opened(tiles.point(i));
          const detail::TerrainFlood fresh(tiles, table, m);
          ASSERT_EQ(flood.map({source}).dist, fresh.map({source}).dist)
              << "seed " << seed << " cell " << i << " moves " << describe(m);
          ++compared;
        }
      }
  }
  EXPECT_GT(compared, 1000);
  const Grid<Terrain> room = read_ascii(kRoom).tiles;
  detail::TerrainFlood flood(room, CostTable::dungeon(), {});
  EXPECT_THROW(flood.opened({9, 1}), InvalidArgument);
}

// A TerrainFlood told of each cell closed in its terrain (as the walkthrough shuts a gate) answers
// as a new one made for the changed terrain: maps, and the legs' distances and routes to the
// targets they stop at, though the cost range it scales by stays wider than a new one's (the
// dearest and cheapest doors closed narrow it).
TEST(DistanceMapTest, ATerrainFloodToldOfClosedCellsAnswersAsANewOne) {
  CostTable dear = CostTable::dungeon();
  dear.set(Terrain::Door, 40);  // the dearest terrain: closing the doors narrows the range
  CostTable cheap = CostTable::dungeon();
  cheap.set(Terrain::Door, 0.25);  // the cheapest
  const CostTable tables[] = {CostTable::dungeon(), CostTable::tutorial(), dear, cheap};
  int compared = 0;
  for (uint64_t seed = 0; seed < 8; ++seed) {
    Rng rng = Rng::stream(seed, "terrain-flood-closed");
    const int w = 2 + static_cast<int>(rng.below(40)), h = 2 + static_cast<int>(rng.below(30));
    for (const CostTable& table : tables)
      for (const Moves& m : kMoveSets) {
        Grid<Terrain> tiles = random_terrain(rng, w, h);
        for (Terrain& t : tiles.cells())
          if (t == static_cast<Terrain>(0xFF) || rng.chance(0.1)) t = Terrain::Door;  // doors to close
        detail::TerrainFlood flood(tiles, table, m);
        detail::TerrainFlood::Leg leg, fresh_leg;
        auto point = [&] {
          return Point{static_cast<int>(rng.below(static_cast<uint64_t>(w))),
                       static_cast<int>(rng.below(static_cast<uint64_t>(h)))};
        };
        for (size_t i = 0; i < tiles.size(); ++i) {
          if (tiles.cells()[i] != Terrain::Door) continue;
          tiles.cells()[i] = static_cast<Terrain>(0xFF);  // closed
          flood.closed(tiles.point(i));
          const detail::TerrainFlood fresh(tiles, table, m);
          const Point source = point();
          const std::string at = "seed " + std::to_string(seed) + " cell " + std::to_string(i) + " moves " +
                                 describe(m);
          ASSERT_EQ(flood.map({source}).dist, fresh.map({source}).dist) << at;
          if (tiles[source] == static_cast<Terrain>(0xFF) || !table.passable(tiles[source])) continue;
          const std::vector<Point> targets{point(), point(), point()};
          flood.toward(leg, source, targets);
          fresh.toward(fresh_leg, source, targets);
          double nearest = kUnreached;
          for (Point t : targets) nearest = std::min(nearest, fresh_leg.map.dist[t]);
          for (Point t : targets)
            if (nearest != kUnreached && fresh_leg.map.dist[t] == nearest) {
              ASSERT_EQ(leg.map.dist[t], nearest) << at;
              ASSERT_EQ(descend(leg.map, tiles, table, t), descend(fresh_leg.map, tiles, table, t)) << at;
            } else {
              ASSERT_TRUE(leg.map.dist[t] > nearest || leg.map.dist[t] == kUnreached) << at;
            }
          ++compared;
        }
      }
  }
  EXPECT_GT(compared, 1000);
  const Grid<Terrain> room = read_ascii(kRoom).tiles;
  detail::TerrainFlood flood(room, CostTable::dungeon(), {});
  EXPECT_THROW(flood.closed({9, 1}), InvalidArgument);
}

// The walkthrough's legs (TerrainFlood::toward: an A* toward a few targets, one grid of
// distances reused leg after leg) read as near() reads: the targets within the nearest's
// distance plus the slack hold near()'s distances and descend along near()'s routes, a farther
// target reads more than the nearest, and no cell reads less than its distance (a cell a previous
// leg wrote and this one did not would). Open maps (many routes of equal cost), random terrain,
// costs below 1 and wide, more targets than the A* takes, and unreachable targets (a leg that
// writes nearly every cell, so the next one clears the whole grid) in between.
TEST(DistanceMapTest, TowardLegsReadAsNearMapsRead) {
  CostTable fine;  // steps below 1 and far apart
  fine.set(Terrain::Floor, 0.25);
  fine.set(Terrain::Water, 7.5);
  fine.set(Terrain::Vegetation, 1.75);
  const CostTable tables[] = {CostTable::dungeon(), CostTable::tutorial(), CostTable::uniform(), fine};
  int legs = 0, descents = 0;
  for (uint64_t seed = 0; seed < 16; ++seed) {
    Rng rng = Rng::stream(seed, "toward");
    const int w = 2 + static_cast<int>(rng.below(70)), h = 2 + static_cast<int>(rng.below(50));
    Grid<Terrain> tiles = random_terrain(rng, w, h);
    if (seed % 2 == 0)  // mostly floor: many cheapest routes, many cells tied on f
      for (Terrain& t : tiles.cells()) t = rng.chance(0.9) ? Terrain::Floor : t;
    auto point = [&] {
      return Point{static_cast<int>(rng.below(static_cast<uint64_t>(w))),
                   static_cast<int>(rng.below(static_cast<uint64_t>(h)))};
    };
    for (const CostTable& table : tables)
      for (const Moves& m : kMoveSets) {
        const detail::TerrainFlood flood(tiles, table, m);
        detail::TerrainFlood::Leg leg;
        for (int k = 0; k < 8; ++k) {
          Point source = point();
          auto passable = [&](Point p) { return tiles[p] != static_cast<Terrain>(0xFF) && table.passable(tiles[p]); };
          for (int tries = 0; tries < 50 && !passable(source); ++tries) source = point();
          std::vector<Point> targets(k == 5 ? 80 : 1 + rng.below(5));  // 80: over 32 passable ones
          for (Point& t : targets) t = point();
          const double slack = static_cast<double>(rng.below(3)) * 1.5;
          flood.toward(leg, source, targets, slack);
          const DistanceMap near = flood.near({source}, targets, slack);
          const DistanceMap whole = flood.map({source});
          const std::string at = "seed " + std::to_string(seed) + " leg " + std::to_string(k) + " moves " + describe(m);
          double nearest = kUnreached;
          for (Point t : targets) nearest = std::min(nearest, near.dist[t]);
          for (Point t : targets) {
            if (nearest != kUnreached && near.dist[t] <= nearest + slack) {
              ASSERT_EQ(leg.map.dist[t], near.dist[t]) << at;
              ASSERT_EQ(descend(leg.map, tiles, table, t), descend(near, tiles, table, t)) << at;
              ++descents;
            } else {
              ASSERT_TRUE(leg.map.dist[t] > nearest || leg.map.dist[t] == kUnreached) << at;
            }
          }
          for (size_t i = 0; i < whole.dist.size(); ++i)
            ASSERT_GE(leg.map.dist.cells()[i], whole.dist.cells()[i]) << at;
          ++legs;
        }
      }
  }
  EXPECT_EQ(legs, 16 * 4 * 7 * 8);
  EXPECT_GT(descents, 2000);
  const Grid<Terrain> room = read_ascii(kRoom).tiles;
  const detail::TerrainFlood flood(room, CostTable::dungeon(), {});
  detail::TerrainFlood::Leg leg;
  EXPECT_THROW(flood.toward(leg, {1, 1}, {{9, 1}}), InvalidArgument);
  EXPECT_THROW(flood.toward(leg, {1, 9}, {{2, 1}}), InvalidArgument);
  EXPECT_THROW(flood.toward(leg, {1, 1}, {{2, 1}}, -1), InvalidArgument);
  EXPECT_THROW(flood.toward(leg, {1, 1}, {{2, 1}}, kUnreached), InvalidArgument);
}

// On terrain under a table, nearest_in_groups answers as on the cost grid of the same costs (a
// byte that names no terrain is a wall), map included.
TEST(DistanceMapTest, NearestInGroupsOnTerrainEqualsTheCostGridOne) {
  const CostTable tables[] = {CostTable::dungeon(), CostTable::tutorial(), CostTable::uniform()};
  for (uint64_t seed = 0; seed < 20; ++seed) {
    Rng rng = Rng::stream(seed, "distance-map-groups-terrain");
    const int w = 2 + static_cast<int>(rng.below(40)), h = 2 + static_cast<int>(rng.below(30));
    const Grid<Terrain> tiles = random_terrain(rng, w, h);
    const int groups = 1 + static_cast<int>(rng.below(6));
    Grid<int32_t> labels(w, h, -1);
    for (int32_t& l : labels.cells())
      if (rng.chance(0.1)) l = static_cast<int32_t>(rng.below(static_cast<uint64_t>(groups)));
    std::vector<bool> wanted(static_cast<size_t>(groups));
    for (size_t g = 0; g < wanted.size(); ++g) wanted[g] = rng.chance(0.7);
    for (CostTable table : tables) {
      table.set(Terrain::Wall, 1 + static_cast<double>(seed % 5));  // walls dug through, as caves connect
      CostGrid c(w, h, kWall);
      for (size_t i = 0; i < c.size(); ++i)
        if (tiles.cells()[i] != static_cast<Terrain>(0xFF)) c.cells()[i] = table[tiles.cells()[i]];
      const std::vector<Point> sources = random_sources(rng, c);
      for (const Moves& m : kMoveSets) {
        const NearestInGroups want = nearest_in_groups(c, sources, m, labels, wanted);
        const NearestInGroups got = nearest_in_groups(tiles, table, sources, m, labels, wanted);
        ASSERT_EQ(got.cost, want.cost) << "seed " << seed << " moves " << describe(m);
        ASSERT_EQ(got.cell, want.cell) << "seed " << seed << " moves " << describe(m);
        ASSERT_EQ(got.map.dist, want.map.dist) << "seed " << seed << " moves " << describe(m);
        for (size_t g = 0; g < wanted.size(); ++g) {
          if (got.cell[g].x < 0) continue;
          ASSERT_EQ(descend(got.map, tiles, table, got.cell[g]), descend(want.map, c, want.cell[g]))
              << "seed " << seed << " group " << g << " moves " << describe(m);
        }
      }
    }
  }
}

}  // namespace
}  // namespace catacomb

namespace catacomb {
namespace {

// The flood on two threads (flood.hpp's dijkstra_buckets_two, which TerrainFlood gives maps of
// 4M cells or more) against the flood on one (which the tests above hold to the reference), on
// maps of 120,000 to 400,000 cells: bucket by bucket the threads split the buckets of 512 entries
// or more and take turns, and every distance must be the same, bit for bit. Also from several
// sources, and adding a source to a finished map.
TEST(DistanceMapTest, TheTwoThreadFloodEqualsTheOneThreadFlood) {
  using detail::floods::flood;
  using detail::floods::GridCosts;
  using detail::floods::NoWatch;
  for (uint64_t seed = 0; seed < 12; ++seed) {
    Rng rng = Rng::stream(seed, "distance-map-two-threads");
    const int w = 400 + static_cast<int>(rng.below(400)), h = 300 + static_cast<int>(rng.below(200));
    const CostGrid c = random_costs(rng, w, h, static_cast<int>(seed % 3));
    const std::vector<Point> sources = random_sources(rng, c);
    for (const Moves& m : kMoveSets) {
      Grid<double> one(w, h, kUnreached), two(w, h, kUnreached);
      flood(GridCosts{c}, sources, m, one, NoWatch{}, nullptr, 1);
      flood(GridCosts{c}, sources, m, two, NoWatch{}, nullptr, 2);
      ASSERT_EQ(two, one) << "seed " << seed << " moves " << describe(m) << " " << w << "x" << h;
      // One source more on the finished map: the map from all of them.
      if (sources.size() < 2) continue;
      Grid<double> grown(w, h, kUnreached);
      flood(GridCosts{c}, std::vector<Point>(sources.begin(), sources.end() - 1), m, grown, NoWatch{}, nullptr, 2);
      flood(GridCosts{c}, {sources.back()}, m, grown, NoWatch{}, nullptr, 2);
      ASSERT_EQ(grown, one) << "seed " << seed << " moves " << describe(m) << ", the last source added";
    }
  }
}

}  // namespace
}  // namespace catacomb
