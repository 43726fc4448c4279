// The completability solver (see solver.hpp for the model).
//
// Areas: regions of passable cells with every locked door closed (label_regions under the move
// rule). Nodes: the areas, then the usable locked doors. A door is joined to an area or another
// door when one step between them is legal with only those doors open (step_allowed_at, the move
// rule); a legal step between cells of two different areas needs an open door as a side cell
// (else it would be legal with the doors closed, and the cells would share an area), and then two
// straight steps through that door join them too, so "connected in the node graph restricted to
// the open doors" is exactly "connected on the grid with those doors open".
//
// States are sets of opened doors (bit strings). Consumable keys: breadth-first over every
// reachable state, so the first state with the exit is the plan with the fewest doors, and a
// backwards pass over the (acyclic: doors only open) state graph finds the softlocks. Reusable
// keys: the closure, one chain of states. Cost per state: one walk over the node graph, O(nodes +
// edges); memory: one bit string per state. Routes for the walkthrough come from distance maps
// over the grid with the doors of the moment open. Deterministic: every choice is by cost, then
// by index.
#include <catacomb/validate/solver.hpp>

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <set>

#include <catacomb/core/error.hpp>
#include "core/problems.hpp"
#include <catacomb/pathing/distance_map.hpp>
#include <catacomb/pathing/regions.hpp>
#include <catacomb/pathing/search.hpp>

namespace catacomb {
namespace {

using State = std::string;  // bit j of byte j / 8: door j is open

bool is_open(const State& s, int j) {
  const unsigned byte = static_cast<unsigned char>(s[static_cast<size_t>(j / 8)]);
  return ((byte >> static_cast<unsigned>(j % 8)) & 1u) != 0;
}
void set_open(State& s, int j) { s[static_cast<size_t>(j / 8)] = static_cast<char>(s[static_cast<size_t>(j / 8)] | (1 << (j % 8))); }

// A closed locked door in the walkthrough's terrain: a byte that names no terrain, which the
// distance maps read as impassable under every cost table (a table may make even walls passable).
constexpr auto kClosedDoor = static_cast<Terrain>(0xFF);

struct DoorNode {
  Point pos;
  int lock = 0;
  int index = 0;  // into Dungeon::locks
};

struct Model {
  const Dungeon& d;
  SolveOptions o;
  KeyRule rule;
  // Node per cell, -1 for impassable cells; kept only when there are doors (without doors every
  // route stays in the start's area, and the objectives' nodes are all the solver needs).
  Grid<int32_t> node;
  int areas = 0;
  std::vector<DoorNode> doors;
  std::vector<std::vector<int>> adj;
  int start_node = -1;
  int start_objective = -1;
  int exit_objective = -1;
  std::vector<int> objective_node;  // per objective, -1 when not on a passable cell

