// The progression solver's search over closed states (see progression_search.hpp). Nodes and
// links: progression_model.cpp. Inside the player's strongly connected component (the nodes it
// can walk to and back from as the doors and gates stand: forward reach from its node intersected
// with backward reach) everything that cannot hurt is done at once: every objective-holding node
// visited and, with reusable keys, every locked door next to it whose key is held opened, until
// nothing changes. States that differ only in that are one; what is left are the moves that
// change the component: a toggle, a consumable key spent on a door, a step that cannot be walked
// back (a one-way door). A state is such a closing and the node the player entered it at;
// Dijkstra over them, a move costing the node moves to the node it starts from plus one, so the
// plan prefers what lies on the way. Cost per state: O(nodes + links) per closing round and per
// move out; the states are the component's closings, not the subsets of visited nodes, so maps
// whose every-order search explodes (progression_search_exact.cpp) take milliseconds.
// The plan's node moves for the walk (Expander): in each state, a tour of the nodes its closing
// visited (nearest first in node moves, opening on the way the doors it opened), then the way to
// the move's node, then the move.
// Deterministic: node, link and state orders follow the map's row-major order and indices; the
// open set is ordered by (cost, state index).
#include "validate/solver/progression_search.hpp"

#include <algorithm>
#include <optional>
#include <set>
#include <unordered_map>
#include <utility>

namespace catacomb::solving {
namespace {

struct ClosedSearch final : SearchGraph {
  const PModel& m;
  Packed pk;
  std::vector<std::vector<int>> in;  // links reversed
  std::vector<int64_t> cost;         // per state: node moves from the first
  int64_t goal_cost = 0;             // the goal's, with the walk to the exit's node
  // Scratch of component(): per node, the stamp of the last forward and backward visit.
  mutable std::vector<uint32_t> fwd, bwd;
  mutable uint32_t stamp = 0;
  mutable std::vector<int> queue;

