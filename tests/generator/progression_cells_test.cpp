#include "generator/progression/progression_cells.hpp"

#include <gtest/gtest.h>

#include <deque>
#include <string>
#include <utility>
#include <vector>

#include <catacomb/core/rng.hpp>
#include <catacomb/pathing/regions.hpp>
#include "generator/progression/gate_search.hpp"

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

// A grid of `low` + 0..`spread_w` - 1 by `low` + 0..`spread_h` - 1 cells, each open with a chance
// drawn from `density` to `density` + 30 percent, and an open start drawn anywhere on it.
std::pair<Grid<uint8_t>, Point> random_grid(Rng& rng, int low, int spread_w, int spread_h, uint64_t density) {
  const int w = low + static_cast<int>(rng.below(static_cast<uint64_t>(spread_w)));
  const int h = low + static_cast<int>(rng.below(static_cast<uint64_t>(spread_h)));
  const uint64_t chance = density + rng.below(31);
  Grid<uint8_t> open(w, h, 0);
  for (uint8_t& c : open.cells()) c = rng.below(100) < chance ? 1 : 0;
  const Point start{static_cast<int>(rng.below(static_cast<uint64_t>(w))),
                    static_cast<int>(rng.below(static_cast<uint64_t>(h)))};
  open[start] = 1;
  return {std::move(open), start};
}

// Random grids (open at 40 to 70 %, a start on an open cell, some of them on the border) under
// every move rule: moves_from equals the reference walk, and route_from gives, for every cell, a
// route of legal steps from the start of exactly walk + 1 cells, or nothing where the walk does
// not reach.
TEST(ProgressionCellsTest, WalkAndRoutesAgreeWithTheMoveRule) {
  Rng rng(20261128);
  int routes = 0;
  for (int map = 0; map < 60; ++map) {
    const std::pair<Grid<uint8_t>, Point> made = random_grid(rng, 1, 40, 30, 40);
    const Grid<uint8_t>& open = made.first;
    const Point start = made.second;
    const int w = open.width(), h = open.height();
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

// route_cuts on the routes place_switches takes (route_from's, fewest moves) against a labelling
// per route cell, on random grids under every move rule: on a route that is not fragile, each
// cell is a cut exactly when closing it parts the route's ends. Counts both answers, so a test
// of only one kind cannot pass.
TEST(ProgressionCellsTest, RouteCutsAnswerAsALabellingDoes) {
  Rng rng(7);
  int cuts = 0, not_cuts = 0, routes = 0;
  for (int map = 0; map < 120; ++map) {
    const std::pair<Grid<uint8_t>, Point> made = random_grid(rng, 4, 30, 24, 50);
    const Grid<uint8_t>& open = made.first;
    const Point start = made.second;
    const int w = open.width(), h = open.height();
    for (const Moves& moves : every_move_rule()) {
      const Grid<int32_t> walk = detail::moves_from(open, moves, start);
      for (int k = 0; k < 3; ++k) {
        const Point target{static_cast<int>(rng.below(static_cast<uint64_t>(w))),
                           static_cast<int>(rng.below(static_cast<uint64_t>(h)))};
        const std::vector<Point> route = detail::route_from(walk, open, moves, target);
        if (route.size() < 3 || detail::fragile_route(open, moves, route)) continue;
        ++routes;
        const std::vector<uint8_t> got = detail::route_cuts(open, moves, route);
        ASSERT_EQ(got.size(), route.size());
        EXPECT_EQ(got.front(), 0);
        EXPECT_EQ(got.back(), 0);
        Grid<uint8_t> closed = open;
        for (size_t i = 1; i + 1 < route.size(); ++i) {
          closed[route[i]] = 0;
          const bool cut = !label_regions(closed, moves).connected(route.front(), route.back());
          closed[route[i]] = 1;
          ASSERT_EQ(got[i] != 0, cut) << "map " << map << ", diagonal " << diagonal_policy_name(moves.diagonal)
                                      << ", neighbours " << moves.neighbors << ", route cell " << i << " of "
                                      << route.size();
          (cut ? cuts : not_cuts) += 1;
        }
      }
    }
  }
  EXPECT_GT(routes, 500);
  EXPECT_GT(cuts, 1000);
  EXPECT_GT(not_cuts, 1000);
}

// A route that is not a shortest one (route_cuts takes any route of legal steps): a snake through
// a 2x3 block, whose cells next to each other across the bends join its two sides round every
// cell. No cell is a cut, where without those pairs every inner cell would read as one.
TEST(ProgressionCellsTest, RouteCutsCountRouteCellsNextToEachOther) {
  Grid<uint8_t> open(2, 3, 1);
  const std::vector<Point> route = {{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0, 2}, {1, 2}};
  for (const Moves& moves : every_move_rule()) {
    ASSERT_FALSE(detail::fragile_route(open, moves, route));
    EXPECT_EQ(detail::route_cuts(open, moves, route), std::vector<uint8_t>(route.size(), 0))
        << diagonal_policy_name(moves.diagonal);
  }
  // Walled off below, the last bend's cells (0,2) and (1,2) each become the one way on.
  Grid<uint8_t> longer(2, 4, 1);
  longer[{1, 3}] = 0;
  const std::vector<Point> down = {{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0, 2}, {0, 3}};
  EXPECT_EQ(detail::route_cuts(longer, Moves{4, DiagonalPolicy::Never}, down),
            (std::vector<uint8_t>{0, 0, 0, 0, 1, 0}));
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
