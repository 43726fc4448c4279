// Progression door placement: switches and gates, one-way doors, secret doors.
//
// Switches: the cheapest route from the start to the exit (then, when it has no free cut, to each
// other objective in turn: every objective must be visited) and which of its cells are cuts (one
// search of the start's region answers every route: StartCuts, generator/gate_search.hpp);
// caves with few add the cells of squares round route cells that cut (GateSearch, then a
// labelling: one per cut found), and an open cave a cage of the cells round the objective. Gate s
// takes a random free cut; its switch goes where the player gets with the gate shut: a closure
// from the start that opens a locked door once a key of its lock, and a gate once its switch,
// lies in what it reached (what a player holding every key and switch seen can walk to), worked
// on the areas of one labelling. O(cells) per switch.
// Portcullises (a second gate of a switch, open while it is off, on a coin flip per switch): the
// closure with the switch's gate shut, then for each key or treasure it reaches the route's
// cuts nearest the objective, each checked by one flood from the objective (the pocket the cut
// shuts); at most 3 floods per objective, O(cells) each.
// One-way and secret doors: one breadth-first flood of moves from the start over every passable
// cell and a labelling of the areas (locked doors, gates, one-way and secret doors closed); a
// scan of every wall run of 1 to 3 cells across (walls on both flanks) whose two ends lie in one
// area (or, for a one-way door, that leads from another area back into the start's) lists the
// runs whose ends' flood distances differ most: that difference is a lower bound
// of the walk between them without the run, so the door saves at least that minus the run. One
// flood and scan per door: O(cells) each.
// The first of these stages to run on a map (no progression door yet) first moves each treasure
// to a dead end of high intensity (generator/treasure_spots.hpp).
// Deterministic: candidates in row-major order, every choice drawn from the stage's own stream.
#include <catacomb/generator/progression_doors.hpp>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <vector>

#include <catacomb/pathing/distance_map.hpp>
#include <catacomb/pathing/regions.hpp>
#include "generator/gate_search.hpp"
#include "generator/treasure_spots.hpp"

namespace catacomb {
namespace {

constexpr int32_t kFar = -1;         // a cell the flood of moves did not reach
constexpr int kMaxGateRadius = 4;    // caves: the largest square round a route cell tried as a gate
constexpr size_t kMaxGateCells = 9;  // caves: the most cells of one gate

// 1 for a passable cell, else 0; secret doors count as wall (never a step of the proof).
Grid<uint8_t> passable_cells(const Dungeon& d, const CostTable& costs) {
  Grid<uint8_t> open(d.tiles.width(), d.tiles.height(), 0);
  for (size_t i = 0; i < open.size(); ++i) open.cells()[i] = costs.passable(d.tiles.cells()[i]) ? 1 : 0;
  for (const ProgressionDoor& g : d.doors)
    if (g.kind == DoorKind::Secret && open.in_bounds(g.pos)) open[g.pos] = 0;
  return open;
}

// Whether a locked door or progression door lies within `r` cells (Chebyshev) of p.
bool near_door(const Dungeon& d, Point p, int r) {
  auto near = [&](Point q) { return std::abs(q.x - p.x) <= r && std::abs(q.y - p.y) <= r; };
  for (const LockedDoor& l : d.locks)
    if (near(l.pos)) return true;
  for (const ProgressionDoor& g : d.doors)
    if (near(g.pos)) return true;
  return false;
}

// For every cell, whether it holds an objective, a locked door or a progression door
// (occupied) and whether such a door lies within 1 cell (Chebyshev) of it (near_door(d, p, 1)):
// worked out once (O(cells)) for the many cells a gate's search asks about.
class Taken {
 public:
  explicit Taken(const Dungeon& d) : bits_(d.tiles.width(), d.tiles.height(), 0) {
    auto door = [&](Point p) {
      if (!bits_.in_bounds(p)) return;
      bits_[p] |= kHeld;
      for (int y = p.y - 1; y <= p.y + 1; ++y)
        for (int x = p.x - 1; x <= p.x + 1; ++x)
          if (bits_.in_bounds({x, y})) bits_[{x, y}] |= kNearDoor;
    };
    for (const LockedDoor& l : d.locks) door(l.pos);
    for (const ProgressionDoor& g : d.doors) door(g.pos);
    for (const Objective& o : d.objectives)
      if (bits_.in_bounds(o.pos)) bits_[o.pos] |= kHeld;
  }
  bool occupied(Point p) const { return (bits_[p] & kHeld) != 0; }
  // The cells free of objectives and doors among the reached floor (`reached`: 1 per cell):
  // counted in one branch-free pass, which the compiler makes wide.
  size_t free_floor(const Grid<uint8_t>& reached, const Grid<Terrain>& tiles) const {
    return count_free_floor(reached, tiles, 0, reached.size());
  }
  // The cell index of the k-th (from 0, row-major) of those cells: blocks of them counted whole
  // until the block that holds it. k must be below free_floor().
  size_t nth_free_floor(const Grid<uint8_t>& reached, const Grid<Terrain>& tiles, size_t k) const {
    constexpr size_t kBlock = 256;
    size_t i = 0;
    for (;; i += kBlock) {
      const size_t n = count_free_floor(reached, tiles, i, std::min(reached.size(), i + kBlock));
      if (k < n) break;
      k -= n;
    }
    for (;; ++i)
      if (count_free_floor(reached, tiles, i, i + 1) == 1 && k-- == 0) return i;
  }
  bool near_door(Point p) const { return (bits_[p] & kNearDoor) != 0; }

