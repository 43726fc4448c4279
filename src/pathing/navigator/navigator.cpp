// The Navigator: exact shortest paths for many queries on one static map with doors. This file:
// the queries, the doors and the public API; the build (cost indices, landmarks, the engine) is
// navigator_build.cpp, the state both share navigator_impl.hpp.
//
// Build. Each cell holds one byte, an index into the map's distinct costs (255: never entered),
// in a grid padded with one blocked cell all round so that a neighbour is read without bounds
// checks. 16 landmarks (1 on small maps) are picked by the farthest-point rule: the first is the
// cell farthest from the first cell of the largest connected area, each next one the cell
// farthest from all those picked. One Dijkstra search per landmark, all with every door open, on
// integer weights (navigator_build.cpp's landmark_weights: each step's symmetric lower-bound cost
// after the change of potential phi(v) = cost(v) / 2, which charges a step between cells of
// different costs half of each, times a scale, rounded down), with Dial's ring of buckets; each
// distance is kept as a count of quanta, rounded down, packed as a nibble per cell above a base
// per 4x4 block (landmarks.hpp). Cost: (landmarks + 1) searches of O(cells + largest distance /
// 64) and one region labelling.
//
// Query. A* on the search engine's bucket queue (open_list.hpp), which pops in the total order
// (lower f, then larger g, then lower cell index), so every platform returns the same path; a
// child that comes before its parent is the next pop and skips the queue (as in GridSearch);
// h = max(octile or Manhattan distance x the smallest cost, the landmarks' bound), the largest
// over all 16 landmarks (SSE2: one 8-byte load of nibbles and 32 bytes of bases a cell).
// The landmark bound is admissible whatever the doors do (a closed door only lengthens routes)
// but, rounded to quanta, consistent only within a quantum, so a closed node whose cost improves
// is opened again: optimal in every case. On maps with no door declared, under 8 neighbours
// without corner cutting, Jump Point Search (jps.cpp) answers instead, steered by the same bound:
// on a weighted map (not every passable cell costing 1) its weighted form, which stops at the
// cells next to another cost and steps from them as A* does.
//
// Doors. A declared door's cell holds its cost index when open, 255 when closed (and its g cell
// kWall, so it is never entered): O(1) a change.
// The landmark tables were built with every door open and stay valid; the jump point map, which
// would need its lines rebuilt, is never used on a map with doors.
//
// Memory: 1 byte per cell of cost indices; the landmarks, 10.125 bytes per cell (8 of nibbles,
// 2 of bases, a bit for the area they cover); the A* scratch (g and a state byte per padded cell,
// 4 bytes per cell for the list of cells a query touched: about 13 bytes per cell) or, for JPS,
// its map (about 3.25 bytes per cell; a weighted one 1.125 bytes more: a cost byte and a
// cost-edge bit, and the cost edges' steps, 8 bytes per cost edge, when everything kept stays
// within kMaxBytesPerCell) and scratch (20 bytes per cell). Determinism: no clock, no unordered
// container; integer landmark distances (exact, whatever order Dial's buckets are drained in) and
// bounds (SSE2 and the scalar loop take the same integers); the landmarks and every tie follow
// row-major or index order.
#include <catacomb/pathing/navigator.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cmath>
#include <limits>
#include <string>
#include <utility>

#include <catacomb/core/error.hpp>
#include <catacomb/pathing/distance_map.hpp>  // kUnreached
#include <catacomb/pathing/jps.hpp>
#include <catacomb/pathing/player_path.hpp>
#include <catacomb/pathing/regions.hpp>
#include "shared/core/problems.hpp"
#include "pathing/jps/jps_access.hpp"
#include "pathing/search/open_list.hpp"
#include "pathing/navigator/landmarks.hpp"
#include "pathing/navigator/navigator_impl.hpp"

