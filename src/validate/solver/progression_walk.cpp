// The walk of a plan on the grid (see progression_walk.hpp): each event (key, door, toggle,
// one-way pass, objective) one step, each step an A* (TerrainFlood::toward) over the terrain with
// the closed locked doors and gates of the moment marked kClosedDoor, O(the cells it searches);
// in each node, its objectives nearest first. Then the secret doors' shortcuts (an A* each) and
// the metrics. Deterministic: ties go to the lower objective index; the searches' own orders.
#include "validate/solver/progression_walk.hpp"

#include <optional>

#include <catacomb/pathing/distance_map.hpp>
#include "shared/pathing/terrain_flood.hpp"
#include "validate/solver/solver_model.hpp"

namespace catacomb::solving {
namespace {

// Walks a plan of node moves on the grid, one step per event. In each node the plan stays in,
// the objectives not yet taken and the switches the plan toggles there (before its next move)
// are visited nearest first: toggles in one node commute (walking inside an area crosses no
// gate), so only the switch states at the move out matter.
class PWalker {
 public:
  explicit PWalker(const PModel& m) : m_(m), terrain_(m.d.tiles), leg_(m.lent_leg ? *m.lent_leg : own_leg_) {
    for (const LockedDoor& l : m.d.locks)
      if (terrain_.in_bounds(l.pos)) terrain_[l.pos] = kClosedDoor;
    for (const ProgressionDoor& g : m.d.doors)
      if (terrain_.in_bounds(g.pos)) terrain_[g.pos] = kClosedDoor;
    set_switches(0);
    taken_.assign(m.d.objectives.size(), 0);
    pos_ = m.d.objectives[static_cast<size_t>(m.start_objective)].pos;
    mark(pos_);
  }
  void run(const std::vector<Move>& plan, bool to_exit) {
    int at = m_.start_node;
    for (size_t k = 0;;) {
      uint32_t toggles = 0;  // bit id - 1: the switches toggled in this node before the next move
      for (; k < plan.size() && plan[k].kind == MoveKind::Toggle; ++k) toggles ^= 1u << (plan[k].switch_id - 1);
      stay(at, toggles);
      if (k == plan.size()) break;
      const Move& mv = plan[k++];
      if (mv.kind == MoveKind::Open) {
        const Point door = m_.nodes[static_cast<size_t>(mv.node)].pos;
        open_cell(door);
        go(StepKind::OpenDoor, door, -1, m_.lock_id(mv.node));
        steps_.back().door = m_.nodes[static_cast<size_t>(mv.node)].index;
      } else if (mv.kind == MoveKind::OneWay) {
        const ProgressionDoor& g = m_.door(mv.node);
        const Point before{g.pos.x - g.dir.x, g.pos.y - g.dir.y};
        std::vector<Point> route;
        if (after_ && *after_ == g.pos) {  // the one-way door just passed leads straight into this one
          route = {pos_, g.pos};
          after_.reset();
        } else {
          route = route_to(from_here({before}), before);
          route.push_back(g.pos);
        }
        push(StepKind::OneWay, g.pos, -1, 0, std::move(route));
        after_ = Point{g.pos.x + g.dir.x, g.pos.y + g.dir.y};
      }
      at = mv.node;
    }
    if (to_exit && m_.exit_objective >= 0)
      go(StepKind::ReachExit, m_.d.objectives[static_cast<size_t>(m_.exit_objective)].pos, m_.exit_objective, 0);
  }
  std::vector<WalkStep>& steps() { return steps_; }