 private:
  static constexpr uint8_t kHeld = 1, kNearDoor = 2;
  size_t count_free_floor(const Grid<uint8_t>& reached, const Grid<Terrain>& tiles, size_t from, size_t to) const {
    const uint8_t* r = reached.cells().data();
    const Terrain* t = tiles.cells().data();
    const uint8_t* b = bits_.cells().data();
    size_t n = 0;
    for (size_t i = from; i < to; ++i)
      n += static_cast<size_t>((r[i] != 0) & (t[i] == Terrain::Floor) & ((b[i] & kHeld) == 0));
    return n;
  }
  Grid<uint8_t> bits_;
};

// The cells the player reaches from `start` with the cells of `shut` closed: a locked door opens
// once a key of its lock lies in what is reached, a gate once a switch of its id does (either
// switch state: the player may toggle it), a one-way door is passed either way (an
// over-estimate the validator's solver settles). 1 per reached cell.
//
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

// Whether the open cells of the ring of cells at Chebyshev distance r + 1 from p (the cells next
// to the square of radius r round p) form one run round it: then closing the square's cells
// cuts nothing, since a way that crosses the square enters and leaves it from cells of that run,
// which straight steps along the ring join. Cells off the map count as closed. O(r).
bool ring_goes_round(const Grid<uint8_t>& open, Point p, int r) {
  const int d = r + 1;
  auto is_open = [&](int x, int y) { return open.in_bounds({x, y}) && open[{x, y}] != 0; };
  int runs = 0, cells = 0;
  bool first = false, last = false;
  // The ring's cells in order round it, from the top-left corner clockwise.
  auto visit = [&](int x, int y) {
    const bool o = is_open(x, y);
    if (cells == 0) first = o;
    if (o && (cells == 0 || !last)) ++runs;
    last = o;
    ++cells;
  };
  for (int x = p.x - d; x < p.x + d; ++x) visit(x, p.y - d);
  for (int y = p.y - d; y < p.y + d; ++y) visit(p.x + d, y);
  for (int x = p.x + d; x > p.x - d; --x) visit(x, p.y + d);
  for (int y = p.y + d; y > p.y - d; --y) visit(p.x - d, y);
  if (runs > 1 && first && last) --runs;  // the run that goes on past the start
  return runs == 1;
}

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

// Caves: gates of a few cells where the route has no single cell that cuts. For route cells from
// a random offset, the smallest square round one (r = 1 to kMaxGateRadius) whose open cells,
// closed, separate the route's ends (GateSearch first, a labelling for a cut), narrowed to the
// cells next to the start's side (at most kMaxGateCells): closing those cuts the same way. Stops
// after `want` gates, each at another chokepoint.
std::vector<std::vector<Point>> square_cuts(const Taken& taken, Grid<uint8_t>& open, const Moves& moves,
                                            const std::vector<Point>& route, size_t want, Rng& rng) {
  std::vector<std::vector<Point>> found;
  const size_t budget = std::max<size_t>(1024, open.size() / 256);
  std::optional<detail::GateSearch> made;  // made at the first search (two grids of 4 bytes per cell)
  auto search = [&]() -> detail::GateSearch& {
    if (!made) made.emplace(open, moves, route, budget, true);
    return *made;
  };
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
    if (ring_goes_round(open, p, largest) || search().way_round(squares.back(), p, largest) != false) continue;
    for (int r = 1; r <= static_cast<int>(squares.size()); ++r) {
      const std::vector<Point>& square = squares[static_cast<size_t>(r - 1)];
      if (r < largest && (ring_goes_round(open, p, r) || search().way_round(square, p, r) != false)) continue;
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
      if (border.empty() || border.size() > kMaxGateCells || search().way_round(border, p, r) != false) break;
      found.push_back(std::move(border));
      k += static_cast<size_t>(2 * kMaxGateRadius + 2);  // the next gate at another chokepoint
      break;
    }
  }
  return found;
}

// The cuts of the last route gate_candidates was asked about, kept for the next ask while the
// passable cells stay as they are (gates are passable doors): the second switch's gate, on the
// same way to the exit, reads them again. Every route is from the start, so one search of the
// start's region (StartCuts, made at the first ask) answers them all, the portcullises' routes to
// keys and treasure too; a route RouteCuts would call fragile is asked of RouteCuts (a pass over
// the map), whose answer it keeps.
struct CutCache {
  std::vector<Point> route;
  std::vector<uint8_t> cuts;                    // per route index: 1 where closing the cell cuts the route's ends
  std::optional<detail::StartCuts> start_cuts;  // every route's cuts, from one search (made once)
};

// Where gate s may go: cuts of the route (single cells; rooms keep to door tiles when enough are
// free; caves add squares when single cells are few, and with none a cage of the cells round the
// route's end), free and apart from other doors.
std::vector<std::vector<Point>> gate_candidates(const Dungeon& d, Grid<uint8_t>& open, const Moves& moves,
                                                const std::vector<Point>& route, int switches, CutCache& cache,
                                                Rng& rng) {
  std::vector<std::vector<Point>> cuts, door_cuts;
  const Taken taken(d);
  if (cache.route != route) {
    cache.route = route;
    if (detail::StartCuts::fragile_route(open, moves, route)) {  // RouteCuts' own answer there
      detail::RouteCuts rc(open, moves, route);
      cache.cuts.assign(route.size(), 0);
      for (size_t i = 1; i + 1 < route.size(); ++i) cache.cuts[i] = rc.cuts(i) ? 1 : 0;
    } else {
      if (!cache.start_cuts) cache.start_cuts.emplace(open, moves, route.front());
      cache.cuts = cache.start_cuts->route_cuts(route);
    }
  }
  for (size_t i = 1; i + 1 < route.size(); ++i) {
    const Point p = route[i];
    if (!cache.cuts[i] || taken.occupied(p) || taken.near_door(p)) continue;
    cuts.push_back({p});
    if (d.tiles[p] == Terrain::Door) door_cuts.push_back({p});
  }
  const size_t want = static_cast<size_t>(switches) * 3;
  if (!d.rooms.empty() && door_cuts.size() >= static_cast<size_t>(switches)) return door_cuts;
  if (d.rooms.empty() && cuts.size() < want)
    for (std::vector<Point>& sq : square_cuts(taken, open, moves, route, want - cuts.size(), rng))
      cuts.push_back(std::move(sq));
  if (d.rooms.empty() && cuts.empty()) {  // an open cave: a cage round the objective itself
    std::vector<Point> ring;
    bool clear = true;
    for (const Point& dir : kDirections)
      if (const Point q{route.back().x + dir.x, route.back().y + dir.y}; open.in_bounds(q) && open[q]) {
        clear = clear && !taken.occupied(q) && !taken.near_door(q);
        ring.push_back(q);
      }
    if (clear && !ring.empty()) cuts.push_back(std::move(ring));
  }
  return cuts;
}

// The cheapest route from the start to `target` (both included) down `dm`, the start's distance
// map; empty when there is none.
std::vector<Point> route_to(const Dungeon& d, const CostTable& costs, const DistanceMap& dm, Point target) {
  if (dm.dist[target] == kUnreached) return {};
  std::vector<Point> route = descend(dm, d.tiles, costs, target);
  std::reverse(route.begin(), route.end());
  return route;
}

// Puts gate s on one of `cuts` (drawn at random) whose closing keeps `target` out of the
// player's reach, and its switch on a random free floor cell of that reach. False when none
// has such a cell.
bool gate_one(Dungeon& d, const Grid<uint8_t>& open, const Moves& moves, const CostTable& costs, Point start,
              Point target, int s, std::vector<std::vector<Point>> cuts, bool& same_costs, Rng& rng) {
  const Taken taken(d);
  while (!cuts.empty()) {
    const size_t pick = rng.index_below(cuts.size());
    const std::vector<Point> gate = std::move(cuts[pick]);
    cuts.erase(cuts.begin() + static_cast<std::ptrdiff_t>(pick));
    if (std::any_of(gate.begin(), gate.end(), [&](Point q) { return taken.near_door(q); })) continue;
    const Grid<uint8_t> reached = closure(d, open, moves, start, gate);
    if (reached[target]) continue;  // not a cut once the doors are counted (a safeguard)
    // A random free floor cell of the reach: counted, drawn, then found (in row-major order).
    const size_t floor = taken.free_floor(reached, d.tiles);
    if (floor == 0) continue;
    const size_t cell = taken.nth_free_floor(reached, d.tiles, rng.index_below(floor));
    Objective sw;
    sw.kind = ObjectiveKind::Switch;
    sw.pos = d.tiles.point(cell);
    sw.switch_id = s;
    d.objectives.push_back(sw);
    for (Point q : gate) {
      same_costs = same_costs && costs[d.tiles[q]] == costs[Terrain::Door];
      d.tiles[q] = Terrain::Door;
      d.doors.push_back({q, DoorKind::Gate, s, false, {}});
    }
    return true;
  }
  return false;
}

// Whether closing `gate` (of switch s) shuts `target` into a pocket: what the player could
// reach from `target` with the gate shut and every other door open holds no start, exit, switch
// or gate of switch s. So the gate is the pocket's one way in, everything in it can be done
// while s is off, and leaving it needs no switch state. O(cells).
bool pocket_behind(const Dungeon& d, const Grid<uint8_t>& open, const Moves& moves, const std::vector<Point>& gate,
                   int s, Point target) {
  Grid<uint8_t> seen(open.width(), open.height(), 0);  // 1: in the pocket, 2: the gate, 3: a gate of s
  for (const ProgressionDoor& g : d.doors)
    if (g.kind == DoorKind::Gate && g.switch_id == s && seen.in_bounds(g.pos)) seen[g.pos] = 3;
  for (Point q : gate) seen[q] = 2;
  // Doors count as open for the corner rule too: an over-estimate of the pocket.
  auto is_open = [&](Point q) { return open.in_bounds(q) && open[q] != 0 && seen[q] != 2; };
  std::vector<Point> queue{target};
  seen[target] = 1;
  for (size_t head = 0; head < queue.size(); ++head) {
    const Point u = queue[head];
    for (int dir = 0; dir < moves.neighbors; ++dir) {
      const Point v{u.x + kDirections[dir].x, u.y + kDirections[dir].y};
      if (!open.in_bounds(v) || !open[v] || seen[v] == 1 || seen[v] == 2) continue;
      if (seen[v] == 3) return false;
      if (!step_allowed_at(moves, u, dir, is_open)) continue;
      seen[v] = 1;
      queue.push_back(v);
    }
  }
  for (const Objective& o : d.objectives) {
    const bool keeps = o.kind == ObjectiveKind::Start || o.kind == ObjectiveKind::Exit ||
                       o.kind == ObjectiveKind::Switch;
    if (keeps && seen.in_bounds(o.pos) && seen[o.pos] == 1) return false;
  }
  return true;
}

// Gate s's portcullis: a second gate of switch s, open while the switch is off, that shuts a key
// or treasure the player reaches with s off (gate s, open while on, shut) into a pocket with no
// other way in (every door open) and no start, exit or switch. So the lever that opens gate s
// closes the pocket: the player empties it first, or turns s off again (restoring the off
// state), empties it and turns s back on (the switch lies outside the pocket, on the start's
// side of gate s). Gate s still keeps its objective back, so switch s still matters. The
// objectives from a random one on, the first kCuts cuts of the route to each (single cells
// nearest it first: the smallest pockets), one flood each; false (nothing placed) when none
// shuts a pocket.
bool place_off_gate(Dungeon& d, Grid<uint8_t>& open, const Moves& moves, const DistanceMap& dm, const CostTable& costs,
                    Point start, int s, CutCache& cache, Rng& rng) {
  constexpr size_t kCuts = 3;
  std::vector<Point> shut;  // gate s, open while the switch is on
  for (const ProgressionDoor& g : d.doors)
    if (g.kind == DoorKind::Gate && g.switch_id == s) shut.push_back(g.pos);
  const Grid<uint8_t> reached = closure(d, open, moves, start, shut);
  std::vector<Point> targets;
  for (const Objective& o : d.objectives)
    if ((o.kind == ObjectiveKind::Key || o.kind == ObjectiveKind::Treasure) && reached.in_bounds(o.pos) &&
        reached[o.pos])
      targets.push_back(o.pos);
  const Taken taken(d);
  const size_t first = targets.empty() ? 0 : rng.index_below(targets.size());
  for (size_t t = 0; t < targets.size(); ++t) {
    const Point target = targets[(first + t) % targets.size()];
    const std::vector<Point> route = route_to(d, costs, dm, target);
    if (route.size() < 3) continue;
    std::vector<std::vector<Point>> cuts = gate_candidates(d, open, moves, route, 1, cache, rng);
    // Single cells come in route order (nearest the target last), squares after them: single
    // cells nearest the target first, then the squares.
    const auto singles = std::stable_partition(cuts.begin(), cuts.end(), [](const auto& c) { return c.size() == 1; });
    std::reverse(cuts.begin(), singles);
    for (size_t k = 0; k < kCuts && k < cuts.size(); ++k) {
      const std::vector<Point>& gate = cuts[k];
      if (std::any_of(gate.begin(), gate.end(), [&](Point q) { return taken.near_door(q) || taken.occupied(q); }))
        continue;
      if (!pocket_behind(d, open, moves, gate, s, target)) continue;
      for (Point q : gate) {
        d.tiles[q] = Terrain::Door;
        d.doors.push_back({q, DoorKind::Gate, s, true, {}});
      }
      return true;
    }
  }
  return false;
}

}  // namespace

