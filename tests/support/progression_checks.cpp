// The checks the generator's progression tests share (progression_checks.hpp), with GoogleTest's
// non-fatal expectations: a test asserts on what they return where it must stop.
#include "support/progression_checks.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <string>

#include <catacomb/io/certificate.hpp>
#include <catacomb/validate/validate.hpp>

namespace catacomb::test {

std::optional<Solution> expect_proven(const Dungeon& d) {
  const ValidateOptions rules = map_rules(d);
  const ValidationReport r = validate_dungeon(d, rules);
  EXPECT_TRUE(r.valid) << (r.problems.empty() ? "" : r.problems.front().message);
  if (!r.valid || !r.solution) return std::nullopt;
  const Solution& s = *r.solution;
  EXPECT_EQ(s.status, SolveStatus::Completable);
  if (s.status != SolveStatus::Completable) return std::nullopt;
  const Verdict v = verify_certificate(d, write_certificate(d, s, rules), rules);
  EXPECT_TRUE(v.accepted) << v.reason;
  if (!v.accepted) return std::nullopt;
  return s;
}

int expect_each_needed(const Dungeon& d, ObjectiveKind kind) {
  const ValidateOptions rules = map_rules(d);
  int removed = 0;
  for (size_t i = 0; i < d.objectives.size(); ++i) {
    const Objective& o = d.objectives[i];
    if (o.kind != kind || (kind == ObjectiveKind::Key && o.lock == 0)) continue;
    ++removed;
    Dungeon without = d;
    without.objectives.erase(without.objectives.begin() + static_cast<std::ptrdiff_t>(i));
    EXPECT_EQ(solve_dungeon(without, {rules.costs, rules.moves}).status, SolveStatus::NotCompletable)
        << objective_kind_name(kind) << " " << (kind == ObjectiveKind::Switch ? o.switch_id : o.lock)
        << " gates nothing";
  }
  return removed;
}

}  // namespace catacomb::test
