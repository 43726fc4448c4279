#pragma once
// Completable and unlosable by brute force over cells, the oracle of solve_dungeon's status, loss
// and softlock_states (tests/validate/unlosable_brute_test.cpp). Written from the rules alone
// (issue #48): it shares nothing with src/validate/solver/ and reads only the rule functions of
// the public headers (gate_open, one_way_step_allowed, step_allowed).
#include <cstdint>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/validate/solver.hpp>

namespace catacomb::test {

/// Deliberate mistakes, for proving that a comparison with the brute force can fail.
struct BruteWeakening {
  /// Arriving on a cell of an area (a component of the cells that are neither objectives nor
  /// doors) takes every objective next to the area at once, as if the player always stepped on
  /// them in passing. Completable stays the same (the detour is always legal), but a softlock of
  /// walking past an objective for good disappears.
  bool take_area_objectives = false;
};

/// What the brute force found.
struct BruteResult {
  /// A goal state can be reached from the start without entering a secret door.
  bool completable = false;
  /// Every state reachable from the start (secret doors allowed) can still finish.
  bool unlosable = false;
  /// The exit can be reached from the start without entering a secret door, whatever is taken
  /// on the way (a weaker goal than completable, for diagnosing a disagreement).
  bool exit_reachable = false;
  /// Distinct softlocks in the solver's terms: door sets opened (maps without progression), or
  /// (node, switches, doors opened, objectives taken) (maps with it).
  int64_t softlock_states = 0;
  /// Cell-level states reachable from the start.
  int64_t reachable_states = 0;
  /// Cell-level reachable states that cannot finish.
  int64_t softlock_cell_states = 0;
};

/// Searches every state (cell, switches, locked doors opened, objectives taken) of `d` under the
/// options' costs, moves and key rule (the dungeon's own when options.key_rule is empty). Without
/// a start: not completable, nothing reachable. Throws std::length_error when the state space is
/// too large for a brute force (more than 2^26 states).
BruteResult brute_force_unlosable(const Dungeon& d, const SolveOptions& options, const BruteWeakening& weak = {});

}  // namespace catacomb::test