DoorPlacement place_switches(Dungeon& d, int switches, const CostTable& costs, const Moves& moves, Rng& rng) {
  const std::optional<Point> start = d.find(ObjectiveKind::Start), exit = d.find(ObjectiveKind::Exit);
  if (!start || !exit) return {"no start or exit to put gates between"};
  if (d.doors.empty()) detail::prefer_treasure_spots(d, costs, moves, rng);  // before any gate keeps it back
  Grid<uint8_t> open = passable_cells(d, costs);
  CutCache cache;
  // Every route's cuts, before the distance map is made: the search's own grids (8 bytes per
  // cell) are gone before it comes (a lower peak of memory).
  cache.start_cuts.emplace(open, moves, *start);
  DistanceMap dm;
  bool same_costs = true;  // whether the gates placed since `dm` kept each cell's cost
  for (int s = 1; s <= switches; ++s) {
    // What gate s keeps back: the exit when its way has a free cut, else another objective (every
    // objective must be visited), from a random one on.
    std::vector<Point> others;
    for (const Objective& o : d.objectives)
      if (o.kind != ObjectiveKind::Start && o.kind != ObjectiveKind::Exit && o.kind != ObjectiveKind::Switch)
        others.push_back(o.pos);
    std::vector<Point> targets{*exit};
    const size_t first = others.empty() ? 0 : rng.index_below(others.size());
    for (size_t k = 0; k < others.size(); ++k) targets.push_back(others[(first + k) % others.size()]);
    bool placed = false;
    if (s == 1 || !same_costs) {  // one for every target; the last one while the gates kept the costs
      dm = distance_map(d.tiles, costs, {*start}, moves);
      same_costs = true;
    }
    for (size_t t = 0; t < targets.size() && !placed; ++t) {
      const std::vector<Point> route = route_to(d, costs, dm, targets[t]);
      if (route.size() < 3) continue;
      placed = gate_one(d, open, moves, costs, *start, targets[t], s,
                        gate_candidates(d, open, moves, route, switches, cache, rng), same_costs, rng);
    }
    if (!placed)
      return {"only " + std::to_string(s - 1) + " gates between the start and an objective for " +
              std::to_string(switches) + " switches"};
  }
  // Portcullises: for each switch, on a coin flip, a gate open while it is off (where a pocket
  // fits; none is no failure).
  // The last switch's map still holds when its gate's cells cost what a door does.
  if (!same_costs) dm = distance_map(d.tiles, costs, {*start}, moves);
  for (int s = 1; s <= switches; ++s)
    if (rng.below(2) == 0) place_off_gate(d, open, moves, dm, costs, *start, s, cache, rng);
  sort_doors(d);
  return {};
}

