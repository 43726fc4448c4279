#pragma once
/// The global solver: A* over a NavGraph (with the generic graph engine of
/// pathing/graph_search.hpp), from one resting cell to another. The heuristic is the Manhattan
/// distance between cells, admissible and consistent because every move costs at least the
/// Manhattan distance it covers (move_rules.hpp), so routes are optimal.
#include <catacomb/export.hpp>
#include <cstdint>
#include <vector>

#include <catacomb/core/geometry.hpp>
#include <catacomb/pathing/graph_search.hpp>
#include <catacomb/platformer/nav_graph.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// A route as moves. "No path" is an answer (status NoPath), not an error.
struct PlatformerRoute {
  /// Found, NoPath, or BudgetExhausted when the options set a budget.
  PathStatus status = PathStatus::NoPath;
  std::vector<Move> moves;  ///< from the start cell to the goal cell; empty unless found
  int64_t cost = 0;         ///< sum of the moves' costs
  int64_t expanded = 0;     ///< nodes expanded by A*
  /// True when a route was found.
  bool found() const { return status == PathStatus::Found; }
};

/// The cheapest route from `from` to `to`. Throws InvalidArgument (fields "from", "to") when
/// either is not a node of the graph (off the map, or a cell where the body cannot rest), and
/// for bad options.
PlatformerRoute find_platformer_path(const NavGraph& graph, Point from, Point to,
                                     const GraphSearchOptions& options = {});

}  // namespace catacomb
CATACOMB_PUBLIC_END
