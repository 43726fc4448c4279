// Lock layouts beyond the chain: trees and cycles (generator/locks.hpp). Both start from the
// chain's gates on the start-to-exit route (detail::route_gates, locks.cpp) and the area of every
// cell between them.
// - Tree: per route gate, a side area of the area before it: a dead end behind one cell (rooms: a
//   door; caves: a narrow cell), found by closing up to 32 candidates and labelling the map
//   (O(cells) each), else a passage of four cells dug into solid rock. The route gate's key goes
//   in there; for the paired gates the side area is locked too, its key on the area's floor.
// - Cycles: per route gate, a breadth-first search through the rock (O(cells)) from the area after
//   the gate to the area before it, passages of at most 64 cells that touch no other area; the
//   passage whose near end lies farthest (walking) from the gate is dug, with a door at its far
//   end (one-way back, or locked), and the key at its near end.
// Then both move each treasure to a dead end of high intensity (generator/progression/treasure_spots.hpp).
// Every choice is a scan in row-major order or a draw from the "locks" stream: deterministic.
#include <catacomb/generator/locks.hpp>

#include <algorithm>
#include <deque>
#include <optional>

#include <catacomb/pathing/distance_map.hpp>
#include <catacomb/pathing/regions.hpp>
#include "generator/progression/lock_gates.hpp"
#include "generator/progression/treasure_spots.hpp"
#include "shared/core/enum_names.hpp"
#include "shared/generator/lock_layout_names.hpp"

namespace catacomb {
namespace {

using detail::RouteGates;

// The longest passage a cycle digs, in cells (the door included).
constexpr int kMaxPassage = 64;
// The fewest cells of an area a cycle's passage opens into (a gate right behind another leaves
// none to dig to).
constexpr int64_t kMinLoopArea = 24;
// Candidate side doors a tree tests per area before it digs a side area.
constexpr int kMaxPocketTests = 32;

constexpr Point kStraight[4] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};

Point add(Point a, Point b) { return {a.x + b.x, a.y + b.y}; }
Point scale(Point a, int k) { return {a.x * k, a.y * k}; }

// What both layouts share: the dungeon, its rules, the gates and areas, the passable cells.
struct Layout {
  Dungeon& d;
  const CostTable& costs;
  const Moves& moves;
  Rng& rng;
  RouteGates g;
  Grid<uint8_t> open;    // 1 where passable
  Grid<uint8_t> pocket;  // 1 on a tree's side area (no other key or treasure goes there)

  Layout(Dungeon& dungeon, const CostTable& c, const Moves& m, Rng& r, RouteGates gates)
      : d(dungeon),
        costs(c),
        moves(m),
        rng(r),
        g(std::move(gates)),
        open(d.tiles.width(), d.tiles.height(), 0),
        pocket(d.tiles.width(), d.tiles.height(), 0) {
    for (size_t i = 0; i < open.size(); ++i) open.cells()[i] = costs.passable(d.tiles.cells()[i]) ? 1 : 0;
  }