  explicit ClosedSearch(const PModel& mm) : m(mm), pk(mm) {
    in.resize(m.nodes.size());
    for (size_t a = 0; a < m.out.size(); ++a)
      for (int b : m.out[a]) in[static_cast<size_t>(b)].push_back(static_cast<int>(a));
    fwd.assign(m.nodes.size(), 0);
    bwd.assign(m.nodes.size(), 0);
    reach.assign(m.nodes.size(), 0);
  }
  bool opened(const std::string& s, int t) const {
    return Packed::bit(s, pk.locks_at(), m.lock_bit[static_cast<size_t>(t)]);
  }
  void visit(std::string& s, int n) const {
    if (m.group[static_cast<size_t>(n)] >= 0) Packed::set_bit(s, pk.groups_at(), m.group[static_cast<size_t>(n)]);
  }
  // Whether a step into node t is open in state s as it is: a closed locked door or a shut gate
  // is not.
  bool enterable(const std::string& s, int t) const {
    const NodeKind k = m.nodes[static_cast<size_t>(t)].kind;
    if (k == NodeKind::Lock) return opened(s, t);
    if (k == NodeKind::Gate) return gate_open(m.door(t), Packed::switches(s));
    return true;
  }
  // The nodes the player at `from` can walk to and back from in state s, ascending: the strongly
  // connected component of `from` (forward and backward reach intersected). O(nodes + links).
  std::vector<int> component(const std::string& s, int from) const;
  // State s with the player at `from`, closed: every node of the component visited and, with
  // reusable keys, every locked door next to it whose key is held opened, again until nothing
  // changes; the node is then the component's lowest. None of it can hurt, and all of it can be
  // undone by walking back, so states that differ only so are one. Returns the component.
  std::vector<int> close(std::string& s, int from) const;
  // The moves out of state s (component c), with the closed states they lead to.
  std::vector<std::pair<Step, std::string>> successors(const std::string& s, const std::vector<int>& c) const;
  // Each node's node moves from the state's node inside its component c (-1: outside).
  std::vector<int> hops(const std::string& s, const std::vector<int>& c) const;
  // Dijkstra over the closed states, a step costing the node moves to the node it starts from
  // plus one; fills the fields below. False at the state cap.
  bool explore(int64_t cap);
  std::vector<Move> moves_to(int q, bool finish) const override;
  std::string first_state() const {
    std::string s(pk.size(), '\0');
    Packed::set_node(s, m.start_node);
    return s;
  }
};

std::vector<int> ClosedSearch::component(const std::string& s, int from) const {
  ++stamp;
  queue.assign(1, from);
  fwd[static_cast<size_t>(from)] = stamp;
  for (size_t i = 0; i < queue.size(); ++i)
    for (int t : m.out[static_cast<size_t>(queue[i])])
      if (fwd[static_cast<size_t>(t)] != stamp && enterable(s, t))
        fwd[static_cast<size_t>(t)] = stamp, queue.push_back(t);
  // Backward over the forward set only: every node on a way from a node of the forward set back
  // to `from` is reached from `from` too.
  std::vector<int> c{from};
  queue.assign(1, from);
  bwd[static_cast<size_t>(from)] = stamp;
  for (size_t i = 0; i < queue.size(); ++i) {
    const int b = queue[i];
    if (!enterable(s, b)) continue;  // no step into b (the player may stand on a gate shut around it)
    for (int a : in[static_cast<size_t>(b)])
      if (fwd[static_cast<size_t>(a)] == stamp && bwd[static_cast<size_t>(a)] != stamp) {
        bwd[static_cast<size_t>(a)] = stamp;
        queue.push_back(a);
        c.push_back(a);
      }
  }
  std::sort(c.begin(), c.end());
  return c;
}

std::vector<int> ClosedSearch::close(std::string& s, int from) const {
  for (;;) {
    std::vector<int> c = component(s, from);
    bool changed = false;
    for (int n : c) {
      const int g = m.group[static_cast<size_t>(n)];
      if (g >= 0 && !Packed::bit(s, pk.groups_at(), g)) Packed::set_bit(s, pk.groups_at(), g), changed = true;
    }
    if (m.rule == KeyRule::Reusable) {
      const std::array<int, kMaxLock + 1> keys = pk.held(m, s);
      for (int a : c)
        for (int t : m.out[static_cast<size_t>(a)])
          if (m.nodes[static_cast<size_t>(t)].kind == NodeKind::Lock && !opened(s, t) &&
              keys[static_cast<size_t>(m.lock_id(t))] > 0) {
            Packed::set_bit(s, pk.locks_at(), m.lock_bit[static_cast<size_t>(t)]);
            changed = true;
          }
    }
    if (!changed) {
      Packed::set_node(s, from);
      return c;
    }
  }
}

std::vector<std::pair<Step, std::string>> ClosedSearch::successors(const std::string& s,
                                                                   const std::vector<int>& c) const {
  std::vector<std::pair<Step, std::string>> outs;
  std::optional<std::array<int, kMaxLock + 1>> keys;
  for (int a : c)
    for (int t : m.out[static_cast<size_t>(a)]) {
      if (std::binary_search(c.begin(), c.end(), t)) continue;
      const NodeKind k = m.nodes[static_cast<size_t>(t)].kind;
      std::string u = s;
      Step st{Move{k == NodeKind::OneWay ? MoveKind::OneWay : MoveKind::Walk, t, 0}, a};
      if (!enterable(s, t)) {
        if (k != NodeKind::Lock) continue;  // a shut gate
        if (!keys) keys = pk.held(m, s);
        if ((*keys)[static_cast<size_t>(m.lock_id(t))] <= 0) continue;
        Packed::set_bit(u, pk.locks_at(), m.lock_bit[static_cast<size_t>(t)]);
        st.mv.kind = MoveKind::Open;
      }
      close(u, t);
      outs.emplace_back(st, std::move(u));
    }
  for (int n : c) {
    const uint32_t here = m.toggles[static_cast<size_t>(n)];
    for (int id = 1; id <= kMaxSwitch; ++id)
      if ((here >> (id - 1)) & 1u) {
        std::string u = s;
        Packed::set_switches(u, Packed::switches(s) ^ (1u << (id - 1)));
        close(u, n);
        outs.emplace_back(Step{Move{MoveKind::Toggle, n, id}, n}, std::move(u));
      }
  }
  return outs;
}

std::vector<int> ClosedSearch::hops(const std::string& s, const std::vector<int>& c) const {
  std::vector<int> h(m.nodes.size(), -1);
  const int from = Packed::node(s);
  queue.assign(1, from);
  h[static_cast<size_t>(from)] = 0;
  for (size_t i = 0; i < queue.size(); ++i)
    for (int t : m.out[static_cast<size_t>(queue[i])])
      if (h[static_cast<size_t>(t)] < 0 && std::binary_search(c.begin(), c.end(), t) && enterable(s, t)) {
        h[static_cast<size_t>(t)] = h[static_cast<size_t>(queue[i])] + 1;
        queue.push_back(t);
      }
  return h;
}

bool ClosedSearch::explore(int64_t cap) {
  std::string first = first_state();
  close(first, m.start_node);
  std::unordered_map<std::string, int> index{{first, 0}};
  states.push_back(first);
  parent.push_back(-1);
  via.emplace_back();
  cost.push_back(0);
  // Dijkstra on the node moves: (cost, state), popped lowest first, ties by state index.
  std::set<std::pair<int64_t, int>> open{{0, 0}};
  std::vector<uint8_t> done(1, 0);
  at_goal.assign(1, 0);
  visited_count.assign(1, 0);
  next.resize(1);
  order.clear();
  while (!open.empty()) {
    const int q = open.begin()->second;
    open.erase(open.begin());
    done[static_cast<size_t>(q)] = 1;
    order.push_back(q);
    const std::string s = states[static_cast<size_t>(q)];
    const std::vector<int> c = component(s, Packed::node(s));
    const std::vector<int> h = hops(s, c);
    for (int n : c) reach[static_cast<size_t>(n)] = 1;
    const bool all = pk.count_groups(m, s) == m.groups && !m.unplaced;
    visited_count[static_cast<size_t>(q)] = pk.count_groups(m, s);
    if (all && (m.exit_node < 0 || h[static_cast<size_t>(m.exit_node)] >= 0)) {
      at_goal[static_cast<size_t>(q)] = 1;
      const int64_t total = cost[static_cast<size_t>(q)] + (m.exit_node < 0 ? 0 : h[static_cast<size_t>(m.exit_node)]);
      if (goal < 0 || total < goal_cost) goal = q, goal_cost = total;
    }
    for (auto& [st, u] : successors(s, c)) {
      const int64_t g = cost[static_cast<size_t>(q)] + h[static_cast<size_t>(st.from)] + 1;
      auto [it, fresh] = index.emplace(u, static_cast<int>(states.size()));
      const int t = it->second;
      if (fresh) {
        if (static_cast<int64_t>(states.size()) >= cap) return false;
        states.push_back(std::move(u));
        parent.push_back(q);
        via.push_back(st);
        cost.push_back(g);
        done.push_back(0);
        at_goal.push_back(0);
        visited_count.push_back(0);
        next.emplace_back();
        open.emplace(g, t);
      } else if (!done[static_cast<size_t>(t)] && g < cost[static_cast<size_t>(t)]) {
        open.erase({cost[static_cast<size_t>(t)], t});
        cost[static_cast<size_t>(t)] = g;
        parent[static_cast<size_t>(t)] = q;
        via[static_cast<size_t>(t)] = st;
        open.emplace(g, t);
      }
      next[static_cast<size_t>(q)].push_back(t);
    }
  }
  return true;
}

// The node moves of a plan of steps between closed states, for the walk on the grid: in each
// state, a tour of the nodes whose objectives its closing took (nearest first, in node moves,
// opening on the way the locked doors it opened), then the way to the step's node, then the step;
// after the last step, its state's tour when `tour_last`, and the way to `end_at` (>= 0).
// O(plan steps x (groups + 1) x (nodes + links)).
class Expander {
 public:
  explicit Expander(const ClosedSearch& sr) : sr_(sr), m_(sr.m) {}
  std::vector<Move> run(const std::vector<Step>& plan, bool tour_last, int end_at) {
    std::string c = sr_.first_state();
    std::vector<int> comp = sr_.close(c, m_.start_node);
    w_ = sr_.first_state();
    sr_.visit(w_, m_.start_node);
    pos_ = m_.start_node;
    for (const Step& st : plan) {
      tour(comp);
      go(comp, [&](int n) { return n == st.from; });
      if (st.mv.kind == MoveKind::Toggle) {
        out_.push_back(st.mv);
        const uint32_t sw = Packed::switches(c) ^ (1u << (st.mv.switch_id - 1));
        Packed::set_switches(c, sw);
        Packed::set_switches(w_, sw);
        comp = sr_.close(c, st.from);
        continue;
      }
      Move mv = st.mv;
      if (m_.nodes[static_cast<size_t>(mv.node)].kind == NodeKind::Lock && !sr_.opened(w_, mv.node)) {
        // Opened by this step, or by an earlier closing (reusable keys) but not yet on the walk.
        Packed::set_bit(c, sr_.pk.locks_at(), m_.lock_bit[static_cast<size_t>(mv.node)]);
        Packed::set_bit(w_, sr_.pk.locks_at(), m_.lock_bit[static_cast<size_t>(mv.node)]);
        mv.kind = MoveKind::Open;
      }
      out_.push_back(mv);
      sr_.visit(w_, st.mv.node);
      pos_ = st.mv.node;
      comp = sr_.close(c, st.mv.node);
    }
    if (tour_last) tour(comp);
    if (end_at >= 0) go(comp, [&](int n) { return n == end_at; });
    return std::move(out_);
  }