  explicit Model(const Dungeon& dd, const SolveOptions& oo) : d(dd), o(oo) {
    rule = o.key_rule.value_or(d.key_rule);
    const int w = d.tiles.width(), h = d.tiles.height();
    std::set<Point> door_cells;  // the first usable door on a cell counts
    for (size_t i = 0; i < d.locks.size(); ++i) {
      const LockedDoor& l = d.locks[i];
      if (!d.tiles.in_bounds(l.pos) || l.lock < 1 || l.lock > kMaxLock || door_cells.count(l.pos) != 0) continue;
      if (!o.costs.passable(d.tiles[l.pos])) continue;
      door_cells.insert(l.pos);
      doors.push_back({l.pos, l.lock, static_cast<int>(i)});
    }
    Grid<uint8_t> open0(w, h, 0);  // passable with every locked door closed
    for (size_t i = 0; i < open0.size(); ++i) open0.cells()[i] = o.costs.passable(d.tiles.cells()[i]) ? 1 : 0;
    for (const DoorNode& dn : doors) open0[dn.pos] = 0;
    RegionMap regions = label_regions(open0, o.moves);
    areas = regions.count();
    node = std::move(regions.labels);
    for (size_t j = 0; j < doors.size(); ++j) node[doors[j].pos] = areas + static_cast<int32_t>(j);
    std::vector<std::set<int>> links(static_cast<size_t>(areas) + doors.size());
    for (size_t j = 0; j < doors.size(); ++j) {
      const Point p = doors[j].pos;
      for (int dir = 0; dir < 8; ++dir) {
        const Point q{p.x + kDirections[dir].x, p.y + kDirections[dir].y};
        if (!d.tiles.in_bounds(q) || node[q] < 0) continue;
        auto open = [&](Point c) { return d.tiles.in_bounds(c) && (open0[c] != 0 || c == p || c == q); };
        if (!step_allowed_at(o.moves, p, dir, open)) continue;
        const int a = node[p], b = node[q];
        links[static_cast<size_t>(a)].insert(b);
        links[static_cast<size_t>(b)].insert(a);
      }
    }
    open0 = Grid<uint8_t>();
    for (const auto& l : links) adj.emplace_back(l.begin(), l.end());
    objective_node.assign(d.objectives.size(), -1);
    for (size_t i = 0; i < d.objectives.size(); ++i) {
      const Objective& ob = d.objectives[i];
      if (d.tiles.in_bounds(ob.pos)) objective_node[i] = node[ob.pos];
      if (ob.kind == ObjectiveKind::Start && start_node < 0 && objective_node[i] >= 0) {
        start_node = objective_node[i];
        start_objective = static_cast<int>(i);
      }
      if (ob.kind == ObjectiveKind::Exit && exit_objective < 0) exit_objective = static_cast<int>(i);
    }
    if (doors.empty()) node = Grid<int32_t>();
  }

  int node_count() const { return static_cast<int>(adj.size()); }
  bool is_key(size_t i) const {
    const Objective& ob = d.objectives[i];
    return ob.kind == ObjectiveKind::Key && ob.lock >= 1 && ob.lock <= kMaxLock;
  }

  // Nodes connected to the start with the doors of `s` open (the start's own node always).
  std::vector<uint8_t> component(const State& s) const {
    std::vector<uint8_t> in(adj.size(), 0);
    if (start_node < 0) return in;
    std::vector<int> stack{start_node};
    in[static_cast<size_t>(start_node)] = 1;
    while (!stack.empty()) {
      const int n = stack.back();
      stack.pop_back();
      for (int m : adj[static_cast<size_t>(n)]) {
        if (in[static_cast<size_t>(m)]) continue;
        if (m >= areas && !is_open(s, m - areas)) continue;
        in[static_cast<size_t>(m)] = 1;
        stack.push_back(m);
      }
    }
    return in;
  }

  bool contains(const std::vector<uint8_t>& comp, size_t objective) const {
    const int n = objective_node[objective];
    return n >= 0 && comp[static_cast<size_t>(n)] != 0;
  }

  // Keys held per lock in state `s` with component `comp`.
  std::array<int, kMaxLock + 1> held(const State& s, const std::vector<uint8_t>& comp) const {
    std::array<int, kMaxLock + 1> k{};
    for (size_t i = 0; i < d.objectives.size(); ++i)
      if (is_key(i) && contains(comp, i)) ++k[static_cast<size_t>(d.objectives[i].lock)];
    if (rule == KeyRule::Consumable)
      for (size_t j = 0; j < doors.size(); ++j)
        if (is_open(s, static_cast<int>(j))) --k[static_cast<size_t>(doors[j].lock)];
    return k;
  }

  // Closed doors next to the component that a held key opens, in index order.
  std::vector<int> openable(const State& s, const std::vector<uint8_t>& comp) const {
    const auto k = held(s, comp);
    std::vector<int> out;
    for (size_t j = 0; j < doors.size(); ++j) {
      if (is_open(s, static_cast<int>(j)) || k[static_cast<size_t>(doors[j].lock)] <= 0) continue;
      for (int m : adj[static_cast<size_t>(areas) + j])
        if (comp[static_cast<size_t>(m)]) {
          out.push_back(static_cast<int>(j));
          break;
        }
    }
    return out;
  }

