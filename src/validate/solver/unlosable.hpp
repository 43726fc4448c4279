#pragma once
// The proof that a map with progression cannot be lost (internal to validate/): every state a
// player can reach, in any order of play, still has a playthrough that takes every objective and
// then reaches the exit. See unlosable.cpp for the model and why it keeps every dead end.
#include <cstdint>
#include <optional>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/validate/solver.hpp>

namespace catacomb::solving {

// What the proof found.
struct LossProof {
  LossStatus status = LossStatus::NotProven;
  bool completable = false;          // the first state can finish (the same answer as the solver's)
  int64_t states = 0;                // reachable states searched
  int64_t softlock_states = 0;       // of those, the ones that cannot finish (0 when not proven)
  std::optional<Softlock> softlock;  // the shortest way into the first of them, when there is one
};

// Proves or refutes that `d` (a map with Dungeon::has_progression(), options checked) cannot be
// lost, searching at most options.max_states states (NotProven beyond).
LossProof prove_unlosable(const Dungeon& d, const SolveOptions& options);

}  // namespace catacomb::solving
