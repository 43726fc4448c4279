// The engines search_bench compares, behind one small interface so that a round can run them
// query by query on the same problems. Every engine is bound to one map's per-cell entry costs
// (catacomb's CostGrid: kImpassable for walls) under one cost model: 8 neighbours, no corner
// cutting, a diagonal move costs the destination's cost times sqrt(2), a straight one its cost.
#pragma once

#include <cstdint>
#include <memory>

#include <catacomb/core/geometry.hpp>
#include <catacomb/core/grid.hpp>
#include <catacomb/pathing/navigator.hpp>
#include <catacomb/pathing/search.hpp>

namespace catacomb::bench {

/// One query's answer: the path's cost under the model (< 0: no path) and the cells expanded.
struct Answer {
  double cost = -1;
  int64_t expanded = 0;
};

class Engine {
 public:
  virtual ~Engine() = default;
  virtual Answer solve(Point start, Point goal) = 0;
};

/// catacomb's A* (GridSearch, octile heuristic, weight 1).
std::unique_ptr<Engine> make_catacomb_astar(const CostGrid& costs);
/// catacomb's Jump Point Search (uniform costs only: every passable cell must cost 1).
std::unique_ptr<Engine> make_catacomb_jps(const CostGrid& costs);
/// catacomb's Navigator built for `costs` (8 neighbours, no corner cutting); `stats` gets what it
/// holds. Its build is timed by the caller (cases.cpp), not here.
std::unique_ptr<Engine> make_catacomb_navigator(const CostGrid& costs, NavigatorStats& stats);
/// libtcod's A* through its cost-callback form, diagonal factor sqrt(2) in float. Keeps a
/// reference to `costs`, which must outlive it. libtcod's heuristic is Euclidean distance
/// (admissible here, every passable cell costs at least 1, but not scaled to the smallest cost),
/// and it stops when the goal is first put on its open list, so under varied costs its path
/// can cost more than optimal (up to 9.5 % on the tutorial cave).
std::unique_ptr<Engine> make_libtcod_astar(const CostGrid& costs);
/// Boost.Graph's astar_search on a compressed_sparse_row_graph of the passable cells (built
/// once), octile heuristic times the map's smallest cell cost, early exit at the goal.
std::unique_ptr<Engine> make_boost_astar(const CostGrid& costs);

}  // namespace catacomb::bench