  bool goal(const std::vector<uint8_t>& comp) const {
    if (exit_objective >= 0) return contains(comp, static_cast<size_t>(exit_objective));
    for (size_t i = 0; i < d.objectives.size(); ++i)
      if (!contains(comp, i)) return false;
    return true;
  }

  int objectives_in(const std::vector<uint8_t>& comp) const {
    int n = 0;
    for (size_t i = 0; i < d.objectives.size(); ++i) n += contains(comp, i) ? 1 : 0;
    return n;
  }

  State empty_state() const { return State(doors.size() / 8 + 1, '\0'); }
};

std::string objective_name(const Objective& o) {
  std::string s(objective_kind_name(o.kind));
  if (o.lock != 0) s += " " + std::to_string(o.lock);
  return s + " at " + to_string(o.pos);
}

std::string door_name(const DoorNode& dn) { return "door " + std::to_string(dn.lock) + " at " + to_string(dn.pos); }

// Walks the plan: the steps of the walkthrough with their routes. Each step's distance map
// goes only as far as the step needs (the nearest candidate, or the door's side cells), and
// reads the terrain through the cost table, the doors of the moment open.
class Walker {
 public:
  explicit Walker(const Model& m) : m_(m), state_(m.empty_state()) {
    if (!m.doors.empty()) {  // without doors the map's own terrain serves, uncopied
      own_ = m.d.tiles;
      for (const DoorNode& dn : m.doors) (*own_)[dn.pos] = kClosedDoor;
    }
    taken_.assign(m.d.objectives.size(), 0);
    reachable_after_.assign(m.d.objectives.size(), -1);
    pos_ = m.d.objectives[static_cast<size_t>(m.start_objective)].pos;
    taken_[static_cast<size_t>(m.start_objective)] = 1;
    note_reachable();
  }

  // The distance map from where the player stands, exact up to the nearest of `targets` plus
  // `slack` (kUnreached beyond).
  DistanceMap from_here(const std::vector<Point>& targets, double slack = 0) const {
    return distance_map_near(terrain(), m_.o.costs, {pos_}, m_.o.moves, targets, slack);
  }

  // Full mode: take everything reachable (but the exit), nearest first.
  void take_all() {
    for (;;) {
      std::vector<Point> targets;
      for (size_t i = 0; i < m_.d.objectives.size(); ++i)
        if (!taken_[i] && static_cast<int>(i) != m_.exit_objective && m_.contains(comp_, i))
          targets.push_back(m_.d.objectives[i].pos);
      if (targets.empty()) return;
      const DistanceMap dm = from_here(targets);
      int best = -1;
      double best_cost = kUnreached;
      for (size_t i = 0; i < m_.d.objectives.size(); ++i) {
        if (taken_[i] || static_cast<int>(i) == m_.exit_objective || !m_.contains(comp_, i)) continue;
        const double c = dm.dist[m_.d.objectives[i].pos];
        if (c < best_cost) best_cost = c, best = static_cast<int>(i);
      }
      if (best < 0) return;
      take(best, dm);
    }
  }

  // Critical mode: a key for door j unless one is held.
  void fetch_key_for(int j) {
    const int lock = m_.doors[static_cast<size_t>(j)].lock;
    int have = 0;
    for (size_t i = 0; i < taken_.size(); ++i) have += taken_[i] && m_.is_key(i) && m_.d.objectives[i].lock == lock ? 1 : 0;
    if (m_.rule == KeyRule::Consumable) have -= spent_[static_cast<size_t>(lock)];
    if (have > 0) return;
    auto candidate = [&](size_t i) {
      return !taken_[i] && m_.is_key(i) && m_.d.objectives[i].lock == lock && m_.contains(comp_, i);
    };
    std::vector<Point> targets;
    for (size_t i = 0; i < m_.d.objectives.size(); ++i)
      if (candidate(i)) targets.push_back(m_.d.objectives[i].pos);
    if (targets.empty()) return;
    const DistanceMap dm = from_here(targets);
    int best = -1;
    double best_cost = kUnreached;
    for (size_t i = 0; i < m_.d.objectives.size(); ++i)
      if (candidate(i) && dm.dist[m_.d.objectives[i].pos] < best_cost)
        best_cost = dm.dist[m_.d.objectives[i].pos], best = static_cast<int>(i);
    if (best >= 0) take(best, dm);
  }

