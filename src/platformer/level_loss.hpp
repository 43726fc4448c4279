#pragma once
// Whether a side-view level can be lost (internal to platformer/; see level_loss.cpp): every state
// a player can reach, in any order of play, can still collect every objective and then reach the
// exit. Side-view levels have no doors: a state is where the player rests and what it has taken.
#include <cstdint>
#include <string>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/platformer/nav_graph.hpp>

namespace catacomb::platformer_loss {

// What the proof found.
struct LevelLoss {
  LossStatus status = LossStatus::NotProven;
  bool completable = false;     // the first state can finish
  int64_t states = 0;           // reachable states searched
  int64_t softlock_states = 0;  // of those, the ones that cannot finish (0 when not proven)
  std::vector<Move> way_in;     // the moves of play into the first softlock (fewest moves), when there is one
  std::string message;          // one sentence on that softlock; empty when none
};

// Proves or refutes that the level `d` (objectives on the cells of `g`'s nodes) cannot be lost,
// searching at most max_states states (NotProven beyond).
LevelLoss prove_level_unlosable(const Dungeon& d, const NavGraph& g, int64_t max_states);

}  // namespace catacomb::platformer_loss