 private:
  void set_switches(uint32_t sw) {
    sw_ = sw;
    for (const ProgressionDoor& g : m_.d.doors) {
      if (g.kind != DoorKind::Gate || !terrain_.in_bounds(g.pos)) continue;
      if (gate_open(g, sw)) open_cell(g.pos);
      else if (terrain_[g.pos] != kClosedDoor) {
        terrain_[g.pos] = kClosedDoor;
        if (flood_) flood_->closed(g.pos);
      }
    }
  }
  void open_cell(Point p) {
    if (terrain_[p] != kClosedDoor) return;
    terrain_[p] = m_.d.tiles[p];
    if (flood_) flood_->opened(p);
  }
  void mark(Point p) {
    for (size_t i = 0; i < m_.d.objectives.size(); ++i)
      if (m_.d.objectives[i].pos == p) taken_[i] = 1;
  }
  // Where the next leg starts: the cell a one-way door just passed leads to, else where the
  // player stands.
  Point leg_start() const { return after_ ? *after_ : pos_; }
  // The distances of the next leg toward the nearest of `targets`, as far as it needs (an A*:
  // TerrainFlood::toward, whose descent is the whole map's distance map's route, step for step).
  const DistanceMap& from_here(const std::vector<Point>& targets) {
    if (!flood_) flood_.emplace(terrain_, m_.o.costs, m_.o.moves);
    flood_->toward(leg_, leg_start(), targets);
    return leg_.map;
  }
  // The route from where the player stands to `to` (leaving a one-way door first, its way).
  std::vector<Point> route_to(const DistanceMap& dm, Point to) {
    std::vector<Point> route{pos_};
    if (after_) route.push_back(*after_);
    after_.reset();
    if (route.back() != to) {
      const std::vector<Point> back = descend(dm, terrain_, m_.o.costs, to);
      for (auto it = back.rbegin() + (back.empty() ? 0 : 1); it != back.rend(); ++it) route.push_back(*it);
    }
    return route;
  }
  void go(StepKind kind, Point at, int objective, int lock) {
    push(kind, at, objective, lock, route_to(from_here({at}), at));
  }
  void push(StepKind kind, Point at, int objective, int lock, std::vector<Point> route) {
    WalkStep st;
    st.kind = kind;
    st.objective = objective;
    st.lock = lock;
    st.target = at;
    for (size_t i = 1; i < route.size(); ++i) {
      const bool diagonal = route[i].x != route[i - 1].x && route[i].y != route[i - 1].y;
      st.cost += m_.o.costs[m_.d.tiles[route[i]]] * (diagonal ? m_.o.moves.diagonal_cost : 1.0);
      mark(route[i]);
    }
    if (objective >= 0) taken_[static_cast<size_t>(objective)] = 1;  // also where the route is one cell
    st.route = std::move(route);
    pos_ = at;
    steps_.push_back(std::move(st));
  }
  // A stay in node n: its objectives not yet taken (but the exit) and a switch of each id in
  // `toggles` standing in it, nearest first (ties: the lower objective index).
  void stay(int n, uint32_t toggles) {
    for (;;) {
      std::vector<int> wanted;
      std::vector<Point> targets;
      for (size_t i = 0; i < m_.d.objectives.size(); ++i) {
        const Objective& ob = m_.d.objectives[i];
        if (m_.objective_node[i] != n || static_cast<int>(i) == m_.exit_objective) continue;
        const bool toggle = ob.kind == ObjectiveKind::Switch && ob.switch_id >= 1 && ob.switch_id <= kMaxSwitch &&
                            ((toggles >> (ob.switch_id - 1)) & 1u);
        if (!toggle && taken_[i]) continue;
        wanted.push_back(static_cast<int>(i));
        targets.push_back(ob.pos);
      }
      if (wanted.empty()) return;
      const DistanceMap& dm = from_here(targets);
      size_t best = 0;
      for (size_t k = 1; k < wanted.size(); ++k)
        if (dm.dist[targets[k]] < dm.dist[targets[best]]) best = k;
      const int i = wanted[best];
      const Objective& ob = m_.d.objectives[static_cast<size_t>(i)];
      std::vector<Point> route = route_to(dm, ob.pos);
      const bool toggle = ob.kind == ObjectiveKind::Switch && ob.switch_id >= 1 && ob.switch_id <= kMaxSwitch &&
                          ((toggles >> (ob.switch_id - 1)) & 1u);
      if (toggle) {
        push(StepKind::Toggle, ob.pos, i, 0, std::move(route));
        steps_.back().switch_id = ob.switch_id;
        toggles &= ~(1u << (ob.switch_id - 1));
        set_switches(sw_ ^ (1u << (ob.switch_id - 1)));
      } else {
        push(m_.is_key(static_cast<size_t>(i)) ? StepKind::TakeKey : StepKind::Take, ob.pos, i,
             m_.is_key(static_cast<size_t>(i)) ? ob.lock : 0, std::move(route));
      }
    }
  }

