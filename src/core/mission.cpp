// The mission graph's helpers: door kind names, node lookup, and the check of a mission's own
// consistency (ids, edges, locks and their keys, one start and one exit, every node joined to
// the start). The check is O(nodes + edges) apart from the duplicate-edge test (a sorted list of
// pairs); problems are listed in the order nodes and edges are written, so the same file always
// gives the same message.
#include <catacomb/core/mission.hpp>

#include <algorithm>
#include <utility>

#include <catacomb/core/dungeon.hpp>
#include "shared/core/enum_names.hpp"

namespace catacomb {
namespace {

constexpr detail::EnumNames<DoorKind, 5> kDoorKindNames = {{{DoorKind::Open, "open"},
                                                            {DoorKind::Locked, "locked"},
                                                            {DoorKind::Gate, "gate"},
                                                            {DoorKind::OneWay, "one-way"},
                                                            {DoorKind::Secret, "secret"}}};

void check_nodes(const Mission& m, std::vector<FieldProblem>& p) {
  int starts = 0, exits = 0;
  for (size_t i = 0; i < m.nodes.size(); ++i) {
    const MissionNode& n = m.nodes[i];
    const std::string field = "mission nodes[" + std::to_string(i) + "]";
    if (n.id.empty()) p.push_back({field + ".id", "\"\"", "a node id, unique in the mission"});
    else if (m.node_index(n.id) != static_cast<int>(i)) p.push_back({field + ".id", n.id, "an id not used before"});
    for (const MissionObjective& o : n.objectives) {
      starts += o.kind == ObjectiveKind::Start;
      exits += o.kind == ObjectiveKind::Exit;
      if (o.kind == ObjectiveKind::Key && (o.lock < 1 || o.lock > kMaxLock))
        p.push_back({field + ".objectives", "key of lock " + std::to_string(o.lock), "a key of a lock 1 to 9"});
    }
  }
  if (starts != 1) p.push_back({"mission start", std::to_string(starts) + " nodes with a start", "exactly one"});
  if (exits != 1) p.push_back({"mission exit", std::to_string(exits) + " nodes with an exit", "exactly one"});
}

void check_edges(const Mission& m, std::vector<FieldProblem>& p) {
  const int n = static_cast<int>(m.nodes.size());
  std::vector<std::pair<int, int>> seen;
  for (size_t i = 0; i < m.edges.size(); ++i) {
    const MissionEdge& e = m.edges[i];
    const std::string field = "mission edges[" + std::to_string(i) + "]";
    if (e.a < 0 || e.a >= n || e.b < 0 || e.b >= n) {
      p.push_back({field, "a node that does not exist", "a and b ids of nodes"});
      continue;
    }
    if (e.a == e.b) p.push_back({field, "a and b both " + m.nodes[static_cast<size_t>(e.a)].id, "two different nodes"});
    seen.emplace_back(std::min(e.a, e.b), std::max(e.a, e.b));
    if (e.door == DoorKind::Locked && (e.lock < 1 || e.lock > kMaxLock))
      p.push_back({field + ".lock", std::to_string(e.lock), "1 to 9"});
    if (e.door != DoorKind::Locked && e.lock != 0)
      p.push_back({field + ".lock", std::to_string(e.lock),
                   "no lock on a door of kind " + std::string(door_kind_name(e.door))});
    if (e.door == DoorKind::Gate && (e.switch_id < 1 || e.switch_id > kMaxSwitch))
      p.push_back({field + ".switch", std::to_string(e.switch_id), "1 to 9"});
    if (e.door != DoorKind::Gate && e.switch_id != 0)
      p.push_back({field + ".switch", std::to_string(e.switch_id),
                   "no switch on a door of kind " + std::string(door_kind_name(e.door))});
  }
  std::vector<std::pair<int, int>> sorted = seen;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
    p.push_back({"mission edges", "two edges between the same nodes", "at most one edge per pair of nodes"});
}

// Every key opens a locked edge's lock and every locked edge's lock has exactly one key.
void check_keys(const Mission& m, std::vector<FieldProblem>& p) {
  for (int lock = 1; lock <= kMaxLock; ++lock) {
    int keys = 0;
    bool locked = false;
    for (const MissionNode& n : m.nodes)
      for (const MissionObjective& o : n.objectives) keys += o.kind == ObjectiveKind::Key && o.lock == lock;
    for (const MissionEdge& e : m.edges) locked = locked || (e.door == DoorKind::Locked && e.lock == lock);
    if (locked && keys != 1)
      p.push_back({"mission lock " + std::to_string(lock), std::to_string(keys) + " keys", "exactly one key"});
    if (!locked && keys > 0)
      p.push_back({"mission lock " + std::to_string(lock), "a key but no locked edge", "a locked edge for each key"});
  }
}

// Every gate edge's switch has a switch objective in some node, and every switch objective's
// switch a gate edge (a switch that opens nothing would be a step the mission never needs).
void check_switches(const Mission& m, std::vector<FieldProblem>& p) {
  for (const MissionNode& n : m.nodes)
    for (const MissionObjective& o : n.objectives)
      if (o.kind == ObjectiveKind::Switch && (o.switch_id < 1 || o.switch_id > kMaxSwitch))
        p.push_back({"mission node " + n.id + " switch", std::to_string(o.switch_id), "1 to 9"});
  for (int sw = 1; sw <= kMaxSwitch; ++sw) {
    int switches = 0;
    bool gated = false;
    for (const MissionNode& n : m.nodes)
      for (const MissionObjective& o : n.objectives) switches += o.kind == ObjectiveKind::Switch && o.switch_id == sw;
    for (const MissionEdge& e : m.edges) gated = gated || (e.door == DoorKind::Gate && e.switch_id == sw);
    const std::string field = "mission switch " + std::to_string(sw);
    if (gated && switches == 0) p.push_back({field, "a gate edge but no switch objective", "a node with the switch"});
    if (!gated && switches > 0) p.push_back({field, "a switch but no gate edge", "a gate edge for each switch"});
  }
}

// Every node joined to the start's node (through any edge, locked or not).
void check_joined(const Mission& m, std::vector<FieldProblem>& p) {
  const int n = static_cast<int>(m.nodes.size());
  int start = -1;
  for (int i = 0; i < n && start < 0; ++i)
    for (const MissionObjective& o : m.nodes[static_cast<size_t>(i)].objectives)
      if (o.kind == ObjectiveKind::Start) start = i;
  if (start < 0) return;
  std::vector<char> seen(static_cast<size_t>(n), 0);
  std::vector<int> stack{start};
  seen[static_cast<size_t>(start)] = 1;
  while (!stack.empty()) {
    const int v = stack.back();
    stack.pop_back();
    for (const MissionEdge& e : m.edges) {
      if (e.a < 0 || e.b < 0 || e.a >= n || e.b >= n || (e.a != v && e.b != v)) continue;
      const int u = e.a == v ? e.b : e.a;
      if (!seen[static_cast<size_t>(u)]) {
        seen[static_cast<size_t>(u)] = 1;
        stack.push_back(u);
      }
    }
  }
  for (int i = 0; i < n; ++i)
    if (!seen[static_cast<size_t>(i)])
      p.push_back({"mission nodes[" + std::to_string(i) + "]", m.nodes[static_cast<size_t>(i)].id,
                   "a node joined to the start by edges"});
}

}  // namespace

std::string_view door_kind_name(DoorKind k) { return detail::enum_name(kDoorKindNames, k); }

std::optional<DoorKind> door_kind_from_name(std::string_view name) { return detail::enum_value(kDoorKindNames, name); }

int Mission::node_index(std::string_view id) const {
  for (size_t i = 0; i < nodes.size(); ++i)
    if (nodes[i].id == id) return static_cast<int>(i);
  return -1;
}

std::vector<int> Mission::edges_at(int n) const {
  std::vector<int> out;
  for (size_t i = 0; i < edges.size(); ++i)
    if (edges[i].a == n || edges[i].b == n) out.push_back(static_cast<int>(i));
  return out;
}

std::vector<FieldProblem> Mission::problems() const {
  std::vector<FieldProblem> p;
  if (nodes.empty()) p.push_back({"mission nodes", "none", "at least one node"});
  check_nodes(*this, p);
  check_edges(*this, p);
  check_keys(*this, p);
  check_switches(*this, p);
  if (p.empty()) check_joined(*this, p);
  return p;
}

}  // namespace catacomb
