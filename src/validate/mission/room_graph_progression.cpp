// The room graph's progression (validate/room_graph.hpp): each node's critical rank and intensity
// from the solver's critical path, and the metrics a batch reports (branchiness, cycles, the
// critical path's cells). The critical path's cells are walked once (node_at per cell) for the
// ranks; one breadth-first pass over the edges, level by level from every critical node at once,
// gives the side branches their depth and the score where they leave the path. O(nodes + edges
// + critical path cells). Deterministic: scores are integers, each intensity one division of two
// integers (exact in double below 2^53, correctly rounded by IEEE 754 on every platform).
#include <catacomb/validate/room_graph.hpp>

#include <algorithm>
#include <numeric>

#include "validate/mission/room_graph_cells.hpp"

namespace catacomb {
namespace {

// The node of `p`, or -1 (off the map, or a cell of an edge).
int node_of(const RoomGraph& g, Point p) { return g.node_at.in_bounds(p) ? g.node_at[p] : -1; }

// The neighbours of each node through the edges (an edge's both ends), each list in edge order.
std::vector<std::vector<int>> adjacency(const RoomGraph& g) {
  std::vector<std::vector<int>> adj(g.nodes.size());
  for (const GraphEdge& e : g.edges) {
    adj[static_cast<size_t>(e.a)].push_back(e.b);
    adj[static_cast<size_t>(e.b)].push_back(e.a);
  }
  return adj;
}

// Ranks the nodes the critical path enters (GraphNode::critical) and returns their scores (rank
// plus the doors opened and switches toggled before the entry); -1 for every other node.
std::vector<int64_t> critical_scores(RoomGraph& g, const Solution& s) {
  std::vector<int64_t> score(g.nodes.size(), -1);
  int rank = 0;
  int64_t progress = 0;
  for (const WalkStep& step : s.critical_path) {
    for (const Point& p : step.route) {
      const int n = node_of(g, p);
      if (n < 0 || g.nodes[static_cast<size_t>(n)].critical >= 0) continue;
      g.nodes[static_cast<size_t>(n)].critical = rank;
      score[static_cast<size_t>(n)] = rank + progress;
      ++rank;
    }
    if (step.kind == StepKind::OpenDoor || step.kind == StepKind::Toggle) ++progress;
  }
  return score;
}

// Gives every node connected to a scored node the score where its branch leaves the path plus
// its depth: level by level, a node of level d + 1 takes the highest score of its neighbours of
// level d, plus one.
void branch_scores(const RoomGraph& g, std::vector<int64_t>& score) {
  const std::vector<std::vector<int>> adj = adjacency(g);
  std::vector<int> depth(score.size(), -1), level;
  for (size_t i = 0; i < score.size(); ++i)
    if (score[i] >= 0) {
      depth[i] = 0;
      level.push_back(static_cast<int>(i));
    }
  for (int d = 0; !level.empty(); ++d) {
    std::vector<int> next;
    for (const int n : level)
      for (const int m : adj[static_cast<size_t>(n)]) {
        const auto mi = static_cast<size_t>(m);
        if (depth[mi] < 0) {
          depth[mi] = d + 1;
          next.push_back(m);
        }
        if (depth[mi] == d + 1) score[mi] = std::max(score[mi], score[static_cast<size_t>(n)] + 1);
      }
    level = std::move(next);
  }
}

}  // namespace

void graph_intensity(RoomGraph& graph, const Solution& solution) {
  for (GraphNode& n : graph.nodes) {
    n.critical = -1;
    n.intensity = -1;
  }
  if (solution.status != SolveStatus::Completable || solution.critical_path.empty()) return;
  std::vector<int64_t> score = critical_scores(graph, solution);
  branch_scores(graph, score);
  const WalkStep& last = solution.critical_path.back();
  const int exit = node_of(graph, last.route.empty() ? last.target : last.route.back());
  int64_t top = 0;
  for (size_t i = 0; i < score.size(); ++i)
    if (static_cast<int>(i) != exit) top = std::max(top, score[i]);
  for (size_t i = 0; i < score.size(); ++i) {
    if (score[i] < 0) continue;
    GraphNode& n = graph.nodes[i];
    if (static_cast<int>(i) == exit) n.intensity = 1;
    else if (top == 0) n.intensity = 0;
    else n.intensity = static_cast<double>(99 * score[i]) / static_cast<double>(100 * top);
  }
}

double ProgressionMetrics::branchiness() const {
  return nodes == 0 ? 0.0 : static_cast<double>(nodes - critical_nodes) / static_cast<double>(nodes);
}

ProgressionMetrics progression_metrics(const RoomGraph& graph, const Solution& solution) {
  ProgressionMetrics m;
  m.nodes = static_cast<int>(graph.nodes.size());
  for (const GraphNode& n : graph.nodes) m.critical_nodes += n.critical >= 0 ? 1 : 0;
  // Connected components by union-find (path halving).
  std::vector<int> parent(graph.nodes.size());
  std::iota(parent.begin(), parent.end(), 0);
  auto find = [&parent](int x) {
    while (parent[static_cast<size_t>(x)] != x)
      x = parent[static_cast<size_t>(x)] = parent[static_cast<size_t>(parent[static_cast<size_t>(x)])];
    return x;
  };
  int components = m.nodes;
  for (const GraphEdge& e : graph.edges) {
    const int a = find(e.a), b = find(e.b);
    if (a == b) continue;
    parent[static_cast<size_t>(a)] = b;
    --components;
  }
  m.cycles = static_cast<int>(graph.edges.size()) - m.nodes + components;
  std::vector<Point> cells;
  for (const WalkStep& step : solution.critical_path) cells.insert(cells.end(), step.route.begin(), step.route.end());
  std::sort(cells.begin(), cells.end(), [](Point a, Point b) { return a.y != b.y ? a.y < b.y : a.x < b.x; });
  cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
  m.critical_cells = static_cast<int64_t>(cells.size());
  return m;
}

RoomGraph room_graph(const Dungeon& d, const MapRules& rules, const Solution& solution) {
  RoomGraph g = detail::room_graph_cells(d, rules);
  graph_intensity(g, solution);
  return g;
}

}  // namespace catacomb
