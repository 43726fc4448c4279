#pragma once
// layout_rooms as its definition states it, the oracle of the grid-based layout
// (tests/generator/rooms_test.cpp).
#include <catacomb/core/rng.hpp>
#include <catacomb/generator/rooms.hpp>

namespace catacomb::test {

/// The layout of layout_rooms(width, height, c, rng), every pair of rooms looked at in every
/// iteration (O(n^2) each): it must match layout_rooms room for room, draw for draw.
RoomLayout all_pairs_layout(int width, int height, const RoomLayoutConfig& c, Rng& rng);

}  // namespace catacomb::test
