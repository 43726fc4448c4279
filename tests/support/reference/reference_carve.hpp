#pragma once
// carve_corridors by a plain Dijkstra over every cell of the map, the oracle of the corridor
// router (tests/generator/corridors_test.cpp).
#include <vector>

#include <catacomb/core/geometry.hpp>
#include <catacomb/core/grid.hpp>
#include <catacomb/core/terrain.hpp>
#include <catacomb/generator/corridors.hpp>
#include <catacomb/generator/room_graph.hpp>

namespace catacomb::test {

/// Carves `edges` into `tiles` as carve_corridors does: for each edge in turn, a plain Dijkstra
/// over every cell of the map and the canonical trace back from the goal (first neighbour in
/// the order E, S, W, N whose cost to reach plus the cell's own cost is the cell's).
CarveStats reference_carve(Grid<Terrain>& tiles, const std::vector<Rect>& rooms, const std::vector<Point>& points,
                           const std::vector<RoomEdge>& edges, const DigCosts& dig);

}  // namespace catacomb::test
