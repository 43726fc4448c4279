// The solver for maps with progression: gates and switches, one-way doors, secret doors.
//
// Nodes: the areas (regions of passable cells with every locked door, gate, one-way and secret
// door closed), then one node per usable locked door, gate and one-way door. Links as in
// solver_model.cpp (one legal step with only those two cells open), both ways for locked doors
// and gates, and for a one-way door at p with direction v only node(p - v) -> p -> node(p + v).
// Secret doors are no node: wall for the proof. The nodes and links: progression_model.cpp.
// The search (progression_search.hpp): over every order of visits while that stays under
// kEveryOrderBudget states (the fewest node moves), else over closed states, which merge what
// can be done and undone inside the player's component; either leaves the states with their
// links. Whether the map can be lost is a search of its own over every state a player reaches
// (unlosable.cpp), exact where the closed states merge what a player may leave undone. Memory: a
// few bytes per door and objective node per state, capped by max_states. The walkthrough walks the plan on the grid
// (progression_walk.cpp): an A* per step over the terrain with closed cells marked, each event
// (key, door, toggle, one-way pass, objective) one step.
// Deterministic: node, link and state orders follow the map's row-major order and indices.
#include "validate/solver/solver_progression.hpp"

#include <algorithm>
#include <memory>

#include "validate/solver/progression_model.hpp"
#include "validate/solver/progression_search.hpp"
#include "validate/solver/progression_walk.hpp"
#include "validate/solver/solver_model.hpp"
#include "validate/solver/unlosable.hpp"

