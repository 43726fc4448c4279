// Tests of the field of view: symmetric shadowcasting against a plain reference
// (support/reference/reference_fov.cpp) on thousands of small random maps, its symmetry, the radius
// and light_walls, bad arguments, and what blocks a player's sight on a dungeon (walls, locked doors
// not opened, shut gates, secret doors; not one-way doors). Agreement with libtcod itself is
// bench/fov_bench.cpp's (libtcod is a bench dependency only).
#include <catacomb/pathing/fov.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/core/rng.hpp>
#include <catacomb/io/ascii.hpp>
#include "support/reference/reference_fov.hpp"

namespace catacomb {
namespace {

int rand_int(Rng& rng, int lo, int hi) { return static_cast<int>(rng.uniform_int(lo, hi)); }

Grid<uint8_t> random_blocks(Rng& rng, int w, int h, double density) {
  Grid<uint8_t> g(w, h);
  for (uint8_t& c : g.cells()) c = rng.uniform_real() < density ? 1 : 0;
  return g;
}

Grid<uint8_t> blocks_of(const std::vector<std::string>& rows) {
  Grid<uint8_t> g(static_cast<int>(rows[0].size()), static_cast<int>(rows.size()));
  for (int y = 0; y < g.height(); ++y)
    for (int x = 0; x < g.width(); ++x) g(x, y) = rows[static_cast<size_t>(y)][static_cast<size_t>(x)] == '#' ? 1 : 0;
  return g;
}

TEST(FovTest, MatchesTheReferenceOnThousandsOfRandomMaps) {
  Rng rng(49);
  int views = 0;
  for (int m = 0; m < 4000; ++m) {
    const int w = rand_int(rng, 1, 40), h = rand_int(rng, 1, 40);
    const Grid<uint8_t> g = random_blocks(rng, w, h, 0.05 + 0.55 * rng.uniform_real());
    const Point o{rand_int(rng, 0, w - 1), rand_int(rng, 0, h - 1)};
    for (int radius : {0, 1, 2, 5, rand_int(rng, 1, 30)})
      for (bool light_walls : {true, false}) {
        const Grid<uint8_t> ours = field_of_view(g, o, FovOptions{radius, light_walls});
        const std::vector<uint8_t> ref = test::reference_fov(g.cells(), w, h, o.x, o.y, radius, light_walls);
        ASSERT_EQ(ours.cells(), ref) << w << "x" << h << " map " << m << ", origin " << to_string(o) << ", radius "
                                     << radius << ", light_walls " << light_walls;
        ++views;
      }
  }
  EXPECT_EQ(views, 40000);
}

TEST(FovTest, FloorCellsSeeEachOtherSymmetrically) {
  Rng rng(7);
  for (int m = 0; m < 200; ++m) {
    const Grid<uint8_t> g = random_blocks(rng, 12, 12, 0.3);
    std::vector<Grid<uint8_t>> from(g.size());
    for (size_t i = 0; i < g.size(); ++i)
      if (g.data()[i] == 0) from[i] = field_of_view(g, g.point(i));
    for (size_t a = 0; a < g.size(); ++a)
      for (size_t b = 0; b < g.size(); ++b)
        if (g.data()[a] == 0 && g.data()[b] == 0) {
          ASSERT_EQ(from[a].data()[b], from[b].data()[a]) << to_string(g.point(a)) << " and " << to_string(g.point(b));
        }
  }
}

TEST(FovTest, AWallShadowsTheCellsBehindItAndIsLit) {
  const Grid<uint8_t> g = blocks_of({"#######",  //
                                     "#.....#",  //
                                     "#..#..#",  //
                                     "#.....#",  //
                                     "#######"});
  const Grid<uint8_t> seen = field_of_view(g, {1, 2});
  EXPECT_EQ(seen(3, 2), 1) << "the pillar is lit";
  EXPECT_EQ(seen(4, 2), 0) << "the cell right behind the pillar is in its shadow";
  EXPECT_EQ(seen(5, 1), 1);
  EXPECT_EQ(seen(0, 0), 1) << "a wall at the edge of the lit area is lit (light_walls)";
  const Grid<uint8_t> dark_walls = field_of_view(g, {1, 2}, FovOptions{0, false});
  EXPECT_EQ(dark_walls(3, 2), 0);
  EXPECT_EQ(dark_walls(0, 0), 0);
  EXPECT_EQ(dark_walls(5, 1), 1);
}

TEST(FovTest, TheRadiusIsStrictAsLibtcods) {
  const Grid<uint8_t> open(9, 9);
  const Grid<uint8_t> r1 = field_of_view(open, {4, 4}, FovOptions{1, true});
  int seen = 0;
  for (uint8_t c : r1.cells()) seen += c;
  EXPECT_EQ(seen, 1) << "radius 1 sees only the origin (dx^2 + dy^2 < 1)";
  const Grid<uint8_t> r3 = field_of_view(open, {4, 4}, FovOptions{3, true});
  EXPECT_EQ(r3(6, 4), 1);
  EXPECT_EQ(r3(7, 4), 0);
  EXPECT_EQ(r3(6, 6), 1) << "2^2 + 2^2 = 8 < 9";
}

TEST(FovTest, FillsTheCallersGridResizingIt) {
  const Grid<uint8_t> g(5, 4);
  Grid<uint8_t> visible(2, 2, 7);
  field_of_view(g, {0, 0}, FovOptions{}, visible);
  EXPECT_EQ(visible.width(), 5);
  EXPECT_EQ(visible, field_of_view(g, {0, 0}));
}

TEST(FovTest, RefusesAnOriginOffTheMapAndANegativeRadius) {
  const Grid<uint8_t> g(5, 4);
  try {
    field_of_view(g, {5, 0});
    FAIL();
  } catch (const InvalidArgument& e) { EXPECT_STREQ(e.what(), "origin = 5,0 (expected inside the 5x4 map)"); }
  try {
    field_of_view(g, {0, 0}, FovOptions{-1, true});
    FAIL();
  } catch (const InvalidArgument& e) { EXPECT_STREQ(e.what(), "radius = -1 (expected 0 or more)"); }
}

// A corridor with a locked door (lock 1), a gate of switch 1 (shut while off), a one-way door and a
// secret door, each alone between two floors.
Dungeon doors_map() {
  Dungeon d = read_ascii("###########\n#<.A.+.+.+#\n###########\n");
  d.doors.push_back(ProgressionDoor{{5, 1}, DoorKind::Gate, 1, false, {}});
  d.doors.push_back(ProgressionDoor{{7, 1}, DoorKind::OneWay, 0, false, {1, 0}});
  d.doors.push_back(ProgressionDoor{{9, 1}, DoorKind::Secret, 0, false, {}});
  return d;
}

TEST(SightTest, ClosedDoorsBlockSightAndOpenOnesDoNot) {
  const Dungeon d = doors_map();
  PlayerState p;
  EXPECT_TRUE(blocks_sight(d, p, {0, 0})) << "a wall";
  EXPECT_FALSE(blocks_sight(d, p, {2, 1})) << "floor";
  EXPECT_TRUE(blocks_sight(d, p, {3, 1})) << "a locked door not opened";
  p.add_key(1);
  EXPECT_TRUE(blocks_sight(d, p, {3, 1})) << "holding the key does not open it";
  p.opened.push_back({3, 1});
  EXPECT_FALSE(blocks_sight(d, p, {3, 1})) << "opened";
  EXPECT_TRUE(blocks_sight(d, p, {5, 1})) << "a gate shut while its switch is off";
  p.switches = 1;
  EXPECT_FALSE(blocks_sight(d, p, {5, 1})) << "the gate open";
  EXPECT_FALSE(blocks_sight(d, p, {7, 1})) << "a one-way door is an open doorway";
  EXPECT_TRUE(blocks_sight(d, p, {9, 1})) << "a secret door looks like a wall";
  EXPECT_THROW(blocks_sight(d, p, {11, 1}), InvalidArgument);
  const Grid<uint8_t> grid = sight_blockers(d, p);
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 11; ++x) EXPECT_EQ(grid(x, y) != 0, blocks_sight(d, p, {x, y})) << x << "," << y;
}

TEST(SightTest, APlayerSeesAsFarAsTheFirstClosedDoor) {
  const Dungeon d = doors_map();
  PlayerState p;
  Grid<uint8_t> seen = field_of_view(d, p, {1, 1});
  EXPECT_EQ(seen(3, 1), 1) << "the closed door itself is lit";
  EXPECT_EQ(seen(4, 1), 0);
  p.opened.push_back({3, 1});
  seen = field_of_view(d, p, {1, 1});
  EXPECT_EQ(seen(4, 1), 1);
  EXPECT_EQ(seen(6, 1), 0) << "behind the shut gate";
  p.switches = 1;
  seen = field_of_view(d, p, {1, 1});
  EXPECT_EQ(seen(8, 1), 1) << "through the open gate and the one-way door";
  EXPECT_EQ(seen(9, 1), 1) << "the secret door, seen as a wall";
}

}  // namespace
}  // namespace catacomb
