#include <catacomb/generator/cave_regions.hpp>

#include <gtest/gtest.h>

#include <catacomb/generator/caves.hpp>
#include <catacomb/pathing/distance_map.hpp>
#include <catacomb/pathing/regions.hpp>
#include "support/reference/reference_connect.hpp"

namespace catacomb {
namespace {

using test::reference_connect;

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
  const Set sets[] = {{256, 256, 45, 16, 5, 6},
                      {300, 200, 52, 4, 2.5, 6},
                      {200, 300, 40, 16, 1, 6},
                      {256, 128, 55, 0, 1000, 6},
                      {1024, 1024, 45, 16, 5, 2}};
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
