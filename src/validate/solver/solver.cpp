// The completability solver (see solver.hpp for the model).
//
// The model (areas, doors, the node graph) is in solver_model.hpp, the walkthrough's routes in
// solver_walk.hpp.
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
#include <map>
#include <optional>

#include <catacomb/core/error.hpp>
#include <catacomb/pathing/map_rules.hpp>
#include "shared/core/problems.hpp"
#include "shared/validate/step_kind_names.hpp"
#include "validate/solver/solver_model.hpp"
#include "validate/solver/solver_progression.hpp"
#include "validate/solver/solver_walk.hpp"

namespace catacomb {
namespace {

using namespace solving;

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

// Why objective i is not reached when the player can get to the nodes of `reach` at most.
std::string reason(const Model& m, size_t i, const std::vector<uint8_t>& reach) {
  const Objective& ob = m.d.objectives[i];
  const std::string name = objective_name(ob);
  if (m.objective_node[i] < 0) return name + " is not on a passable cell";
  if (m.contains(reach, i))
    return name +
           " can be reached, but not on the way to the exit: the keys it needs are spent on doors the exit needs";
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
        via[static_cast<size_t>(k)] = via[static_cast<size_t>(n)] >= 0 ? via[static_cast<size_t>(n)]
                                                                       : (k >= m.areas ? k - m.areas : -1);
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
  const std::string key = "key " + std::to_string(lock) + " at " + to_string(m.d.objectives[k].pos);
  if (m.objective_node[k] < 0) return behind + ", and " + key + " is not on a passable cell";
  const int kd = first_door(m.objective_node[k]);
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

// What the search over door states settles: the doors of the plan the walkthrough follows and
// of the critical plan (the exit's), and whether the exit is reached.
struct Plans {
  std::vector<int> plan, critical_plan;
  std::vector<uint8_t> reach;  // every node some reachable state connects to the start
  bool completable = false;
};

// Reusable keys: the closure is the plan, one chain of states.
Plans plan_reusable(const Model& m, Solution& s) {
  Plans p;
  p.plan = closure(m, {}, s.states);
  State all = m.empty_state();
  for (int j : p.plan) set_open(all, j);
  p.reach = m.component(all);
  p.completable = m.finished(p.reach);
  if (p.completable) {
    // Doors only open and keys are kept: every state a player reaches can do all the first can.
    s.loss = LossStatus::Unlosable;
    // The critical plan: drop every door (last opened first) the exit can do without.
    std::vector<uint8_t> allowed(m.doors.size(), 0);
    for (int j : p.plan) allowed[static_cast<size_t>(j)] = 1;
    for (auto it = p.plan.rbegin(); it != p.plan.rend(); ++it) {
      allowed[static_cast<size_t>(*it)] = 0;
      State t = m.empty_state();
      int64_t ignored = 0;
      for (int j : closure(m, allowed, ignored)) set_open(t, j);
      if (!m.goal(m.component(t))) allowed[static_cast<size_t>(*it)] = 1;
    }
    int64_t ignored = 0;
    p.critical_plan = closure(m, allowed, ignored);
  }
  return p;
}

// Consumable keys: every reachable state of opened doors, breadth first, with the door that led
// to each from its parent, its successors, whether it reaches the exit and how many objectives.
struct StateGraph {
  std::vector<State> states;
  std::vector<int> parent{-1}, via{-1};
  std::vector<std::vector<int>> next;
  std::vector<uint8_t> at_goal;  // every objective in reach, the exit among them: finished
  std::vector<uint8_t> at_exit;  // the exit in reach
  std::vector<int> count;

  // The doors opened on the way to state q, in order.
  std::vector<int> path_to(int q) const {
    std::vector<int> doors;
    for (; parent[static_cast<size_t>(q)] >= 0; q = parent[static_cast<size_t>(q)])
      doors.push_back(via[static_cast<size_t>(q)]);
    return std::vector<int>(doors.rbegin(), doors.rend());
  }
};

// Fills `g` and `reach`; false (with s saying so) when the states reach options.max_states.
bool explore_states(const Model& m, const SolveOptions& options, StateGraph& g, std::vector<uint8_t>& reach,
                    Solution& s) {
  std::vector<State>& states = g.states;
  states.push_back(m.empty_state());
  std::map<State, int> index{{states[0], 0}};
  reach.assign(m.adj.size(), 0);
  for (size_t q = 0; q < states.size(); ++q) {
    const auto comp = m.component(states[q]);
    for (size_t n = 0; n < comp.size(); ++n) reach[n] |= comp[n];
    g.at_goal.push_back(m.finished(comp) ? 1 : 0);
    g.at_exit.push_back(m.goal(comp) ? 1 : 0);
    g.count.push_back(m.objectives_in(comp));
    g.next.emplace_back();
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
          return false;
        }
        states.push_back(std::move(t));
        g.parent.push_back(static_cast<int>(q));
        g.via.push_back(j);
      }
      g.next.back().push_back(it->second);
    }
  }
  s.states = static_cast<int64_t>(states.size());
  return true;
}

