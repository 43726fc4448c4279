// The solver for maps with progression: gates and switches, one-way doors, secret doors.
//
// Nodes: the areas (regions of passable cells with every locked door, gate, one-way and secret
// door closed), then one node per usable locked door, gate and one-way door. Links as in
// solver_model.cpp (one legal step with only those two cells open), both ways for locked doors
// and gates, and for a one-way door at p with direction v only node(p - v) -> p -> node(p + v).
// Secret doors are no node: wall for the proof.
// A state: the node the player stands in, the switch states, the locked doors opened and the
// objective-holding nodes visited (keys are taken on arrival: holding a key never hurts). Moves:
// to a linked node (a closed locked door is opened with a key held, a gate passed only while
// open), or a toggle of a switch standing in the node. Breadth first over the reachable states
// (so the plan has the fewest node moves), parents kept for the plan, successors for the
// backwards pass that finds the softlocks. Cost per state: O(links of its node + objectives);
// memory: a few bytes per door and objective node per state, capped by max_states.
// The nodes and links: progression_model.cpp. The walkthrough walks the plan on the grid
// (progression_walk.cpp): an A* per step over the terrain with closed cells marked, each event
// (key, door, toggle, one-way pass, objective) one step.
// Deterministic: node, link and state orders follow the map's row-major order and indices.
#include "validate/solver_progression.hpp"

#include <algorithm>
#include <optional>
#include <unordered_map>

#include "validate/progression_model.hpp"
#include "validate/progression_walk.hpp"
#include "validate/solver_model.hpp"

namespace catacomb::solving {
namespace {

// A state, packed: node (4 bytes), switches (2), opened locked doors, visited groups (bits).
struct Packed {
  int lock_bytes = 0, group_bytes = 0;
  size_t size() const { return 6 + static_cast<size_t>(lock_bytes + group_bytes); }
  static int node(const std::string& s) {
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i)
      v |= static_cast<uint32_t>(static_cast<unsigned char>(s[static_cast<size_t>(i)])) << (8 * i);
    return static_cast<int>(v);
  }
  static void set_node(std::string& s, int n) {
    for (int i = 0; i < 4; ++i)
      s[static_cast<size_t>(i)] = static_cast<char>((static_cast<uint32_t>(n) >> (8 * i)) & 0xFF);
  }
  static uint32_t switches(const std::string& s) {
    return static_cast<uint32_t>(static_cast<unsigned char>(s[4])) |
           (static_cast<uint32_t>(static_cast<unsigned char>(s[5])) << 8);
  }
  static void set_switches(std::string& s, uint32_t v) {
    s[4] = static_cast<char>(v & 0xFF);
    s[5] = static_cast<char>((v >> 8) & 0xFF);
  }
  static bool bit(const std::string& s, size_t at, int b) {
    const unsigned byte = static_cast<unsigned char>(s[at + static_cast<size_t>(b / 8)]);
    return ((byte >> (b % 8)) & 1u) != 0;
  }
  static void set_bit(std::string& s, size_t at, int b) {
    s[at + static_cast<size_t>(b / 8)] = static_cast<char>(s[at + static_cast<size_t>(b / 8)] | (1 << (b % 8)));
  }
  size_t locks_at() const { return 6; }
  size_t groups_at() const { return 6 + static_cast<size_t>(lock_bytes); }
};

struct Search {
  const PModel& m;
  Packed pk;
  std::vector<std::string> states;
  std::vector<int> parent;
  std::vector<Move> via;
  std::vector<std::vector<int>> next;
  std::vector<uint8_t> at_goal;
  std::vector<int> visited_count;

