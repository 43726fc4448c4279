#pragma once
/// Lock placement: a chain of locked doors between the start and the exit, each key in the area
/// the player can reach with the keys before it, so that the dungeon is completable by
/// construction (the validator's solver then checks it independently).
#include <catacomb/export.hpp>
#include <string>
#include <string_view>

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

/// How the locks of `--locks` are laid out (GenerateConfig::lock_layout, `--lock-layout`).
enum class LockLayout : uint8_t {
  Chain,   ///< locked doors in a chain between the start and the exit (place_locks; the default)
  Tree,    ///< keys in side areas off the route, behind locks of their own (place_lock_tree)
  Cycles,  ///< loops: one way locked, its key at the end of the other (place_lock_cycles)
};
/// "chain", "tree", "cycles".
std::string_view lock_layout_name(LockLayout l);
/// Parses a lock layout name; throws InvalidArgument "<field> = <name> (expected chain, tree or
/// cycles)" otherwise.
LockLayout parse_lock_layout(std::string_view name, const std::string& field = "lock_layout");

/// Places `locks` (1 to kMaxLock) locks as a tree, in `d`, which has a start and an exit. Gates on
/// the start-to-exit route are chosen as place_locks chooses them, ceil(locks / 2) of them; the
/// key of a route gate lies in a side area of the area before it (a dead end off the route behind
/// one door: rooms, a door of a corridor that is a bridge of the room graph; caves, a narrow
/// cell; or, where the area has none, a short passage dug into the rock and ending in a chamber).
/// For locks / 2 of the route gates that side area is locked too (the lock before the route
/// gate's), its key on free floor of the area itself: a key for a later lock found behind an
/// earlier one (metazelda's lock tree). Locks are numbered in the order they are opened. Treasure
/// of the area moves into its side area where there is free floor left (dead ends hold the
/// rewards). Then each treasure moves to a dead end of high intensity, as for place_lock_cycles.
/// Sets d.key_rule; draws only from `rng`. Returns why it failed, leaving `d` to be discarded.
[[nodiscard]] LockPlacement place_lock_tree(Dungeon& d, int locks, KeyRule rule, const CostTable& costs,
                                            const Moves& moves, Rng& rng);

/// Places `locks` (1 to kMaxLock) lock-and-key cycles in `d`, which has a start and an exit
/// (Unexplored's lock-and-key cycle). Gates on the start-to-exit route are chosen as place_locks
/// chooses them; lock k sits on gate k, and a passage dug through the rock from the area before
/// the gate into the area after it closes a loop: its key lies at the passage's near end, chosen
/// as far from the gate as a passage of at most 64 cells allows (the end of the other way). The
/// passage's far end is a door: with `one_way_return` a one-way door passed only from the area
/// after the gate back into the passage (the way back, so that the lock cannot be bypassed), else
/// a second locked door of lock k. Then each treasure moves to the best room (or cave area)
/// the player reaches: a dead end first, then the deepest (most rounds of doors opened before it,
/// then the longest walk from the start); never the start's, the exit's only as the last dead
/// end, one treasure per node. Sets d.key_rule; draws only from `rng`. Returns why it failed (no
/// rock thin enough between two areas for a passage), leaving `d` to be discarded.
[[nodiscard]] LockPlacement place_lock_cycles(Dungeon& d, int locks, KeyRule rule, bool one_way_return,
                                              const CostTable& costs, const Moves& moves, Rng& rng);

}  // namespace catacomb
CATACOMB_PUBLIC_END