  void open(int j) {
    const DoorNode& dn = m_.doors[static_cast<size_t>(j)];
    // The neighbours from which stepping into the door is legal with it open.
    const Terrain door_terrain = m_.d.tiles[dn.pos];
    auto open = [&](Point c) {
      return c == dn.pos || (terrain().in_bounds(c) && terrain()[c] != kClosedDoor && m_.o.costs.passable(terrain()[c]));
    };
    std::vector<int> dirs;
    std::vector<Point> sides;
    for (int dir = 0; dir < 8; ++dir) {
      const Point n{dn.pos.x - kDirections[dir].x, dn.pos.y - kDirections[dir].y};
      if (!terrain().in_bounds(n) || !open(n) || n == dn.pos || !step_allowed_at(m_.o.moves, n, dir, open)) continue;
      dirs.push_back(dir);
      sides.push_back(n);
    }
    // The cheapest side cell: exact up to the nearest side cell plus twice the dearest step into
    // the door, more than any side cell that could tie with it needs.
    const double enter = m_.o.costs[door_terrain];
    const double slack = 2 * enter * std::max(1.0, m_.o.moves.diagonal_cost);
    const DistanceMap dm = from_here(sides, slack);
    Point from{-1, -1};
    double best = kUnreached;
    for (size_t k = 0; k < dirs.size(); ++k) {
      const Point n = sides[k];
      if (dm.dist[n] == kUnreached) continue;
      const double c = dm.dist[n] + enter * (dirs[k] >= 4 ? m_.o.moves.diagonal_cost : 1.0);
      if (c < best) best = c, from = n;
    }
    std::vector<Point> route = route_to(dm, from);
    route.push_back(dn.pos);
    (*own_)[dn.pos] = door_terrain;  // a door: the walker has its own terrain
    set_open(state_, j);
    if (m_.rule == KeyRule::Consumable) ++spent_[static_cast<size_t>(dn.lock)];
    WalkStep s;
    s.kind = StepKind::OpenDoor;
    s.door = dn.index;
    s.lock = dn.lock;
    push(std::move(s), std::move(route));
  }

  void reach_exit() {
    const Point exit = m_.d.objectives[static_cast<size_t>(m_.exit_objective)].pos;
    take(m_.exit_objective, from_here({exit}));
  }

  bool done() const { return m_.goal(comp_); }
  const State& state() const { return state_; }
  const std::vector<uint8_t>& comp() const { return comp_; }
  Point pos() const { return pos_; }
  std::vector<WalkStep>& steps() { return steps_; }
  const std::vector<WalkStep>& steps() const { return steps_; }
  std::vector<int>& reachable_after() { return reachable_after_; }
  const std::vector<uint8_t>& taken() const { return taken_; }

 private:
  std::vector<Point> route_to(const DistanceMap& dm, Point target) const {
    std::vector<Point> down = descend(dm, terrain(), m_.o.costs, target);
    return {down.rbegin(), down.rend()};
  }

  // The cost of a legal route, summed as path_cost sums it (left to right, a diagonal step's
  // entry cost times the diagonal factor).
  double route_cost(const std::vector<Point>& route) const {
    double total = 0;
    for (size_t k = 1; k < route.size(); ++k) {
      const int dir = direction_index(route[k].x - route[k - 1].x, route[k].y - route[k - 1].y);
      const double c = m_.o.costs[terrain()[route[k]]];
      total += dir >= 4 ? c * m_.o.moves.diagonal_cost : c * 1.0;
    }
    return total;
  }

