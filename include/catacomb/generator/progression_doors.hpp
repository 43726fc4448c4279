#pragma once
/// Progression door placement: switches and their gates, one-way doors and secret doors, put into
/// a dungeon that already has its objectives and locks (generator/locks.hpp), each where it
/// matters: a gate on a cut between the start and the exit with its switch reachable before it,
/// a one-way door as a drop from the far side of a wall back towards the start, a secret door as a
/// shortcut through a wall. The validator's solver then checks the result independently. The
/// first of the three to run on a map without progression doors first moves each treasure to a
/// dead end of high intensity, as place_lock_cycles does (generator/locks.hpp).
#include <catacomb/export.hpp>
#include <string>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/rng.hpp>
#include <catacomb/core/terrain.hpp>
#include <catacomb/pathing/moves.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// What a progression placement did. A failure is an expected outcome of a random layout (the
/// pipeline then tries its next attempt), not an error: it is reported here, never thrown.
struct DoorPlacement {
  /// Why the doors could not be placed (no start or exit, too few cuts, no thin wall that
  /// saves enough), in the words of GenerationError's attempt list; empty when they were.
  std::string why;
  /// Whether every door (and switch) asked for is in place (why is empty).
  bool ok() const noexcept { return why.empty(); }
};

/// Fewest moves a one-way or secret door saves: the walk between the cells on its two sides
/// without it is at least this many moves longer than the walk through it. [Units: moves]
inline constexpr int kMinDoorSaving = 8;

/// Places `switches` (1 to kMaxSwitch) switches and their gates in `d`, which has a start and an
/// exit. Gate s (DoorKind::Gate, switch s, open while the switch is on; its cells made Door
/// tiles) goes on cells of the cheapest route from the start to the exit whose closing separates
/// the two, everything else open (rooms: a door tile when the route has a free one; caves, when
/// single cells are few: also the cells, at most 9, of a square round a route cell that do); when
/// that route has no free cut, on the route to another objective (every objective must be
/// visited), and in an open cave on the cells round the objective (a cage). Switch s (an
/// objective of kind Switch, switch_id s, appended to d.objectives) goes on a random free floor
/// cell of what the player reaches from the start with gate s shut, opening locked doors whose
/// keys and gates whose switches lie in what is reached. So each gate keeps something needed
/// back and its switch comes first. Then, for each switch on a coin flip, a portcullis: a second
/// gate of switch s, open while it is off (open_when_off), on a cut of the route to a key or
/// treasure reached with switch s off, shutting it into a pocket whose one way in it is (every
/// door open) and that holds no start, exit, switch or gate of s; none when no such pocket is
/// found. Draws only from `rng`. Returns ok(), or why it failed, leaving `d` to be discarded.
[[nodiscard]] DoorPlacement place_switches(Dungeon& d, int switches, const CostTable& costs, const Moves& moves,
                                           Rng& rng);

/// Places `count` (1 to 9) one-way doors in `d`, which has a start: each a drop through a wall
/// of 1 to 3 cells between two cells of one area (passable cells joined without passing a
/// locked door, gate, one-way or secret door), or from another area into the start's, that
/// saves at least kMinDoorSaving moves: the two cells' walks from the start differ by at least
/// kMinDoorSaving + the wall's thickness + 1 moves or, when no wall has such a gap, the walk
/// between the two cells (every door open) is that long. The door (DoorKind::OneWay, a Door
/// tile) is the wall cell next to the farther cell, passed towards the nearer one; further wall
/// cells become corridor. Both ends lie in one area, or it leads back into the start's area
/// (which the player may walk into at any time), so the door cannot shut the player out of
/// anything or let them past a lock: it only saves the walk back. Chosen among the 8 that save
/// the most, at random, at least 3 cells from each other and from other doors. Returns ok(), or
/// why it failed (too few such walls), leaving `d` to be discarded.
[[nodiscard]] DoorPlacement place_one_way_doors(Dungeon& d, int count, const CostTable& costs, const Moves& moves,
                                                Rng& rng);

/// Places `count` (1 to 9) secret doors in `d`, which has a start, through walls chosen as for
/// place_one_way_doors but with both ends in one area (a secret door, DoorKind::Secret on a Door
/// tile, at the farther end of the wall). A secret door is never needed (the solver treats it as
/// wall): each one shortens the walk between its two sides by at least kMinDoorSaving moves.
/// Returns ok(), or why it failed, leaving `d` to be discarded.
[[nodiscard]] DoorPlacement place_secret_doors(Dungeon& d, int count, const CostTable& costs, const Moves& moves,
                                               Rng& rng);

}  // namespace catacomb
CATACOMB_PUBLIC_END
