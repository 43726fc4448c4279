#pragma once
/// Flood-fill region labeling: connected areas of passable cells. Iterative (never recursive:
/// recursive fills overflow the stack on large maps).
#include <catacomb/export.hpp>
#include <cstdint>
#include <vector>

#include <catacomb/core/geometry.hpp>
#include <catacomb/core/grid.hpp>
#include <catacomb/core/terrain.hpp>
#include <catacomb/pathing/moves.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// Label of cells that belong to no region (impassable).
inline constexpr int32_t kNoRegion = -1;

/// Connected regions of passable cells, as label_regions finds them.
struct RegionMap {
  /// Per cell: the region's label (0 .. count-1) or kNoRegion. Labels are numbered in the
  /// row-major order of each region's first cell, so they are the same on every platform.
  Grid<int32_t> labels;
  /// Cells per region, indexed by label.
  std::vector<int64_t> sizes;
  /// Bounding box per region, indexed by label.
  std::vector<Rect> bounds;

  /// Number of regions.
  int count() const { return static_cast<int>(sizes.size()); }
  /// The label of cell `p` (kNoRegion when impassable).
  int32_t label(Point p) const { return labels[p]; }
  /// True when both cells are passable and in the same region.
  bool connected(Point a, Point b) const {
    const int32_t la = labels[a];
    return la != kNoRegion && la == labels[b];
  }
  /// Label of the largest region (the lowest label among equals), or kNoRegion when none.
  int32_t largest() const;
};

/// Labels regions of cells where passable[p] != 0. With moves.neighbors == 8, two diagonal
/// cells are connected exactly when the router may step between them under moves.diagonal
/// (so "same region" means "reachable" for the router).
RegionMap label_regions(const Grid<uint8_t>& passable, const Moves& moves = {4, DiagonalPolicy::Never});
/// Same, with passable = costs.passable(tile).
RegionMap label_regions(const Grid<Terrain>& tiles, const CostTable& costs,
                        const Moves& moves = {4, DiagonalPolicy::Never});

/// Same as the overloads above, writing into `out` and reusing its storage: when out.labels
/// already has the map's shape, no memory is allocated for it (for repeated labelling of maps of
/// one size). Throws InvalidArgument for bad moves.
void label_regions(const Grid<uint8_t>& passable, const Moves& moves, RegionMap& out);
/// Same, with passable = costs.passable(tile), writing into `out`.
void label_regions(const Grid<Terrain>& tiles, const CostTable& costs, const Moves& moves, RegionMap& out);

}  // namespace catacomb
CATACOMB_PUBLIC_END
