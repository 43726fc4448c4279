#pragma once
// Symmetric shadowcasting written plainly, the oracle of the field of view
// (tests/pathing/fov_test.cpp): Albert Ford's breadth-first form in libtcod's float arithmetic, one
// queue of rows per quadrant, libtcod's edge and rounding rules, and the radius and light_walls
// applied afterwards over the whole map, as libtcod does. Shares no code with src/pathing/fov/.
#include <cstdint>
#include <vector>

namespace catacomb::test {

/// The cells seen from (ox, oy) on a w x h map where blocks[y * w + x] != 0 blocks sight: 1 seen,
/// 0 not, row-major. radius 0 is unlimited; otherwise only cells with dx^2 + dy^2 < radius^2.
std::vector<uint8_t> reference_fov(const std::vector<uint8_t>& blocks, int w, int h, int ox, int oy, int radius,
                                   bool light_walls);

}  // namespace catacomb::test