  const PModel& m_;
  Grid<Terrain> terrain_;  // closed doors and gates kClosedDoor
  // terrain_'s legal moves, worked out again after a gate closes; one leg's distances.
  std::optional<detail::TerrainFlood> flood_;
  detail::TerrainFlood::Leg own_leg_;
  detail::TerrainFlood::Leg& leg_;  // own_leg_, or the model's lent one
  uint32_t sw_ = 0;
  Point pos_;
  std::optional<Point> after_;  // the cell a one-way door just entered must be left to
  std::vector<uint8_t> taken_;
  std::vector<WalkStep> steps_;
};

}  // namespace

std::vector<SecretShortcut> secret_shortcuts(const PModel& m) {
  std::vector<SecretShortcut> out;
  Grid<Terrain> open = m.d.tiles;
  for (const ProgressionDoor& g : m.d.doors)
    if (open.in_bounds(g.pos) && g.kind != DoorKind::Gate) open[g.pos] = kClosedDoor;
  std::optional<detail::TerrainFlood> flood;  // made at the first secret door with two sides
  detail::TerrainFlood::Leg leg;
  for (const ProgressionDoor& g : m.d.doors) {
    if (g.kind != DoorKind::Secret || !open.in_bounds(g.pos)) continue;
    SecretShortcut sc;
    sc.pos = g.pos;
    bool sides = false;
    for (Point v : {Point{1, 0}, Point{0, 1}}) {
      const Point a{g.pos.x - v.x, g.pos.y - v.y}, b{g.pos.x + v.x, g.pos.y + v.y};
      if (open.in_bounds(a) && open.in_bounds(b) && m.o.costs.passable(m.d.tiles[a]) &&
          m.o.costs.passable(m.d.tiles[b]) && open[a] != kClosedDoor && open[b] != kClosedDoor) {
        sc.from = a, sc.to = b, sides = true;
        break;
      }
    }
    if (!sides) {
      sc.message = "secret door at " + to_string(g.pos) + " joins no two passable cells across it";
      out.push_back(std::move(sc));
      continue;
    }
    if (!flood) flood.emplace(open, m.o.costs, m.o.moves);
    flood->toward(leg, sc.from, {sc.to});
    const std::vector<Point> route = descend(leg.map, open, m.o.costs, sc.to);
    sc.without = route.empty() ? -1 : static_cast<int64_t>(route.size()) - 1;
    const std::string between = " between " + to_string(sc.from) + " and " + to_string(sc.to);
    sc.message = "secret door at " + to_string(g.pos) +
                 (sc.without < 0
                      ? " is the only two-way passage" + between
                      : " shortens the two-way walk" + between + " from " + std::to_string(sc.without) + " moves to 2");
    out.push_back(std::move(sc));
  }
  return out;
}

void fill_progression_metrics(const PModel& m, const Grid<int32_t>& area, Solution& s) {
  WalkMetrics& mt = s.metrics;
  std::vector<uint8_t> seen(static_cast<size_t>(m.areas), 0);
  int current = -1;
  for (const WalkStep& st : s.walkthrough) {
    mt.walkthrough_length += static_cast<int64_t>(st.route.size()) - 1;
    mt.walkthrough_cost += st.cost;
    mt.keys_on_critical_path += st.kind == StepKind::TakeKey ? 1 : 0;
    mt.doors_on_critical_path += st.kind == StepKind::OpenDoor ? 1 : 0;
    for (const Point& p : st.route) {
      const int n = area[p];
      if (n < 0 || n >= m.areas || n == current) continue;
      if (current >= 0) seen[static_cast<size_t>(current)] = 1;
      if (seen[static_cast<size_t>(n)]) ++mt.backtracking;
      current = n;
    }
  }
  // The plan visits everything, so the walkthrough is the critical path.
  mt.critical_length = mt.walkthrough_length;
  mt.critical_cost = mt.walkthrough_cost;
}

std::vector<WalkStep> walk_plan(const PModel& m, const std::vector<Move>& plan, bool to_exit) {
  PWalker w(m);
  w.run(plan, to_exit);
  return std::move(w.steps());
}

}  // namespace catacomb::solving
