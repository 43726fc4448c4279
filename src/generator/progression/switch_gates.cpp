// The cells of switch gates (see switch_gates.hpp).
//
// The closure works on areas, not cells: one labelling of the map with every locked door, gate and
// shut cell closed, then the doors between the areas reached, round by round.
// Caves' square gates: for route cells from a random offset, the squares round each (r = 1 to 4)
// whose open cells, closed, separate the route's ends. Most route cells are passed over: a start's
// side too large for the search to prove a cut, or one run of open cells round the square (which
// GateSearch, generator/progression/gate_search.hpp, looks at first); the rest are searched best first, then
// labelled.
// Deterministic: cells in row-major order, the one draw from the caller's stream.
#include "generator/progression/switch_gates.hpp"

#include <cstdlib>
#include <optional>

#include <catacomb/pathing/regions.hpp>
#include "generator/progression/gate_search.hpp"

namespace catacomb::detail {
namespace {

constexpr int kMaxGateRadius = 4;    // caves: the largest square round a route cell tried as a gate
constexpr size_t kMaxGateCells = 9;  // caves: the most cells of one gate

// The first route index i from which the start reaches `budget` cells or more without coming
// within `r` cells (Chebyshev) of route cells i, i + 1, ... (route.size() when none): a lower
// bound of the start's side of any cells closed within r of route cell i (those cells are kept
// away from, and the route's cells before the closed ones join the start to a search's first
// cell), and it only grows with i. One flood, as the kept-away band shrinks from the route's
// start (RouteCuts' way), stopped at `budget` cells: O(budget + route x r²).
size_t wide_start_from(const Grid<uint8_t>& open, const Moves& moves, const std::vector<Point>& route, int r,
                       int64_t budget) {
  Grid<uint16_t> near(open.width(), open.height(), 0);  // route cells of the band within r
  auto box = [&](Point p, auto&& f) {
    for (int y = std::max(0, p.y - r); y <= std::min(open.height() - 1, p.y + r); ++y)
      for (int x = std::max(0, p.x - r); x <= std::min(open.width() - 1, p.x + r); ++x) f(Point{x, y});
  };
  for (Point p : route) box(p, [&](Point q) { ++near[q]; });
  const int joins = diagonal_needs_open_side(moves) ? 4 : 8;
  Grid<uint8_t> in(open.width(), open.height(), 0);
  std::vector<Point> queue;
  int64_t size = 0;
  auto grow = [&](Point q) {  // false once the start reaches `budget` cells
    in[q] = 1;
    queue.assign(1, q);
    while (!queue.empty()) {
      const Point u = queue.back();
      queue.pop_back();
      if (++size >= budget) return false;
      for (int dir = 0; dir < joins; ++dir) {
        const Point v{u.x + kDirections[dir].x, u.y + kDirections[dir].y};
        if (!open.in_bounds(v) || !open[v] || near[v] != 0 || in[v]) continue;
        in[v] = 1;
        queue.push_back(v);
      }
    }
    return true;
  };
  auto next_to_side = [&](Point q) {
    for (int dir = 0; dir < joins; ++dir)
      if (const Point v{q.x + kDirections[dir].x, q.y + kDirections[dir].y}; open.in_bounds(v) && in[v]) return true;
    return false;
  };
  for (size_t i = 0; i < route.size(); ++i) {
    bool more = true;
    box(route[i], [&](Point q) {
      if (--near[q] == 0 && more && open[q] && !in[q] && (q == route.front() || next_to_side(q))) more = grow(q);
    });
    if (!more) return i + 1;
  }
  return route.size();
}

}  // namespace

// On areas, not cells: one labelling of the map with every locked door, gate and `shut` cell
// closed (label_regions, which joins what the move rule joins), then the doors between the areas
// reached. A door is tried once a reached cell is next to it (any of the moves' neighbours, as a
// flood that meets it would), and an opened door joins the areas next to it across its sides
// (across its corners too when diagonal steps need no open side: a diagonal step that needs one
// passes through that side, next to the door and to the cell stepped to). Doors open round by
// round until none does, so the result is the least set closed under these rules: what a flood
// of cells that opens doors reaches. O(cells) for the labelling, then O(doors) per round.
Grid<uint8_t> closure(const Dungeon& d, const Grid<uint8_t>& open, const Moves& moves, Point start,
                      const std::vector<Point>& shut) {
  struct Door {
    size_t cell;
    bool never = false;  // a cell of `shut`
    int lock = 0;
    int switch_id = -1;  // a gate's switch (-1: not a gate)
    bool waiting = false, opened = false;
  };
  std::vector<Door> doors;
  auto add = [&](Point q, bool never) {
    if (open.in_bounds(q) && open[q]) doors.push_back({open.index(q), never});
  };
  for (const LockedDoor& l : d.locks) add(l.pos, false);
  for (const ProgressionDoor& g : d.doors)
    if (g.kind == DoorKind::Gate) add(g.pos, false);
  for (Point q : shut) add(q, true);
  std::stable_sort(doors.begin(), doors.end(), [](const Door& p, const Door& q) { return p.cell < q.cell; });
  size_t kept = 0;  // one entry per cell; a cell of `shut` never opens
  for (const Door& door : doors) {
    if (kept > 0 && doors[kept - 1].cell == door.cell) doors[kept - 1].never = doors[kept - 1].never || door.never;
    else doors[kept++] = door;
  }
  doors.resize(kept);
  Grid<uint8_t> free = open;
  for (Door& door : doors) {
    free.cells()[door.cell] = 0;
    const Point q = open.point(door.cell);
    door.lock = d.lock_at(q);
    const ProgressionDoor* g = d.door_at(q);
    door.switch_id = g ? g->switch_id : -1;
  }
  const RegionMap areas = label_regions(free, moves);
  std::vector<uint8_t> area_reached(static_cast<size_t>(areas.count()), 0);
  const int joins = diagonal_needs_open_side(moves) ? 4 : 8;  // the sides an opened door joins across
  auto door_index = [&](Point q) -> size_t {
    const size_t c = open.index(q);
    const auto it = std::lower_bound(doors.begin(), doors.end(), c, [](const Door& p, size_t v) { return p.cell < v; });
    return it != doors.end() && it->cell == c ? static_cast<size_t>(it - doors.begin()) : doors.size();
  };
  if (open.in_bounds(start) && areas.labels[start] != kNoRegion)
    area_reached[static_cast<size_t>(areas.labels[start])] = 1;
  uint32_t keys = 0, switches = 0;
  for (;;) {
    // Every door next to what is reached waits, and every opened door reaches the areas it joins;
    // repeated until nothing changes (an opened door next to a door makes it wait).
    for (bool grew = true; grew;) {
      grew = false;
      for (Door& door : doors) {
        const Point q = open.point(door.cell);
        for (int dir = 0; dir < moves.neighbors; ++dir) {
          const Point v{q.x + kDirections[dir].x, q.y + kDirections[dir].y};
          if (!open.in_bounds(v) || !open[v]) continue;
          const int32_t a = areas.labels[v];
          const bool reached_v = a != kNoRegion ? area_reached[static_cast<size_t>(a)] != 0
                                                : doors[door_index(v)].opened;
          if (!door.waiting && reached_v) door.waiting = true;
          if (door.opened && dir < joins && a != kNoRegion && !area_reached[static_cast<size_t>(a)]) {
            area_reached[static_cast<size_t>(a)] = 1;
            grew = true;
          }
        }
      }
    }
    for (const Objective& o : d.objectives) {
      if (!open.in_bounds(o.pos)) continue;
      const int32_t a = areas.labels[o.pos];
      const bool in = a != kNoRegion
                          ? area_reached[static_cast<size_t>(a)] != 0
                          : open[o.pos] && door_index(o.pos) < doors.size() && doors[door_index(o.pos)].opened;
      if (!in) continue;
      if (o.kind == ObjectiveKind::Key && o.lock >= 1 && o.lock <= kMaxLock) keys |= 1u << o.lock;
      if (o.kind == ObjectiveKind::Switch && o.switch_id >= 1) switches |= 1u << o.switch_id;
    }
    bool opened = false;
    for (Door& door : doors) {
      if (!door.waiting || door.opened || door.never) continue;
      const bool can = door.lock != 0 ? ((keys >> door.lock) & 1u) != 0
                                      : door.switch_id >= 0 && ((switches >> door.switch_id) & 1u) != 0;
      if (!can) continue;
      door.opened = true;
      opened = true;
    }
    if (!opened) break;
  }
  Grid<uint8_t> reached(open.width(), open.height(), 0);
  for (size_t i = 0; i < reached.size(); ++i) {
    const int32_t a = areas.labels.cells()[i];
    reached.cells()[i] = a != kNoRegion && area_reached[static_cast<size_t>(a)] ? 1 : 0;
  }
  for (const Door& door : doors)
    if (door.opened) reached.cells()[door.cell] = 1;
  return reached;
}

// Caves: gates of a few cells where the route has no single cell that cuts. For route cells from
// a random offset, the smallest square round one (r = 1 to kMaxGateRadius) whose open cells,
// closed, separate the route's ends (GateSearch first, a labelling for a cut), narrowed to the
// cells next to the start's side (at most kMaxGateCells): closing those cuts the same way. Stops
// after `want` gates, each at another chokepoint.
std::vector<std::vector<Point>> square_cuts(const Taken& taken, Grid<uint8_t>& open, const Moves& moves,
                                            const std::vector<Point>& route, size_t want, Rng& rng) {
  std::vector<std::vector<Point>> found;
  const size_t budget = std::max<size_t>(1024, open.size() / 256);
  GateSearch search(open, moves, route, budget, true);

  const size_t n = route.size(), from = rng.index_below(n);
  // A search from a start's side of `budget` cells or more gives up (or finds a way round):
  // never a cut, so the route cells from wide_from on are passed over unsearched.
  const size_t wide_from = wide_start_from(open, moves, route, kMaxGateRadius, static_cast<int64_t>(budget));
  for (size_t k = 0; k < n && found.size() < want; ++k) {
    const size_t i = (from + k) % n;
    if (i == 0 || i + 1 == n || i >= wide_from) continue;
    const Point p = route[i];
    // The squares round p (r = 1 to kMaxGateRadius) up to the first that is not clear. A square
    // holds the smaller ones, so when the largest has a way round every one has: one search
    // answers for the route cell, where most cells of an open cave have one.
    std::vector<std::vector<Point>> squares;
    for (int r = 1; r <= kMaxGateRadius; ++r) {
      std::vector<Point> square;
      bool clear = true;
      for (int y = p.y - r; y <= p.y + r; ++y)
        for (int x = p.x - r; x <= p.x + r; ++x)
          if (const Point q{x, y}; open.in_bounds(q) && open[q]) {
            clear = clear && !taken.occupied(q) && !taken.near_door(q);
            square.push_back(q);
          }
      if (!clear) break;
      squares.push_back(std::move(square));
    }
    if (squares.empty()) continue;
    const int largest = static_cast<int>(squares.size());
    if (search.way_round(squares.back(), p, largest) != false) continue;
    for (int r = 1; r <= static_cast<int>(squares.size()); ++r) {
      const std::vector<Point>& square = squares[static_cast<size_t>(r - 1)];
      if (r < largest && search.way_round(square, p, r) != false) continue;
      for (Point q : square) open[q] = 0;
      const RegionMap side = label_regions(open, moves);
      for (Point q : square) open[q] = 1;
      const int32_t mine = side.label(route.front());
      if (side.connected(route.front(), route.back())) break;
      std::vector<Point> border;
      for (Point q : square)
        for (const Point& dir : kDirections)
          if (const Point m{q.x + dir.x, q.y + dir.y}; side.labels.in_bounds(m) && side.labels[m] == mine) {
            border.push_back(q);
            break;
          }
      if (border.empty() || border.size() > kMaxGateCells || search.way_round(border, p, r) != false) break;
      found.push_back(std::move(border));
      k += static_cast<size_t>(2 * kMaxGateRadius + 2);  // the next gate at another chokepoint
      break;
    }
  }
  return found;
}

}  // namespace catacomb::detail