  // An objective, a locked door or a progression door stands at p.
  bool occupied(Point p) const {
    for (const Objective& o : d.objectives)
      if (o.pos == p) return true;
    return d.lock_at(p) != 0 || d.door_at(p) != nullptr;
  }
  // A cell of area k, free floor (no objective, door or gate), off every side area.
  bool free_floor(Point p, int k) const {
    return g.area[p] == k && d.tiles[p] == Terrain::Floor && !pocket[p] && !occupied(p);
  }
  // Rock that may be dug: a wall cell off the map's border.
  bool rock(Point p) const {
    return p.x >= 1 && p.y >= 1 && p.x < d.tiles.width() - 1 && p.y < d.tiles.height() - 1 &&
           d.tiles[p] == Terrain::Wall;
  }
  // The regions with `closed` shut.
  RegionMap label_without(const std::vector<Point>& closed) {
    for (Point q : closed) open[q] = 0;
    RegionMap r = label_regions(open, moves);
    for (Point q : closed) open[q] = 1;
    return r;
  }
  // Digs `p` as `t`, in area `area`.
  void dig(Point p, Terrain t, int area) {
    d.tiles[p] = t;
    open[p] = 1;
    g.area[p] = static_cast<int8_t>(area);
  }
  // Locks `cells` with lock id `lock` (each becomes a door).
  void lock(const std::vector<Point>& cells, int id) {
    for (Point q : cells) {
      d.tiles[q] = Terrain::Door;
      d.locks.push_back({q, id});
    }
  }
  // A random cell of `cells`, or nothing.
  std::optional<Point> pick(const std::vector<Point>& cells) {
    if (cells.empty()) return std::nullopt;
    return cells[rng.index_below(cells.size())];
  }
  // Keys of the dungeon become treasure (a key without a lock would open nothing).
  void keys_to_treasure() {
    for (Objective& o : d.objectives)
      if (o.kind == ObjectiveKind::Key) o.kind = ObjectiveKind::Treasure;
  }
};

// ---- Tree ----------------------------------------------------------------------------------

// A side area: its door cell and the cells behind it.
struct Pocket {
  Point door;
  std::vector<Point> cells;
};

// Whether p is narrow: its 8 neighbours, in a ring, hold at least two separate runs of open cells.
bool narrow(const Layout& s, Point p) {
  static constexpr Point kRing[8] = {{-1, -1}, {0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}};
  auto is_open = [&](int i) {
    const Point n = add(p, kRing[i % 8]);
    return s.open.in_bounds(n) && s.open[n] != 0;
  };
  int runs = 0;
  for (int i = 0; i < 8; ++i) runs += is_open(i) && !is_open(i + 7) ? 1 : 0;
  return runs >= 2;
}

// A dead end of area k behind one cell already there: rooms, a door; caves, a narrow cell. The
// cells cut off from the start when it is closed must all be area k and hold free floor.
std::optional<Pocket> existing_pocket(Layout& s, int k, const Grid<uint8_t>& on_route) {
  const bool rooms = !s.d.rooms.empty();
  std::vector<Point> candidates;
  for (size_t i = 0; i < s.open.size(); ++i) {
    const Point p = s.d.tiles.point(i);
    if (s.g.area[p] != k || on_route[p] || s.occupied(p)) continue;
    if (rooms ? s.d.tiles[p] == Terrain::Door : s.d.tiles[p] != Terrain::Door && narrow(s, p)) candidates.push_back(p);
  }
  s.rng.shuffle(candidates.data(), candidates.size());
  if (candidates.size() > kMaxPocketTests) candidates.resize(kMaxPocketTests);
  for (Point door : candidates) {
    const RegionMap r = s.label_without({door});
    const int32_t home = r.label(s.g.start);
    Pocket pocket{door, {}};
    bool inside_area = true, has_floor = false;
    for (size_t i = 0; i < s.open.size() && inside_area; ++i) {
      const int32_t l = r.labels.cells()[i];
      const Point q = s.d.tiles.point(i);
      if (l == kNoRegion || l == home || q == door || s.g.area[q] == RouteGates::kNoArea) continue;
      inside_area = s.g.area[q] == k;
      has_floor = has_floor || s.free_floor(q, k);
      pocket.cells.push_back(q);
    }
    if (inside_area && has_floor) return pocket;
  }
  return std::nullopt;
}

// A side area dug into the rock from a random cell of area k: a door, then three floor cells,
// all in rock whose cells beside and beyond stay rock (the passage touches nothing else).
std::optional<Pocket> dug_pocket(Layout& s, int k) {
  std::vector<Point> entries;
  for (size_t i = 0; i < s.open.size(); ++i)
    if (s.g.area.cells()[i] == k && s.open.cells()[i] && !s.pocket.cells()[i]) entries.push_back(s.d.tiles.point(i));
  s.rng.shuffle(entries.data(), entries.size());
  const int turn = static_cast<int>(s.rng.index_below(4));
  for (Point e : entries)
    for (int j = 0; j < 4; ++j) {
      const Point dir = kStraight[(j + turn) % 4], side{dir.y, dir.x};
      bool clear = true;
      for (int i = 1; i <= 5 && clear; ++i) {
        const Point t = add(e, scale(dir, i));
        clear = (i == 5 ? s.d.tiles.in_bounds(t) && s.d.tiles[t] == Terrain::Wall : s.rock(t));
        for (int sgn : {-1, 1}) {
          const Point b = add(t, scale(side, sgn));
          clear = clear && s.d.tiles.in_bounds(b) && s.d.tiles[b] == Terrain::Wall;
        }
      }
      if (!clear) continue;
      Pocket pocket{add(e, dir), {}};
      s.dig(pocket.door, Terrain::Door, RouteGates::kGateArea);
      for (int i = 2; i <= 4; ++i) {
        pocket.cells.push_back(add(e, scale(dir, i)));
        s.dig(pocket.cells.back(), Terrain::Floor, k);
      }
      return pocket;
    }
  return std::nullopt;
}

// Free floor cells of area k, off every side area.
std::vector<Point> area_floor(const Layout& s, int k) {
  std::vector<Point> cells;
  for (size_t i = 0; i < s.open.size(); ++i)
    if (const Point p = s.d.tiles.point(i); s.free_floor(p, k)) cells.push_back(p);
  return cells;
}

// Moves one treasure of area k (off the side area) onto free floor of the side area, if any.
void treasure_to_pocket(Layout& s, int k, const Pocket& pocket) {
  std::vector<Point> room;
  for (Point q : pocket.cells)
    if (s.d.tiles[q] == Terrain::Floor && !s.occupied(q)) room.push_back(q);
  if (room.empty()) return;
  for (Objective& o : s.d.objectives)
    if (o.kind == ObjectiveKind::Treasure && s.g.area[o.pos] == k && !s.pocket[o.pos]) {
      o.pos = room[s.rng.index_below(room.size())];
      return;
    }
}

// Area k of a tree: its side area with the route gate's key, locked (lock `next`, its key on the
// area's floor) when `paired`; then the route gate's lock. Advances `next`.
std::string tree_area(Layout& s, int k, bool paired, int& next, const Grid<uint8_t>& on_route) {
  std::optional<Pocket> pocket = existing_pocket(s, k, on_route);
  if (!pocket) pocket = dug_pocket(s, k);
  if (!pocket) return "no side area off area " + std::to_string(k + 1) + " for key " + std::to_string(next);
  for (Point q : pocket->cells) s.pocket[q] = 1;
  std::vector<Point> inside;
  for (Point q : pocket->cells)
    if (s.d.tiles[q] == Terrain::Floor && !s.occupied(q)) inside.push_back(q);
  const Point route_key = *s.pick(inside);
  if (paired) {
    const std::optional<Point> side_key = s.pick(area_floor(s, k));
    if (!side_key) return "no free floor for key " + std::to_string(next);
    s.d.objectives.push_back({ObjectiveKind::Key, *side_key, next});
    s.lock({pocket->door}, next++);
  }
  s.d.objectives.push_back({ObjectiveKind::Key, route_key, next});
  s.lock(s.g.gates[static_cast<size_t>(k)], next++);
  treasure_to_pocket(s, k, *pocket);
  return {};
}

// ---- Cycles --------------------------------------------------------------------------------

// A passage through the rock: its cells from the door (at the far area) to the near end, and the
// cell of the near area it opens onto.
struct Passage {
  std::vector<Point> cells;  // cells[0] is the door
  Point dir;                 // the step from the far area into the door
  Point near;                // the near area's cell beyond the last cell
  double score = 0;
};

// Whether every open cell round p (8 neighbours) is of area `a` or `b`.
bool touches_only(const Layout& s, Point p, int a, int b) {
  for (const Point& dir : kDirections) {
    const Point n = add(p, dir);
    if (s.open.in_bounds(n) && s.open[n] && s.g.area[n] != a && s.g.area[n] != b) return false;
  }
  return true;
}

// Passages from area k + 1 (the far side of gate k) to area k, breadth first through the rock:
// the door is a rock cell beside the far area with rock (or the near area) straight beyond it;
// the other cells touch only area k. Each near cell is reached by its shortest passage.
std::vector<Passage> passages(const Layout& s, int k, const Grid<double>& from_gate) {
  const Grid<Terrain>& t = s.d.tiles;
  Grid<int32_t> parent(t.width(), t.height(), -1);  // index of the cell before, or -2 for a door
  Grid<uint8_t> length(t.width(), t.height(), 0);
  Grid<uint8_t> near_seen(t.width(), t.height(), 0);
  std::deque<Point> queue;
  std::vector<Passage> found;
  auto reach = [&](Point cell, Point dir) {  // the passage ending at `cell` opens onto cell + dir
    const Point n = add(cell, dir);
    if (!s.open.in_bounds(n) || !s.open[n] || s.g.area[n] != k || near_seen[n]) return;
    near_seen[n] = 1;
    Passage p{{}, {}, n, from_gate[n] - 2.0 * length[cell]};
    for (Point c = cell;; c = t.point(static_cast<size_t>(parent[c]))) {
      p.cells.push_back(c);
      if (parent[c] == -2) break;
    }
    std::reverse(p.cells.begin(), p.cells.end());
    p.dir = p.cells.size() > 1 ? Point{p.cells[1].x - p.cells[0].x, p.cells[1].y - p.cells[0].y} : dir;
    found.push_back(std::move(p));
  };
  for (size_t i = 0; i < t.size(); ++i) {  // doors: beside the far area, straight on into rock or the near area
    const Point q = t.point(i);
    if (!s.open[q] || s.g.area[q] != k + 1) continue;
    for (const Point& dir : kStraight) {
      const Point door = add(q, dir), next = add(door, dir);
      if (!s.rock(door) || parent[door] != -1 || !touches_only(s, door, k, k + 1) || !t.in_bounds(next)) continue;
      if (s.open[next]) {
        if (s.g.area[next] == k) parent[door] = -2, length[door] = 1, reach(door, dir);
        continue;
      }
      if (!s.rock(next) || parent[next] != -1 || !touches_only(s, next, k, k)) continue;
      parent[door] = -2, length[door] = 1;
      parent[next] = static_cast<int32_t>(t.index(door)), length[next] = 2;
      queue.push_back(next);
    }
  }
  while (!queue.empty()) {
    const Point c = queue.front();
    queue.pop_front();
    for (const Point& dir : kStraight) reach(c, dir);
    if (length[c] >= kMaxPassage) continue;
    for (const Point& dir : kStraight) {
      const Point n = add(c, dir);
      if (!s.rock(n) || parent[n] != -1 || !touches_only(s, n, k, k)) continue;
      parent[n] = static_cast<int32_t>(t.index(c));
      length[n] = static_cast<uint8_t>(length[c] + 1);
      queue.push_back(n);
    }
  }
  return found;
}

// The free floor cell of area k nearest `from` (breadth first through area k), or nothing.
std::optional<Point> nearest_floor(const Layout& s, Point from, int k) {
  Grid<uint8_t> seen(s.open.width(), s.open.height(), 0);
  std::deque<Point> queue{from};
  seen[from] = 1;
  while (!queue.empty()) {
    const Point c = queue.front();
    queue.pop_front();
    if (s.free_floor(c, k)) return c;
    for (const Point& dir : kStraight) {
      const Point n = add(c, dir);
      if (!s.open.in_bounds(n) || seen[n] || !s.open[n] || s.g.area[n] != k) continue;
      seen[n] = 1;
      queue.push_back(n);
    }
  }
  return std::nullopt;
}

// Cycle k: digs the passage from area k + 1 back to area k whose near end lies farthest from
// gate k (one of the best four, at random), locks gate k and the passage's door (or makes it
// one-way back), and puts key k + 1 at the near end.
std::string cycle(Layout& s, int k, bool one_way_return) {
  const std::vector<Point>& gate = s.g.gates[static_cast<size_t>(k)];
  const DistanceMap from_gate = distance_map(s.d.tiles, s.costs, gate, s.moves);
  std::vector<Passage> found = passages(s, k, from_gate.dist);
  const int id = k + 1;
  if (found.empty()) return "no rock thin enough for a loop round lock " + std::to_string(id);
  std::stable_sort(found.begin(), found.end(), [](const Passage& a, const Passage& b) { return a.score > b.score; });
  const Passage& p = found[s.rng.index_below(std::min<size_t>(4, found.size()))];
  s.dig(p.cells[0], Terrain::Door, RouteGates::kGateArea);
  for (size_t i = 1; i < p.cells.size(); ++i) s.dig(p.cells[i], Terrain::Corridor, k);
  const std::optional<Point> key = nearest_floor(s, p.near, k);
  if (!key) return "no free floor for key " + std::to_string(id);
  s.d.objectives.push_back({ObjectiveKind::Key, *key, id});
  s.lock(gate, id);
  if (one_way_return) {
    s.d.doors.push_back({p.cells[0], DoorKind::OneWay, 0, false, p.dir});
  } else {
    s.lock({p.cells[0]}, id);
  }
  return {};
}

}  // namespace

