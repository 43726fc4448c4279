#pragma once
// The reference smoothing pass the tests and benchmarks hold the fast ones to (caves.hpp's
// smooth_pass, bit_grid.hpp's smooth_pass_bits): one byte per cell, straightforward counting.
#include <catacomb/generator/caves.hpp>

namespace catacomb::test {

/// One smoothing pass, reference version: dst[p] = wall when walls(3x3 around p) >=
/// wall_threshold, or, when open_threshold >= 0, when walls(5x5 around p) <= open_threshold.
/// Out-of-map counts as wall; the border of dst is forced to wall. dst must have src's shape
/// (InvalidArgument otherwise) and must not be src. Cells hold 0 or 1.
void smooth_pass_reference(const WallMask& src, WallMask& dst, int wall_threshold, int open_threshold = -1);

}  // namespace catacomb::test
