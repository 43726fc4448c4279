#pragma once
/// One search engine on grids, four modes as the tutorial walks them: breadth-first search,
/// Dijkstra (uniform-cost search), greedy best-first and A*; plus Jump Point Search for
/// uniform-cost 8-neighbour grids without corner cutting.
///
/// Cost model: a move costs the cost of entering the destination cell, times the diagonal
/// factor for a diagonal move; impassable cells (cost kImpassable) are never entered.
/// Tie-breaking is a total order: lower f first, then larger g, then lower cell index, so every
/// platform returns the same path.
#include <catacomb/export.hpp>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/error.hpp>
#include <catacomb/core/geometry.hpp>
#include <catacomb/core/grid.hpp>
#include <catacomb/core/terrain.hpp>
#include <catacomb/pathing/moves.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// The grid search algorithms of find_path and GridSearch.
enum class Algorithm : uint8_t {
  AStar,     ///< f = g + w * h
  Dijkstra,  ///< f = g (uniform-cost search)
  Bfs,       ///< fewest moves, ignoring costs (the reported cost is still the path's real cost)
  Greedy,    ///< f = h (fast, not optimal)
  Jps,       ///< Jump Point Search: A* results on uniform-cost, 8-neighbour, no-corner-cut grids
};
/// "astar", "dijkstra", "bfs", "greedy", "jps".
std::string_view algorithm_name(Algorithm a);
/// Parses an algorithm name; throws InvalidArgument "<field> = <name> (expected astar,
/// dijkstra, bfs, greedy or jps)" otherwise.
Algorithm parse_algorithm(std::string_view name, const std::string& field = "algorithm");

/// The distance estimate A*, greedy and JPS steer by: Manhattan (4 neighbours), octile (8
/// neighbours, diagonal_cost), Chebyshev, Euclidean, or zero (Dijkstra's order).
enum class Heuristic : uint8_t { Manhattan, Octile, Chebyshev, Euclidean, Zero };
/// "manhattan", "octile", "chebyshev", "euclidean", "zero".
std::string_view heuristic_name(Heuristic h);
/// Parses a heuristic name; throws InvalidArgument "<field> = <name> (expected manhattan,
/// octile, chebyshev, euclidean or zero)" otherwise.
Heuristic parse_heuristic(std::string_view name, const std::string& field = "heuristic");

/// Heuristic distance between two cells for unit step cost; octile uses `diagonal_cost`.
/// The engine multiplies it by the smallest step cost of the cost model, so weight 1 stays
/// admissible with any cost table (for a heuristic that suits the neighbourhood).
double heuristic_distance(Heuristic h, Point a, Point b, double diagonal_cost);

/// Options of one grid query (find_path, GridSearch::find_path).
struct SearchOptions {
  /// The search algorithm.
  Algorithm algorithm = Algorithm::AStar;
  /// Neighbours, diagonal policy and diagonal cost of a step.
  Moves moves;
  /// The heuristic (A*, greedy; JPS uses octile).
  Heuristic heuristic = Heuristic::Octile;
  /// Weighted A*: w = 1 gives an optimal path; w > 1 a path costing at most w x optimal,
  /// found faster. [Limit: 0 to 1e6]
  double heuristic_scale = 1.0;
  /// Flattens costs: cost' = 1 + s * (cost - 1). [Limit: 0 to 1] s = 0 makes every passable
  /// cell cost 1.
  double cost_scale = 1.0;
  /// Most nodes to expand before giving up with BudgetExhausted; 0 = no limit. [Limit: >= 0]
  int64_t budget = 0;
  /// When the goal cannot be reached (or the budget runs out), return the path to the reached
  /// cell closest to the goal by heuristic distance (ties: cheaper g, then lower index), with
  /// `partial` set. "Reached" means expanded; Heuristic::Zero measures the distance as octile.
  /// The start and goal are then not checked for being in one connected area (the search runs
  /// to find the closest cell), and an impassable goal is searched for too (status
  /// GoalBlocked). Not supported by Jps.
  bool fallback_to_closest = false;

  /// Every bad field ("heuristic_scale = -1 (expected 0 to 1e6)"); empty when valid.
  std::vector<FieldProblem> problems() const;
  /// Throws InvalidArgument listing every problem.
  void check() const;
};

/// How a query ended.
enum class PathStatus : uint8_t {
  Found,            ///< path from start to goal
  NoPath,           ///< the goal cannot be reached from the start
  BudgetExhausted,  ///< the expansion budget ran out first
  StartBlocked,     ///< the start cell is impassable
  GoalBlocked,      ///< the goal cell is impassable
};
/// "found", "no-path", "budget-exhausted", "start-blocked", "goal-blocked".
std::string_view path_status_name(PathStatus s);

