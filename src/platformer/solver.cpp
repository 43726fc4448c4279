// A* over the navigation graph with the generic engine: nodes are node indices, edges the
// stored moves. Each node of the found path is joined to the next by the cheapest stored edge
// between them (the graph keeps one per target).
#include <catacomb/platformer/solver.hpp>

#include <cstdlib>
#include <string>

#include <catacomb/core/error.hpp>

namespace catacomb {

PlatformerRoute find_platformer_path(const NavGraph& graph, Point from, Point to, const GraphSearchOptions& options) {
  std::vector<FieldProblem> problems;
  const char* expected = "a cell of the map where the body can stand or hang on a ladder";
  const int start = graph.node_at(from), goal = graph.node_at(to);
  if (start < 0) problems.push_back({"from", to_string(from), expected});
  if (goal < 0) problems.push_back({"to", to_string(to), expected});
  if (!problems.empty()) throw InvalidArgument(std::move(problems));

  auto neighbors = [&graph](int n, auto&& emit) {
    for (const NavEdge& e : graph.edges(n)) emit(static_cast<int>(e.to), static_cast<double>(e.cost));
  };
  auto heuristic = [&graph, to](int n) {
    const Point p = graph.cell(n);
    return static_cast<double>(std::abs(p.x - to.x) + std::abs(p.y - to.y));
  };
  const GraphPathResult<int> r = find_graph_path(start, goal, neighbors, heuristic, options);
  PlatformerRoute route;
  route.status = r.status;
  route.expanded = r.expanded;
  if (!r.found()) return route;
  for (size_t i = 0; i + 1 < r.path.size(); ++i) {
    for (const NavEdge& e : graph.edges(r.path[i]))
      if (e.to == r.path[i + 1]) {
        route.moves.push_back(graph.move(r.path[i], e));
        route.cost += e.cost;
        break;
      }
  }
  return route;
}

}  // namespace catacomb