namespace {

constexpr size_t kPicks = 8;  // a door goes through one of the best this many wall runs

// A wall run a door may go through: `cells` (1 to 3, from the far end), entered from `far`
// (the end whose walk from the start is longer) towards the near end, in direction `dir`.
struct Run {
  Point far;
  Point dir;
  std::vector<Point> cells;
  int32_t saving = 0;  // at least this many moves saved (the ends' distance gap minus the run)
};

// Moves from the start to every cell over the passable cells (every door open), kFar where none.
Grid<int32_t> moves_from(const Grid<uint8_t>& open, const Moves& moves, Point start) {
  Grid<int32_t> dist(open.width(), open.height(), kFar);
  auto is_open = [&](Point q) { return open.in_bounds(q) && open[q] != 0; };
  std::vector<Point> queue{start};
  dist[start] = 0;
  for (size_t head = 0; head < queue.size(); ++head) {
    const Point u = queue[head];
    for (int dir = 0; dir < moves.neighbors; ++dir) {
      const Point v{u.x + kDirections[dir].x, u.y + kDirections[dir].y};
      if (!is_open(v) || dist[v] != kFar || !step_allowed_at(moves, u, dir, is_open)) continue;
      dist[v] = dist[u] + 1;
      queue.push_back(v);
    }
  }
  return dist;
}

// The first kPicks of `weak` (runs whose ends' gap in moves from the start proves too little)
// whose ends are in fact at least kMinDoorSaving + the run + 1 moves apart, every door open: a
// breadth-first search from the far end that many moves deep does not reach the near end. Their
// saving becomes kMinDoorSaving (at least that many moves saved); the order stays. O(checks x
// the search's square).
std::vector<Run> proven_runs(const Grid<uint8_t>& open, const Moves& moves, std::vector<Run> weak) {
  std::vector<Run> kept;
  Grid<int32_t> depth(open.width(), open.height(), -1);
  std::vector<Point> queue;
  auto is_open = [&](Point q) { return open.in_bounds(q) && open[q] != 0; };
  for (Run& r : weak) {
    if (kept.size() == kPicks) break;
    const Point near{r.cells.back().x + r.dir.x, r.cells.back().y + r.dir.y};
    const int32_t deep = kMinDoorSaving + static_cast<int32_t>(r.cells.size());
    bool reached = false;
    queue.assign(1, r.far);
    depth[r.far] = 0;
    for (size_t head = 0; head < queue.size() && !reached; ++head) {
      const Point u = queue[head];
      if (depth[u] == deep) continue;
      for (int dir = 0; dir < moves.neighbors && !reached; ++dir) {
        const Point v{u.x + kDirections[dir].x, u.y + kDirections[dir].y};
        if (!is_open(v) || depth[v] >= 0 || !step_allowed_at(moves, u, dir, is_open)) continue;
        depth[v] = depth[u] + 1;
        reached = v == near;
        queue.push_back(v);
      }
    }
    for (Point q : queue) depth[q] = -1;
    if (reached) continue;
    r.saving = kMinDoorSaving;
    kept.push_back(std::move(r));
  }
  return kept;
}

// Every wall run whose two ends lie in one area and that saves at least kMinDoorSaving moves,
// best first (row-major order among equals), none within 2 cells of a door. With `home_runs`
// (one-way doors) also the runs from another area into the start's, entered from that other
// side: a way back home, which the player may take at any time without passing a door, so it
// opens nothing a lock or gate keeps back.
std::vector<Run> wall_runs(const Dungeon& d, const CostTable& costs, const Moves& moves, Point start, bool home_runs) {
  const Grid<uint8_t> every_door_open = passable_cells(d, costs);
  Grid<uint8_t> open = every_door_open;
  const Grid<int32_t> dist = moves_from(open, moves, start);
  for (const LockedDoor& l : d.locks)
    if (open.in_bounds(l.pos)) open[l.pos] = 0;
  for (const ProgressionDoor& g : d.doors)
    if (open.in_bounds(g.pos)) open[g.pos] = 0;
  const RegionMap areas = label_regions(open, moves);
  const int32_t home = areas.labels[start];
  const int w = d.tiles.width(), h = d.tiles.height();
  auto wall = [&](Point q) {
    return q.x >= 1 && q.y >= 1 && q.x < w - 1 && q.y < h - 1 && d.tiles[q] == Terrain::Wall;
  };
  std::vector<Run> runs, weak;  // weak: the ends' gap proves too little
  for (int y = 1; y < h - 1; ++y)
    for (int x = 1; x < w - 1; ++x)
      for (const Point v : {Point{1, 0}, Point{0, 1}}) {
        const Point a{x - v.x, y - v.y};
        if (!wall({x, y}) || areas.labels[a] == kNoRegion || dist[a] == kFar) continue;
        const Point side{v.y, v.x};  // the flanks of a run across v
        std::vector<Point> cells;
        Point b{x, y};
        while (cells.size() < 3 && wall(b) && !costs.passable(d.tiles[{b.x + side.x, b.y + side.y}]) &&
               !costs.passable(d.tiles[{b.x - side.x, b.y - side.y}])) {
          cells.push_back(b);
          b = {b.x + v.x, b.y + v.y};
        }
        if (cells.empty() || !d.tiles.in_bounds(b) || areas.labels[b] == kNoRegion || dist[b] == kFar) continue;
        // One area, or (home_runs) the nearer end at home: the door is entered from the farther.
        const bool one_area = areas.labels[b] == areas.labels[a];
        if (!one_area && !(home_runs && areas.labels[dist[a] < dist[b] ? a : b] == home)) continue;
        if (d.tiles[b] == Terrain::Wall || near_door(d, cells.front(), 2) || near_door(d, cells.back(), 2)) continue;
        const int32_t saving = std::abs(dist[a] - dist[b]) - static_cast<int32_t>(cells.size()) - 1;
        Run r{a, v, std::move(cells), saving};
        if (dist[a] < dist[b]) {  // the door goes at the far end
          std::reverse(r.cells.begin(), r.cells.end());
          r.far = b;
          r.dir = {-v.x, -v.y};
        }
        (saving >= kMinDoorSaving ? runs : weak).push_back(std::move(r));
      }
  auto best_first = [](std::vector<Run>& v) {
    std::stable_sort(v.begin(), v.end(), [](const Run& p, const Run& q) { return p.saving > q.saving; });
  };
  best_first(runs);
  if (runs.empty()) {
    best_first(weak);
    runs = proven_runs(every_door_open, moves, std::move(weak));
  }
  return runs;
}

// Places `count` doors of `kind` through wall runs, one at a time (each changes the walks).
DoorPlacement carve_doors(Dungeon& d, int count, DoorKind kind, const CostTable& costs, const Moves& moves, Rng& rng) {
  const std::optional<Point> start = d.find(ObjectiveKind::Start);
  const char* what = kind == DoorKind::OneWay ? " one-way doors" : " secret doors";
  if (!start) return {std::string("no start to measure") + what + " from"};
  if (d.doors.empty()) detail::prefer_treasure_spots(d, costs, moves, rng);  // the first progression stage
  for (int k = 0; k < count; ++k) {
    const std::vector<Run> runs = wall_runs(d, costs, moves, *start, kind == DoorKind::OneWay);
    if (runs.empty())
      return {"only " + std::to_string(k) + " walls that save " + std::to_string(kMinDoorSaving) + " moves for " +
              std::to_string(count) + what};
    const Run& r = runs[rng.index_below(std::min(kPicks, runs.size()))];
    d.tiles[r.cells.front()] = Terrain::Door;
    for (size_t i = 1; i < r.cells.size(); ++i) d.tiles[r.cells[i]] = Terrain::Corridor;
    ProgressionDoor door;
    door.pos = r.cells.front();
    door.kind = kind;
    if (kind == DoorKind::OneWay) door.dir = r.dir;
    d.doors.push_back(door);
    sort_doors(d);
  }
  return {};
}

}  // namespace

DoorPlacement place_one_way_doors(Dungeon& d, int count, const CostTable& costs, const Moves& moves, Rng& rng) {
  return carve_doors(d, count, DoorKind::OneWay, costs, moves, rng);
}

DoorPlacement place_secret_doors(Dungeon& d, int count, const CostTable& costs, const Moves& moves, Rng& rng) {
  return carve_doors(d, count, DoorKind::Secret, costs, moves, rng);
}

}  // namespace catacomb
