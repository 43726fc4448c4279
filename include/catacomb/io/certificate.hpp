#pragma once
/// Completability certificates: a walkthrough written so that anyone can check it by replaying
/// it, with no search at all.
///
///   {"format": "catacomb-certificate", "version": 1,
///    "map_hash": "89abcdef01234567",             map_hash() of the map, 16 hex digits
///    "rules": {"neighbors": 8, "diagonal": "no-corner-cut", "diagonal_cost": 1.4142135623730951,
///              "key_rule": "reusable", "costs": {"wall": null, "floor": 1, ...}},
///    "steps": [{"step": 1, "action": "take-key", "at": [x, y], "lock": 1, "cost": 4,
///               "route": [[x, y], ...]}, ...],     every cell walked, from where the last step ended
///    "total_cost": 42,
///    "unlosable": {"states": 3, "list": [           only for a dungeon proven unlosable
///      [x, y, switches, "opened", "found", "taken", next, rank], ...]}}
///
/// Actions: "take-key", "open-door", "take", "reach-exit", "toggle", "one-way". The first route
/// starts at the start. "lock" is present exactly when the step's key or door has a lock. Every
/// field is a claim that verify_certificate checks; a field not shown here is refused.
///
/// "unlosable" lists every state a player can reach (reachable_states, in its order: the first is
/// where play begins) with the next move of a shortest way to finish: where the player stands (a
/// cell of its place), the switches on (bit s - 1), the locked doors opened (bit i:
/// Dungeon::locks[i]), the secret doors found (bit i: Dungeon::doors[i]) and the objectives
/// taken (bit i: Dungeon::objectives[i]) as hex digits, most significant first ("0" for none),
/// the index of the next state (-1 when finished) and the moves left (the rank). It is written
/// when the proof holds within the rules' max_states, and is as long as the states are many
/// (about 40 bytes each).
#include <catacomb/export.hpp>
#include <optional>
#include <string>
#include <string_view>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/validate/solver.hpp>
#include <catacomb/validate/validate.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// The certificate of a solution of `d` found under `rules` (costs, moves, key rule; the
/// dungeon's own key rule when rules.key_rule is empty). Ends with '\n'.
std::string write_certificate(const Dungeon& d, const Solution& solution, const ValidateOptions& rules);

/// The verdict of verify_certificate.
struct Verdict {
  /// True when the certificate replays to the exit under the map's rules.
  bool accepted = false;
  /// The step that failed (1-based); 0 for the certificate as a whole (hash, rules, the end, or
  /// its unlosable states).
  int step = 0;
  /// The listed state of "unlosable" that failed (its index in the list); -1 for none.
  int64_t state = -1;
  /// True when the certificate also proves the dungeon cannot be lost: its "unlosable" states
  /// were checked and hold.
  bool unlosable = false;
  /// Why it was rejected: one sentence naming the cell, door or objective.
  std::string reason;
  /// What was checked, for an accepted certificate ("7 steps, 42 moves, cost 42").
  std::string summary;
};

/// Replays the certificate `text` on `d`: the map hash must match; the rules must equal
/// `expected` when given (the map's own rules, map_rules); every move is to an adjacent cell on
/// the map, passable, a diagonal only as the rules' diagonal policy allows with closed locked
/// doors counting as blocked; a locked door is entered only with a key of its lock held (a
/// consumable key is then spent); each step is numbered in order from 1 and ends where it says,
/// on what its action says (an open-door step opens that door), with the lock it says (none when
/// the target has none), at the cost it says; every objective is visited, the last step reaches
/// the exit and total_cost is the sum of the steps' costs. A false claim is a rejection whose
/// reason names the field and what the replay found. No search: one pass over the steps.
///
/// When the certificate has "unlosable", it must prove that the dungeon cannot be lost: each
/// state is listed once, the first is where play begins, every move a player can make from a
/// listed state (a step to a neighbouring door, objective or area; a switch toggled) leads to a
/// listed state, and each state's next move is one a finishing playthrough may take (never into
/// a secret door not yet found) to a state of lower rank, down to finished states at rank 0
/// (every objective taken, on the exit). A state left out, a rank that does not fall, a rank-0
/// state not finished is a rejection naming the state (Verdict::state). No search: one pass over
/// the states, each move looked up. docs/proofs.md gives the model and why it covers every player.
///
/// Throws InvalidArgument when `text` is not a certificate (malformed JSON, a missing, mistyped or
/// unknown field, a value out of range), and when it lists more than `max_states` states (refused
/// before they are read).
Verdict verify_certificate(const Dungeon& d, std::string_view text, const std::optional<ValidateOptions>& expected,
                           int64_t max_states = kDefaultMaxSolverStates);

}  // namespace catacomb
CATACOMB_PUBLIC_END
