// The walkthrough: a door plan walked step by step (see solver_walk.hpp).
#include "validate/solver/solver_walk.hpp"

#include <algorithm>

#include <catacomb/pathing/moves.hpp>
#include <catacomb/pathing/search.hpp>

namespace catacomb::solving {

Walker::Walker(const Model& m) : m_(m), state_(m.empty_state()) {
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

const DistanceMap& Walker::from_here(const std::vector<Point>& targets, double slack) {
  if (m_.lent_flood && !own_) {  // validation's flood of this same terrain, and its grid
    m_.lent_flood->toward(*m_.lent_leg, pos_, targets, slack);
    return m_.lent_leg->map;
  }
  // The terrain's legal moves serve every step until a door opens (or the walker moves, and
  // with it the terrain it owns).
  if (!flood_ || flood_on_ != &terrain()) {
    flood_.reset();
    flood_.emplace(terrain(), m_.o.costs, m_.o.moves);
    flood_on_ = &terrain();
  }
  flood_->toward(leg_, pos_, targets, slack);
  return leg_.map;
}

const std::vector<ObjectiveReport>* Walker::at_start_routes() const {
  return steps_.empty() ? m_.start_routes : nullptr;
}

void Walker::take_all() {
  for (;;) {
    auto wanted = [&](size_t i) {
      return !taken_[i] && static_cast<int>(i) != m_.exit_objective && m_.contains(comp_, i);
    };
    std::vector<Point> targets;
    for (size_t i = 0; i < m_.d.objectives.size(); ++i)
      if (wanted(i)) targets.push_back(m_.d.objectives[i].pos);
    if (targets.empty()) return;
    const std::vector<ObjectiveReport>* known = at_start_routes();
    const DistanceMap* dm = known ? nullptr : &from_here(targets);
    auto cost = [&](size_t i) {
      if (!known) return dm->dist[m_.d.objectives[i].pos];
      const ObjectiveReport& r = (*known)[i];
      return r.reachable ? r.cost : kUnreached;
    };
    int best = -1;
    double best_cost = kUnreached;
    for (size_t i = 0; i < m_.d.objectives.size(); ++i) {
      if (!wanted(i)) continue;
      const double c = cost(i);
      if (c < best_cost) best_cost = c, best = static_cast<int>(i);
    }
    if (best < 0) return;
    if (known) {
      take(best, (*known)[static_cast<size_t>(best)].route);
    } else {
      take(best, route_to(*dm, m_.d.objectives[static_cast<size_t>(best)].pos));
    }
  }
}

void Walker::fetch_key_for(int j) {
  const int lock = m_.doors[static_cast<size_t>(j)].lock;
  int have = 0;
  for (size_t i = 0; i < taken_.size(); ++i)
    have += taken_[i] && m_.is_key(i) && m_.d.objectives[i].lock == lock ? 1 : 0;
  if (m_.rule == KeyRule::Consumable) have -= spent_[static_cast<size_t>(lock)];
  if (have > 0) return;
  auto candidate = [&](size_t i) {
    return !taken_[i] && m_.is_key(i) && m_.d.objectives[i].lock == lock && m_.contains(comp_, i);
  };
  std::vector<Point> targets;
  for (size_t i = 0; i < m_.d.objectives.size(); ++i)
    if (candidate(i)) targets.push_back(m_.d.objectives[i].pos);
  if (targets.empty()) return;
  const DistanceMap& dm = from_here(targets);
  int best = -1;
  double best_cost = kUnreached;
  for (size_t i = 0; i < m_.d.objectives.size(); ++i)
    if (candidate(i) && dm.dist[m_.d.objectives[i].pos] < best_cost)
      best_cost = dm.dist[m_.d.objectives[i].pos], best = static_cast<int>(i);
  if (best >= 0) take(best, route_to(dm, m_.d.objectives[static_cast<size_t>(best)].pos));
}

void Walker::open(int j) {
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
  const DistanceMap& dm = from_here(sides, slack);
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
  (*own_)[dn.pos] = door_terrain;      // a door: the walker has its own terrain
  if (flood_) flood_->opened(dn.pos);  // whose legal moves round the door have changed
  set_open(state_, j);
  if (m_.rule == KeyRule::Consumable) ++spent_[static_cast<size_t>(dn.lock)];
  WalkStep s;
  s.kind = StepKind::OpenDoor;
  s.door = dn.index;
  s.lock = dn.lock;
  push(std::move(s), std::move(route));
}

void Walker::reach_exit() {
  const Point exit = m_.d.objectives[static_cast<size_t>(m_.exit_objective)].pos;
  if (const std::vector<ObjectiveReport>* known = at_start_routes();
      known && (*known)[static_cast<size_t>(m_.exit_objective)].reachable) {
    take(m_.exit_objective, (*known)[static_cast<size_t>(m_.exit_objective)].route);
    return;
  }
  take(m_.exit_objective, route_to(from_here({exit}), exit));
}

std::vector<Point> Walker::route_to(const DistanceMap& dm, Point target) const {
  std::vector<Point> down = descend(dm, terrain(), m_.o.costs, target);
  return {down.rbegin(), down.rend()};
}

void Walker::take(int i, std::vector<Point> route) {
  const Objective& ob = m_.d.objectives[static_cast<size_t>(i)];
  WalkStep s;
  s.kind = ob.kind == ObjectiveKind::Exit      ? StepKind::ReachExit
           : m_.is_key(static_cast<size_t>(i)) ? StepKind::TakeKey
                                               : StepKind::Take;
  s.objective = i;
  s.lock = ob.lock;
  taken_[static_cast<size_t>(i)] = 1;
  push(std::move(s), std::move(route));
}

void Walker::push(WalkStep s, std::vector<Point> route) {
  s.target = route.back();
  s.cost = path_cost(terrain(), m_.o.costs, route, m_.o.moves);
  pos_ = s.target;
  s.route = std::move(route);
  steps_.push_back(std::move(s));
  note_reachable();
}

void Walker::note_reachable() {
  comp_ = m_.component(state_);
  for (size_t i = 0; i < reachable_after_.size(); ++i)
    if (reachable_after_[i] < 0 && m_.contains(comp_, i)) reachable_after_[i] = static_cast<int>(steps_.size());
}

Walker walk_critical(const Model& m, const std::vector<int>& plan, bool to_exit) {
  Walker w(m);
  for (int j : plan) {
    w.fetch_key_for(j);
    w.open(j);
  }
  if (to_exit && m.exit_objective >= 0 && m.contains(w.comp(), static_cast<size_t>(m.exit_objective))) w.reach_exit();
  return w;
}

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
            const Point n{m.doors[static_cast<size_t>(j)].pos.x + kDirections[dir].x,
                          m.doors[static_cast<size_t>(j)].pos.y + kDirections[dir].y};
            if (m.d.tiles.in_bounds(n)) sides.push_back(n);
          }
        const DistanceMap& dm = w.from_here(sides);
        double best = kUnreached;
        for (int j : can) {
          double c = kUnreached;
          for (int dir = 0; dir < 8; ++dir) {
            const Point n{m.doors[static_cast<size_t>(j)].pos.x + kDirections[dir].x,
                          m.doors[static_cast<size_t>(j)].pos.y + kDirections[dir].y};
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

}  // namespace catacomb::solving
