#pragma once
// Internal (generator): the cell grids the progression stages share (switch gates, one-way and
// secret doors, treasure spots; issue #33): the cells a proof may step on, and the moves a flood
// from the start takes to each.
#include <cstdint>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/grid.hpp>
#include <catacomb/core/terrain.hpp>
#include <catacomb/pathing/moves.hpp>

namespace catacomb::detail {

/// A cell moves_from does not reach.
inline constexpr int32_t kFar = -1;

/// 1 for a passable cell of `d` under `costs`, else 0; secret doors count as wall (never a step
/// of the proof). O(cells).
Grid<uint8_t> passable_cells(const Dungeon& d, const CostTable& costs);

/// The moves from `start` to every cell of `open` (1 for a passable cell) that it reaches under
/// the move rule, kFar elsewhere: a breadth-first flood on cell indices. O(cells).
Grid<int32_t> moves_from(const Grid<uint8_t>& open, const Moves& moves, Point start);

/// A route of fewest moves from the source of `walk` (moves_from(open, moves, source)) to
/// `target`, both included; empty when the walk does not reach `target`. Walked back from the
/// target, each step to the first neighbour one move nearer the source that the move rule lets
/// step here: the last step's direction first (a straight run stays straight), then kDirections'
/// order. O(route length).
std::vector<Point> route_from(const Grid<int32_t>& walk, const Grid<uint8_t>& open, const Moves& moves, Point target);

/// Per index of `route` (a route of legal steps under `moves` over `open`, no cell twice), 1
/// where closing that one cell leaves no way from the route's first cell to its last (never the
/// two ends). Connectivity is label_regions' under `moves` (plain adjacency: across the four
/// sides, or all eight neighbours when diagonal steps are always allowed). One labelling of the
/// cells off the route: route cell i is a cut exactly when no area off the route, and no pair of
/// route cells next to each other, touches route cells on both sides of i (a and b with a < i <
/// b), provided the route stays joined on each side of every cell closed: true unless a diagonal
/// step has one corner open only (fragile_route, gate_search.hpp; ask RouteCuts
/// then). O(cells) time, 5 bytes per cell.
std::vector<uint8_t> route_cuts(const Grid<uint8_t>& open, const Moves& moves, const std::vector<Point>& route);

}  // namespace catacomb::detail
