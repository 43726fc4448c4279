// See reference_platformer_loss.hpp. Deliberately plain: a map of visited states, a fixed-point
// loop for "can finish" (no predecessor lists), objectives found by a scan of the list each time.
#include "support/reference/reference_platformer_loss.hpp"

#include <map>
#include <utility>
#include <vector>

namespace catacomb::test {

BruteLevelLoss brute_force_level_loss(const Dungeon& d, const NavGraph& g) {
  BruteLevelLoss out;
  int start = -1, exit = -1;
  std::vector<int> nodes;  // per objective taken: its node (-1: none)
  for (const Objective& o : d.objectives) {
    if (o.kind == ObjectiveKind::Start) {
      if (start < 0) start = g.node_at(o.pos);
    } else if (o.kind == ObjectiveKind::Exit) {
      if (exit < 0) exit = g.node_at(o.pos);
      if (g.node_at(o.pos) < 0) exit = -2;
    } else {
      nodes.push_back(g.node_at(o.pos));
    }
  }
  if (start < 0) return out;
  auto taken_on = [&](int node) {
    uint64_t t = 0;
    for (size_t i = 0; i < nodes.size(); ++i)
      if (nodes[i] == node) t |= uint64_t{1} << i;
    return t;
  };
  const uint64_t all = nodes.size() == 64 ? ~uint64_t{0} : (uint64_t{1} << nodes.size()) - 1;
  std::map<std::pair<int, uint64_t>, std::vector<std::pair<int, uint64_t>>> next;
  std::vector<std::pair<int, uint64_t>> todo{{start, taken_on(start)}};
  next[todo[0]];
  while (!todo.empty()) {
    const auto s = todo.back();
    todo.pop_back();
    for (const NavEdge& e : g.edges(s.first)) {
      const std::pair<int, uint64_t> t{e.to, s.second | taken_on(e.to)};
      next[s].push_back(t);
      if (!next.count(t)) {
        next[t];
        todo.push_back(t);
      }
    }
  }
  std::map<std::pair<int, uint64_t>, bool> can;
  for (const auto& [s, succ] : next) can[s] = exit >= 0 && s.first == exit && s.second == all;
  for (bool changed = true; changed;) {
    changed = false;
    for (const auto& [s, succ] : next) {
      if (can[s]) continue;
      for (const auto& t : succ)
        if (can[t]) {
          can[s] = changed = true;
          break;
        }
    }
  }
  out.states = static_cast<int64_t>(next.size());
  for (const auto& [s, c] : can) out.softlocks += c ? 0 : 1;
  out.completable = can[{start, taken_on(start)}];
  out.unlosable = out.softlocks == 0;
  return out;
}

}  // namespace catacomb::test
