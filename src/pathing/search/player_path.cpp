// Key-aware routes. The map's cost grid is made with every locked door the player cannot pass set
// impassable; when no lock's keys need rationing (reusable keys, or as many consumable keys of a
// lock as it has closed doors) the grid engine answers on it: same algorithms, same cost, O(cells)
// more work than a plain query. When consumable keys are short, a route may open only as many doors
// of a lock as keys are held: Dijkstra over (cell, keys spent per short lock), states numbered
// cell * M + k with k a mixed-radix count (M = product of (held + 1) over the short locks), each
// entry of a short lock's door spending one key. Optimal (costs > 0; a cheapest route enters no
// cell twice, so a door is never paid for twice). Memory 16 bytes per state, capped at 2^24 states.
// Gates, one-way and secret doors (Dungeon::doors): a gate closed under the player's switch
// states is a wall; a map with one-way or secret doors is searched with the same Dijkstra (the
// grid engine knows no directed steps), a one-way door entered and left only its way and a one-way
// or secret door never cut past diagonally (core/dungeon.hpp's rules, as the solver and verify
// apply them). A secret door is passable: a game whose player has not found it yet draws it as
// wall, and routes on a copy of the dungeon with the door's cell set to wall.
// Determinism: the queue pops by (cost, state number), a total order; costs are added in path
// order, so every platform returns the same route.
#include <catacomb/pathing/player_path.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <queue>
#include <string>
#include <utility>
#include <vector>

namespace catacomb {

namespace {

constexpr int64_t kMaxStates = int64_t{1} << 24;

bool valid_lock(const Dungeon& d, const LockedDoor& l) {
  return l.lock >= 1 && l.lock <= kMaxLock && d.tiles.in_bounds(l.pos);
}

// A lock whose consumable keys are fewer than its closed doors: each entry of one spends a key.
struct ShortLock {
  int lock = 0;
  int held = 0;
  int64_t stride = 1;  // of its count of spent keys in the state number
};

std::vector<ShortLock> short_locks(const Dungeon& d, KeyRule rule, const PlayerState& s) {
  std::vector<ShortLock> out;
  if (rule != KeyRule::Consumable) return out;
  std::array<int, kMaxLock + 1> closed{};
  for (const LockedDoor& l : d.locks)
    if (valid_lock(d, l) && !s.is_opened(l.pos)) ++closed[static_cast<size_t>(l.lock)];
  for (int lock = 1; lock <= kMaxLock; ++lock) {
    const int held = s.keys[static_cast<size_t>(lock)];
    if (held >= 1 && closed[static_cast<size_t>(lock)] > held) out.push_back({lock, held, 1});
  }
  return out;
}

double scaled(double cost, double scale) { return cost == CostTable::kImpassable ? cost : 1 + scale * (cost - 1); }

// The doors on `path` not opened before, in the order walked.
std::vector<LockedDoor> doors_on(const Dungeon& d, const PlayerState& s, const std::vector<Point>& path) {
  std::vector<LockedDoor> out;
  for (const Point& p : path) {
    const int lock = d.lock_at(p);
    if (lock == 0 || s.is_opened(p)) continue;
    if (std::find(out.begin(), out.end(), LockedDoor{p, lock}) == out.end()) out.push_back({p, lock});
  }
  return out;
}

// Dijkstra over (cell, keys spent per short lock); `costs` has the short locks' doors passable.
struct RationedSearch {
  const CostGrid& costs;
  const Moves& moves;
  std::vector<ShortLock> locks;
  Grid<int8_t> lock_of;  // index into `locks` per cell, -1 elsewhere
  int64_t m = 1;
  const Dungeon* d = nullptr;  // set when the map has one-way or secret doors
  Grid<uint8_t> no_corner;     // 1 on a one-way or secret door: never cut past diagonally

  // The step p -> q (direction dir) by the one-way and secret doors' rules.
  bool door_step(Point p, Point q, int dir, int64_t k) const {
    const auto side_open = [&](Point c) { return open(c, k) && (c == q || no_corner[c] == 0); };
    if (!step_allowed_at(moves, p, dir, side_open)) return false;
    if (no_corner[q] != 0)
      if (const ProgressionDoor* g = d->door_at(q); g->kind == DoorKind::OneWay && !one_way_step_allowed(*g, p, q))
        return false;
    if (no_corner[p] != 0)
      if (const ProgressionDoor* g = d->door_at(p); g->kind == DoorKind::OneWay && !one_way_step_allowed(*g, p, q))
        return false;
    return true;
  }

  int spent(int64_t k, const ShortLock& l) const { return static_cast<int>((k / l.stride) % (l.held + 1)); }
  bool open(Point p, int64_t k) const {
    if (!costs.in_bounds(p) || costs[p] == CostTable::kImpassable) return false;
    const int8_t i = lock_of[p];
    return i < 0 || spent(k, locks[static_cast<size_t>(i)]) < locks[static_cast<size_t>(i)].held;
  }