  void take(int i, const DistanceMap& dm) {
    const Objective& ob = m_.d.objectives[static_cast<size_t>(i)];
    WalkStep s;
    s.kind = ob.kind == ObjectiveKind::Exit ? StepKind::ReachExit : m_.is_key(static_cast<size_t>(i)) ? StepKind::TakeKey : StepKind::Take;
    s.objective = i;
    s.lock = ob.lock;
    taken_[static_cast<size_t>(i)] = 1;
    push(std::move(s), route_to(dm, ob.pos));
  }

  void push(WalkStep s, std::vector<Point> route) {
    s.target = route.back();
    s.cost = route_cost(route);
    pos_ = s.target;
    s.route = std::move(route);
    steps_.push_back(std::move(s));
    note_reachable();
  }

  void note_reachable() {
    comp_ = m_.component(state_);
    for (size_t i = 0; i < reachable_after_.size(); ++i)
      if (reachable_after_[i] < 0 && m_.contains(comp_, i)) reachable_after_[i] = static_cast<int>(steps_.size());
  }

  const Grid<Terrain>& terrain() const { return own_ ? *own_ : m_.d.tiles; }

  const Model& m_;
  // The terrain, the doors not yet opened closed (kClosedDoor): the distance maps read it
  // through the cost table, 1 byte per cell where a cost grid would take 8.
  std::optional<Grid<Terrain>> own_;
  State state_;
  Point pos_;
  std::vector<uint8_t> comp_;
  std::vector<uint8_t> taken_;
  std::vector<int> reachable_after_;
  std::array<int, kMaxLock + 1> spent_{};
  std::vector<WalkStep> steps_;
};

// The closure under reusable keys, opening only doors in `allowed` (all when empty): the doors
// in the order they open (lowest index first among the openable).
std::vector<int> closure(const Model& m, const std::vector<uint8_t>& allowed, int64_t& states) {
  State s = m.empty_state();
  std::vector<int> order;
  for (;;) {
    ++states;
    const auto comp = m.component(s);
    int next = -1;
    for (int j : m.openable(s, comp))
      if (allowed.empty() || allowed[static_cast<size_t>(j)]) {
        next = j;
        break;
      }
    if (next < 0) return order;
    set_open(s, next);
    order.push_back(next);
  }
}

// Runs a fixed door plan in critical mode: the keys each door needs, the door; then the exit.
Walker walk_critical(const Model& m, const std::vector<int>& plan, bool to_exit) {
  Walker w(m);
  for (int j : plan) {
    w.fetch_key_for(j);
    w.open(j);
  }
  if (to_exit && m.exit_objective >= 0 && m.contains(w.comp(), static_cast<size_t>(m.exit_objective))) w.reach_exit();
  return w;
}

// Full walkthrough: everything in reach, then the next door (of `plan`, or under reusable keys
// the nearest openable one), and the exit last.
Walker walk_full(const Model& m, const std::vector<int>* plan) {
  Walker w(m);
  size_t next = 0;
  for (;;) {
    w.take_all();
    int door = -1;
    if (plan) {
      if (next < plan->size()) door = (*plan)[next++];
    } else {
      const std::vector<int> can = m.openable(w.state(), w.comp());
      if (!can.empty()) {
        std::vector<Point> sides;  // every door's neighbours: the nearest of them decides
        for (int j : can)
          for (int dir = 0; dir < 8; ++dir) {
            const Point n{m.doors[static_cast<size_t>(j)].pos.x + kDirections[dir].x, m.doors[static_cast<size_t>(j)].pos.y + kDirections[dir].y};
            if (m.d.tiles.in_bounds(n)) sides.push_back(n);
          }
        const DistanceMap dm = w.from_here(sides);
        double best = kUnreached;
        for (int j : can) {
          double c = kUnreached;
          for (int dir = 0; dir < 8; ++dir) {
            const Point n{m.doors[static_cast<size_t>(j)].pos.x + kDirections[dir].x, m.doors[static_cast<size_t>(j)].pos.y + kDirections[dir].y};
            if (dm.dist.in_bounds(n)) c = std::min(c, dm.dist[n]);
          }
          if (door < 0 || c < best) best = c, door = j;
        }
      }
    }
    if (door < 0) break;
    w.open(door);
  }
  if (m.exit_objective >= 0 && m.contains(w.comp(), static_cast<size_t>(m.exit_objective))) w.reach_exit();
  return w;
}

// Why objective i is not reached when the player can get to the nodes of `reach` at most.
std::string reason(const Model& m, size_t i, const std::vector<uint8_t>& reach) {
  const Objective& ob = m.d.objectives[i];
  const std::string name = objective_name(ob);
  if (m.objective_node[i] < 0) return name + " is not on a passable cell";
  if (m.contains(reach, i))
    return name + " can be reached, but not on the way to the exit: the keys it needs are spent on doors the exit needs";
  // Breadth first from the reachable nodes with every door open: the first door on the way.
  auto first_door = [&](int target) {
    std::vector<int> via(m.adj.size(), -2);
    std::vector<int> queue;
    for (size_t n = 0; n < reach.size(); ++n)
      if (reach[n]) via[n] = -1, queue.push_back(static_cast<int>(n));
    for (size_t q = 0; q < queue.size(); ++q) {
      const int n = queue[q];
      for (int k : m.adj[static_cast<size_t>(n)]) {
        if (via[static_cast<size_t>(k)] != -2) continue;
        via[static_cast<size_t>(k)] = via[static_cast<size_t>(n)] >= 0 ? via[static_cast<size_t>(n)] : (k >= m.areas ? k - m.areas : -1);
        queue.push_back(k);
      }
    }
    return via[static_cast<size_t>(target)] == -2 ? -2 : via[static_cast<size_t>(target)];
  };
  const int door = first_door(m.objective_node[i]);
  if (door < 0) return name + " cannot be reached from the start, even with every door open";
  const DoorNode& dn = m.doors[static_cast<size_t>(door)];
  const int lock = dn.lock;
  if (m.is_key(i) && ob.lock == lock) return name + " lies behind " + door_name(dn) + ", the door it opens";
  std::vector<size_t> keys;
  int within = 0;
  for (size_t k = 0; k < m.d.objectives.size(); ++k)
    if (m.is_key(k) && m.d.objectives[k].lock == lock) {
      keys.push_back(k);
      within += m.contains(reach, k) ? 1 : 0;
    }
  const std::string behind = name + " lies behind " + door_name(dn);
  if (keys.empty()) return behind + ", and there is no key " + std::to_string(lock);
  if (within > 0)
    return behind + ", and the " + std::to_string(within) + " key" + (within > 1 ? "s " : " ") + std::to_string(lock) +
           " within reach " + (within > 1 ? "are" : "is") + " spent on other doors " + std::to_string(lock);
  const size_t k = keys.front();
  const int kd = first_door(m.objective_node[k]);
  const std::string key = "key " + std::to_string(lock) + " at " + to_string(m.d.objectives[k].pos);
  if (kd == door) return behind + ", and " + key + " lies behind that door too";
  if (kd < 0) return behind + ", and " + key + " cannot be reached even with every door open";
  return behind + ", and " + key + " lies behind " + door_name(m.doors[static_cast<size_t>(kd)]);
}

void fill_metrics(const Model& m, Solution& s, const Walker& critical) {
  WalkMetrics& mt = s.metrics;
  for (const WalkStep& st : critical.steps()) {
    mt.critical_length += static_cast<int64_t>(st.route.size()) - 1;
    mt.critical_cost += st.cost;
    mt.keys_on_critical_path += st.kind == StepKind::TakeKey ? 1 : 0;
    mt.doors_on_critical_path += st.kind == StepKind::OpenDoor ? 1 : 0;
  }
  for (size_t i = 0; i < m.d.objectives.size(); ++i) {
    const ObjectiveKind k = m.d.objectives[i].kind;
    if (k != ObjectiveKind::Start && k != ObjectiveKind::Exit && !critical.taken()[i]) ++mt.optional_objectives;
  }
  std::vector<uint8_t> seen(static_cast<size_t>(m.areas), 0);
  int current = -1;
  for (const WalkStep& st : s.walkthrough) {
    mt.walkthrough_length += static_cast<int64_t>(st.route.size()) - 1;
    mt.walkthrough_cost += st.cost;
    if (m.doors.empty()) continue;  // one area: nothing to re-enter (and no node grid kept)
    for (const Point& p : st.route) {
      const int n = m.node[p];
      if (n < 0 || n >= m.areas || n == current) continue;
      if (current >= 0) seen[static_cast<size_t>(current)] = 1;
      if (seen[static_cast<size_t>(n)]) ++mt.backtracking;
      current = n;
    }
  }
}

}  // namespace

std::string_view step_kind_name(StepKind k) {
  switch (k) {
    case StepKind::TakeKey: return "take-key";
    case StepKind::OpenDoor: return "open-door";
    case StepKind::Take: return "take";
    case StepKind::ReachExit: return "reach-exit";
  }
  return "?";
}

std::optional<StepKind> step_kind_from_name(std::string_view name) {
  for (StepKind k : {StepKind::TakeKey, StepKind::OpenDoor, StepKind::Take, StepKind::ReachExit})
    if (step_kind_name(k) == name) return k;
  return std::nullopt;
}

std::string_view solve_status_name(SolveStatus s) {
  switch (s) {
    case SolveStatus::Completable: return "completable";
    case SolveStatus::NotCompletable: return "not-completable";
    case SolveStatus::StateCap: return "state-cap";
  }
  return "?";
}

Solution solve_dungeon(const Dungeon& d, const SolveOptions& options) {
  std::vector<FieldProblem> problems = options.moves.problems();
  if (options.max_states < 1) problems.push_back({"max_states", std::to_string(options.max_states), "at least 1"});
  throw_if_problems(problems);
  Solution s;
  const Model m(d, options);
  s.key_rule = m.rule;
  s.areas = m.areas;
  s.reachable_after.assign(d.objectives.size(), -1);
  s.reasons.assign(d.objectives.size(), "");
  if (m.start_node < 0) {
    s.message = "no start on a passable cell: nothing can be reached";
    for (size_t i = 0; i < d.objectives.size(); ++i) s.reasons[i] = objective_name(d.objectives[i]) + " cannot be reached: there is no start";
    return s;
  }

  std::vector<int> plan, critical_plan;
  std::vector<uint8_t> reach;  // every node some reachable state connects to the start
  bool completable = false;
  if (m.rule == KeyRule::Reusable) {
    plan = closure(m, {}, s.states);
    State all = m.empty_state();
    for (int j : plan) set_open(all, j);
    reach = m.component(all);
    completable = m.goal(reach);
    if (completable) {
      // The critical plan: drop every door (last opened first) the exit can do without.
      std::vector<uint8_t> allowed(m.doors.size(), 0);
      for (int j : plan) allowed[static_cast<size_t>(j)] = 1;
      for (auto it = plan.rbegin(); it != plan.rend(); ++it) {
        allowed[static_cast<size_t>(*it)] = 0;
        State t = m.empty_state();
        int64_t ignored = 0;
        for (int j : closure(m, allowed, ignored)) set_open(t, j);
        if (!m.goal(m.component(t))) allowed[static_cast<size_t>(*it)] = 1;
      }
      int64_t ignored = 0;
      critical_plan = closure(m, allowed, ignored);
    }
  } else {
    std::vector<State> states{m.empty_state()};
    std::vector<int> parent{-1}, via{-1};
    std::vector<std::vector<int>> next;
    std::vector<uint8_t> at_goal;
    std::vector<int> count;
    std::map<State, int> index{{states[0], 0}};
    reach.assign(m.adj.size(), 0);
    for (size_t q = 0; q < states.size(); ++q) {
      const auto comp = m.component(states[q]);
      for (size_t n = 0; n < comp.size(); ++n) reach[n] |= comp[n];
      at_goal.push_back(m.goal(comp) ? 1 : 0);
      count.push_back(m.objectives_in(comp));
      next.emplace_back();
      for (int j : m.openable(states[q], comp)) {
        State t = states[q];
        set_open(t, j);
        auto [it, fresh] = index.emplace(t, static_cast<int>(states.size()));
        if (fresh) {
          if (static_cast<int64_t>(states.size()) >= options.max_states) {
            s.status = SolveStatus::StateCap;
            s.states = static_cast<int64_t>(states.size());
            s.message = "the solver reached its cap of " + std::to_string(options.max_states) +
                        " states without an answer (too many consumable-key doors to search)";
            return s;
          }
          states.push_back(std::move(t));
          parent.push_back(static_cast<int>(q));
          via.push_back(j);
        }
        next.back().push_back(it->second);
      }
    }
    s.states = static_cast<int64_t>(states.size());
    auto path_to = [&](int q) {
      std::vector<int> doors;
      for (; parent[static_cast<size_t>(q)] >= 0; q = parent[static_cast<size_t>(q)]) doors.push_back(via[static_cast<size_t>(q)]);
      return std::vector<int>(doors.rbegin(), doors.rend());
    };
    int best = -1, first_goal = -1, most = -1;
    for (size_t q = 0; q < states.size(); ++q) {
      if (at_goal[q] && first_goal < 0) first_goal = static_cast<int>(q);
      if (at_goal[q] && count[q] > (best < 0 ? -1 : count[static_cast<size_t>(best)])) best = static_cast<int>(q);
      // Not completable: as far as the player gets (most objectives, then most doors open).
      if (most < 0 || count[q] >= count[static_cast<size_t>(most)]) most = static_cast<int>(q);
    }
    completable = best >= 0;
    plan = path_to(completable ? best : most);
    if (completable) {
      critical_plan = path_to(first_goal);
      // Softlocks: states from which no goal state can be reached (successors come later in
      // breadth-first order, so one backwards pass settles every state).
      std::vector<uint8_t> can(states.size(), 0);
      for (size_t q = states.size(); q-- > 0;) {
        can[q] = at_goal[q];
        for (int t : next[q]) can[q] |= can[static_cast<size_t>(t)];
      }
      int first_soft = -1;
      for (size_t q = 0; q < states.size(); ++q)
        if (!can[q]) {
          ++s.softlock_states;
          if (first_soft < 0) first_soft = static_cast<int>(q);
        }
      if (first_soft >= 0) {
        Softlock sl;
        const std::vector<int> doors = path_to(first_soft);
        sl.steps = walk_critical(m, doors, false).steps();
        const DoorNode& last = m.doors[static_cast<size_t>(doors.back())];
        sl.message = "after opening " + door_name(last) + " (" + std::to_string(doors.size()) +
                     (doors.size() == 1 ? " door" : " doors") + " opened) the exit can no longer be reached: the keys it needs are spent";
        s.softlock = std::move(sl);
      }
    }
  }

  s.status = completable ? SolveStatus::Completable : SolveStatus::NotCompletable;
  {  // one walker's terrain at a time
    Walker full = walk_full(m, m.rule == KeyRule::Reusable ? nullptr : &plan);
    s.walkthrough = std::move(full.steps());
    s.reachable_after = full.reachable_after();
  }
  for (size_t i = 0; i < d.objectives.size(); ++i)
    if (s.reachable_after[i] < 0) s.reasons[i] = reason(m, i, reach);
  if (!completable && m.exit_objective < 0) s.message = "some objectives cannot be reached";
  if (completable) fill_metrics(m, s, walk_critical(m, critical_plan, true));
  return s;
}

}  // namespace catacomb
