#pragma once
/// Corridors carved by the A* router between rooms' connection points, under dig costs:
/// reusing a corridor is cheap, digging rock costs more, crossing another room is expensive.
#include <catacomb/export.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/core/geometry.hpp>
#include <catacomb/core/grid.hpp>
#include <catacomb/core/terrain.hpp>
#include <catacomb/generator/room_graph.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// Step costs of the corridor router (the cost of entering a cell).
struct DigCosts {
  /// Entering an existing corridor or door. [Limit: > 0]
  double reuse = 1;
  /// Digging through rock. [Limit: > 0]
  double rock = 5;
  /// Entering another room's interior or any room's wall ring (so corridors cross rooms and
  /// room walls only when it saves a long detour). [Limit: > 0]
  double room = 10;
  /// Extra cost for each change of direction (0 = off); > 0 gives straighter corridors.
  /// [Limit: 0 to 1000]
  double turn = 0;
  /// Corridor width. [Limit: 1 or 2] [Units: cells]
  int width = 1;

  /// Every bad field ({"<field>", "<value>", "<expected>"}); empty when valid.
  std::vector<FieldProblem> problems() const;
  /// Throws InvalidArgument listing every problem.
  void check() const;
};

/// What carving the corridors did, for reports and tests.
struct CarveStats {
  int corridors = 0;   ///< corridors carved (one per edge)
  int64_t carved = 0;  ///< wall cells turned into corridor or door
  int64_t doors = 0;   ///< door cells
};

/// Carves one corridor per edge between `points[edge.a]` and `points[edge.b]` into `tiles`
/// (rooms must already be floor). Wall cells on a corridor become Corridor, or Door where the
/// corridor crosses a room's wall ring (the cells 4-adjacent to a room's side; the ring's
/// corners and the map border are never dug). Corridors are 4-connected. Deterministic. Each
/// corridor, in the order of `edges`, is a cheapest route under `costs` (the two rooms' cells cost
/// `reuse` meanwhile); among equally cheap routes, at width 1 with no turn cost and whole-number
/// costs, the one traced back from the goal point through, at each cell, the first neighbour (E,
/// S, W, N) that lies on a cheapest route; otherwise the one the grid search's A* finds.
/// Throws InvalidArgument, before carving anything, for bad costs, a point count other than the
/// room count, a point off the map or an edge naming a point that does not exist.
CarveStats carve_corridors(Grid<Terrain>& tiles, const std::vector<Rect>& rooms, const std::vector<Point>& points,
                           const std::vector<RoomEdge>& edges, const DigCosts& costs);

}  // namespace catacomb
CATACOMB_PUBLIC_END
