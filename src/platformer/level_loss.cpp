// The proof that a side-view level cannot be lost (see level_loss.hpp).
//
// The model keeps every choice a player has:
// - Places: each node of the navigation graph holding an objective (the start and the exit too)
//   is a place of its own; the other nodes form places by the strongly connected components of
//   the moves between them. Inside such a component a player goes anywhere and back without
//   resting on an objective's node, so every node of it has the same future; resting on an
//   objective's node takes what lies there (a player may jump over one and not take it: the move
//   then goes past, not onto, its node).
// - A state: the place and the objectives taken (start and exit are never taken).
// - Moves: a move of the graph from a node of the place to a node of another place.
// - Finished: every objective taken, resting on the exit's node. A state "can finish" when a
//   finished state is reachable from it.
// Every reachable state is searched breadth first (the first softlock found has the fewest moves
// in), then one backward pass marks the states that can finish. A search stopped at max_states
// proves nothing. Nothing is merged: the states grow with the subsets of objectives taken.
// Deterministic: places by Tarjan's order over nodes in index order, states in search order.
#include "platformer/level_loss.hpp"

#include <algorithm>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>

namespace catacomb::platformer_loss {
namespace {

constexpr int kMaxTakes = 64;

// Strongly connected components of the nodes not in `own` (each of those is its own place),
// Tarjan's algorithm without recursion. place[n] for every node.
std::vector<int32_t> number_places(const NavGraph& g, const std::vector<uint8_t>& own, int32_t& count) {
  const int n = g.node_count();
  std::vector<int32_t> place(static_cast<size_t>(n), -1), index(static_cast<size_t>(n), -1),
      low(static_cast<size_t>(n), 0);
  std::vector<uint8_t> on_stack(static_cast<size_t>(n), 0);
  std::vector<int32_t> stack;
  struct Frame {
    int32_t node;
    size_t edge;
  };
  std::vector<Frame> frames;
  int32_t next_index = 0;
  count = 0;
  for (int root = 0; root < n; ++root) {
    if (own[static_cast<size_t>(root)]) {
      place[static_cast<size_t>(root)] = count++;
      continue;
    }
    if (index[static_cast<size_t>(root)] >= 0) continue;
    frames.push_back({root, 0});
    index[static_cast<size_t>(root)] = low[static_cast<size_t>(root)] = next_index++;
    stack.push_back(root);
    on_stack[static_cast<size_t>(root)] = 1;
    while (!frames.empty()) {
      Frame& f = frames.back();
      const std::span<const NavEdge> edges = g.edges(f.node);
      if (f.edge < edges.size()) {
        const int32_t to = edges[f.edge++].to;
        if (own[static_cast<size_t>(to)]) continue;
        if (index[static_cast<size_t>(to)] < 0) {
          index[static_cast<size_t>(to)] = low[static_cast<size_t>(to)] = next_index++;
          stack.push_back(to);
          on_stack[static_cast<size_t>(to)] = 1;
          frames.push_back({to, 0});
        } else if (on_stack[static_cast<size_t>(to)]) {
          low[static_cast<size_t>(f.node)] = std::min(low[static_cast<size_t>(f.node)], index[static_cast<size_t>(to)]);
        }
        continue;
      }
      const int32_t v = f.node;
      frames.pop_back();
      if (!frames.empty())
        low[static_cast<size_t>(frames.back().node)] = std::min(low[static_cast<size_t>(frames.back().node)],
                                                                low[static_cast<size_t>(v)]);
      if (low[static_cast<size_t>(v)] == index[static_cast<size_t>(v)]) {
        for (;;) {
          const int32_t w = stack.back();
          stack.pop_back();
          on_stack[static_cast<size_t>(w)] = 0;
          place[static_cast<size_t>(w)] = count;
          if (w == v) break;
        }
        ++count;
      }
    }
  }
  return place;
}

struct StateKey {
  int32_t place;
  uint64_t taken;
  bool operator==(const StateKey&) const = default;
};
struct StateHash {
  size_t operator()(const StateKey& k) const {
    uint64_t h = k.taken * 0x9E3779B97F4A7C15u ^
                 (static_cast<uint64_t>(static_cast<uint32_t>(k.place)) + 0x632BE59BD9B4E019u);
    h ^= h >> 29;
    return static_cast<size_t>(h * 0xBF58476D1CE4E5B9u);
  }
};

// The level's objectives on the graph: the nodes that are places of their own, and the
// objectives to take with their bits.
struct Objectives {
  int start = -1, exit = -1, takes = 0;
  bool unplaced = false;  // an objective on no node: the level cannot be finished
  bool too_many = false;  // more objectives to take than a state's word holds: not proven
  std::vector<uint8_t> own;
  std::vector<std::pair<int, int>> take_node;  // (node, taken-bit) of each objective taken
};

Objectives find_objectives(const Dungeon& d, const NavGraph& g) {
  Objectives o;
  o.own.assign(static_cast<size_t>(g.node_count()), 0);
  for (const Objective& ob : d.objectives) {
    const int n = g.node_at(ob.pos);
    if (ob.kind == ObjectiveKind::Start) {
      if (o.start < 0) o.start = n;
      if (n >= 0) o.own[static_cast<size_t>(n)] = 1;
      continue;
    }
    if (n < 0) {
      o.unplaced = true;
      continue;
    }
    o.own[static_cast<size_t>(n)] = 1;
    if (ob.kind == ObjectiveKind::Exit) {
      if (o.exit < 0) o.exit = n;
      continue;
    }
    if (o.takes == kMaxTakes) {
      o.too_many = true;
      return o;
    }
    o.take_node.emplace_back(n, o.takes++);
  }
  return o;
}

// The places, what lies in each, and the moves between them.
struct Places {
  std::vector<int32_t> place;   // of each node
  std::vector<uint64_t> takes;  // the objectives resting in each place takes
  // The moves between places, each with one move of the graph that makes it (the first found).
  std::vector<std::vector<std::pair<int32_t, Move>>> links;
};

Places build_places(const NavGraph& g, const Objectives& o) {
  Places p;
  int32_t count = 0;
  p.place = number_places(g, o.own, count);
  p.takes.assign(static_cast<size_t>(count), 0);
  for (const auto& [n, bit] : o.take_node)
    p.takes[static_cast<size_t>(p.place[static_cast<size_t>(n)])] |= uint64_t{1} << bit;
  p.links.resize(static_cast<size_t>(count));
  for (int a = 0; a < g.node_count(); ++a)
    for (const NavEdge& e : g.edges(a)) {
      const int32_t pa = p.place[static_cast<size_t>(a)], pb = p.place[static_cast<size_t>(e.to)];
      if (pa == pb) continue;
      auto& l = p.links[static_cast<size_t>(pa)];
      if (std::none_of(l.begin(), l.end(), [&](const auto& x) { return x.first == pb; }))
        l.emplace_back(pb, g.move(a, e));
    }
  return p;
}

// Every reachable state in breadth-first order, with the move that first reached each and the
// successors of each (CSR).
struct StateSpace {
  std::vector<StateKey> states;
  std::vector<int32_t> parent;
  std::vector<Move> via;
  std::vector<int64_t> first_succ;
  std::vector<int32_t> succ;
  bool complete = false;  // false: stopped at max_states
};

StateSpace search_states(const Places& p, int32_t start_place, int64_t max_states) {
  StateSpace sp;
  std::unordered_map<StateKey, int32_t, StateHash> index;
  auto add = [&](StateKey k, int32_t from, const Move& m) -> int32_t {
    const auto [it, fresh] = index.emplace(k, static_cast<int32_t>(sp.states.size()));
    if (fresh) {
      if (static_cast<int64_t>(sp.states.size()) >= max_states) return -1;
      sp.states.push_back(k);
      sp.parent.push_back(from);
      sp.via.push_back(m);
    }
    return it->second;
  };
  if (add({start_place, p.takes[static_cast<size_t>(start_place)]}, -1, Move{}) < 0) return sp;  // max_states < 1
  for (size_t q = 0; q < sp.states.size(); ++q) {
    sp.first_succ.push_back(static_cast<int64_t>(sp.succ.size()));
    const StateKey s = sp.states[q];
    for (const auto& [to, m] : p.links[static_cast<size_t>(s.place)]) {
      const int32_t t = add({to, s.taken | p.takes[static_cast<size_t>(to)]}, static_cast<int32_t>(q), m);
      if (t < 0) return sp;  // not proven
      sp.succ.push_back(t);
    }
  }
  sp.first_succ.push_back(static_cast<int64_t>(sp.succ.size()));
  sp.complete = true;
  return sp;
}

// The states that can finish: backwards from the finished states over the reversed successors.
std::vector<uint8_t> can_finish(const StateSpace& sp, int32_t exit_place, uint64_t all) {
  const size_t n = sp.states.size();
  std::vector<int64_t> first_pred(n + 1, 0);
  for (int32_t t : sp.succ) ++first_pred[static_cast<size_t>(t) + 1];
  for (size_t i = 0; i < n; ++i) first_pred[i + 1] += first_pred[i];
  std::vector<int32_t> pred(sp.succ.size());
  std::vector<int64_t> fill(first_pred.begin(), first_pred.end() - 1);
  for (size_t q = 0; q < n; ++q)
    for (int64_t e = sp.first_succ[q]; e < sp.first_succ[q + 1]; ++e)
      pred[static_cast<size_t>(fill[static_cast<size_t>(sp.succ[static_cast<size_t>(e)])]++)] = static_cast<int32_t>(q);
  std::vector<uint8_t> can(n, 0);
  std::vector<int32_t> queue;
  for (size_t q = 0; q < n; ++q)
    if (sp.states[q].place == exit_place && sp.states[q].taken == all)
      can[q] = 1, queue.push_back(static_cast<int32_t>(q));
  for (size_t i = 0; i < queue.size(); ++i) {
    const size_t t = static_cast<size_t>(queue[i]);
    for (int64_t e = first_pred[t]; e < first_pred[t + 1]; ++e) {
      const size_t q = static_cast<size_t>(pred[static_cast<size_t>(e)]);
      if (!can[q]) can[q] = 1, queue.push_back(static_cast<int32_t>(q));
    }
  }
  return can;
}

// Fills the verdict, and the way into the first softlock (the fewest moves in: states are in
// breadth-first order) with its sentence.
void report(const StateSpace& sp, const std::vector<uint8_t>& can, LevelLoss& out) {
  out.completable = can[0] != 0;
  int32_t first = -1;
  for (size_t q = 0; q < can.size(); ++q)
    if (!can[q]) {
      ++out.softlock_states;
      if (first < 0) first = static_cast<int32_t>(q);
    }
  out.status = out.softlock_states == 0 ? LossStatus::Unlosable : LossStatus::Losable;
  if (first < 0) return;
  for (int32_t q = first; sp.parent[static_cast<size_t>(q)] >= 0; q = sp.parent[static_cast<size_t>(q)])
    out.way_in.push_back(sp.via[static_cast<size_t>(q)]);
  std::reverse(out.way_in.begin(), out.way_in.end());
  if (out.way_in.empty()) {
    out.message = "the level cannot be finished from the start";
    return;
  }
  const Move& last = out.way_in.back();
  out.message = "after the " + std::string(move_kind_name(last.kind)) + " from " + to_string(last.from) + " to " +
                to_string(last.to) + " (" + std::to_string(out.way_in.size()) +
                (out.way_in.size() == 1 ? " move" : " moves") +
                " between places of play) the level can no longer be finished";
}

}  // namespace

LevelLoss prove_level_unlosable(const Dungeon& d, const NavGraph& g, int64_t max_states) {
  LevelLoss out;
  const Objectives o = find_objectives(d, g);
  if (o.too_many) return out;  // not proven
  if (o.start < 0 || o.exit < 0 || o.unplaced) {
    out.status = LossStatus::Losable;
    return out;
  }
  const Places p = build_places(g, o);
  const StateSpace sp = search_states(p, p.place[static_cast<size_t>(o.start)], max_states);
  out.states = static_cast<int64_t>(sp.states.size());
  if (!sp.complete) return out;  // not proven
  const uint64_t all = o.takes == 64 ? ~uint64_t{0} : (uint64_t{1} << o.takes) - 1;
  report(sp, can_finish(sp, p.place[static_cast<size_t>(o.exit)], all), out);
  return out;
}

}  // namespace catacomb::platformer_loss
