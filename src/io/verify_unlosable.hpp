#pragma once
// Checking a certificate's "unlosable" section (verify_unlosable.cpp), for verify.cpp.
#include <cstdint>
#include <optional>
#include <string>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/validate/validate.hpp>
#include "io/sorted_json.hpp"

namespace catacomb::verifying {

// Why the section fails (with the listed state it names, -1 for the section as a whole), or
// what it proved.
struct UnlosableVerdict {
  bool accepted = false;
  int64_t state = -1;
  std::string reason;
  int64_t states = 0;  // the states checked, when accepted
};

// Checks `section` (the certificate's "unlosable" value) on `d` under `rules` (costs, moves) and
// `key_rule`: every state listed once, play's first state among them, every move from a listed
// state to a listed state, and each state's next move legal, one a finishing playthrough may
// take, to a state of lower rank, down to finished states at rank 0. No search: one pass over the
// list, each state's moves looked up. Throws InvalidArgument for a malformed section or one of
// more than max_states states (before reading them).
UnlosableVerdict check_unlosable(const Dungeon& d, const ValidateOptions& rules, KeyRule key_rule,
                                 const detail::Json& section, int64_t max_states);

}  // namespace catacomb::verifying
