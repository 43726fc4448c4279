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
///    "total_cost": 42}
///
/// Actions: "take-key", "open-door", "take", "reach-exit". The first route starts at the start.
/// "lock" is present exactly when the step's key or door has a lock. Every field is a claim that
/// verify_certificate checks; a field not shown here is refused.
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
  /// The step that failed (1-based); 0 for the certificate as a whole (hash, rules, the end).
  int step = 0;
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
/// reason names the field and what the replay found. No search: one pass over the steps. Throws
/// InvalidArgument when `text` is not a certificate (malformed JSON, a missing, mistyped or
/// unknown field).
Verdict verify_certificate(const Dungeon& d, std::string_view text, const std::optional<ValidateOptions>& expected);

}  // namespace catacomb
CATACOMB_PUBLIC_END