// Softlocks: states from which no finished state (every objective in reach) can be reached
// (successors come later in breadth-first order, so one backwards pass settles every state). A
// state is a set of doors opened: inside it a player walks anywhere and back and may take or leave
// anything, so every player in it has the same future, and the count is exact.
void find_softlocks(const Model& m, const StateGraph& g, Solution& s) {
  std::vector<uint8_t> can(g.states.size(), 0);
  for (size_t q = g.states.size(); q-- > 0;) {
    can[q] = g.at_goal[q];
    for (int t : g.next[q]) can[q] |= can[static_cast<size_t>(t)];
  }
  int first_soft = -1;
  for (size_t q = 0; q < g.states.size(); ++q)
    if (!can[q]) {
      ++s.softlock_states;
      if (first_soft < 0) first_soft = static_cast<int>(q);
    }
  if (first_soft >= 0) {
    Softlock sl;
    const std::vector<int> doors = g.path_to(first_soft);
    sl.steps = walk_critical(m, doors, false).steps();
    const DoorNode& last = m.doors[static_cast<size_t>(doors.back())];
    sl.message = "after opening " + door_name(last) + " (" + std::to_string(doors.size()) +
                 (doors.size() == 1 ? " door" : " doors") +
                 " opened) the dungeon can no longer be completed: the keys it needs are spent";
    s.softlock = std::move(sl);
  }
}

// Consumable keys: breadth first over every reachable state, so the first state with the exit
// is the plan with the fewest doors. nullopt at the state cap.
std::optional<Plans> plan_consumable(const Model& m, const SolveOptions& options, Solution& s) {
  Plans p;
  StateGraph g;
  if (!explore_states(m, options, g, p.reach, s)) return std::nullopt;
  int best = -1, first_goal = -1, most = -1;
  for (size_t q = 0; q < g.states.size(); ++q) {
    if (g.at_exit[q] && first_goal < 0) first_goal = static_cast<int>(q);
    if (g.at_goal[q] && g.count[q] > (best < 0 ? -1 : g.count[static_cast<size_t>(best)])) best = static_cast<int>(q);
    // Not completable: as far as the player gets (most objectives, then most doors open).
    if (most < 0 || g.count[q] >= g.count[static_cast<size_t>(most)]) most = static_cast<int>(q);
  }
  p.completable = best >= 0;
  p.plan = g.path_to(p.completable ? best : most);
  if (p.completable) {
    p.critical_plan = g.path_to(first_goal);
    find_softlocks(m, g, s);
    s.loss = s.softlock_states == 0 ? LossStatus::Unlosable : LossStatus::Losable;
  }
  return p;
}

}  // namespace

namespace {
constexpr detail::EnumNames<SolveStatus, 3> kSolveStatusNames = {{{SolveStatus::Completable, "completable"},
                                                                  {SolveStatus::NotCompletable, "not-completable"},
                                                                  {SolveStatus::StateCap, "state-cap"}}};
}  // namespace

std::string_view step_kind_name(StepKind k) { return detail::enum_name(detail::kStepKindNames, k); }

std::optional<StepKind> step_kind_from_name(std::string_view name) {
  return detail::enum_value(detail::kStepKindNames, name);
}

std::string_view solve_status_name(SolveStatus s) { return detail::enum_name(kSolveStatusNames, s); }

Solution solve_dungeon(const Dungeon& d, const SolveOptions& options) {
  return solve_dungeon(d, options, StartRoutes{});
}

Solution solve_dungeon(const Dungeon& d) {
  const MapRules rules = recorded_rules(d);
  SolveOptions options;
  options.costs = rules.costs;
  options.moves = rules.moves;
  options.key_rule = rules.key_rule;
  return solve_dungeon(d, options);
}

namespace solving {

Solution solve_dungeon(const Dungeon& d, const SolveOptions& options, const StartRoutes& routes) {
  std::vector<FieldProblem> problems = options.moves.problems();
  if (options.max_states < 1) problems.push_back({"max_states", std::to_string(options.max_states), "at least 1"});
  throw_if_problems(problems);
  // A map with progression walks its own terrain (doors closed), but may take the lent grid.
  if (d.has_progression()) return solve_progression(d, options, kEveryOrderBudget, routes.leg);
  Solution s;
  Model m(d, options, routes.regions);
  if (routes.objectives && m.doors.empty() && m.start_objective >= 0 && routes.start_objective == m.start_objective &&
      routes.objectives->size() == d.objectives.size()) {
    m.start_routes = routes.objectives;
    if (routes.flood && routes.leg) {
      m.lent_flood = routes.flood;
      m.lent_leg = routes.leg;
    }
  }
  s.key_rule = m.rule;
  s.areas = m.areas;
  s.reachable_after.assign(d.objectives.size(), -1);
  s.reasons.assign(d.objectives.size(), "");
  if (m.start_node < 0) {
    s.message = "no start on a passable cell: nothing can be reached";
    for (size_t i = 0; i < d.objectives.size(); ++i)
      s.reasons[i] = objective_name(d.objectives[i]) + " cannot be reached: there is no start";
    return s;
  }

  std::optional<Plans> plans = m.rule == KeyRule::Reusable ? std::optional<Plans>(plan_reusable(m, s))
                                                           : plan_consumable(m, options, s);
  if (!plans) return s;  // the state cap
  const std::vector<int>& plan = plans->plan;
  const bool completable = plans->completable;

  s.status = completable ? SolveStatus::Completable : SolveStatus::NotCompletable;
  if (!completable) s.loss = LossStatus::Losable;
  {  // one walker's terrain at a time
    Walker full = walk_full(m, m.rule == KeyRule::Reusable ? nullptr : &plan);
    s.walkthrough = std::move(full.steps());
    s.reachable_after = full.reachable_after();
  }
  for (size_t i = 0; i < d.objectives.size(); ++i)
    if (s.reachable_after[i] < 0) s.reasons[i] = reason(m, i, plans->reach);
  if (!completable && m.exit_objective < 0) s.message = "some objectives cannot be reached";
  if (completable) {
    Walker critical = walk_critical(m, plans->critical_plan, true);
    fill_metrics(m, s, critical);
    s.critical_path = std::move(critical.steps());
  }
  return s;
}

}  // namespace solving

}  // namespace catacomb
