// The claims of a mission layout (src/generator/templates/mission_routes.hpp): undo takes back rooms, lanes
// and fronts so exactly that every cell answers as before and the same route is found.
#include <gtest/gtest.h>

#include <vector>

#include <catacomb/core/grid.hpp>
#include "generator/templates/mission_routes.hpp"

namespace catacomb {
namespace {

using detail::ClaimMap;

// What the claims say of every cell, for rooms a and b, and the route between two fixed cells.
struct Answers {
  std::vector<bool> open;
  std::vector<Point> route;
  bool escapes = false;
  bool operator==(const Answers&) const = default;
};

Answers ask(ClaimMap& claims, const Grid<Terrain>& tiles) {
  Answers out;
  const Rect none{};
  for (int a : {-1, 0, 1})
    for (int y = 0; y < tiles.height(); ++y)
      for (int x = 0; x < tiles.width(); ++x) out.open.push_back(claims.open({x, y}, a, 0, none, {}));
  out.route = claims.route(tiles, 0, -1, {9, 10}, {30, 10}, {0, 0, 40, 30}, none, {}, {}, DigCosts{});
  out.escapes = claims.escapes({9, 10}, 0, {2, 2, 20, 20}, none, {});
  return out;
}

TEST(MissionRoutesTest, UndoTakesBackRoomsLanesAndFrontsExactly) {
  const Grid<Terrain> tiles(40, 30, Terrain::Wall);
  ClaimMap claims(40, 30);
  claims.add_room(0, {4, 8, 5, 5});
  claims.add_front({9, 10}, 1);
  const Answers before = ask(claims, tiles);
  const size_t mark = claims.mark();
  claims.add_room(1, {18, 6, 6, 8});  // across the way from room 0 to (30, 10)
  claims.add_room(2, {8, 14, 4, 4});  // its ring touches room 0's
  claims.add_lane({12, 10, 5, 1});
  claims.add_front({9, 10}, -1);
  claims.add_front({25, 12}, 1);
  EXPECT_NE(ask(claims, tiles), before);
  claims.undo(mark);
  EXPECT_EQ(claims.mark(), mark);
  EXPECT_EQ(ask(claims, tiles), before);
  claims.undo(0);
  claims.add_room(0, {4, 8, 5, 5});
  claims.add_front({9, 10}, 1);
  EXPECT_EQ(ask(claims, tiles), before);  // the same claims made again answer the same
}

}  // namespace
}  // namespace catacomb