namespace catacomb::solving {
namespace {

// Why objective i is never visited: the first closed thing on the way from the nodes some
// state reaches (`reach`), every locked door and gate open, one-way doors their way only.
std::string progression_reason(const PModel& m, size_t i, const std::vector<uint8_t>& reach) {
  const Objective& ob = m.d.objectives[i];
  const std::string name = objective_name(ob);
  const int target = m.objective_node[i];
  if (target < 0) {
    const ProgressionDoor* g = m.d.door_at(ob.pos);
    if (g && g->kind == DoorKind::Secret)
      return name + " stands on the secret door at " + to_string(ob.pos) + ", which is never a required step";
    return name + " is not on a passable cell";
  }
  if (reach[static_cast<size_t>(target)])
    return name + " can be reached, but not on a way that also visits everything else and ends at the exit";
  std::vector<int> first(m.nodes.size(), -2);
  std::vector<int> queue;
  for (size_t n = 0; n < reach.size(); ++n)
    if (reach[n]) first[n] = -1, queue.push_back(static_cast<int>(n));
  for (size_t q = 0; q < queue.size(); ++q) {
    const int n = queue[q];
    for (int t : m.out[static_cast<size_t>(n)]) {
      if (first[static_cast<size_t>(t)] != -2) continue;
      first[static_cast<size_t>(t)] = first[static_cast<size_t>(n)] >= 0 ? first[static_cast<size_t>(n)] : t;
      queue.push_back(t);
    }
  }
  const int by = first[static_cast<size_t>(target)];
  if (by >= 0) {
    std::string why = name + " lies behind " + node_name(m, by);
    const PNode& pn = m.nodes[static_cast<size_t>(by)];
    if (pn.kind == NodeKind::Gate) {
      bool any = false;
      for (const Objective& o : m.d.objectives)
        any |= o.kind == ObjectiveKind::Switch && o.switch_id == m.door(by).switch_id;
      why += any ? ", and its switch cannot be brought to that state on the way"
                 : ", and there is no switch " + std::to_string(m.door(by).switch_id);
    }
    return why;
  }
  // A one-way door the wrong way round: the way exists with one-way doors passed both ways.
  std::vector<int> via(m.nodes.size(), -2);
  queue.clear();
  for (size_t n = 0; n < reach.size(); ++n)
    if (reach[n]) via[n] = -1, queue.push_back(static_cast<int>(n));
  for (size_t q = 0; q < queue.size(); ++q)
    for (size_t a = 0; a < m.out.size(); ++a)
      for (int b : m.out[a]) {
        const int from = static_cast<int>(a) == queue[q] ? b : b == queue[q] ? static_cast<int>(a) : -1;
        if (from < 0 || via[static_cast<size_t>(from)] != -2) continue;
        const bool one_way = m.nodes[static_cast<size_t>(from)].kind == NodeKind::OneWay;
        via[static_cast<size_t>(from)] = via[static_cast<size_t>(queue[q])] >= 0 ? via[static_cast<size_t>(queue[q])]
                                         : one_way                               ? from
                                                                                 : -1;
        queue.push_back(from);
      }
  if (via[static_cast<size_t>(target)] >= 0)
    return name + " lies behind " + node_name(m, via[static_cast<size_t>(target)]) + ", which leads the other way";
  for (const ProgressionDoor& g : m.d.doors)
    if (g.kind == DoorKind::Secret)
      return name + " cannot be reached without a secret door (secret door at " + to_string(g.pos) +
             "), and a secret door is never a required step";
  return name + " cannot be reached from the start, even with every door and gate open";
}

// Everything but the secret shortcuts.
void solve_model(const PModel& m, const SolveOptions& options, int64_t budget, Solution& s) {
  const Dungeon& d = m.d;
  s.key_rule = m.rule;
  s.areas = m.areas;
  s.reachable_after.assign(d.objectives.size(), -1);
  s.reasons.assign(d.objectives.size(), "");
  if (m.start_node < 0) {
    s.message = "no start on a passable cell: nothing can be reached";
    for (size_t i = 0; i < d.objectives.size(); ++i)
      s.reasons[i] = objective_name(d.objectives[i]) + " cannot be reached: there is no start";
    return;
  }
  // Every order while its states stay few (the shortest plans), else the closed states.
  std::unique_ptr<SearchGraph> found;
  if (budget > 0) found = search_every_order(m, std::min(options.max_states, budget));
  if (!found || found->capped) found = search_closed(m, options.max_states);
  const SearchGraph& sr = *found;
  if (sr.capped) {
    s.status = SolveStatus::StateCap;
    s.states = static_cast<int64_t>(sr.states.size());
    s.message = "the solver reached its cap of " + std::to_string(options.max_states) +
                " states without an answer (too many doors, switches and one-way passages to search)";
    return;
  }
  s.states = static_cast<int64_t>(sr.states.size());
  const int goal = sr.goal;
  int most = 0;
  for (int q : sr.order)
    if (sr.visited_count[static_cast<size_t>(q)] > sr.visited_count[static_cast<size_t>(most)]) most = q;
  s.status = goal >= 0 ? SolveStatus::Completable : SolveStatus::NotCompletable;
  s.walkthrough = walk_plan(m, sr.moves_to(goal >= 0 ? goal : most, true), goal >= 0);
  for (size_t k = 0; k <= s.walkthrough.size(); ++k) {
    for (size_t i = 0; i < d.objectives.size(); ++i) {
      const Objective& ob = d.objectives[i];
      const bool here = k == 0 ? static_cast<int>(i) == m.start_objective
                               : std::find(s.walkthrough[k - 1].route.begin(), s.walkthrough[k - 1].route.end(),
                                           ob.pos) != s.walkthrough[k - 1].route.end();
      if (here && s.reachable_after[i] < 0) s.reachable_after[i] = k == 0 ? 0 : static_cast<int>(k) - 1;
    }
  }
  for (size_t i = 0; i < d.objectives.size(); ++i)
    if (s.reachable_after[i] < 0) s.reasons[i] = progression_reason(m, i, sr.reach);
  if (goal < 0) {
    s.loss = LossStatus::Losable;
    s.message = "no playthrough visits every objective and ends at the exit";
    return;
  }
  // Whether it can be lost: the exact search of every state a player reaches (unlosable.cpp).
  LossProof proof = prove_unlosable(d, options);
  s.loss = proof.status;
  s.softlock_states = proof.softlock_states;
  s.softlock = std::move(proof.softlock);
  fill_progression_metrics(m, m.area_labels(), s);
  s.critical_path = s.walkthrough;  // the plan visits everything (as the metrics say)
}

}  // namespace

Solution solve_progression(const Dungeon& d, const SolveOptions& options, int64_t every_order_budget,
                           detail::TerrainFlood::Leg* leg) {
  Solution s;
  PModel m(d, options);
  m.lent_leg = leg;
  solve_model(m, options, every_order_budget, s);
  s.secrets = secret_shortcuts(m);  // after the walk, whose grids are gone by then
  return s;
}

}  // namespace catacomb::solving
