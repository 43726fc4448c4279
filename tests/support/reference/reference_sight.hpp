#pragma once
// Line of sight decided exactly, the oracle of the path smoother's sight test
// (tests/pathing/path_smoothing_test.cpp).
#include <catacomb/core/geometry.hpp>
#include <catacomb/pathing/search.hpp>

namespace catacomb::test {

/// True when the segment between the centres of a and b touches no impassable cell of `c` (a
/// cell counts when the segment touches its closed square, corners included).
bool reference_sight(const CostGrid& c, Point a, Point b);

}  // namespace catacomb::test
