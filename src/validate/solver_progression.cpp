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
// The walkthrough walks the plan on the grid: an A* per step over the terrain with closed cells
// marked (kClosedDoor), each event (key, door, toggle, one-way pass, objective) one step.
// Deterministic: node, link and state orders follow the map's row-major order and indices.
#include "validate/solver_progression.hpp"

#include <algorithm>
#include <optional>
#include <set>
#include <unordered_map>

#include <catacomb/pathing/distance_map.hpp>
#include <catacomb/pathing/moves.hpp>
#include <catacomb/pathing/regions.hpp>
#include "shared/pathing/terrain_flood.hpp"
#include "validate/solver_model.hpp"

namespace catacomb::solving {
namespace {

enum class NodeKind : uint8_t { Area, Lock, Gate, OneWay };

struct PNode {
  NodeKind kind = NodeKind::Area;
  int index = -1;  // into Dungeon::locks (Lock) or Dungeon::doors (Gate, OneWay)
  Point pos{};
};

std::pair<Grid<uint8_t>, std::vector<PNode>> area_cells(const Dungeon& d, const SolveOptions& o);

// The node graph of a progression map.
struct PModel {
  const Dungeon& d;
  SolveOptions o;
  KeyRule rule;
  Grid<int32_t> node;  // each cell's node while the model is built (-1: none); then empty
  int areas = 0;
  std::vector<PNode> nodes;
  std::vector<std::vector<int>> out;
  std::vector<int> lock_bit;      // per node: its bit among the locked doors, or -1
  std::vector<int> group;         // per node: its bit among the objective-holding nodes, or -1
  std::vector<uint32_t> toggles;  // per node: the switch ids standing in it (bit s - 1)
  std::vector<int> objective_node;
  int locks = 0, groups = 0;
  int start_node = -1, start_objective = -1, exit_node = -1, exit_objective = -1;
  bool unplaced = false;  // an objective stands on no node (a wall, a secret door)

  PModel(const Dungeon& dd, const SolveOptions& oo);
  // Each cell's area (kNoRegion for walls and door nodes), worked out again: `node` is dropped
  // once the model is built, so that the walk's grids do not come on top of it.
  Grid<int32_t> area_labels() const { return label_regions(area_cells(d, o).first, o.moves).labels; }
  bool is_key(size_t i) const {
    const Objective& ob = d.objectives[i];
    return ob.kind == ObjectiveKind::Key && ob.lock >= 1 && ob.lock <= kMaxLock;
  }
  const ProgressionDoor& door(int n) const { return d.doors[static_cast<size_t>(nodes[static_cast<size_t>(n)].index)]; }
  int lock_id(int n) const { return d.locks[static_cast<size_t>(nodes[static_cast<size_t>(n)].index)].lock; }

