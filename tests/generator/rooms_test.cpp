#include <catacomb/generator/rooms.hpp>

#include <gtest/gtest.h>

#include <catacomb/core/error.hpp>
#include <catacomb/generator/corridors.hpp>
#include <catacomb/generator/decorate.hpp>
#include <catacomb/generator/objectives.hpp>
#include <catacomb/generator/room_graph.hpp>

namespace catacomb {
namespace {

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

// Layouts pinned by hashes taken from the all-pairs-per-iteration implementation before the
// candidate list: the faster layout must give the same rooms, points, drops and iterations,
// crowded maps included (every case runs all 300 iterations and drops rooms).
TEST(RoomsTest, LayoutHashesMatchTheAllPairsImplementation) {
  struct Case {
    int width, height, rooms;
    uint64_t hash;
  };
  const Case cases[] = {
      {80, 50, 16, 0xc3f643cf35724eddull},
      {80, 50, 40, 0x744d2c4f4f835604ull},
      {256, 256, 262, 0xfe087b37479e1bb7ull},
      {300, 120, 400, 0xc3f5dcf063bcea10ull},
  };
  for (const Case& k : cases) {
    RoomLayoutConfig c;
    c.room_count = k.rooms;
    Rng rng(7);
    const RoomLayout l = layout_rooms(k.width, k.height, c, rng);
    uint64_t h = 1469598103934665603ull;  // FNV-1a over the layout's numbers
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
    EXPECT_EQ(h, k.hash) << k.width << "x" << k.height << " with " << k.rooms << " rooms";
  }
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
  } catch (const InvalidArgument& e) {
    return {e.what(), e.problems()};
  }
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
  EXPECT_EQ(error_of([&] { connect_rooms({{1, 1}, {5, 5}}, 1.5, rng); }).first,
            "loop_fraction = 1.5 (expected 0 to 1)");
  Dungeon d;
  d.tiles = Grid<Terrain>(20, 20, Terrain::Floor);
  EXPECT_EQ(error_of([&] { place_objectives(d, 12, CostTable::dungeon(), Moves{}, rng); }).first,
            "further = 12 (expected 0 to 9)");
  DecorConfig decor;
  decor.water = 0.9;
  EXPECT_EQ(error_of([&] { decorate(d, decor, CostTable::dungeon(), Moves{}, rng); }).first,
            "water = 0.9 (expected 0 to 0.5)");
  DigCosts dig;
  dig.width = 3;
  EXPECT_EQ(error_of([&] { carve_corridors(d.tiles, {{2, 2, 6, 6}}, {{4, 4}}, {}, dig); }).first,
            "corridor_width = 3 (expected 1 or 2)");
  EXPECT_EQ(error_of([&] { carve_corridors(d.tiles, {{2, 2, 6, 6}}, {{4, 4}}, {{0, 1, false}}, DigCosts{}); })
                .second,
            (std::vector<FieldProblem>{{"edges[0]", "0-1", "point indices below 1"}}));
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

}  // namespace
}  // namespace catacomb
