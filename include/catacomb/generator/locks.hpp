#pragma once
/// Lock placement: a chain of locked doors between the start and the exit, each key in the area
/// the player can reach with the keys before it, so that the dungeon is completable by
/// construction (the validator's solver then checks it independently).
#include <catacomb/export.hpp>
#include <string>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/rng.hpp>
#include <catacomb/core/terrain.hpp>
#include <catacomb/pathing/moves.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// What place_locks did. A failure is an expected outcome of a random layout (the pipeline then
/// tries its next attempt), not an error: it is reported here, never thrown.
struct LockPlacement {
  /// Why the locks could not be placed (no start or exit, an unreachable exit, too few gates, an
  /// area without free floor for its key), in the words of GenerationError's attempt list and
  /// the batch report; empty when they were.
  std::string why;
  /// Whether every lock, its key and d.key_rule are in place (why is empty).
  bool ok() const noexcept { return why.empty(); }
};

/// Places `locks` (1 to kMaxLock) locked doors and their keys in `d`, which has a start and an
/// exit. Gates are cells on the cheapest start-to-exit route whose closing separates the start
/// from the exit (rooms, d.rooms not empty: door tiles only, so a lock sits on a corridor that is
/// a bridge of the room graph; caves: any floor or corridor cell, made a door), taken in route
/// order where the start side has grown by another 1/(locks + 1) of the reachable cells. Key i
/// (kind Key, lock i) goes on a random free floor cell of the area between gate i - 1 and gate
/// i; keys are appended to d.objectives in lock order, and further objectives of kind Key become
/// Treasure (a key without a lock would open nothing). Sets d.key_rule. Draws only from `rng`.
/// Returns the placement: ok(), or why it failed (too few gates, an area without floor), leaving
/// `d` to be discarded.
[[nodiscard]] LockPlacement place_locks(Dungeon& d, int locks, KeyRule rule, const CostTable& costs, const Moves& moves,
                                        Rng& rng);

}  // namespace catacomb
CATACOMB_PUBLIC_END