  explicit Search(const PModel& mm) : m(mm) {
    pk.lock_bytes = m.locks / 8 + 1;
    pk.group_bytes = m.groups / 8 + 1;
  }
  std::array<int, kMaxLock + 1> held(const std::string& s) const {
    std::array<int, kMaxLock + 1> k{};
    for (size_t i = 0; i < m.d.objectives.size(); ++i) {
      const int g = m.objective_node[i] < 0 ? -1 : m.group[static_cast<size_t>(m.objective_node[i])];
      if (m.is_key(i) && g >= 0 && Packed::bit(s, pk.groups_at(), g)) ++k[static_cast<size_t>(m.d.objectives[i].lock)];
    }
    if (m.rule == KeyRule::Consumable)
      for (size_t n = 0; n < m.nodes.size(); ++n)
        if (m.lock_bit[n] >= 0 && Packed::bit(s, pk.locks_at(), m.lock_bit[n]))
          --k[static_cast<size_t>(m.lock_id(static_cast<int>(n)))];
    return k;
  }
  int count_groups(const std::string& s) const {
    int c = 0;
    for (int g = 0; g < m.groups; ++g) c += Packed::bit(s, pk.groups_at(), g) ? 1 : 0;
    return c;
  }
  void arrive(std::string& s, int n) const {
    Packed::set_node(s, n);
    if (m.group[static_cast<size_t>(n)] >= 0) Packed::set_bit(s, pk.groups_at(), m.group[static_cast<size_t>(n)]);
  }
  // The moves out of state s, with the states they lead to.
  std::vector<std::pair<Move, std::string>> successors(const std::string& s) const;
  // False at the state cap.
  bool explore(int64_t cap);
  std::vector<Move> plan_to(int q) const {
    std::vector<Move> moves;
    for (; parent[static_cast<size_t>(q)] >= 0; q = parent[static_cast<size_t>(q)])
      moves.push_back(via[static_cast<size_t>(q)]);
    return std::vector<Move>(moves.rbegin(), moves.rend());
  }
};

std::vector<std::pair<Move, std::string>> Search::successors(const std::string& s) const {
  std::vector<std::pair<Move, std::string>> outs;
  const int n = Packed::node(s);
  const uint32_t sw = Packed::switches(s);
  std::optional<std::array<int, kMaxLock + 1>> keys;
  for (int t : m.out[static_cast<size_t>(n)]) {
    const PNode& tn = m.nodes[static_cast<size_t>(t)];
    std::string u = s;
    Move mv{MoveKind::Walk, t, 0};
    if (tn.kind == NodeKind::Gate && !gate_open(m.door(t), sw)) continue;
    if (tn.kind == NodeKind::OneWay) mv.kind = MoveKind::OneWay;
    if (tn.kind == NodeKind::Lock && !Packed::bit(s, pk.locks_at(), m.lock_bit[static_cast<size_t>(t)])) {
      if (!keys) keys = held(s);
      if ((*keys)[static_cast<size_t>(m.lock_id(t))] <= 0) continue;
      Packed::set_bit(u, pk.locks_at(), m.lock_bit[static_cast<size_t>(t)]);
      mv.kind = MoveKind::Open;
    }
    arrive(u, t);
    outs.emplace_back(mv, std::move(u));
  }
  const uint32_t here = m.toggles[static_cast<size_t>(n)];
  for (int id = 1; id <= kMaxSwitch; ++id)
    if ((here >> (id - 1)) & 1u) {
      std::string u = s;
      Packed::set_switches(u, sw ^ (1u << (id - 1)));
      outs.emplace_back(Move{MoveKind::Toggle, n, id}, std::move(u));
    }
  return outs;
}

bool Search::explore(int64_t cap) {
  std::string first(pk.size(), '\0');
  arrive(first, m.start_node);
  std::unordered_map<std::string, int> index{{first, 0}};
  states.push_back(first);
  parent.push_back(-1);
  via.emplace_back();
  for (size_t q = 0; q < states.size(); ++q) {
    const std::string s = states[q];
    const bool all = count_groups(s) == m.groups && !m.unplaced;
    at_goal.push_back(all && (m.exit_node < 0 || Packed::node(s) == m.exit_node) ? 1 : 0);
    visited_count.push_back(count_groups(s));
    next.emplace_back();
    for (auto& [mv, u] : successors(s)) {
      auto [it, fresh] = index.emplace(u, static_cast<int>(states.size()));
      if (fresh) {
        if (static_cast<int64_t>(states.size()) >= cap) return false;
        states.push_back(std::move(u));
        parent.push_back(static_cast<int>(q));
        via.push_back(mv);
      }
      next[q].push_back(it->second);
    }
  }
  return true;
}

// States from which no goal state can be reached; the first in breadth-first order (its parent
// can still finish, so the move into it is the culprit) becomes the report.
int find_softlocks(const Search& sr, Solution& s) {
  const size_t n = sr.states.size();
  std::vector<std::vector<int>> back(n);
  for (size_t q = 0; q < n; ++q)
    for (int t : sr.next[q]) back[static_cast<size_t>(t)].push_back(static_cast<int>(q));
  std::vector<uint8_t> can(n, 0);
  std::vector<int> queue;
  for (size_t q = 0; q < n; ++q)
    if (sr.at_goal[q]) can[q] = 1, queue.push_back(static_cast<int>(q));
  for (size_t i = 0; i < queue.size(); ++i)
    for (int p : back[static_cast<size_t>(queue[i])])
      if (!can[static_cast<size_t>(p)]) can[static_cast<size_t>(p)] = 1, queue.push_back(p);
  int first = -1;
  for (size_t q = 0; q < n; ++q)
    if (!can[q]) {
      ++s.softlock_states;
      if (first < 0) first = static_cast<int>(q);
    }
  if (first < 0) return -1;
  const Move last = sr.via[static_cast<size_t>(first)];
  Softlock sl;
  std::string what;
  if (last.kind == MoveKind::Toggle) what = "toggling switch " + std::to_string(last.switch_id);
  else if (last.kind == MoveKind::Open) what = "opening " + node_name(sr.m, last.node);
  else if (last.kind == MoveKind::OneWay) what = "passing " + node_name(sr.m, last.node);
  else what = "walking into " + node_name(sr.m, last.node);
  sl.message = "after " + what + " (" + std::to_string(sr.plan_to(first).size()) +
               " moves between areas) the dungeon can no longer be completed" +
               (last.kind == MoveKind::OneWay                                     ? ": there is no way back"
                : last.kind == MoveKind::Open && sr.m.rule == KeyRule::Consumable ? ": the keys it needs are spent"
                                                                                  : "");
  s.softlock = std::move(sl);
  return first;
}

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
void solve_model(const PModel& m, const SolveOptions& options, Solution& s) {
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
  Search sr(m);
  if (!sr.explore(options.max_states)) {
    s.status = SolveStatus::StateCap;
    s.states = static_cast<int64_t>(sr.states.size());
    s.message = "the solver reached its cap of " + std::to_string(options.max_states) +
                " states without an answer (too many doors, switches and one-way passages to search)";
    return;
  }
  s.states = static_cast<int64_t>(sr.states.size());
  int goal = -1, most = 0;
  std::vector<uint8_t> reach(m.nodes.size(), 0);
  for (size_t q = 0; q < sr.states.size(); ++q) {
    reach[static_cast<size_t>(Packed::node(sr.states[q]))] = 1;
    if (sr.at_goal[q] && goal < 0) goal = static_cast<int>(q);
    if (sr.visited_count[q] > sr.visited_count[static_cast<size_t>(most)]) most = static_cast<int>(q);
  }
  s.status = goal >= 0 ? SolveStatus::Completable : SolveStatus::NotCompletable;
  s.walkthrough = walk_plan(m, sr.plan_to(goal >= 0 ? goal : most), goal >= 0);
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
    if (s.reachable_after[i] < 0) s.reasons[i] = progression_reason(m, i, reach);
  if (goal < 0) {
    s.message = "no playthrough visits every objective and ends at the exit";
    return;
  }
  if (const int soft = find_softlocks(sr, s); soft >= 0) {
    s.softlock->steps = walk_plan(m, sr.plan_to(soft), false);  // the shortest way in, on the grid
  }
  fill_progression_metrics(m, m.area_labels(), s);
  s.critical_path = s.walkthrough;  // the plan visits everything (as the metrics say)
}

}  // namespace

Solution solve_progression(const Dungeon& d, const SolveOptions& options) {
  Solution s;
  const PModel m(d, options);
  solve_model(m, options, s);
  s.secrets = secret_shortcuts(m);  // after the walk, whose grids are gone by then
  return s;
}

}  // namespace catacomb::solving