/// The answer to one query. "No path" is an answer, not an error.
struct PathResult {
  /// How the query ended.
  PathStatus status = PathStatus::NoPath;
  /// True when `path` ends at the closest reachable cell instead of the goal (fallback).
  bool partial = false;
  /// Cells from start to goal (or to the closest cell), both inclusive; empty when none.
  std::vector<Point> path;
  /// Sum of step costs along `path` (after cost_scale). 0 for an empty or one-cell path.
  double cost = 0;
  /// Nodes expanded (taken off the open list and processed).
  int64_t expanded = 0;
  /// The locked doors the route opens, in the order walked (a key-aware find_path with a
  /// PlayerState, player_path.hpp, fills it; empty otherwise).
  std::vector<LockedDoor> doors_opened;
  /// True when a path from start to goal was found.
  bool found() const { return status == PathStatus::Found; }
};

/// Per-cell entry cost: CostTable::kImpassable for cells never entered, else finite and > 0.
using CostGrid = Grid<double>;
/// The cost of entering each cell under `costs`.
CostGrid make_cost_grid(const Grid<Terrain>& tiles, const CostTable& costs);

/// A reusable search object bound to one map. It owns its scratch buffers, so repeated queries
/// on the same map (and maps of the same size) allocate nothing after the first. Not
/// thread-safe: use one per thread. find_path is non-const for that reason.
class GridSearch {
 public:
  GridSearch();
  ~GridSearch();
  /// Moves the bound map and scratch buffers; the source is left empty.
  GridSearch(GridSearch&&) noexcept;
  /// Moves the bound map and scratch buffers; the source is left empty.
  GridSearch& operator=(GridSearch&&) noexcept;

  /// Binds a terrain map and a cost table (copied).
  void set_map(const Grid<Terrain>& tiles, const CostTable& costs);
  /// Binds a per-cell cost grid (copied).
  void set_costs(const CostGrid& costs);
  /// Binds a per-cell cost grid, taking it over (no copy: at 4096x4096 a cost grid is 128 MiB).
  /// Throws InvalidArgument, as the copying form does, and then leaves `costs` as it was.
  void set_costs(CostGrid&& costs);
  /// The bound map's costs, as set_costs, set_map, set_cost and set_area_cost left them.
  const CostGrid& costs() const;
  /// Changes the cost of one cell of the bound map (cost > 0 finite, or kImpassable). When the
  /// cell stays passable (or impassable) and the cost lies within the map's current range of
  /// costs, the cached move tables, connected areas and scaled costs stay valid, so a caller
  /// that edits a map between queries (the corridor carver) pays O(1) per change instead of a
  /// rebuild. Throws InvalidArgument for a cell off the map or a bad cost.
  void set_cost(Point p, double cost);
  /// Sets every cell of `area` to `cost`: the same as set_cost on each of its cells in row-major
  /// order (the same answers to every later query), with one check and one pass over its rows.
  /// Throws InvalidArgument for an area not inside the map (or of negative size) or a bad cost.
  void set_area_cost(const Rect& area, double cost);
  /// Columns of the bound map (0 before one is bound). [Units: cells]
  int width() const;
  /// Rows of the bound map (0 before one is bound). [Units: cells]
  int height() const;

  /// One query. Throws InvalidArgument for start or goal off the map, for bad options, and for
  /// Jps on a map or options it does not support (non-uniform costs, 4 neighbours, a policy
  /// other than no-corner-cut). Impassable start or goal are statuses.
  /// Start and goal in different connected areas (under options.moves) give NoPath with 0
  /// expansions, from a labeling built once per map and Moves. Jps also needs diagonal_cost =
  /// kSqrt2; it ignores heuristic and heuristic_scale, and leaves last_search_cells empty.
  PathResult find_path(Point start, Point goal, const SearchOptions& options = {});

  /// The cells the last query expanded (closed) and the cells still open when it ended, in
  /// row-major order: what the tutorial's demo draws.
  void last_search_cells(std::vector<Point>& visited, std::vector<Point>& frontier) const;

 private:
  struct CATACOMB_HIDDEN Impl;  // library-internal (src/), not exported
  std::unique_ptr<Impl> impl_;
};

/// One-shot convenience: builds a GridSearch, runs one query.
PathResult find_path(const Grid<Terrain>& tiles, const CostTable& costs, Point start, Point goal,
                     const SearchOptions& options = {});

/// Sum of step costs along `path` under `costs` and `moves` (the cost a PathResult reports).
/// Throws InvalidArgument if two consecutive cells are not one legal move apart or a cell is
/// impassable.
double path_cost(const CostGrid& costs, const std::vector<Point>& path, const Moves& moves, double cost_scale = 1.0);
/// The same for terrain under a cost table (a byte that names no terrain is impassable, as in
/// distance_map's terrain overload).
double path_cost(const Grid<Terrain>& tiles, const CostTable& costs, const std::vector<Point>& path, const Moves& moves,
                 double cost_scale = 1.0);

}  // namespace catacomb
CATACOMB_PUBLIC_END