 private:
  void link(int a, int b) {
    if (a < 0 || b < 0 || a == b) return;
    out[static_cast<size_t>(a)].push_back(b);
  }
  void build_links(const Grid<uint8_t>& open0);
};

// The cells the areas are labelled on: the passable ones with every progression door and every
// door node closed; and the door nodes, usable locked doors first, then gates and one-way doors
// (a secret door is wall: no node).
std::pair<Grid<uint8_t>, std::vector<PNode>> area_cells(const Dungeon& d, const SolveOptions& o) {
  Grid<uint8_t> open0(d.tiles.width(), d.tiles.height(), 0);
  for (size_t i = 0; i < open0.size(); ++i) open0.cells()[i] = o.costs.passable(d.tiles.cells()[i]) ? 1 : 0;
  std::vector<PNode> doors;
  std::set<Point> taken;
  for (size_t i = 0; i < d.locks.size(); ++i) {
    const LockedDoor& l = d.locks[i];
    if (!d.tiles.in_bounds(l.pos) || l.lock < 1 || l.lock > kMaxLock || !open0[l.pos] || taken.count(l.pos)) continue;
    taken.insert(l.pos);
    doors.push_back({NodeKind::Lock, static_cast<int>(i), l.pos});
  }
  for (size_t i = 0; i < d.doors.size(); ++i) {
    const ProgressionDoor& g = d.doors[i];
    if (!d.tiles.in_bounds(g.pos)) continue;
    const bool usable = open0[g.pos] && !taken.count(g.pos);
    open0[g.pos] = 0;  // a secret door is wall; the others are nodes of their own
    if (!usable || g.kind == DoorKind::Secret) continue;
    if (g.kind == DoorKind::Gate && (g.switch_id < 1 || g.switch_id > kMaxSwitch)) continue;
    if (g.kind == DoorKind::OneWay && direction_name(g.dir).empty()) continue;
    taken.insert(g.pos);
    doors.push_back({g.kind == DoorKind::Gate ? NodeKind::Gate : NodeKind::OneWay, static_cast<int>(i), g.pos});
  }
  for (const PNode& dn : doors) open0[dn.pos] = 0;
  return {std::move(open0), std::move(doors)};
}

PModel::PModel(const Dungeon& dd, const SolveOptions& oo) : d(dd), o(oo) {
  rule = o.key_rule.value_or(d.key_rule);
  auto [open0, doors] = area_cells(d, o);
  RegionMap regions = label_regions(open0, o.moves);
  areas = regions.count();
  node = std::move(regions.labels);
  nodes.resize(static_cast<size_t>(areas));
  for (const PNode& dn : doors) {
    node[dn.pos] = static_cast<int32_t>(nodes.size());
    nodes.push_back(dn);
  }
  out.resize(nodes.size());
  lock_bit.assign(nodes.size(), -1);
  for (size_t n = 0; n < nodes.size(); ++n)
    if (nodes[n].kind == NodeKind::Lock) lock_bit[n] = locks++;
  build_links(open0);
  group.assign(nodes.size(), -1);
  toggles.assign(nodes.size(), 0);
  objective_node.assign(d.objectives.size(), -1);
  for (size_t i = 0; i < d.objectives.size(); ++i) {
    const Objective& ob = d.objectives[i];
    const int n = d.tiles.in_bounds(ob.pos) ? node[ob.pos] : -1;
    objective_node[i] = n;
    if (n < 0) {
      unplaced = true;
      continue;
    }
    if (group[static_cast<size_t>(n)] < 0) group[static_cast<size_t>(n)] = groups++;
    if (ob.kind == ObjectiveKind::Switch && ob.switch_id >= 1 && ob.switch_id <= kMaxSwitch)
      toggles[static_cast<size_t>(n)] |= 1u << (ob.switch_id - 1);
    if (ob.kind == ObjectiveKind::Start && start_node < 0) start_node = n, start_objective = static_cast<int>(i);
    if (ob.kind == ObjectiveKind::Exit && exit_node < 0) exit_node = n, exit_objective = static_cast<int>(i);
  }
  node = Grid<int32_t>();  // 4 bytes per cell, not kept through the walk: see area_labels()
}

void PModel::build_links(const Grid<uint8_t>& open0) {
  for (size_t j = static_cast<size_t>(areas); j < nodes.size(); ++j) {
    const PNode& dn = nodes[j];
    const int me = static_cast<int>(j);
    if (dn.kind == NodeKind::OneWay) {
      const Point v = d.doors[static_cast<size_t>(dn.index)].dir;
      const Point before{dn.pos.x - v.x, dn.pos.y - v.y}, after{dn.pos.x + v.x, dn.pos.y + v.y};
      // A one-way door next to another links only where both doors' ways agree.
      auto agrees = [&](Point c, Point from, Point to) {
        const PNode& other = nodes[static_cast<size_t>(node[c])];
        return other.kind != NodeKind::OneWay ||
               one_way_step_allowed(d.doors[static_cast<size_t>(other.index)], from, to);
      };
      if (d.tiles.in_bounds(before) && node[before] >= 0 && agrees(before, before, dn.pos)) link(node[before], me);
      if (d.tiles.in_bounds(after) && node[after] >= 0 && agrees(after, dn.pos, after)) link(me, node[after]);
      continue;
    }
    std::set<int> seen;
    for (int dir = 0; dir < 8; ++dir) {
      const Point q{dn.pos.x + kDirections[dir].x, dn.pos.y + kDirections[dir].y};
      if (!d.tiles.in_bounds(q) || node[q] < 0) continue;
      const PNode& other = nodes[static_cast<size_t>(node[q])];
      if (other.kind == NodeKind::OneWay) continue;  // its own links say how it is passed
      auto open = [&](Point c) { return d.tiles.in_bounds(c) && (open0[c] != 0 || c == dn.pos || c == q); };
      if (!step_allowed_at(o.moves, dn.pos, dir, open) || !seen.insert(node[q]).second) continue;
      link(me, node[q]);
      if (other.kind == NodeKind::Area) link(node[q], me);  // door-door links come from both doors
    }
  }
  for (auto& l : out) {
    std::sort(l.begin(), l.end());
    l.erase(std::unique(l.begin(), l.end()), l.end());
  }
}

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

enum class MoveKind : uint8_t { Walk, Open, Toggle, OneWay };
struct Move {
  MoveKind kind = MoveKind::Walk;
  int node = -1;      // the node moved to (Walk, Open, OneWay) or toggled in
  int switch_id = 0;  // Toggle
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

std::string node_name(const PModel& m, int n) {
  const PNode& pn = m.nodes[static_cast<size_t>(n)];
  switch (pn.kind) {
    case NodeKind::Lock: return "door " + std::to_string(m.lock_id(n)) + " at " + to_string(pn.pos);
    case NodeKind::Gate: {
      const ProgressionDoor& g = m.door(n);
      return "gate at " + to_string(pn.pos) + " of switch " + std::to_string(g.switch_id) + " (open while it is " +
             (g.open_when_off ? "off)" : "on)");
    }
    case NodeKind::OneWay:
      return "one-way door at " + to_string(pn.pos) + " (passed going " + std::string(direction_name(m.door(n).dir)) +
             " only)";
    case NodeKind::Area: break;
  }
  return "the area at " + to_string(pn.pos);
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

// Walks a plan of node moves on the grid, one step per event. In each node the plan stays in,
// the objectives not yet taken and the switches the plan toggles there (before its next move)
// are visited nearest first: toggles in one node commute (walking inside an area crosses no
// gate), so only the switch states at the move out matter.
class PWalker {
 public:
  explicit PWalker(const PModel& m) : m_(m), terrain_(m.d.tiles) {
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
      for (; k < plan.size() && plan[k].kind == MoveKind::Toggle; ++k) toggles |= 1u << (plan[k].switch_id - 1);
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
        std::vector<Point> route = route_to(from_here({before}), before);
        route.push_back(g.pos);
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
        flood_.reset();  // a cell closed: the legal moves are worked out again on the next leg
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
  detail::TerrainFlood::Leg leg_;
  uint32_t sw_ = 0;
  Point pos_;
  std::optional<Point> after_;  // the cell a one-way door just entered must be left to
  std::vector<uint8_t> taken_;
  std::vector<WalkStep> steps_;
};

// What each secret door shortens: the walk between its opposite straight neighbours without
// it, every locked door and gate open (one-way and other secret doors closed).
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

}  // namespace

namespace {

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
  {
    PWalker w(m);
    w.run(sr.plan_to(goal >= 0 ? goal : most), goal >= 0);
    s.walkthrough = std::move(w.steps());
  }
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
    PWalker w(m);  // the shortest way in, its steps on the grid
    w.run(sr.plan_to(soft), false);
    s.softlock->steps = std::move(w.steps());
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
