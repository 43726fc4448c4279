#include <catacomb/generator/cave_regions.hpp>

#include <gtest/gtest.h>

#include <catacomb/generator/caves.hpp>
#include <catacomb/pathing/distance_map.hpp>
#include <catacomb/pathing/regions.hpp>

namespace catacomb {
namespace {

// connect_cave_regions as its header states it: one search from the largest region's edge over
// the whole map (floor 1, wall dig_cost, the border never; the region's inner cells closed), then
// for each other kept region, in label order, the route down from its cheapest cell is carved.
// Returns the tunnels dug.
int reference_connect(Grid<Terrain>& tiles, const CaveRegionConfig& config) {
  const Moves four{4, DiagonalPolicy::Never, kSqrt2};
  const RegionMap regions = label_regions(tiles, CostTable::dungeon(), four);
  if (regions.count() == 0) return 0;
  const int32_t main = regions.largest();
  std::vector<bool> wanted(static_cast<size_t>(regions.count()), false);
  for (int32_t r = 0; r < regions.count(); ++r)
    wanted[static_cast<size_t>(r)] = r != main && regions.sizes[static_cast<size_t>(r)] >= config.min_region;
  for (size_t i = 0; i < tiles.size(); ++i) {
    const int32_t r = regions.labels.cells()[i];
    if (r != kNoRegion && r != main && !wanted[static_cast<size_t>(r)]) tiles.cells()[i] = Terrain::Wall;
  }
  const int w = tiles.width(), h = tiles.height();
  CostGrid cost(w, h, CostTable::kImpassable);
  std::vector<Point> sources;
  for (int y = 1; y < h - 1; ++y)
    for (int x = 1; x < w - 1; ++x) {
      const int32_t here = regions.labels(x, y);
      if (here != main) {
        cost(x, y) = tiles(x, y) == Terrain::Wall ? config.dig_cost : 1.0;
        continue;
      }
      const bool inner = regions.labels(x - 1, y) == main && regions.labels(x + 1, y) == main &&
                         regions.labels(x, y - 1) == main && regions.labels(x, y + 1) == main;
      if (!inner) {
        cost(x, y) = 1.0;
        sources.push_back({x, y});
      }
    }
  const NearestInGroups near = nearest_in_groups(cost, sources, four, regions.labels, wanted);
  int tunnels = 0;
  for (int32_t r = 0; r < regions.count(); ++r) {
    if (!wanted[static_cast<size_t>(r)] || near.cost[static_cast<size_t>(r)] == kUnreached) continue;
    bool dug = false;
    for (const Point& p : descend(near.map, cost, near.cell[static_cast<size_t>(r)]))
      if (tiles[p] == Terrain::Wall) {
        tiles[p] = Terrain::Floor;
        dug = true;
      }
    tunnels += dug ? 1 : 0;
  }
  return tunnels;
}

TEST(CaveRegionsTest, TunnelsAreThoseOfTheSearchOverTheWholeMap) {
  // Maps large enough that regions are searched in windows round them (at 1024x1024 most of
  // them; in the smaller and denser sets the first few, then the whole map's search once the
  // windows have covered a quarter of the map).
  struct Set {
    int w, h;
    double fill;
    int min_region;
    double dig_cost;
    uint64_t seeds;
  };
  const Set sets[] = {{256, 256, 45, 16, 5, 6}, {300, 200, 52, 4, 2.5, 6}, {200, 300, 40, 16, 1, 6},
                      {256, 128, 55, 0, 1000, 6}, {1024, 1024, 45, 16, 5, 2}};
  int tunnels = 0;
  for (const Set& s : sets)
    for (uint64_t seed = 0; seed < s.seeds; ++seed) {
      CaveConfig cave;
      cave.fill = s.fill;
      CaveRegionConfig config;
      config.min_region = s.min_region;
      config.dig_cost = s.dig_cost;
      const Dungeon raw = generate_caves(s.w, s.h, cave, seed);
      Grid<Terrain> expected = raw.tiles, got = raw.tiles;
      const int want = reference_connect(expected, config);
      const CaveRegionStats stats = connect_cave_regions(got, config);
      ASSERT_EQ(grid_hash(got), grid_hash(expected)) << s.w << "x" << s.h << " fill " << s.fill << " seed " << seed;
      EXPECT_EQ(stats.tunnels, want);
      tunnels += want;
    }
  EXPECT_GT(tunnels, 100);  // the sets do dig
}

TEST(CaveRegionsTest, ACheaperRouteOutsideTheFirstWindowWins) {
  // A 4x4 region R is 15 walls from the main region (cost 76), inside R's first window (16
  // cells round it). The cheaper route (61) leaves that window: one wall down into a long floor
  // strip F that runs down past the window and across to the main region, then one wall. A window
  // search that took what it found first would dig the 15 walls. (R comes before F in row-major
  // order, so it is searched first, while windows are still allowed.)
  Grid<Terrain> tiles(100, 100, Terrain::Wall);
  auto floor = [&](int x0, int y0, int x1, int y1) {
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x) tiles(x, y) = Terrain::Floor;
  };
  floor(59, 4, 95, 94);   // the main region
  floor(40, 51, 43, 54);  // R
  floor(41, 56, 41, 89);  // F, down from one wall below R ...
  floor(42, 89, 57, 89);  // ... and across to one wall short of the main region
  CaveRegionConfig config;
  Grid<Terrain> expected = tiles;
  EXPECT_EQ(reference_connect(expected, config), 1);  // R's, through F: F's own route then digs nothing
  const CaveRegionStats stats = connect_cave_regions(tiles, config);
  EXPECT_EQ(grid_hash(tiles), grid_hash(expected));
  EXPECT_EQ(stats.carved, 2);  // (41, 55) between R and F, (58, 89) between F and the main region
  EXPECT_EQ(tiles(41, 55), Terrain::Floor);
  EXPECT_EQ(tiles(58, 89), Terrain::Floor);
  EXPECT_EQ(tiles(50, 52), Terrain::Wall);  // the 15 walls stay
}

}  // namespace
}  // namespace catacomb
