#pragma once
/// Path post-processing: waypoints and line-of-sight smoothing.
#include <catacomb/export.hpp>
#include <vector>

#include <catacomb/core/geometry.hpp>
#include <catacomb/pathing/search.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// The path's turning points: start, every cell where the direction changes, and the goal
/// (cells in the middle of straight runs are dropped). A path of 0-2 cells comes back as is.
std::vector<Point> waypoints(const std::vector<Point>& path);

/// Line-of-sight smoothing for 8-neighbour paths: from each kept cell, skip ahead to the
/// farthest later cell of the path that a straight line reaches through passable cells only
/// (supercover line, no corner cutting), keeping only the cells where the path must turn.
/// The result is a list of waypoints; consecutive ones are joined by straight lines.
/// A step of the input that has no line of sight itself (a corner cut allowed by the one-free
/// or always policies) is kept as it is. Throws InvalidArgument for a cell off the map.
std::vector<Point> smooth_line_of_sight(const CostGrid& costs, const std::vector<Point>& path);

/// True when the straight segment from a to b crosses only passable cells, with no corner cut
/// (every cell the segment touches, including both cells at an exact corner crossing, is
/// passable). Throws InvalidArgument for a or b off the map.
bool line_of_sight(const CostGrid& costs, Point a, Point b);

}  // namespace catacomb
CATACOMB_PUBLIC_END