  PathResult run(Point start, Point goal) const {
    PathResult r;
    const int64_t cells = static_cast<int64_t>(costs.size());
    const auto total = static_cast<size_t>(cells * m);
    std::vector<double> g(total, CostTable::kImpassable);
    std::vector<int64_t> parent(total, -1);
    using Entry = std::pair<double, int64_t>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> open_list;
    const int w = costs.width();
    const int64_t first = (int64_t{start.y} * w + start.x) * m;
    g[static_cast<size_t>(first)] = 0;
    open_list.push({0.0, first});
    while (!open_list.empty()) {
      const auto [cost, node] = open_list.top();
      open_list.pop();
      if (cost > g[static_cast<size_t>(node)]) continue;
      ++r.expanded;
      const int64_t cell = node / m, k = node % m;
      const Point p{static_cast<int>(cell % w), static_cast<int>(cell / w)};
      if (p == goal) return finish(r, parent, node, cost);
      for (int dir = 0; dir < 8; ++dir) {
        const Point q{p.x + kDirections[dir].x, p.y + kDirections[dir].y};
        if (d ? !door_step(p, q, dir, k) : !step_allowed_at(moves, p, dir, [&](Point c) { return open(c, k); }))
          continue;
        int64_t nk = k;
        if (const int8_t i = lock_of[q]; i >= 0) nk += locks[static_cast<size_t>(i)].stride;
        const double step = costs[q] * (dir < 4 ? 1.0 : moves.diagonal_cost);
        const int64_t next = (int64_t{q.y} * w + q.x) * m + nk;
        if (cost + step < g[static_cast<size_t>(next)]) {
          g[static_cast<size_t>(next)] = cost + step;
          parent[static_cast<size_t>(next)] = node;
          open_list.push({cost + step, next});
        }
      }
    }
    r.status = PathStatus::NoPath;
    return r;
  }

  PathResult finish(PathResult& r, const std::vector<int64_t>& parent, int64_t node, double cost) const {
    const int w = costs.width();
    for (int64_t n = node; n >= 0; n = parent[static_cast<size_t>(n)]) {
      const int64_t cell = n / m;
      r.path.push_back({static_cast<int>(cell % w), static_cast<int>(cell / w)});
    }
    std::reverse(r.path.begin(), r.path.end());
    r.status = PathStatus::Found;
    r.cost = cost;
    return r;
  }
};

}  // namespace

bool door_open_for(const Dungeon& d, const PlayerState& state, Point door) {
  const int lock = d.lock_at(door);
  if (lock < 1 || lock > kMaxLock) return true;
  return state.is_opened(door) || state.keys[static_cast<size_t>(lock)] >= 1;
}

PathResult find_path(const Dungeon& d, const MapRules& rules, Point start, Point goal, const PlayerState& state,
                     const SearchOptions& options) {
  state.check(d);
  SearchOptions o = options;
  o.moves = rules.moves;
  o.check();
  for (const auto& [name, p] : {std::pair<const char*, Point>{"start", start}, {"goal", goal}})
    if (!d.tiles.in_bounds(p))
      throw InvalidArgument(FieldProblem{
          name, to_string(p),
          "inside the " + std::to_string(d.tiles.width()) + "x" + std::to_string(d.tiles.height()) + " map"});
  CostGrid costs = make_cost_grid(d.tiles, rules.costs);
  for (const LockedDoor& l : d.locks)
    if (valid_lock(d, l) && !door_open_for(d, state, l.pos)) costs[l.pos] = CostTable::kImpassable;
  bool directed = false;  // one-way or secret doors: the Dijkstra below, with their rules
  for (const ProgressionDoor& g : d.doors) {
    if (!d.tiles.in_bounds(g.pos)) continue;
    if (g.kind == DoorKind::Gate && !gate_open(g, state.switches)) costs[g.pos] = CostTable::kImpassable;
    directed = directed || g.kind == DoorKind::OneWay || g.kind == DoorKind::Secret;
  }
  std::vector<ShortLock> locks = short_locks(d, rules.key_rule, state);
  PathResult r;
  if (locks.empty() && !directed) {
    GridSearch search;
    search.set_costs(std::move(costs));
    r = search.find_path(start, goal, o);
  } else {
    RationedSearch s{costs, rules.moves, std::move(locks), Grid<int8_t>(d.tiles.width(), d.tiles.height(), -1),
                     1,     nullptr,     Grid<uint8_t>()};
    if (directed) {
      s.d = &d;
      s.no_corner = Grid<uint8_t>(d.tiles.width(), d.tiles.height(), 0);
      for (const ProgressionDoor& g : d.doors)
        if (d.tiles.in_bounds(g.pos) && g.kind != DoorKind::Gate) s.no_corner[g.pos] = 1;
    }
    for (size_t i = 0; i < s.locks.size(); ++i) {
      s.locks[i].stride = s.m;
      s.m *= s.locks[i].held + 1;
      if (s.m > kMaxStates) break;
    }
    if (s.m == 1 && static_cast<int64_t>(costs.size()) > kMaxStates)
      throw InvalidArgument(FieldProblem{"dungeon",
                                         std::to_string(costs.size()) + " cells with one-way or secret doors",
                                         "at most " + std::to_string(kMaxStates) + " cells for a player's route"});
    if (s.m > kMaxStates || static_cast<int64_t>(costs.size()) > kMaxStates / s.m)
      throw InvalidArgument(FieldProblem{"keys", "a consumable key count giving " + std::to_string(s.m) + " key states",
                                         "at most " + std::to_string(kMaxStates) + " (cells x key states)"});
    for (const LockedDoor& l : d.locks)
      if (valid_lock(d, l) && !state.is_opened(l.pos))
        for (size_t i = 0; i < s.locks.size(); ++i)
          if (s.locks[i].lock == l.lock) s.lock_of[l.pos] = static_cast<int8_t>(i);
    if (o.cost_scale != 1.0)
      for (double& c : costs.cells()) c = scaled(c, o.cost_scale);
    if (costs[start] == CostTable::kImpassable) {
      r.status = PathStatus::StartBlocked;
    } else if (costs[goal] == CostTable::kImpassable) {
      r.status = PathStatus::GoalBlocked;
    } else {
      r = s.run(start, goal);
    }
  }
  r.doors_opened = doors_on(d, state, r.path);
  return r;
}

PathResult find_path(const Dungeon& d, Point start, Point goal, const PlayerState& state) {
  return find_path(d, recorded_rules(d), start, goal, state);
}

}  // namespace catacomb
