#pragma once
// Internal (generator): the gates of a chain, for the other lock layouts (lock_layouts.cpp). The
// same cuts of the start-to-exit route as place_locks chooses (locks.cpp), each with the start's
// side, and the area of every cell between them.
#include <cstdint>
#include <string>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/terrain.hpp>
#include <catacomb/pathing/moves.hpp>

namespace catacomb::detail {

/// Gates on the cheapest start-to-exit route, in route order, and the area of each cell: area k
/// (0 to gates - 1) lies on the start's side of gate k but not of gate k - 1; area gates.size()
/// is beyond the last gate (the exit's); a gate's own cells are kGateArea, other cells
/// (walls, cells the start does not reach) kNoArea.
struct RouteGates {
  static constexpr int kNoArea = -1;    ///< a wall or a cell out of reach
  static constexpr int kGateArea = -2;  ///< a gate's cell
  Point start, exit;
  std::vector<Point> route;               ///< start to exit
  std::vector<std::vector<Point>> gates;  ///< each gate's cells, locked together
  Grid<int8_t> area;                      ///< the area of each cell
  std::string why;                        ///< why there are too few gates; empty when there are enough
};

/// `count` gates (1 to kMaxLock) chosen as place_locks chooses them, with the areas between them;
/// RouteGates::why says why not (no start or exit, too few gates). With `min_area` > 0 every area
/// but the start's holds at least that many cells (side sizes: the start's side of gate k less
/// that of gate k - 1; beyond the last, the reachable cells less its start side). Leaves `d` as
/// it was but for a cave gate of several cells, which becomes one door cell (still unlocked) in a
/// wall, as place_locks makes it.
RouteGates route_gates(Dungeon& d, int count, const CostTable& costs, const Moves& moves, int64_t min_area = 0);

}  // namespace catacomb::detail
