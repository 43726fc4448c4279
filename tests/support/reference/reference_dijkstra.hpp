#pragma once
// Textbook Dijkstra over a cost grid, and the step rule it uses written out plainly: the oracle
// of the distance maps and floods (tests/pathing/distance_map_test.cpp).
#include <vector>

#include <catacomb/core/geometry.hpp>
#include <catacomb/pathing/moves.hpp>
#include <catacomb/pathing/search.hpp>

namespace catacomb::test {

/// True when p is on the grid and passable.
bool open(const CostGrid& c, Point p);
/// The router's step rule, written out plainly: the step from p in direction d (kDirections)
/// is legal under m.
bool can_step(const CostGrid& c, Point p, int d, const Moves& m);
/// The cost of the step in direction d onto `to`: its cell's cost, times m.diagonal_cost for a
/// diagonal.
double step_cost(const CostGrid& c, Point to, int d, const Moves& m);
/// Distances from the nearest of `sources` (kUnreached where none reaches), by textbook
/// Dijkstra: O(n^2), picking the unsettled cell of least distance each round.
Grid<double> reference_dijkstra(const CostGrid& c, const std::vector<Point>& sources, const Moves& m);

}  // namespace catacomb::test
