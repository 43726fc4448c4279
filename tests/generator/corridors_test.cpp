// carve_corridors against a reference (support/reference/reference_carve.hpp): a plain
// Dijkstra over every cell of the map, for each edge in turn, and the canonical trace back from
// the goal (first neighbour in the order E, S, W, N whose cost to reach plus the cell's own cost
// is the cell's). The library's router searches neither room, starts from the cells round the
// start room and ends at the cells round the goal room; these tests hold it to the reference on
// layouts like the pipeline's and on the cases it hands to its plain search (a point outside its
// room, rooms that touch or overlap, a room at the map's edge, an edge from a room to itself,
// `reuse` dearer than digging).
#include <catacomb/generator/corridors.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <queue>
#include <string>
#include <vector>

#include <catacomb/core/rng.hpp>
#include <catacomb/generator/room_graph.hpp>
#include <catacomb/generator/rooms.hpp>
#include <catacomb/pathing/moves.hpp>
#include "support/reference/reference_carve.hpp"

namespace catacomb {
namespace {

using test::reference_carve;

std::string first_difference(const Grid<Terrain>& a, const Grid<Terrain>& b) {
  for (int y = 0; y < a.height(); ++y)
    for (int x = 0; x < a.width(); ++x)
      if (a(x, y) != b(x, y))
        return "first difference at " + std::to_string(x) + "," + std::to_string(y) + ": " +
               std::to_string(static_cast<int>(a(x, y))) + " against the reference's " +
               std::to_string(static_cast<int>(b(x, y)));
  return "";
}

void expect_as_reference(const Grid<Terrain>& start, const std::vector<Rect>& rooms, const std::vector<Point>& points,
                         const std::vector<RoomEdge>& edges, const DigCosts& dig, const std::string& what) {
  Grid<Terrain> got = start, want = start;
  const CarveStats s = carve_corridors(got, rooms, points, edges, dig);
  const CarveStats r = reference_carve(want, rooms, points, edges, dig);
  EXPECT_EQ(first_difference(got, want), "") << what;
  EXPECT_EQ(s.corridors, r.corridors) << what;
  EXPECT_EQ(s.carved, r.carved) << what;
  EXPECT_EQ(s.doors, r.doors) << what;
}

Grid<Terrain> with_rooms(int w, int h, const std::vector<Rect>& rooms) {
  Grid<Terrain> t(w, h, Terrain::Wall);
  for (const Rect& r : rooms)
    for (int y = std::max(r.y, 0); y < std::min(r.bottom(), h); ++y)
      for (int x = std::max(r.x, 0); x < std::min(r.right(), w); ++x) t(x, y) = Terrain::Floor;
  return t;
}

DigCosts random_costs(Rng& rng) {
  DigCosts dig;
  dig.reuse = static_cast<double>(rng.uniform_int(1, 3));
  dig.rock = static_cast<double>(rng.uniform_int(1, 9));
  dig.room = static_cast<double>(rng.uniform_int(1, 15));
  return dig;
}

TEST(CorridorsTest, PipelineLayoutsCarveAsTheReference) {
  for (uint64_t seed = 0; seed < 60; ++seed) {
    const int side = 40 + static_cast<int>(seed % 4) * 20;
    RoomLayoutConfig c;
    c.room_count = std::min(side * side * 16 / 4000, max_room_count(side, side, c));
    Rng layout_rng = Rng::stream(seed, "rooms.layout");
    const RoomLayout layout = layout_rooms(side, side, c, layout_rng);
    Rng graph_rng = Rng::stream(seed, "rooms.graph");
    const std::vector<RoomEdge> edges = connect_rooms(layout.connection_points,
                                                      0.125 + 0.1 * static_cast<double>(seed % 3), graph_rng);
    Rng cost_rng(seed);
    const DigCosts dig = seed % 4 == 0 ? DigCosts{} : random_costs(cost_rng);
    expect_as_reference(with_rooms(side, side, layout.rooms), layout.rooms, layout.connection_points, edges, dig,
                        "seed " + std::to_string(seed) + ", " + std::to_string(side) + "x" + std::to_string(side) +
                            ", costs " + std::to_string(dig.reuse) + "/" + std::to_string(dig.rock) + "/" +
                            std::to_string(dig.room));
  }
}

// Rooms anywhere (touching, overlapping, on the map's edge), points in their room or not, any
// edges: the router's plain search, its room search, and the choice between them.
TEST(CorridorsTest, AnyRoomsAndPointsCarveAsTheReference) {
  for (uint64_t seed = 0; seed < 400; ++seed) {
    Rng rng(seed * 7919 + 1);
    const int w = static_cast<int>(rng.uniform_int(12, 48)), h = static_cast<int>(rng.uniform_int(12, 48));
    const int n = static_cast<int>(rng.uniform_int(2, 9));
    std::vector<Rect> rooms;
    std::vector<Point> points;
    for (int k = 0; k < n; ++k) {
      const int rw = static_cast<int>(rng.uniform_int(1, 9)), rh = static_cast<int>(rng.uniform_int(1, 9));
      const Rect r{static_cast<int>(rng.uniform_int(-1, w - 2)), static_cast<int>(rng.uniform_int(-1, h - 2)), rw, rh};
      rooms.push_back(r);
      Point p{static_cast<int>(rng.uniform_int(0, w - 1)), static_cast<int>(rng.uniform_int(0, h - 1))};
      if (rng.uniform_int(0, 3) != 0) {  // mostly inside its room, clamped to the map
        p = {std::clamp(r.x + static_cast<int>(rng.uniform_int(0, rw - 1)), 0, w - 1),
             std::clamp(r.y + static_cast<int>(rng.uniform_int(0, rh - 1)), 0, h - 1)};
      }
      points.push_back(p);
    }
    std::vector<RoomEdge> edges;
    const int m = static_cast<int>(rng.uniform_int(1, 12));
    for (int k = 0; k < m; ++k)
      edges.push_back(
          {static_cast<int>(rng.uniform_int(0, n - 1)), static_cast<int>(rng.uniform_int(0, n - 1)), false});
    const DigCosts dig = random_costs(rng);
    expect_as_reference(with_rooms(w, h, rooms), rooms, points, edges, dig, "seed " + std::to_string(seed));
  }
}

// Dear costs: the cells round a start room lie further apart in f than the search's ring of
// buckets spans (a door costs 1, a wall 65,535), so some are queued only when the search reaches
// their f. The same routes as the reference.
TEST(CorridorsTest, DearCostsCarveAsTheReference) {
  for (uint64_t seed = 0; seed < 20; ++seed) {
    const int side = 60;
    RoomLayoutConfig c;
    c.room_count = 14;
    Rng layout_rng = Rng::stream(seed, "rooms.layout");
    const RoomLayout layout = layout_rooms(side, side, c, layout_rng);
    Rng graph_rng = Rng::stream(seed, "rooms.graph");
    const std::vector<RoomEdge> edges = connect_rooms(layout.connection_points, 0.5, graph_rng);
    DigCosts dig;
    dig.reuse = 1;
    dig.rock = seed % 2 == 0 ? 60000 : 3;
    dig.room = 65535;
    expect_as_reference(with_rooms(side, side, layout.rooms), layout.rooms, layout.connection_points, edges, dig,
                        "seed " + std::to_string(seed));
  }
}

// Two rooms offset on both axes, so many routes between them cost the same: the one carved is the
// reference's trace from the goal, with one door in each room's wall.
TEST(CorridorsTest, TiesGoToTheTraceFromTheGoal) {
  const std::vector<Rect> rooms = {{2, 2, 6, 6}, {14, 8, 6, 6}};
  const std::vector<Point> points = {{4, 4}, {16, 10}};
  Grid<Terrain> tiles = with_rooms(24, 18, rooms);
  Grid<Terrain> want = tiles;
  reference_carve(want, rooms, points, {{0, 1, false}}, DigCosts{});
  carve_corridors(tiles, rooms, points, {{0, 1, false}}, DigCosts{});
  EXPECT_EQ(first_difference(tiles, want), "");
  // The route is carved, one door in each wall, and it is 4-connected from door to door.
  int doors = 0, corridor = 0;
  for (int y = 0; y < 18; ++y)
    for (int x = 0; x < 24; ++x) {
      doors += tiles(x, y) == Terrain::Door;
      corridor += tiles(x, y) == Terrain::Corridor;
    }
  EXPECT_EQ(doors, 2);
  EXPECT_GT(corridor, 0);
}

}  // namespace
}  // namespace catacomb