std::string_view lock_layout_name(LockLayout l) { return detail::enum_name(detail::kLockLayoutNames, l); }

LockLayout parse_lock_layout(std::string_view name, const std::string& field) {
  return detail::parse_enum(detail::kLockLayoutNames, name, field);
}

LockPlacement place_lock_tree(Dungeon& d, int locks, KeyRule rule, const CostTable& costs, const Moves& moves,
                              Rng& rng) {
  const int gates = (locks + 1) / 2, pairs = locks / 2;
  RouteGates g = detail::route_gates(d, gates, costs, moves);
  if (!g.why.empty()) return {std::move(g.why)};
  Layout s(d, costs, moves, rng, std::move(g));
  s.keys_to_treasure();
  Grid<uint8_t> on_route(d.tiles.width(), d.tiles.height(), 0);
  for (Point p : s.g.route) on_route[p] = 1;
  int next = 1;
  for (int k = 0; k < gates; ++k)
    if (std::string why = tree_area(s, k, k < pairs, next, on_route); !why.empty()) return {std::move(why)};
  sort_locks(d);
  d.key_rule = rule;
  detail::prefer_treasure_spots(d, costs, moves, rng);
  return {};
}

LockPlacement place_lock_cycles(Dungeon& d, int locks, KeyRule rule, bool one_way_return, const CostTable& costs,
                                const Moves& moves, Rng& rng) {
  RouteGates g = detail::route_gates(d, locks, costs, moves, kMinLoopArea);
  if (!g.why.empty()) return {std::move(g.why)};
  Layout s(d, costs, moves, rng, std::move(g));
  s.keys_to_treasure();
  for (int k = 0; k < locks; ++k)
    if (std::string why = cycle(s, k, one_way_return); !why.empty()) return {std::move(why)};
  // Every lock closed (and every one-way door, a wall from the near side): the exit is cut off.
  std::vector<Point> closed;
  for (const LockedDoor& l : d.locks) closed.push_back(l.pos);
  for (const ProgressionDoor& w : d.doors) closed.push_back(w.pos);
  if (s.label_without(closed).connected(s.g.start, s.g.exit)) return {"a loop bypasses the locks"};
  sort_locks(d);
  sort_doors(d);
  d.key_rule = rule;
  detail::prefer_treasure_spots(d, costs, moves, rng);
  return {};
}

}  // namespace catacomb
