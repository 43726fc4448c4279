#pragma once
// Connected regions by breadth-first search, the oracle of label_regions and region_sizes
// (tests/pathing/regions_test.cpp).
#include <cstdint>

#include <catacomb/core/grid.hpp>
#include <catacomb/pathing/moves.hpp>
#include <catacomb/pathing/regions.hpp>

namespace catacomb::test {

/// The regions of the passable cells of `g` (nonzero) under m: labels in row-major order of
/// each region's first cell, with their sizes and bounds.
RegionMap reference_regions(const Grid<uint8_t>& g, const Moves& m);

}  // namespace catacomb::test
