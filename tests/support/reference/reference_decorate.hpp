#pragma once
// decorate as it was written first, the oracle of the decorator that keeps its marks in the
// tiles (tests/generator/decorate_test.cpp).
#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/rng.hpp>
#include <catacomb/core/terrain.hpp>
#include <catacomb/generator/decorate.hpp>
#include <catacomb/pathing/moves.hpp>

namespace catacomb::test {

/// Decorates `d` as decorate(d, config, costs, moves, rng) does, with a grid of marks beside the
/// tiles (objective, frontier, in the blob): the same draws, blobs and stats.
DecorStats reference_decorate(Dungeon& d, const DecorConfig& config, const CostTable& costs, const Moves& moves,
                              Rng& rng);

}  // namespace catacomb::test
