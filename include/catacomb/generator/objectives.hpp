#pragma once
/// Objective placement: a start, an exit as far from the start as the map allows (largest route
/// cost), and further objectives (keys and treasure, alternating) in distinct rooms, or in
/// distinct areas of a cave (far from every objective placed before).
#include <catacomb/export.hpp>
#include <string>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/rng.hpp>
#include <catacomb/core/terrain.hpp>
#include <catacomb/pathing/moves.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// Most further objectives (they are marked '1'..'9' in ASCII maps).
inline constexpr int kMaxFurtherObjectives = 9;

/// Places the start, the exit and `further` more objectives on floor cells of `d` (replacing
/// any objectives it had). With rooms, each objective gets its own room; without, objectives
/// go to the start's region, each far from the others. Returns "" on success, else why it could
/// not (too few rooms, too little floor): the caller regenerates. Throws InvalidArgument for
/// `further` outside 0 to kMaxFurtherObjectives or bad moves. `threads` (at least 1) lets a
/// cave's floods of 1M cells or more run on two threads: the same objectives for any number.
std::string place_objectives(Dungeon& d, int further, const CostTable& costs, const Moves& moves, Rng& rng,
                             int threads = 1);

}  // namespace catacomb
CATACOMB_PUBLIC_END
