#pragma once
/// Which rooms a corridor joins: a minimum spanning tree over the rooms' connection points,
/// plus a share of the remaining candidate edges for loops. Candidates are the Gabriel graph
/// (edge ab when no other point lies inside the circle with diameter ab), a subgraph of the
/// Delaunay triangulation that contains the Euclidean MST, so loops join neighbours and never
/// cross the map. Integer arithmetic only: the same points always give the same graph.
#include <catacomb/export.hpp>
#include <cstdint>
#include <vector>

#include <catacomb/core/geometry.hpp>
#include <catacomb/core/rng.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// One corridor to carve between two rooms, by their indices in the layout.
struct RoomEdge {
  int a = 0;  ///< room index, a < b
  /// room index, b > a
  int b = 0;
  bool loop = false;  ///< true for an edge added for a loop (not in the spanning tree)
  /// Equal when both rooms and the loop flag are equal.
  friend bool operator==(const RoomEdge&, const RoomEdge&) = default;
};

/// Gabriel-graph edges between the points, each as (a, b) with a < b, sorted. Only pairs in
/// which one point is among the other's `neighbours` nearest (ties by index) are tested, and
/// the emptiness test looks only at the nearer neighbours (a point inside the circle on a-b is
/// nearer to a than b is), so the cost is about O(n * neighbours^2) instead of O(n^3).
/// neighbours <= 0 tests every pair (the exact Gabriel graph) against the points in the
/// circle's bounding box (a bucket grid).
std::vector<RoomEdge> gabriel_edges(const std::vector<Point>& points, int neighbours = 12);

/// Minimum spanning tree (Kruskal over the Gabriel candidates by squared length, ties by
/// (a, b)); if the candidates leave several components, the shortest pair between two of them
/// is added until one is left. Then round(loop_fraction * remaining) of the remaining
/// candidates are drawn with `rng` as loops. Tree edges first, then loops. Throws
/// InvalidArgument for loop_fraction outside 0 to 1.
std::vector<RoomEdge> connect_rooms(const std::vector<Point>& points, double loop_fraction, Rng& rng);

}  // namespace catacomb
CATACOMB_PUBLIC_END