namespace catacomb {

using namespace navigator_detail;

PathResult Navigator::Impl::search(Point start, Point goal) {
  PathResult r;
  const uint32_t s = static_cast<uint32_t>(start.y * width + start.x);
  if (!goal_view.prepare(landmarks, s, goal.x, goal.y, palette[code[padded(goal.x, goal.y)]])) {
    r.status = PathStatus::NoPath;
    return r;
  }
  const auto ps = static_cast<uint32_t>(padded(start.x, start.y)), pt = static_cast<uint32_t>(padded(goal.x, goal.y));
  const bool diagonals = policy != DiagonalPolicy::Never;
  const double diagonal_cost = moves.diagonal_cost;
  auto h = [&](int x, int y) {
    const int dx = std::abs(x - goal.x), dy = std::abs(y - goal.y);
    const int lo = std::min(dx, dy), hi = std::max(dx, dy);
    const double geometric = diagonals ? static_cast<double>(hi - lo) + static_cast<double>(lo) * diagonal_cost
                                       : static_cast<double>(dx + dy);
    return goal_view.bound(x, y, static_cast<uint32_t>(y * width + x), palette[code[padded(x, y)]],
                           geometric * min_cost);
  };
  auto entry = [](double f, double g, uint32_t pcell, int y) {
    return Entry{f, g, uint64_t{pcell} << 32 | static_cast<uint32_t>(y)};
  };
  // Buckets a 64th of the smallest step wide, as the search engine's (search.cpp).
  Entry next = entry(h(start.x, start.y), 0.0, ps, start.y);
  bool have_next = true;
  open_list.reset(min_cost / 64, next.f);
  g_cost[ps] = 0.0;
  state[ps] = kSeen | kFromStart;
  touched.push_back(ps);
  const detail::Before<Entry> before{};
  // A child that comes before its parent comes before everything queued: the next pop.
  auto offer = [&](const Entry& c, const Entry& parent) {
    if (!before(c, parent)) {
      open_list.push(c);
    } else if (!have_next) {
      next = c;
      have_next = true;
    } else if (before(c, next)) {
      open_list.push(next);
      next = c;
    } else {
      open_list.push(c);
    }
  };
  auto live = [&](const Entry& e) {
    const auto pc = static_cast<size_t>(e.ik >> 32);
    return e.gv == g_cost[pc] && (state[pc] & kClosed) == 0;
  };
  const auto& legal = kLegalMoves[static_cast<size_t>(policy)];
  const double step_factor[8] = {1, 1, 1, 1, diagonal_cost, diagonal_cost, diagonal_cost, diagonal_cost};
  r.status = PathStatus::NoPath;
  for (;;) {
    Entry e;
    if (have_next) {
      e = next;
      have_next = false;
    } else if (!open_list.pop(e, live)) {
      break;
    } else if (!live(e)) {
      continue;  // expanded already, or reached more cheaply since
    }
    const auto pc = static_cast<uint32_t>(e.ik >> 32);
    state[pc] |= kClosed;
    ++r.expanded;
    if (pc == pt) {
      r.status = PathStatus::Found;
      build_path(ps, pt, r);
      break;
    }
    const int ey = static_cast<int>(static_cast<uint32_t>(e.ik));
    const int ex = static_cast<int>(pc - static_cast<uint32_t>(ey + 1) * static_cast<uint32_t>(padded_width)) - 1;
    // The children that improve (a wall holds kWall, so it never does), as a bit set.
    const uint8_t* cp = code.data() + pc;
    const double* gp = g_cost.data() + pc;
    double g[8];
    unsigned open_bits = 0, better = 0;
    for (size_t d = 0; d < 8; ++d) {
      const uint8_t c = cp[offset[d]];
      g[d] = e.gv + palette[c] * step_factor[d];
      open_bits |= (c != kBlocked ? 1u : 0u) << d;
      better |= (g[d] < gp[offset[d]] ? 1u : 0u) << d;
    }
    // In direction order, straight moves first: the first move to reach a cell at its best g
    // is its parent. A closed cell reached more cheaply is opened again (the bound is
    // consistent only within a quantum).
    for (unsigned steps = legal[open_bits] & better; steps != 0; steps &= steps - 1) {
      const int d = std::countr_zero(steps);
      const auto du = static_cast<size_t>(d);
      const auto pn = static_cast<uint32_t>(static_cast<int64_t>(pc) + offset[du]);
      if ((state[pn] & kSeen) == 0) touched.push_back(pn);
      g_cost[pn] = g[du];
      state[pn] = static_cast<uint8_t>(kSeen | d);
      const int nx = ex + kDirections[d].x, ny = ey + kDirections[d].y;
      offer(entry(g[du] + h(nx, ny), g[du], pn, ny), e);
    }
  }
  forget_touched();
  return r;
}

void Navigator::Impl::forget_touched() {
  for (const uint32_t c : touched) {
    g_cost[c] = kUnseen;
    state[c] = 0;
  }
  touched.clear();
}

void Navigator::Impl::build_path(uint32_t start_cell, uint32_t goal_cell, PathResult& r) const {
  const auto pw = static_cast<uint32_t>(padded_width);
  for (uint32_t c = goal_cell;; c = static_cast<uint32_t>(static_cast<int64_t>(c) - offset[state[c] & kDirection])) {
    r.path.push_back({static_cast<int>(c % pw) - 1, static_cast<int>(c / pw) - 1});
    if (c == start_cell) break;
  }
  std::reverse(r.path.begin(), r.path.end());
  r.cost = g_cost[goal_cell];
}

void Navigator::Impl::report_doors(PathResult& r) const {
  if (!from_dungeon || doors.empty()) return;
  for (const Point& p : r.path) {
    const auto c = static_cast<uint32_t>(p.y * width + p.x);
    const auto it = std::lower_bound(doors.begin(), doors.end(), c,
                                     [](const Door& d, uint32_t v) { return d.cell < v; });
    if (it == doors.end() || it->cell != c || it->lock == 0 || it->already_opened) continue;
    const LockedDoor door{p, it->lock};
    if (std::find(r.doors_opened.begin(), r.doors_opened.end(), door) == r.doors_opened.end())
      r.doors_opened.push_back(door);
  }
}

namespace {

// The doors of a dungeon's navigator: its valid locked doors, then its gates (a switch id of 1
// to kMaxSwitch), each cell once, in the dungeon's order.
std::vector<Point> door_cells(const Dungeon& d) {
  std::vector<Point> out;
  auto add = [&](Point p) {
    if (d.tiles.in_bounds(p) && std::find(out.begin(), out.end(), p) == out.end()) out.push_back(p);
  };
  for (const LockedDoor& l : d.locks)
    if (l.lock >= 1 && l.lock <= kMaxLock) add(l.pos);
  for (const ProgressionDoor& g : d.doors)
    if (g.kind == DoorKind::Gate && g.switch_id >= 1 && g.switch_id <= kMaxSwitch) add(g.pos);
  return out;
}

// One-way and secret doors have rules a navigator cannot keep (a step allowed one way only; no
// corner cut past the door): a dungeon with either is refused, naming how many.
void refuse_directed_doors(const Dungeon& d) {
  int n = 0;
  for (const ProgressionDoor& g : d.doors) n += g.kind == DoorKind::OneWay || g.kind == DoorKind::Secret ? 1 : 0;
  if (n > 0)
    throw InvalidArgument(FieldProblem{"dungeon", std::to_string(n) + " one-way or secret doors",
                                       "none for a navigator (its steps go both ways and may cut a corner past "
                                       "a door); route with find_path(d, rules, start, goal, state)"});
}

}  // namespace

Door* Navigator::Impl::find_door(Impl& s, Point p) {
  if (p.x < 0 || p.y < 0 || p.x >= s.width || p.y >= s.height) return nullptr;
  const auto c = static_cast<uint32_t>(p.y * s.width + p.x);
  const auto it = std::lower_bound(s.doors.begin(), s.doors.end(), c,
                                   [](const Door& d, uint32_t v) { return d.cell < v; });
  return it != s.doors.end() && it->cell == c ? &*it : nullptr;
}

Navigator::Navigator(const Grid<Terrain>& tiles, const MapRules& rules, const std::vector<Point>& doors)
    : impl_(std::make_unique<Impl>()) {
  impl_->moves = rules.moves;
  rules.moves.check();
  Impl::bind_terrain(*impl_, tiles, rules.costs);
  impl_->finish(doors);
}

Navigator::Navigator(const CostGrid& costs, const Moves& moves, const std::vector<Point>& doors)
    : impl_(std::make_unique<Impl>()) {
  impl_->moves = moves;
  moves.check();
  Impl::bind_costs(*impl_, costs);
  impl_->finish(doors);
}

Navigator::Navigator(const Dungeon& d, const PlayerState& state) : Navigator(d, state, recorded_rules(d)) {}

Navigator::Navigator(const Dungeon& d, const PlayerState& state, const MapRules& rules)
    : impl_(std::make_unique<Impl>()) {
  state.check(d);
  refuse_directed_doors(d);
  rules.moves.check();
  impl_->moves = rules.moves;
  Impl::bind_terrain(*impl_, d.tiles, rules.costs);
  impl_->finish(door_cells(d));
  impl_->from_dungeon = true;
  set_state(d, state);
}

Navigator::~Navigator() = default;
Navigator::Navigator(Navigator&&) noexcept = default;
Navigator& Navigator::operator=(Navigator&&) noexcept = default;

void Navigator::set_door(Point door, bool open) {
  Door* d = Impl::find_door(*impl_, door);
  if (!d) throw InvalidArgument(FieldProblem{"door", to_string(door), "a door the navigator was built with"});
  d->open = open;
  const size_t pc = impl_->padded(door.x, door.y);
  impl_->code[pc] = open ? d->code : kBlocked;
  impl_->g_cost[pc] = open ? kUnseen : kWall;  // a map with doors always has the A* scratch
}

bool Navigator::door_open(Point door) const {
  const Door* d = Impl::find_door(*impl_, door);
  if (!d) throw InvalidArgument(FieldProblem{"door", to_string(door), "a door the navigator was built with"});
  return d->open;
}

void Navigator::set_state(const Dungeon& d, const PlayerState& state) {
  state.check(d);
  refuse_directed_doors(d);
  const std::vector<Point> cells = door_cells(d);
  Impl& s = *impl_;
  bool same = s.from_dungeon && cells.size() == s.doors.size() && d.tiles.width() == s.width &&
              d.tiles.height() == s.height;
  for (size_t i = 0; same && i < cells.size(); ++i) same = Impl::find_door(s, cells[i]) != nullptr;
  if (!same)
    throw InvalidArgument(FieldProblem{"dungeon", std::to_string(cells.size()) + " locked doors and gates",
                                       "the dungeon the navigator was built from"});
  for (Door& door : s.doors) {
    door.lock = d.lock_at(door.pos);
    door.already_opened = state.is_opened(door.pos);
    const ProgressionDoor* gate = door.lock == 0 ? d.door_at(door.pos) : nullptr;
    set_door(door.pos, gate ? gate_open(*gate, state.switches) : door_open_for(d, state, door.pos));
  }
}

PathResult Navigator::find_path(Point start, Point goal) {
  Impl& s = *impl_;
  auto inside = [&](Point q) { return q.x >= 0 && q.y >= 0 && q.x < s.width && q.y < s.height; };
  if (!inside(start) || !inside(goal)) {  // the message is built only when it is needed
    std::vector<FieldProblem> p;
    const std::string shape = std::to_string(s.width) + "x" + std::to_string(s.height);
    if (!inside(start)) p.push_back({"start", to_string(start), "inside the " + shape + " map"});
    if (!inside(goal)) p.push_back({"goal", to_string(goal), "inside the " + shape + " map"});
    throw_if_problems(p);
  }
  if (s.use_jps) return detail::JpsAccess::find_path(s.jps, start, goal);
  PathResult r;
  if (s.code[s.padded(start.x, start.y)] == kBlocked) {
    r.status = PathStatus::StartBlocked;
  } else if (s.code[s.padded(goal.x, goal.y)] == kBlocked) {
    r.status = PathStatus::GoalBlocked;
  } else if (start == goal) {
    r.status = PathStatus::Found;
    r.path.push_back(start);
  } else {
    r = s.search(start, goal);
    s.report_doors(r);
  }
  return r;
}

int Navigator::width() const { return impl_->width; }
int Navigator::height() const { return impl_->height; }

NavigatorStats Navigator::stats() const {
  const Impl& s = *impl_;
  NavigatorStats out;
  out.engine = s.use_jps ? "jps" : "astar";
  out.landmarks = s.landmarks.count;
  out.doors = s.doors.size();
  const double cells = static_cast<double>(s.cells());
  double kept = static_cast<double>(s.landmarks.bytes() + s.code.size());
  double scratch = 0;
  if (s.use_jps) {
    // The jump point map; its node state and corridor-turn slots: 16 + 4 bytes a cell.
    kept += cells * kJpsMapBytesPerCell;
    if (s.weighted_jps) {  // its cost codes and cost edges, and the cost edges' steps if kept
      kept += cells * kWeightedJpsBytesPerCell + static_cast<double>(detail::JpsAccess::edge_steps_bytes(s.jps));
    }
    scratch = cells * 20.0;
  } else {
    scratch = static_cast<double>(s.g_cost.size() * sizeof(double) + s.state.size() +
                                  s.touched.capacity() * sizeof(uint32_t));
  }
  out.bytes_per_cell = cells > 0 ? kept / cells : 0;
  out.scratch_bytes_per_cell = cells > 0 ? scratch / cells : 0;
  return out;
}

}  // namespace catacomb
