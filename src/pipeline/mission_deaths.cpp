// Where a mission's attempts died (mission_deaths.hpp): counts per node and edge, and the
// shortest cycle through the node most attempts died at, found breadth-first. No Rng, no clock:
// the same attempts give the same message.
#include "pipeline/mission_deaths.hpp"

#include <algorithm>

namespace catacomb {

MissionDeaths::MissionDeaths(const Mission* m) : mission(m) {
  if (!m) return;
  nodes.assign(m->nodes.size(), 0);
  edges.assign(m->edges.size(), 0);
}

void MissionDeaths::count(int node, int edge) {
  if (node >= 0 && static_cast<size_t>(node) < nodes.size()) ++nodes[static_cast<size_t>(node)];
  else if (edge >= 0 && static_cast<size_t>(edge) < edges.size()) ++edges[static_cast<size_t>(edge)];
}

std::vector<int> shortest_cycle_through(const Mission& m, int v) {
  const size_t n = m.nodes.size();
  std::vector<int> best;
  for (const int f : m.edges_at(v)) {
    const MissionEdge& first = m.edges[static_cast<size_t>(f)];
    const int u = first.a == v ? first.b : first.a;
    // Breadth-first from u back to v without edge f.
    std::vector<int> from(n, -2);
    std::vector<int> queue = {u};
    from[static_cast<size_t>(u)] = -1;
    for (size_t head = 0; head < queue.size() && from[static_cast<size_t>(v)] == -2; ++head) {
      const int x = queue[head];
      for (const int g : m.edges_at(x)) {
        const MissionEdge& e = m.edges[static_cast<size_t>(g)];
        const int y = e.a == x ? e.b : e.a;
        if (g == f || from[static_cast<size_t>(y)] != -2) continue;
        from[static_cast<size_t>(y)] = x;
        queue.push_back(y);
      }
    }
    if (from[static_cast<size_t>(v)] == -2) continue;
    std::vector<int> cycle;  // v, then back along the search to u
    for (int x = v; x != -1; x = from[static_cast<size_t>(x)]) cycle.push_back(x);
    if (best.empty() || cycle.size() < best.size()) best = std::move(cycle);
  }
  return best;
}

namespace {

std::string edges_text(size_t n) { return std::to_string(n) + (n == 1 ? " edge" : " edges"); }

}  // namespace

std::string MissionDeaths::most(int attempts) const {
  if (!mission) return {};
  const auto node = std::max_element(nodes.begin(), nodes.end());
  const auto edge = std::max_element(edges.begin(), edges.end());
  const int at_node = node == nodes.end() ? 0 : *node, at_edge = edge == edges.end() ? 0 : *edge;
  if (at_node == 0 && at_edge == 0) return {};
  const Mission& m = *mission;
  const std::string of = ": " + std::to_string(std::max(at_node, at_edge)) + " of " + std::to_string(attempts);
  if (at_edge > at_node) {
    const MissionEdge& e = m.edges[static_cast<size_t>(edge - edges.begin())];
    return "; attempts died most at edge " + m.nodes[static_cast<size_t>(e.a)].id + "-" +
           m.nodes[static_cast<size_t>(e.b)].id + of;
  }
  const int v = static_cast<int>(node - nodes.begin());
  const MissionNode& mn = m.nodes[static_cast<size_t>(v)];
  std::string s = "; attempts died most at node " + mn.id + " (type " + (mn.type.empty() ? "any" : mn.type) + ", " +
                  edges_text(m.edges_at(v).size()) + ")" + of;
  const std::vector<int> cycle = shortest_cycle_through(m, v);
  for (size_t i = 0; i < cycle.size(); ++i)  // ids may hold '-': the nodes listed with commas
    s += (i == 0 ? ", on the cycle " : ", ") + m.nodes[static_cast<size_t>(cycle[i])].id;
  return s;
}

}  // namespace catacomb
