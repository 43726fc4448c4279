#pragma once
/// A* and Dijkstra on any graph given by a neighbour function: waypoint graphs, hex grids,
/// room graphs. The grid engine (search.hpp) is the fast path for square grids; this one trades
/// speed for generality (nodes in a std::map, a binary heap).
///
/// Determinism: the open list pops in a total order, the same as the grid engine's: lower f,
/// then larger g, then the lower node by operator<. Nodes are looked up in a std::map and
/// never iterated in hash order, so the same graph gives the same path on every platform.
#include <catacomb/export.hpp>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/pathing/search.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// Options of find_graph_path.
struct GraphSearchOptions {
  /// f = g + weight * h. 1 gives an optimal path for an admissible heuristic; 0 is Dijkstra;
  /// w > 1 a path costing at most w x optimal (for a consistent heuristic), usually found
  /// faster. [Limit: 0 to 1e6]
  double weight = 1.0;
  /// Most nodes to expand before giving up with BudgetExhausted; 0 = no limit. [Limit: >= 0]
  int64_t budget = 0;

  /// Every bad field ("weight = -1 (expected 0 to 1e6)"); empty when valid.
  std::vector<FieldProblem> problems() const;
  /// Throws InvalidArgument listing every problem.
  void check() const;
};

/// The answer to one graph query. "No path" is an answer, not an error.
template <typename Node>
struct GraphPathResult {
  /// Found, NoPath or BudgetExhausted.
  PathStatus status = PathStatus::NoPath;
  /// Nodes from start to goal, both inclusive; empty unless found.
  std::vector<Node> path;
  /// Sum of the edge costs along `path`, added in path order. 0 unless found.
  double cost = 0;
  /// Nodes expanded (taken off the open list and processed), the goal included.
  int64_t expanded = 0;
  /// True when a path was found.
  bool found() const { return status == PathStatus::Found; }
};

/// The heuristic that makes find_graph_path Dijkstra's algorithm.
struct ZeroHeuristic {
  template <typename Node>
  /// 0 for every node.
  double operator()(const Node&) const {
    return 0.0;
  }
};

/// Best-first search from `start` to the first node that satisfies `is_goal`.
///
/// - Node: copyable, with a strict weak order operator< (equivalent nodes are the same node).
/// - is_goal(node): true for a goal node (several goals, or a goal that is a set of states).
/// - neighbors(node, emit): calls emit(next, edge_cost) once per edge out of `node`. Edge
///   costs are >= 0; an infinite cost means "no edge". A negative or NaN cost throws
///   InvalidArgument.
/// - heuristic(node): estimated cost from `node` to the nearest goal, finite and >= 0.
///   Admissible (never above the true cost) for an optimal path with weight 1; ZeroHeuristic
///   for Dijkstra. A negative or non-finite value throws InvalidArgument.
/// Nodes are expanded at most once (no reopening). Throws InvalidArgument for bad options.
/// Time O(E log E) for the E edges it relaxes; memory O(nodes reached).
template <typename Node, typename GoalFn, typename NeighborsFn, typename HeuristicFn>
requires std::is_invocable_r_v<bool, GoalFn&, const Node&> && std::is_invocable_r_v<double, HeuristicFn&, const Node&>
    GraphPathResult<Node> find_graph_path(const Node& start, GoalFn&& is_goal, NeighborsFn&& neighbors,
                                          HeuristicFn&& heuristic, const GraphSearchOptions& options = {}) {
  options.check();
  struct Record {
    Node node;
    double g;
    uint32_t parent;  // kNone for the start
    bool closed;
  };
  struct Entry {
    double f;
    double g;
    uint32_t id;
  };
  constexpr uint32_t kNone = 0xFFFFFFFFu;

  std::vector<Record> rec;
  std::map<Node, uint32_t> ids;  // node -> index in rec, in discovery order
  std::vector<Entry> open;       // binary min-heap over `after`
  // "x comes after y" (the heap's comparison): the reverse of the total order.
  auto after = [&rec](const Entry& x, const Entry& y) {
    if (x.f != y.f) return x.f > y.f;
    if (x.g != y.g) return x.g < y.g;
    return rec[y.id].node < rec[x.id].node;
  };
  auto estimate = [&](const Node& n) {
    const double h = heuristic(n);
    if (!(h >= 0 && std::isfinite(h)))
      throw InvalidArgument(FieldProblem{"heuristic", std::to_string(h), "a finite number >= 0"});
    return options.weight * h;
  };
  auto push = [&](const Entry& e) {
    open.push_back(e);
    size_t i = open.size() - 1;
    while (i > 0) {
      const size_t p = (i - 1) / 2;
      if (!after(open[p], open[i])) break;
      std::swap(open[p], open[i]);
      i = p;
    }
  };
  auto pop = [&]() {
    open.front() = open.back();
    open.pop_back();
    size_t i = 0;
    const size_t n = open.size();
    for (;;) {
      size_t c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && after(open[c], open[c + 1])) ++c;
      if (!after(open[i], open[c])) break;
      std::swap(open[i], open[c]);
      i = c;
    }
  };

  GraphPathResult<Node> result;
  rec.push_back(Record{start, 0.0, kNone, false});
  ids.emplace(start, 0u);
  push(Entry{estimate(start), 0.0, 0u});
  while (!open.empty()) {
    const Entry e = open.front();
    pop();
    if (rec[e.id].closed || e.g != rec[e.id].g) continue;  // stale: expanded, or improved since
    if (options.budget != 0 && result.expanded >= options.budget) {
      result.status = PathStatus::BudgetExhausted;
      return result;
    }
    rec[e.id].closed = true;
    ++result.expanded;
    if (is_goal(static_cast<const Node&>(rec[e.id].node))) {
      result.status = PathStatus::Found;
      result.cost = e.g;
      for (uint32_t i = e.id; i != kNone; i = rec[i].parent) result.path.push_back(rec[i].node);
      std::reverse(result.path.begin(), result.path.end());
      return result;
    }
    const Node current = rec[e.id].node;  // a copy: rec may grow while emitting
    neighbors(current, [&](const Node& next, double cost) {
      if (!(cost >= 0)) throw InvalidArgument(FieldProblem{"edge cost", std::to_string(cost), ">= 0"});
      if (std::isinf(cost)) return;
      const double ng = e.g + cost;
      auto [it, inserted] = ids.emplace(next, static_cast<uint32_t>(rec.size()));
      if (inserted) {
        rec.push_back(Record{next, ng, e.id, false});
      } else {
        Record& r = rec[it->second];
        if (r.closed || ng >= r.g) return;
        r.g = ng;
        r.parent = e.id;
      }
      push(Entry{ng + estimate(next), ng, it->second});
    });
  }
  result.status = PathStatus::NoPath;
  return result;
}

