#pragma once
// The canonical corridor router (internal to the library): carve_corridors' router for width 1,
// no turn penalty and whole-number costs, and the zones both of its routers read.
//
// The route is the canonical cheapest one, whatever search finds the costs. With d(v) the
// cheapest cost from the start to v (a route's cost is the sum of the costs of the cells it
// enters), the route is traced back from the goal: from v, the first neighbour u in the order
// E, S, W, N with d(u) + cost(v) = d(v).
// The router finds it without searching the two rooms. Their interiors cost `reuse`; when that
// is the least cost, each point is in its room and the rooms keep a cell apart:
// - inside the start room d is reuse x the Manhattan distance from the start (no route is
//   cheaper), so the search starts from the cells round the room, each with its d;
// - a cheapest route never leaves the goal room once in (the step out moves away from the goal,
//   so the detour costs at least 2 x reuse more), so the search ends at the cells round it,
//   where the Manhattan heuristic is exactly the rest of the route's cost; for the trace, d
//   inside the room is worked out from the ring cells a cheapest route enters by;
// - so d is the same as over every cell for every cell a cheapest route passes, and a neighbour
//   inside the goal room is never on one.
// Every cell whose d + heuristic is at most the route's cost is expanded (A*, Manhattan
// heuristic x the least cost, consistent), so d is exact on every cell the trace looks at (a
// cell whose d is only an upper bound and still fits the equation is on a cheapest route too),
// and the route does not depend on the order of the search: its pops within a bucket are in
// no particular order. Otherwise it searches from point to point over every cell, the same
// way. CorridorsTest holds both to a plain Dijkstra over every cell with the same trace.
#include <cstdint>
#include <vector>

#include <catacomb/core/geometry.hpp>
#include <catacomb/core/grid.hpp>
#include <catacomb/core/terrain.hpp>
#include <catacomb/generator/corridors.hpp>
#include <catacomb/generator/room_graph.hpp>

namespace catacomb::detail {

// What digging a cell means: the map's border and the rooms' rings' corners can not be dug, a
// room's cells are its interior, the cells 4-adjacent to its sides its wall ring, the rest rock.
enum class Zone : uint8_t { Rock, NoDig, Ring, Interior };

// The zone of the cell (x, y) of a map whose zone there is `now`, after room r: the border and
// the rings' corners are NoDig, and a cell keeps NoDig or Interior once it has it; otherwise r's
// interior, its ring (4-adjacent to its sides, outside it), or what it was.
inline Zone zone_after(Zone now, const Rect& r, int x, int y) {
  if (now == Zone::NoDig || now == Zone::Interior) return now;
  const bool in_x = x >= r.x && x < r.right(), in_y = y >= r.y && y < r.bottom();
  return in_x && in_y ? Zone::Interior : (in_x || in_y ? Zone::Ring : Zone::NoDig);
}

// Whether the canonical router takes these costs: width 1, no turn penalty, whole numbers up to
// 65,535.
bool canonical_router_takes(const DigCosts& dig);

// Carves one corridor per edge, each the canonical cheapest route, into `tiles` (carve_corridors
// has checked the arguments); counts corridors and carved cells in `stats` (doors are counted by
// carve_corridors' clean-up).
void carve_canonical(Grid<Terrain>& tiles, const std::vector<Rect>& rooms, const std::vector<Point>& points,
                     const std::vector<RoomEdge>& edges, const DigCosts& dig, CarveStats& stats);

}  // namespace catacomb::detail
