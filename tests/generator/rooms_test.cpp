#include <catacomb/generator/rooms.hpp>

#include <gtest/gtest.h>

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
    RoomLayout l = layout_rooms(c, rng);
    ASSERT_EQ(l.rooms.size(), l.connection_points.size());
    EXPECT_EQ(static_cast<int>(l.rooms.size()) + l.dropped, c.room_count);
    for (size_t i = 0; i < l.rooms.size(); ++i) {
      const Rect& r = l.rooms[i];
      EXPECT_GE(r.width, c.min_side);
      EXPECT_LE(r.width, c.max_side);
      EXPECT_GE(r.x, 1);
      EXPECT_GE(r.y, 1);
      EXPECT_LE(r.right(), c.width - 1);
      EXPECT_LE(r.bottom(), c.height - 1);
      const Point p = l.connection_points[i];
      EXPECT_GE(p.x - r.x, 2);
      EXPECT_GE(r.right() - 1 - p.x, 2);
      EXPECT_GE(p.y - r.y, 2);
      EXPECT_GE(r.bottom() - 1 - p.y, 2);
      for (size_t j = i + 1; j < l.rooms.size(); ++j) EXPECT_GE(room_gap(r, l.rooms[j]), c.min_distance);
    }
  }
}

TEST(RoomsTest, CrowdedMapDropsRoomsAndSaysHowMany) {
  RoomLayoutConfig c;
  c.width = 30;
  c.height = 30;
  c.room_count = 40;
  Rng rng(1);
  RoomLayout l = layout_rooms(c, rng);
  EXPECT_GT(l.dropped, 0);
  EXPECT_EQ(static_cast<int>(l.rooms.size()) + l.dropped, 40);
}

TEST(RoomsTest, ConfigProblemsNameTheField) {
  RoomLayoutConfig c;
  c.min_side = 4;
  c.max_side = 100;
  auto p = c.problems();
  ASSERT_FALSE(p.empty());
  EXPECT_EQ(p[0], "min_side = 4 (expected 6 to 256)");
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