/// Best-first search from `start` to `goal` (see above; the goal is the node equivalent to
/// `goal` under operator<).
template <typename Node, typename NeighborsFn, typename HeuristicFn>
requires std::is_invocable_r_v<double, HeuristicFn&, const Node&> GraphPathResult<Node> find_graph_path(
    const Node& start, const Node& goal, NeighborsFn&& neighbors, HeuristicFn&& heuristic,
    const GraphSearchOptions& options = {}) {
  auto is_goal = [&goal](const Node& n) { return !(n < goal) && !(goal < n); };
  return find_graph_path(start, is_goal, std::forward<NeighborsFn>(neighbors), std::forward<HeuristicFn>(heuristic),
                         options);
}

/// Dijkstra (ZeroHeuristic) to `goal`.
template <typename Node, typename NeighborsFn>
GraphPathResult<Node> find_graph_path(const Node& start, const Node& goal, NeighborsFn&& neighbors,
                                      const GraphSearchOptions& options = {}) {
  return find_graph_path(start, goal, std::forward<NeighborsFn>(neighbors), ZeroHeuristic{}, options);
}

/// Dijkstra (ZeroHeuristic) to the first node that satisfies `is_goal`.
template <typename Node, typename GoalFn, typename NeighborsFn>
requires std::is_invocable_r_v<bool, GoalFn&, const Node&> GraphPathResult<Node> find_graph_path(
    const Node& start, GoalFn&& is_goal, NeighborsFn&& neighbors, const GraphSearchOptions& options = {}) {
  return find_graph_path(start, std::forward<GoalFn>(is_goal), std::forward<NeighborsFn>(neighbors), ZeroHeuristic{},
                         options);
}

/// A hex cell in axial coordinates (Red Blob Games, "Hexagonal Grids"): q the column axis, r
/// the row axis; the third cube coordinate is s = -q - r. Works for pointy-top and flat-top
/// layouts alike (only the drawing differs). Ordered row first (r, then q), like Point.
struct HexAxial {
  /// Column axis.
  int q = 0;
  /// Row axis.
  int r = 0;
  /// Equal when both coordinates are equal.
  friend constexpr bool operator==(HexAxial, HexAxial) = default;
  /// Row first (r, then q), like Point.
  friend constexpr auto operator<=>(HexAxial a, HexAxial b) {
    if (auto c = a.r <=> b.r; c != 0) return c;
    return a.q <=> b.q;
  }
};

/// "q,r".
inline std::string to_string(HexAxial h) { return std::to_string(h.q) + "," + std::to_string(h.r); }

/// The 6 axial directions in a fixed order: (+1, 0), (+1, -1), (0, -1), (-1, 0), (-1, +1),
/// (0, +1) (counter-clockwise from "east" on a pointy-top layout).
inline constexpr HexAxial kHexDirections[6] = {{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}};

/// The 6 neighbours of `h`, in the order of kHexDirections.
constexpr std::array<HexAxial, 6> hex_neighbors(HexAxial h) {
  std::array<HexAxial, 6> n{};
  for (int d = 0; d < 6; ++d) n[static_cast<size_t>(d)] = {h.q + kHexDirections[d].q, h.r + kHexDirections[d].r};
  return n;
}

/// Fewest steps between two hexes: (|dq| + |dr| + |dq + dr|) / 2 (the cube distance). An
/// admissible and consistent A* heuristic when every step costs at least 1 (multiply it by the
/// smallest step cost otherwise).
constexpr int hex_distance(HexAxial a, HexAxial b) {
  const int dq = a.q - b.q, dr = a.r - b.r, ds = dq + dr;
  return ((dq < 0 ? -dq : dq) + (dr < 0 ? -dr : dr) + (ds < 0 ? -ds : ds)) / 2;
}

}  // namespace catacomb
CATACOMB_PUBLIC_END
