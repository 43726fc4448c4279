#include "generator/progression_cells.hpp"

#include <gtest/gtest.h>

#include <deque>
#include <string>
#include <vector>

#include <catacomb/core/rng.hpp>

namespace catacomb {
namespace {

// A breadth-first walk written from the move rule alone (step_allowed_at), one Point at a time:
// what moves_from must give.
Grid<int32_t> reference_walk(const Grid<uint8_t>& open, const Moves& moves, Point start) {
  Grid<int32_t> walk(open.width(), open.height(), detail::kFar);
  auto is_open = [&](Point q) { return open.in_bounds(q) && open[q] != 0; };
  std::deque<Point> queue{start};
  walk[start] = 0;
  while (!queue.empty()) {
    const Point u = queue.front();
    queue.pop_front();
    for (int dir = 0; dir < moves.neighbors; ++dir) {
      const Point v{u.x + kDirections[dir].x, u.y + kDirections[dir].y};
      if (!is_open(v) || walk[v] != detail::kFar || !step_allowed_at(moves, u, dir, is_open)) continue;
      walk[v] = walk[u] + 1;
      queue.push_back(v);
    }
  }
  return walk;
}

std::vector<Moves> every_move_rule() {
  std::vector<Moves> out;
  Moves four;
  four.neighbors = 4;
  out.push_back(four);
  for (DiagonalPolicy p :
       {DiagonalPolicy::Never, DiagonalPolicy::NoCornerCut, DiagonalPolicy::OneFree, DiagonalPolicy::Always}) {
    Moves m;
    m.diagonal = p;
    out.push_back(m);
  }
  return out;
}

// Random grids (open at 40 to 80 %, a start on an open cell, some of them on the border) under
// every move rule: moves_from equals the reference walk, and route_from gives, for every cell, a
// route of legal steps from the start of exactly walk + 1 cells, or nothing where the walk does
// not reach.
TEST(ProgressionCellsTest, WalkAndRoutesAgreeWithTheMoveRule) {
  Rng rng(20261128);
  int routes = 0;
  for (int map = 0; map < 60; ++map) {
    const int w = 1 + static_cast<int>(rng.below(40)), h = 1 + static_cast<int>(rng.below(30));
    const uint64_t density = 40 + rng.below(41);
    Grid<uint8_t> open(w, h, 0);
    for (uint8_t& c : open.cells()) c = rng.below(100) < density ? 1 : 0;
    const Point start{static_cast<int>(rng.below(static_cast<uint64_t>(w))),
                      static_cast<int>(rng.below(static_cast<uint64_t>(h)))};
    open[start] = 1;
    for (const Moves& moves : every_move_rule()) {
      const std::string where = "map " + std::to_string(map) + ", " + std::to_string(w) + "x" + std::to_string(h) +
                                ", neighbours " + std::to_string(moves.neighbors) + ", diagonal " +
                                std::string(diagonal_policy_name(moves.diagonal));
      const Grid<int32_t> walk = detail::moves_from(open, moves, start);
      ASSERT_EQ(walk.cells(), reference_walk(open, moves, start).cells()) << where;
      auto is_open = [&](Point q) { return open.in_bounds(q) && open[q] != 0; };
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
          const std::vector<Point> route = detail::route_from(walk, open, moves, {x, y});
          if (walk[{x, y}] == detail::kFar) {
            EXPECT_TRUE(route.empty()) << where;
            continue;
          }
          ASSERT_EQ(route.size(), static_cast<size_t>(walk[{x, y}]) + 1) << where << " at " << x << "," << y;
          EXPECT_EQ(route.front(), start) << where;
          EXPECT_EQ(route.back(), (Point{x, y})) << where;
          for (size_t k = 1; k < route.size(); ++k) {
            int dir = -1;
            for (int d = 0; d < 8; ++d)
              if (route[k - 1].x + kDirections[d].x == route[k].x && route[k - 1].y + kDirections[d].y == route[k].y)
                dir = d;
            ASSERT_GE(dir, 0) << where << ": not a step at " << k;
            ASSERT_LT(dir, moves.neighbors) << where;
            EXPECT_TRUE(is_open(route[k]) && step_allowed_at(moves, route[k - 1], dir, is_open)) << where;
          }
          ++routes;
        }
    }
  }
  EXPECT_GT(routes, 10000);
}

// A straight corridor's route stays straight where the walk allows a zigzag of equal length: the
// last step's direction comes first.
TEST(ProgressionCellsTest, RoutesKeepTheirDirection) {
  Grid<uint8_t> open(12, 3, 1);
  const Moves moves;  // 8 neighbours, no corner cutting
  const Grid<int32_t> walk = detail::moves_from(open, moves, {0, 1});
  const std::vector<Point> route = detail::route_from(walk, open, moves, {11, 1});
  ASSERT_EQ(route.size(), 12u);
  for (size_t k = 0; k < route.size(); ++k) EXPECT_EQ(route[k], (Point{static_cast<int>(k), 1}));
}

}  // namespace
}  // namespace catacomb
