#pragma once
/// Distance maps: the cost from the nearest of several sources to every cell ("flood the maze
/// with water", A* for Artists), by multi-source Dijkstra, or BFS when costs are uniform; and
/// path extraction by descent.
#include <catacomb/export.hpp>
#include <limits>
#include <vector>

#include <catacomb/core/geometry.hpp>
#include <catacomb/core/grid.hpp>
#include <catacomb/core/terrain.hpp>
#include <catacomb/pathing/moves.hpp>
#include <catacomb/pathing/search.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// The distance of a cell no route reaches (infinity).
inline constexpr double kUnreached = std::numeric_limits<double>::infinity();

/// The cost of the cheapest route from a set of sources to every cell.
struct DistanceMap {
  /// Cost of the cheapest route from any source to each cell (the entry cost of the sources
  /// themselves is not counted: sources are 0), kUnreached where no route exists.
  Grid<double> dist;
  /// The moves the distances were computed under.
  Moves moves;
  /// The cell with the largest finite distance (lowest row-major index among equals); (-1, -1)
  /// when no cell is reached.
  Point farthest() const;
};

/// Multi-source distance map under the same cost model as the router. Throws InvalidArgument
/// for sources off the map; impassable sources are ignored.
DistanceMap distance_map(const CostGrid& costs, const std::vector<Point>& sources, const Moves& moves = {});

/// The same map for terrain under a cost table: each cell costs costs[tiles(x, y)], the number
/// make_cost_grid(tiles, costs) would hold there, without the cost grid's 8 bytes per cell. A
/// byte that names no terrain (catacomb's readers never make one) is impassable: a caller may
/// mark cells closed that way whatever the table says (the solver's closed doors).
DistanceMap distance_map(const Grid<Terrain>& tiles, const CostTable& costs, const std::vector<Point>& sources,
                         const Moves& moves = {});

/// Adds a source to a distance map made from `costs`: afterwards `map` holds exactly what
/// distance_map(costs, its sources plus `source`, map.moves) returns, found by a search that
/// visits only the cells the new source is closer to. Throws InvalidArgument for a grid of
/// another size or a source off the map; an impassable source changes nothing.
void add_source(DistanceMap& map, const CostGrid& costs, Point source);

/// The same for a map made from terrain under a cost table.
void add_source(DistanceMap& map, const Grid<Terrain>& tiles, const CostTable& costs, Point source);

/// The distance map from `sources` (terrain under a cost table) as far as the nearest of
/// `targets` plus `slack`: exact wherever the distance is at most (the cheapest target's
/// distance + slack), kUnreached beyond or exact there too. With step costs of at least 1 (a
/// bucket queue) the search stops there, so a near target costs a fraction of a whole map;
/// otherwise, or when no target can be reached, it is the whole map. Throws InvalidArgument for
/// sources or targets off the map, or a slack that is negative or not finite.
DistanceMap distance_map_near(const Grid<Terrain>& tiles, const CostTable& costs, const std::vector<Point>& sources,
                              const Moves& moves, const std::vector<Point>& targets, double slack = 0);

/// The cheapest cell of each wanted group, and the distance map as far as it took to find them.
struct NearestInGroups {
  /// distance_map(costs, sources, moves) wherever it is at most the largest finite entry of
  /// `cost` (exactly, and further where the search went on), kUnreached beyond.
  DistanceMap map;
  /// Per group: the cost of its cheapest cell, kUnreached when not wanted or not reachable.
  std::vector<double> cost;
  /// Per group: its cheapest cell (lowest row-major index among equals), (-1, -1) without one.
  std::vector<Point> cell;
};

/// Groups are labels in `groups` (g in 0..wanted.size() - 1; other labels belong to none); for
/// each group g with wanted[g], the cell of g cheapest to reach from `sources`. With step costs
/// of at least 1 (a bucket queue) the search stops once every wanted group's cheapest cells are
/// final, so near groups cost a fraction of a whole distance map. Throws InvalidArgument for a
/// label grid of another size or a source off the map.
NearestInGroups nearest_in_groups(const CostGrid& costs, const std::vector<Point>& sources, const Moves& moves,
                                  const Grid<int32_t>& groups, const std::vector<bool>& wanted);
/// The same on terrain under a cost table (1 byte a cell read, where a cost grid holds 8; a
/// byte that names no terrain is impassable): the answer of the cost grid make_cost_grid makes.
NearestInGroups nearest_in_groups(const Grid<Terrain>& tiles, const CostTable& costs, const std::vector<Point>& sources,
                                  const Moves& moves, const Grid<int32_t>& groups, const std::vector<bool>& wanted);

/// Path from `from` down to a source: each step goes to the neighbour that lies on a cheapest
/// route, preferring to keep the previous direction (straight runs), then orthogonal moves,
/// then the fixed direction order. Empty when `from` is unreached.
std::vector<Point> descend(const DistanceMap& map, const CostGrid& costs, Point from);
/// The same descent, reading the costs from terrain under a cost table.
std::vector<Point> descend(const DistanceMap& map, const Grid<Terrain>& tiles, const CostTable& costs, Point from);

}  // namespace catacomb
CATACOMB_PUBLIC_END
