#pragma once
// connect_cave_regions as its header states it, the oracle of the windowed searches the
// generator runs (tests/generator/cave_regions_test.cpp).
#include <catacomb/core/grid.hpp>
#include <catacomb/core/terrain.hpp>
#include <catacomb/generator/cave_regions.hpp>

namespace catacomb::test {

/// One search from the largest region's edge over the whole map (floor 1, wall dig_cost, the
/// border never; the region's inner cells closed), then for each other kept region, in label
/// order, the route down from its cheapest cell is carved into `tiles`. Returns the tunnels dug.
int reference_connect(Grid<Terrain>& tiles, const CaveRegionConfig& config);

}  // namespace catacomb::test
