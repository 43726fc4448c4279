#include <catacomb/generator/rooms.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <cstdlib>
#include <string>

#include <catacomb/core/error.hpp>
#include <catacomb/generator/corridors.hpp>
#include <catacomb/generator/decorate.hpp>
#include <catacomb/generator/objectives.hpp>
#include <catacomb/generator/room_graph.hpp>
#include "support/reference/all_pairs_layout.hpp"

namespace catacomb {
namespace {

using test::all_pairs_layout;

TEST(RoomsTest, RoomGapMeasuresWallCellsBetweenRooms) {
  EXPECT_EQ(room_gap({0, 0, 5, 5}, {8, 0, 5, 5}), 3);
  EXPECT_EQ(room_gap({0, 0, 5, 5}, {0, 9, 5, 5}), 4);
  EXPECT_EQ(room_gap({0, 0, 5, 5}, {5, 5, 5, 5}), 0);
  EXPECT_LT(room_gap({0, 0, 5, 5}, {2, 2, 5, 5}), 0);
}

TEST(RoomsTest, PerturbationKeepsDistanceMarginAndConnectionPoints) {
  for (uint64_t seed = 0; seed < 100; ++seed) {
    RoomLayoutConfig c;
    c.room_count = 10 + static_cast<int>(seed % 20);
    Rng rng(seed);
    RoomLayout l = layout_rooms(80, 50, c, rng);
    ASSERT_EQ(l.rooms.size(), l.connection_points.size());
    EXPECT_EQ(static_cast<int>(l.rooms.size()) + l.dropped, c.room_count);
    for (size_t i = 0; i < l.rooms.size(); ++i) {
      const Rect& r = l.rooms[i];
      EXPECT_GE(r.width, c.min_side);
      EXPECT_LE(r.width, c.max_side);
      EXPECT_GE(r.x, 1);
      EXPECT_GE(r.y, 1);
      EXPECT_LE(r.right(), 80 - 1);
      EXPECT_LE(r.bottom(), 50 - 1);
      const Point p = l.connection_points[i];
      EXPECT_GE(p.x - r.x, 2);
      EXPECT_GE(r.right() - 1 - p.x, 2);
      EXPECT_GE(p.y - r.y, 2);
      EXPECT_GE(r.bottom() - 1 - p.y, 2);
      for (size_t j = i + 1; j < l.rooms.size(); ++j) EXPECT_GE(room_gap(r, l.rooms[j]), c.min_distance);
    }
  }
}

// The layout's numbers in one FNV-1a hash: rooms, points, drops and iterations.
uint64_t layout_hash(const RoomLayout& l) {
  uint64_t h = 1469598103934665603ull;
  auto mix = [&](int v) {
    h ^= static_cast<uint32_t>(v);
    h *= 1099511628211ull;
  };
  for (const Rect& r : l.rooms) {
    mix(r.x);
    mix(r.y);
    mix(r.width);
    mix(r.height);
  }
  for (const Point& p : l.connection_points) {
    mix(p.x);
    mix(p.y);
  }
  mix(l.dropped);
  mix(l.iterations);
  return h;
}

// Layouts pinned by hashes, which the all-pairs definition above gives too: crowded maps (every
// iteration run, rooms dropped) and settled ones. The 240x200 map with 20 rooms is sparse, so its
// rooms start in the middle half as every map's did before the start box grew with the rooms: its
// hash is the one from before.
TEST(RoomsTest, LayoutHashesMatchTheAllPairsImplementation) {
  struct Case {
    int width, height, rooms;
    uint64_t hash;
  };
  const Case cases[] = {
      {80, 50, 16, 0x15198cffa02ee5f8ull},    {80, 50, 40, 0xd9b079adad681ee5ull},
      {256, 256, 262, 0xbbcfb3675865489aull}, {300, 120, 400, 0x10fc67d3c1ae2cd2ull},
      {240, 200, 20, 0x94941e5add913025ull},
  };
  for (const Case& k : cases) {
    RoomLayoutConfig c;
    c.room_count = k.rooms;
    Rng r1(7), r2(7);
    const std::string what = std::to_string(k.width) + "x" + std::to_string(k.height) + " with " +
                             std::to_string(k.rooms) + " rooms";
    EXPECT_EQ(layout_hash(layout_rooms(k.width, k.height, c, r1)), k.hash) << what;
    EXPECT_EQ(layout_hash(all_pairs_layout(k.width, k.height, c, r2)), k.hash) << what;
  }
}

// A map the size of the bench's 1024x1024 case at the default map's density (16 rooms in 4,000
// cells): the rooms start over the whole map and nearly all are kept. When they all started in
// the middle half, the pile could not spread in 300 iterations and 2,565 of these 4,194 rooms
// were dropped.
TEST(RoomsTest, ADenseLargeMapKeepsNearlyAllItsRooms) {
  RoomLayoutConfig c;
  c.room_count = 4194;
  Rng rng(7);
  const RoomLayout l = layout_rooms(1024, 1024, c, rng);
  EXPECT_EQ(static_cast<int>(l.rooms.size()) + l.dropped, 4194);
  EXPECT_GE(l.rooms.size(), 4000u);
}

// Random sizes, room sides, gaps, iteration caps and densities, from a few rooms that settle at
// once to piles at the largest count the map accepts that run every iteration and drop rooms.
TEST(RoomsTest, LayoutMatchesTheAllPairsDefinitionOnRandomConfigs) {
  Rng pick(20261124);
  int crowded = 0, settled = 0;
  for (int k = 0; k < 60; ++k) {
    const int width = 16 + static_cast<int>(pick.below(200)), height = 16 + static_cast<int>(pick.below(200));
    RoomLayoutConfig c;
    c.min_side = 6 + static_cast<int>(pick.below(6));
    c.max_side = std::min(c.min_side + static_cast<int>(pick.below(16)), std::min(width, height) - 2);
    if (c.max_side < c.min_side) continue;
    c.min_distance = 3 + static_cast<int>(pick.below(6));
    c.max_iterations = 1 + static_cast<int>(pick.below(300));
    const int most = std::min(max_room_count(width, height, c), 160);
    const int up_to = k % 3 == 0 ? most : k % 3 == 1 ? std::max(2, most / 8) : most;  // crowded, sparse, any
    c.room_count = k % 3 == 0 ? most : 2 + static_cast<int>(pick.below(static_cast<uint64_t>(up_to - 1)));
    ASSERT_TRUE(c.problems(width, height).empty());
    const uint64_t seed = pick.next();
    Rng r1(seed), r2(seed);
    const RoomLayout got = layout_rooms(width, height, c, r1);
    const RoomLayout want = all_pairs_layout(width, height, c, r2);
    const std::string what = std::to_string(width) + "x" + std::to_string(height) + ", " +
                             std::to_string(c.room_count) + " rooms, seed " + std::to_string(seed);
    ASSERT_EQ(got.rooms, want.rooms) << what;
    ASSERT_EQ(got.connection_points, want.connection_points) << what;
    EXPECT_EQ(got.dropped, want.dropped) << what;
    EXPECT_EQ(got.iterations, want.iterations) << what;
    EXPECT_EQ(r1.next(), r2.next()) << what;
    crowded += want.dropped > 0;
    settled += want.iterations < c.max_iterations;
  }
  EXPECT_GE(crowded, 15);  // both kinds of layout were compared
  EXPECT_GE(settled, 10);
}

TEST(RoomsTest, CrowdedMapDropsRoomsAndSaysHowMany) {
  RoomLayoutConfig c;
  c.room_count = 40;
  Rng rng(1);
  RoomLayout l = layout_rooms(30, 30, c, rng);
  EXPECT_GT(l.dropped, 0);
  EXPECT_EQ(static_cast<int>(l.rooms.size()) + l.dropped, 40);
}

TEST(RoomsTest, ConfigProblemsNameTheField) {
  RoomLayoutConfig c;
  c.min_side = 4;
  c.max_side = 100;
  auto p = c.problems(80, 50);
  ASSERT_FALSE(p.empty());
  EXPECT_EQ(p[0], (FieldProblem{"min_side", "4", "6 to 256"}));
  EXPECT_EQ(to_string(p[0]), "min_side = 4 (expected 6 to 256)");
}

// The message and the structured problem of the InvalidArgument `f` throws ("" when none).
template <typename F>
std::pair<std::string, std::vector<FieldProblem>> error_of(F&& f) {
  try {
    f();
  } catch (const InvalidArgument& e) { return {e.what(), e.problems()}; }
  return {};
}

TEST(RoomsTest, LayoutChecksSizeAndConfigBeforeAnyWork) {
  RoomLayoutConfig c;
  c.room_count = -5;  // once a vector of 2^64 - 5 rooms
  Rng rng(1);
  const uint64_t before = Rng(1).next();
  auto [msg, problems] = error_of([&] { layout_rooms(80, 50, c, rng); });
  EXPECT_EQ(msg, "room_count = -5 (expected 2 to 100000)");
  EXPECT_EQ(problems, (std::vector<FieldProblem>{{"room_count", "-5", "2 to 100000"}}));
  EXPECT_EQ(rng.next(), before);  // nothing drawn
  EXPECT_EQ(error_of([&] { layout_rooms(10, 50, RoomLayoutConfig{}, rng); }).first,
            "width = 10 (expected 16 to 16384)");
  RoomLayoutConfig big;
  big.max_side = 20;
  EXPECT_EQ(error_of([&] { layout_rooms(20, 50, big, rng); }).first,
            "max_side = 20 (expected at most 18 so a room fits the 20x50 map with its margin)");
}

TEST(RoomsTest, RoomCountIsLimitedByWhatTheLayoutFinishes) {
  // Issue 15 (D4): 3,000 and 10,000 rooms in 80x50 took minutes; such requests are refused.
  const RoomLayoutConfig defaults;
  EXPECT_EQ(max_room_count(80, 50, defaults), 587);
  EXPECT_EQ(max_room_count(1024, 1024, defaults), 9096);
  EXPECT_EQ(max_room_count(16384, 16384, defaults), 75522);
  // The limit grows with the map and shrinks with bigger rooms and more iterations.
  RoomLayoutConfig big_rooms;
  big_rooms.max_side = 40;
  EXPECT_LT(max_room_count(1024, 1024, big_rooms), max_room_count(1024, 1024, defaults));
  RoomLayoutConfig long_run;
  long_run.max_iterations = 3000;
  EXPECT_LT(max_room_count(1024, 1024, long_run), max_room_count(1024, 1024, defaults));
  EXPECT_GE(max_room_count(16, 16, long_run), 2);
  long_run.max_iterations = 100000;
  EXPECT_GE(max_room_count(16, 16, long_run), 2);

  RoomLayoutConfig c;
  c.room_count = 587;
  EXPECT_TRUE(c.problems(80, 50).empty());
  c.room_count = 588;
  EXPECT_EQ(c.problems(80, 50),
            (std::vector<FieldProblem>{{"room_count", "588",
                                        "2 to 587 for the 80x50 map at 300 iterations: more rooms pile up in the "
                                        "middle of the map and their layout would not finish in seconds"}}));
  Rng rng(1);
  const uint64_t before = Rng(1).next();
  c.room_count = 10000;
  EXPECT_THROW(layout_rooms(80, 50, c, rng), InvalidArgument);
  EXPECT_EQ(rng.next(), before);  // refused before any work
}

TEST(RoomsTest, OtherGeneratorStagesCheckTheirInput) {
  Rng rng(2);
  EXPECT_EQ(error_of([&] {
              connect_rooms({{1, 1}, {5, 5}}, 1.5, rng);
            }).first,
            "loop_fraction = 1.5 (expected 0 to 1)");
  Dungeon d;
  d.tiles = Grid<Terrain>(20, 20, Terrain::Floor);
  EXPECT_EQ(error_of([&] { (void)place_objectives(d, 12, CostTable::dungeon(), Moves{}, rng); }).first,
            "further = 12 (expected 0 to 9)");
  DecorConfig decor;
  decor.water = 0.9;
  EXPECT_EQ(error_of([&] { decorate(d, decor, CostTable::dungeon(), Moves{}, rng); }).first,
            "water = 0.9 (expected 0 to 0.5)");
  DigCosts dig;
  dig.width = 3;
  EXPECT_EQ(error_of([&] {
              carve_corridors(d.tiles, {{2, 2, 6, 6}}, {{4, 4}}, {}, dig);
            }).first,
            "corridor_width = 3 (expected 1 or 2)");
  EXPECT_EQ(error_of([&] {
              carve_corridors(d.tiles, {{2, 2, 6, 6}}, {{4, 4}}, {{0, 1, false}}, DigCosts{});
            }).second,
            (std::vector<FieldProblem>{{"edges[0]", "0-1", "point indices below 1"}}));
}

// An objective placement that cannot be made says why in its result; one that can is ok().
TEST(RoomsTest, AnObjectivePlacementSaysWhyItFailed) {
  Dungeon d;
  d.tiles = Grid<Terrain>(20, 12, Terrain::Wall);
  d.rooms = {{2, 2, 4, 4}, {12, 2, 4, 4}};
  for (const Rect& r : d.rooms)
    for (int y = r.y; y < r.bottom(); ++y)
      for (int x = r.x; x < r.right(); ++x) d.tiles(x, y) = Terrain::Floor;
  Rng rng(5);
  const ObjectivePlacement too_few = place_objectives(d, 1, CostTable::dungeon(), Moves{}, rng);
  EXPECT_FALSE(too_few.ok());
  EXPECT_EQ(too_few.why, "2 rooms for a start, an exit and 1 further objectives");
  const ObjectivePlacement apart = place_objectives(d, 0, CostTable::dungeon(), Moves{}, rng);
  EXPECT_FALSE(apart.ok());
  EXPECT_EQ(apart.why, "no room can be reached from the start");
  for (int x = 6; x < 12; ++x) d.tiles(x, 3) = Terrain::Corridor;
  const ObjectivePlacement placed = place_objectives(d, 0, CostTable::dungeon(), Moves{}, rng);
  EXPECT_TRUE(placed.ok()) << placed.why;
  EXPECT_TRUE(placed.why.empty());
  ASSERT_EQ(d.objectives.size(), 2u);
  EXPECT_EQ(d.objectives[0].kind, ObjectiveKind::Start);
  EXPECT_EQ(d.objectives[1].kind, ObjectiveKind::Exit);
}

TEST(RoomGraphTest, SpanningTreeConnectsEveryRoomAndLoopsAreExtra) {
  Rng rng(3);
  std::vector<Point> pts;
  for (int i = 0; i < 30; ++i) pts.push_back({static_cast<int>(rng.below(200)), static_cast<int>(rng.below(200))});
  Rng g1(9);
  auto edges = connect_rooms(pts, 0.0, g1);
  int tree = 0;
  for (auto& e : edges) tree += !e.loop;
  EXPECT_EQ(tree, 29);  // a tree over 30 distinct points
  Rng g2(9);
  auto with_loops = connect_rooms(pts, 1.0, g2);
  EXPECT_EQ(with_loops.size(), gabriel_edges(pts).size());
}

TEST(RoomGraphTest, GabrielGraphExcludesEdgesWithAPointInTheirCircle) {
  // c lies inside the circle with diameter ab: no edge ab.
  std::vector<Point> pts{{0, 0}, {10, 0}, {5, 1}};
  auto e = gabriel_edges(pts);
  EXPECT_EQ(e.size(), 2u);
  for (auto& x : e) EXPECT_FALSE(x.a == 0 && x.b == 1);
}

// gabriel_edges against its definition: the pairs of each point and its `neighbours` nearest
// ones (by squared distance, then index), kept when no point lies strictly inside their
// diametral circle (an obtuse angle at it), every point tested. Random point sets from sparse to
// crowded, with repeated distances (points on a small grid).
TEST(RoomGraphTest, GabrielEdgesMatchTheirDefinition) {
  Rng rng(20261125);
  for (int k = 0; k < 40; ++k) {
    const int n = 14 + static_cast<int>(rng.below(300)), side = 8 + static_cast<int>(rng.below(400));
    std::vector<Point> pts;
    std::set<std::pair<int, int>> taken;
    while (static_cast<int>(pts.size()) < n && static_cast<int>(taken.size()) < side * side) {
      const Point p{static_cast<int>(rng.below(static_cast<uint64_t>(side))),
                    static_cast<int>(rng.below(static_cast<uint64_t>(side)))};
      if (taken.insert({p.x, p.y}).second) pts.push_back(p);
    }
    auto d2 = [&](size_t a, size_t b) {
      const int64_t dx = pts[a].x - pts[b].x, dy = pts[a].y - pts[b].y;
      return dx * dx + dy * dy;
    };
    std::set<std::pair<int, int>> candidates;
    for (size_t i = 0; i < pts.size(); ++i) {
      std::vector<std::pair<int64_t, int>> by_distance;
      for (size_t j = 0; j < pts.size(); ++j)
        if (j != i) by_distance.push_back({d2(i, j), static_cast<int>(j)});
      std::sort(by_distance.begin(), by_distance.end());
      for (size_t t = 0; t < std::min<size_t>(12, by_distance.size()); ++t) {
        const int j = by_distance[t].second;
        candidates.insert({std::min(static_cast<int>(i), j), std::max(static_cast<int>(i), j)});
      }
    }
    std::vector<RoomEdge> want;
    for (const auto& [i, j] : candidates) {
      bool empty = true;
      for (size_t c = 0; c < pts.size(); ++c) {
        const Point a = pts[static_cast<size_t>(i)], b = pts[static_cast<size_t>(j)], q = pts[c];
        if (static_cast<int>(c) != i && static_cast<int>(c) != j &&
            int64_t{a.x - q.x} * (b.x - q.x) + int64_t{a.y - q.y} * (b.y - q.y) < 0)
          empty = false;
      }
      if (empty) want.push_back({i, j, false});
    }
    const std::vector<RoomEdge> got = gabriel_edges(pts);
    ASSERT_EQ(got.size(), want.size()) << "set " << k << ", " << pts.size() << " points";
    for (size_t e = 0; e < got.size(); ++e) {
      EXPECT_EQ(got[e].a, want[e].a) << "set " << k << " edge " << e;
      EXPECT_EQ(got[e].b, want[e].b) << "set " << k << " edge " << e;
    }
  }
}

}  // namespace
}  // namespace catacomb
