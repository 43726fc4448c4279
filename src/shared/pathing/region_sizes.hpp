#pragma once
// Region sizes without the label grid (internal to the library): for callers that need only how
// many regions there are, how large each is and which one holds a cell, not every cell's label
// (4 bytes per cell).
#include <cstdint>
#include <vector>

#include <catacomb/pathing/regions.hpp>

namespace catacomb::detail {

struct RegionSizes {
  /// label_regions(tiles, costs, moves).sizes: cells per region, by label.
  std::vector<int64_t> sizes;
  /// The label of the cell at each probe (kNoRegion when it is impassable or off the grid).
  std::vector<int32_t> probe_labels;
};

/// What label_regions(tiles, costs, moves) says of the sizes and of the cells at `probes`,
/// without writing labels. Throws InvalidArgument for bad moves.
RegionSizes region_sizes(const Grid<Terrain>& tiles, const CostTable& costs, const Moves& moves,
                         const std::vector<Point>& probes);

}  // namespace catacomb::detail
