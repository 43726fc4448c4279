#pragma once
// The maps the room graph's tests share (tests/validate/room_graph_test.cpp and
// room_graph_progression_test.cpp): small maps drawn as rows, and the generated maps their
// property tests run over.
#include <cstdint>
#include <string>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/pipeline/generate.hpp>

namespace catacomb::test {

/// A map from rows: the ASCII legend (terrain_from_char), 'A'-'I' a door locked with lock 1-9.
/// No objectives, no rooms.
Dungeon map_of(const std::vector<std::string>& rows);

/// The default config with caves for odd seeds and rooms for even ones, and seed % 4 locks.
GenerateConfig caves_or_rooms(uint64_t seed);

}  // namespace catacomb::test
