// The progression solver's search over every order (see progression_search.hpp): a state is the
// node the player stands in, the switch states, the locked doors opened and the objective-holding
// nodes visited (keys are taken on arrival: holding a key never hurts). Moves: to a linked node
// (a closed locked door is opened with a key held, a gate passed only while open, a one-way door
// its way only), or a toggle of a switch standing in the node. Breadth first over the reachable
// states, so the plan has the fewest node moves; parents kept for the plan, successors for the
// softlock pass. Cost per state: O(links of its node + objectives); the states grow with the
// subsets of visited nodes, which is why the solver stops this search at a budget and goes on
// with the closed one (progression_search_closed.cpp). Deterministic: node, link and state orders
// follow the map's row-major order and indices.
#include "validate/solver/progression_search.hpp"

#include <optional>
#include <unordered_map>
#include <utility>

namespace catacomb::solving {

std::array<int, kMaxLock + 1> Packed::held(const PModel& m, const std::string& s) const {
  std::array<int, kMaxLock + 1> k{};
  for (size_t i = 0; i < m.d.objectives.size(); ++i) {
    const int g = m.objective_node[i] < 0 ? -1 : m.group[static_cast<size_t>(m.objective_node[i])];
    if (m.is_key(i) && g >= 0 && bit(s, groups_at(), g)) ++k[static_cast<size_t>(m.d.objectives[i].lock)];
  }
  if (m.rule == KeyRule::Consumable)
    for (size_t n = 0; n < m.nodes.size(); ++n)
      if (m.lock_bit[n] >= 0 && bit(s, locks_at(), m.lock_bit[n]))
        --k[static_cast<size_t>(m.lock_id(static_cast<int>(n)))];
  return k;
}

namespace {

struct ExactSearch final : SearchGraph {
  const PModel& m;
  Packed pk;

  explicit ExactSearch(const PModel& mm) : m(mm), pk(mm) {}
  void arrive(std::string& s, int n) const {
    Packed::set_node(s, n);
    if (m.group[static_cast<size_t>(n)] >= 0) Packed::set_bit(s, pk.groups_at(), m.group[static_cast<size_t>(n)]);
  }
  // The moves out of state s, with the states they lead to.
  std::vector<std::pair<Move, std::string>> successors(const std::string& s) const;
  // False at the state cap.
  bool explore(int64_t cap);
  std::vector<Move> moves_to(int q, bool /*finish*/) const override {
    std::vector<Move> moves;
    for (const Step& st : plan_to(q)) moves.push_back(st.mv);
    return moves;
  }
};

std::vector<std::pair<Move, std::string>> ExactSearch::successors(const std::string& s) const {
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
      if (!keys) keys = pk.held(m, s);
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

bool ExactSearch::explore(int64_t cap) {
  std::string first(pk.size(), '\0');
  arrive(first, m.start_node);
  std::unordered_map<std::string, int> index{{first, 0}};
  states.push_back(first);
  parent.push_back(-1);
  via.emplace_back();
  for (size_t q = 0; q < states.size(); ++q) {
    const std::string s = states[q];
    const bool all = pk.count_groups(m, s) == m.groups && !m.unplaced;
    at_goal.push_back(all && (m.exit_node < 0 || Packed::node(s) == m.exit_node) ? 1 : 0);
    visited_count.push_back(pk.count_groups(m, s));
    next.emplace_back();
    for (auto& [mv, u] : successors(s)) {
      auto [it, fresh] = index.emplace(u, static_cast<int>(states.size()));
      if (fresh) {
        if (static_cast<int64_t>(states.size()) >= cap) return false;
        states.push_back(std::move(u));
        parent.push_back(static_cast<int>(q));
        via.push_back(Step{mv, -1});
      }
      next[q].push_back(it->second);
    }
  }
  return true;
}

}  // namespace

std::unique_ptr<SearchGraph> search_every_order(const PModel& m, int64_t cap) {
  auto sr = std::make_unique<ExactSearch>(m);
  sr->capped = !sr->explore(cap);
  if (sr->capped) return sr;
  sr->reach.assign(m.nodes.size(), 0);
  for (size_t q = 0; q < sr->states.size(); ++q) {
    sr->order.push_back(static_cast<int>(q));
    sr->reach[static_cast<size_t>(Packed::node(sr->states[q]))] = 1;
    if (sr->at_goal[q] && sr->goal < 0) sr->goal = static_cast<int>(q);
  }
  return sr;
}

}  // namespace catacomb::solving