 private:
  bool unvisited(int n) const {
    const int g = m_.group[static_cast<size_t>(n)];
    return g >= 0 && !Packed::bit(w_, sr_.pk.groups_at(), g);
  }
  // A locked door the walk has not opened but may open now: reusable keys, its key held.
  bool may_open(int t) const {
    return m_.nodes[static_cast<size_t>(t)].kind == NodeKind::Lock && m_.rule == KeyRule::Reusable &&
           !sr_.opened(w_, t) && sr_.pk.held(m_, w_)[static_cast<size_t>(m_.lock_id(t))] > 0;
  }
  void tour(const std::vector<int>& comp) {
    while (go(comp, [&](int n) { return unvisited(n); })) {}
  }
  // Walks inside `comp` to the nearest node that `wanted` accepts (breadth first; ties in link
  // order), emitting the moves; false when there is none.
  template <class Wanted>
  bool go(const std::vector<int>& comp, Wanted wanted) {
    if (wanted(pos_)) return false;
    std::vector<int> from(m_.nodes.size(), -2);
    std::vector<int> queue{pos_};
    from[static_cast<size_t>(pos_)] = -1;
    int found = -1;
    for (size_t i = 0; i < queue.size() && found < 0; ++i)
      for (int t : m_.out[static_cast<size_t>(queue[i])]) {
        if (from[static_cast<size_t>(t)] != -2 || !std::binary_search(comp.begin(), comp.end(), t)) continue;
        if (!sr_.enterable(w_, t) && !may_open(t)) continue;
        from[static_cast<size_t>(t)] = queue[i];
        queue.push_back(t);
        if (wanted(t)) {
          found = t;
          break;
        }
      }
    if (found < 0) return false;
    std::vector<int> path;
    for (int n = found; n != pos_; n = from[static_cast<size_t>(n)]) path.push_back(n);
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
      const int t = *it;
      const NodeKind k = m_.nodes[static_cast<size_t>(t)].kind;
      MoveKind mk = k == NodeKind::OneWay ? MoveKind::OneWay : MoveKind::Walk;
      if (k == NodeKind::Lock && !sr_.opened(w_, t)) {
        Packed::set_bit(w_, sr_.pk.locks_at(), m_.lock_bit[static_cast<size_t>(t)]);
        mk = MoveKind::Open;
      }
      out_.push_back(Move{mk, t, 0});
      sr_.visit(w_, t);
    }
    pos_ = found;
    return true;
  }

  const ClosedSearch& sr_;
  const PModel& m_;
  std::string w_;  // the state as walked: the closed states' doors opened only where passed
  int pos_ = -1;
  std::vector<Move> out_;
};

std::vector<Move> ClosedSearch::moves_to(int q, bool finish) const {
  return Expander(*this).run(plan_to(q), finish, finish && at_goal[static_cast<size_t>(q)] ? m.exit_node : -1);
}

}  // namespace

std::unique_ptr<SearchGraph> search_closed(const PModel& m, int64_t cap) {
  auto sr = std::make_unique<ClosedSearch>(m);
  sr->capped = !sr->explore(cap);
  return sr;
}

}  // namespace catacomb::solving
