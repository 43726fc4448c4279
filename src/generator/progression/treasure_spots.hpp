#pragma once
// Internal (generator): where treasure goes in a progression map (the lock layouts beyond the
// chain, switches, one-way and secret doors): dead ends and high intensity, metazelda's rule of
// thumb (issue #33). A chain without progression doors never calls it, so its maps keep every byte.
#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/grid.hpp>
#include <catacomb/core/rng.hpp>
#include <catacomb/core/terrain.hpp>
#include <catacomb/pathing/moves.hpp>

namespace catacomb::detail {

/// Moves each treasure of `d` (in d.objectives order) to a free floor cell of the best node of the
/// map: the rooms (with Dungeon::rooms) or the areas between doors (without), never the start's,
/// each treasure its own node. A node is better when it is a dead end (one neighbour, as the room
/// graph counts them), then by its rank in intensity order (how many rounds of doors the player
/// opens before reaching it, then the moves that flood took); the exit's node ranks lowest. The
/// cell: a random one of the node's free floor cells at least 3/4 of its farthest walk from the
/// start. Only cells the player reaches (locked doors opened once a key of their lock is reached,
/// gates once their switch is, one-way doors their way only, secret doors shut) are candidates,
/// so a completable map stays so when every lock and gate must be opened anyway (as in every
/// generated one). A map of fewer than three nodes, or with a mission (its rooms say where
/// objectives go), is left as it is. O(cells) time and a few bytes per cell; draws only from
/// `rng`.
/// `open` and `walk`, when given, are what a caller already made of `d` under the same rules:
/// passable_cells(d, costs) and moves_from(open, moves, start) (progression_cells.hpp); the pass
/// then does not make them again, and a cave with no door tile whose start reaches every
/// passable cell (one node) is known to have fewer than three nodes without a labelling.
void prefer_treasure_spots(Dungeon& d, const CostTable& costs, const Moves& moves, Rng& rng,
                           const Grid<uint8_t>* open = nullptr, const Grid<int32_t>* walk = nullptr);

}  // namespace catacomb::detail
