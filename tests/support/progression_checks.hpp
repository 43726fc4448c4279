#pragma once
// The checks the generator's progression tests share (tests/generator/lock_layouts_test.cpp,
// locks_test.cpp and progression_doors_test.cpp): a dungeon with locks, switches or progression
// doors is proven (valid, completable, its certificate accepted), and each of its keys or
// switches is needed.
#include <optional>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/validate/solver.hpp>

namespace catacomb::test {

/// Validates `d` under the rules it records (map_rules) and replays the certificate of its
/// walkthrough: expects it valid, completable and the certificate accepted (a failed expectation
/// names the first problem or the verifier's reason). The solution when all three hold, else
/// nothing.
std::optional<Solution> expect_proven(const Dungeon& d);

/// Expects `d` not completable (solve_dungeon under map_rules(d)) without any one of its
/// objectives of `kind` (keys: those that open a lock), each removed in turn: every one is needed
/// ("key 2 gates nothing" otherwise). Returns how many it removed.
int expect_each_needed(const Dungeon& d, ObjectiveKind kind);

}  // namespace catacomb::test
