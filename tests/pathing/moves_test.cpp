#include <catacomb/pathing/moves.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <catacomb/core/grid.hpp>
#include <catacomb/core/rng.hpp>

namespace catacomb {
namespace {

constexpr DiagonalPolicy kPolicies[] = {DiagonalPolicy::Never, DiagonalPolicy::NoCornerCut, DiagonalPolicy::OneFree,
                                        DiagonalPolicy::Always};

std::string name_of(const Moves& m) {
  return std::to_string(m.neighbors) + "/" + std::string(diagonal_policy_name(m.diagonal));
}

// Every neighbourhood, every policy, plus an invalid neighbourhood (treated as 4 neighbours).
std::vector<Moves> all_moves() {
  std::vector<Moves> out;
  for (int n : {4, 8, 6})
    for (DiagonalPolicy p : kPolicies) out.push_back(Moves{n, p, kSqrt2});
  return out;
}

// The rule written out as a table, independently of the code: may a diagonal step be taken with
// side cells (a, b) open as indexed [a][b]?
bool expected_diagonal(DiagonalPolicy p, bool a, bool b) {
  static const bool kTable[4][2][2] = {
      {{false, false}, {false, false}},  // never
      {{false, false}, {false, true}},   // no-corner-cut: both sides
      {{false, true}, {true, true}},     // one-free: at least one side
      {{true, true}, {true, true}},      // always
  };
  return kTable[static_cast<int>(p)][a][b];
}

TEST(MovesTest, DiagonalAllowedForEveryPolicyAndEverySideCombination) {
  for (DiagonalPolicy p : kPolicies)
    for (bool a : {false, true})
      for (bool b : {false, true})
        EXPECT_EQ(diagonal_allowed(p, a, b), expected_diagonal(p, a, b))
            << diagonal_policy_name(p) << " a=" << a << " b=" << b;
  EXPECT_FALSE(diagonal_allowed(static_cast<DiagonalPolicy>(9), true, true));  // not a policy
}

TEST(MovesTest, StepAllowedForEveryMovesDirectionAndCellCombination) {
  for (const Moves& m : all_moves()) {
    for (int d = 0; d < 8; ++d) {
      for (int bits = 0; bits < 8; ++bits) {
        const bool to = bits & 1, a = bits & 2, b = bits & 4;
        bool want;
        if (!to) {
          want = false;  // a step needs a passable destination
        } else if (d < 4) {
          want = true;  // straight steps: the side cells do not matter
        } else {
          want = m.neighbors == 8 && expected_diagonal(m.diagonal, a, b);  // 4 neighbours: no diagonals
        }
        EXPECT_EQ(step_allowed(m, d, to, a, b), want)
            << name_of(m) << " d=" << d << " to=" << to << " a=" << a << " b=" << b;
      }
    }
    EXPECT_FALSE(step_allowed(m, -1, true, true, true));
    EXPECT_FALSE(step_allowed(m, 8, true, true, true));
  }
}

TEST(MovesTest, EffectiveDiagonalIsTheKeyOfTheLegalSteps) {
  for (const Moves& m : all_moves()) {
    const DiagonalPolicy e = effective_diagonal(m);
    EXPECT_EQ(e, m.neighbors == 8 ? m.diagonal : DiagonalPolicy::Never) << name_of(m);
    EXPECT_LT(static_cast<size_t>(e), kDiagonalPolicyCount);
    EXPECT_EQ(m.diagonals(), e != DiagonalPolicy::Never) << name_of(m);
    // Moves with the same effective policy allow the same steps.
    for (int d = 0; d < 8; ++d)
      for (int bits = 0; bits < 8; ++bits)
        EXPECT_EQ(step_allowed(m, d, bits & 1, bits & 2, bits & 4),
                  step_allowed(Moves{8, e, 2.0}, d, bits & 1, bits & 2, bits & 4));
  }
  EXPECT_EQ(effective_diagonal(Moves{8, static_cast<DiagonalPolicy>(9), kSqrt2}), DiagonalPolicy::Never);
}

TEST(MovesTest, LegalMovesAndItsTableAreStepAllowedForEveryNeighbourhood) {
  for (const Moves& m : all_moves()) {
    for (unsigned open = 0; open < 256; ++open) {
      unsigned want = 0;
      for (int d = 0; d < 8; ++d) {
        const bool to = open >> d & 1u;
        const bool a = d >= 4 && (open >> kDiagonalParts[d % 4][0] & 1u);
        const bool b = d >= 4 && (open >> kDiagonalParts[d % 4][1] & 1u);
        if (step_allowed(m, d, to, a, b)) want |= 1u << d;
      }
      ASSERT_EQ(legal_moves(m, open), want) << name_of(m) << " open=" << open;
      ASSERT_EQ(legal_moves_lookup(m, static_cast<uint8_t>(open)), want) << name_of(m) << " open=" << open;
      ASSERT_EQ(kLegalMoves[static_cast<size_t>(effective_diagonal(m))][open], want) << name_of(m);
    }
  }
  // Spot checks: all eight neighbours open; only the east and south-east ones.
  EXPECT_EQ(legal_moves(Moves{4, DiagonalPolicy::Always}, 0xFF), 0x0F);
  EXPECT_EQ(legal_moves(Moves{8, DiagonalPolicy::NoCornerCut}, 0xFF), 0xFF);
  EXPECT_EQ(legal_moves(Moves{8, DiagonalPolicy::NoCornerCut}, 0x11), 0x01);
  EXPECT_EQ(legal_moves(Moves{8, DiagonalPolicy::OneFree}, 0x11), 0x11);
  EXPECT_EQ(legal_moves(Moves{8, DiagonalPolicy::Always}, 0x10), 0x10);
  EXPECT_EQ(legal_moves(Moves{8, DiagonalPolicy::Never}, 0xFF), 0x0F);
}

// The table is built at compile time from the rule.
static_assert(kLegalMoves[static_cast<size_t>(DiagonalPolicy::NoCornerCut)][0xFF] == 0xFF);
static_assert(kLegalMoves[static_cast<size_t>(DiagonalPolicy::NoCornerCut)][0xF0] == 0x00);
static_assert(kLegalMoves[static_cast<size_t>(DiagonalPolicy::Always)][0xF0] == 0xF0);
static_assert(step_allowed(Moves{}, 4, true, true, true) && !step_allowed(Moves{}, 4, true, true, false));

TEST(MovesTest, StepAllowedAtReadsTheDestinationAndTheSideCells) {
  // From (1,1) on a 3x3 grid; the side cells of SE (direction 4) are E (2,1) and S (1,2).
  for (DiagonalPolicy p : kPolicies) {
    const Moves m{8, p, kSqrt2};
    for (int bits = 0; bits < 8; ++bits) {
      Grid<uint8_t> open(3, 3, 1);
      open(2, 2) = (bits & 1) ? 1 : 0;
      open(2, 1) = (bits & 2) ? 1 : 0;
      open(1, 2) = (bits & 4) ? 1 : 0;
      open(0, 0) = 0;  // not involved in SE
      const auto at = [&](Point c) { return open.in_bounds(c) && open[c] != 0; };
      EXPECT_EQ(step_allowed_at(m, {1, 1}, 4, at), step_allowed(m, 4, bits & 1, bits & 2, bits & 4))
          << diagonal_policy_name(p) << " bits=" << bits;
    }
  }
  // Off the map reads as blocked through `open`.
  Grid<uint8_t> one(1, 1, 1);
  const auto at = [&](Point c) { return one.in_bounds(c) && one[c] != 0; };
  for (int d = 0; d < 8; ++d) EXPECT_FALSE(step_allowed_at(Moves{8, DiagonalPolicy::Always}, {0, 0}, d, at));
}

TEST(MovesTest, LegalStepsAreSymmetricOnRandomGrids) {
  Rng rng(11);
  for (int round = 0; round < 40; ++round) {
    Grid<uint8_t> g(7, 6, 0);
    for (uint8_t& c : g.cells()) c = rng.uniform_int(0, 2) != 0 ? 1 : 0;
    const auto at = [&](Point c) { return g.in_bounds(c) && g[c] != 0; };
    for (const Moves& m : all_moves())
      for (int y = 0; y < g.height(); ++y)
        for (int x = 0; x < g.width(); ++x) {
          if (!at({x, y})) continue;
          for (int d = 0; d < 8; ++d) {
            const Point to{x + kDirections[d].x, y + kDirections[d].y};
            const int back = direction_index(-kDirections[d].x, -kDirections[d].y);
            EXPECT_EQ(step_allowed_at(m, {x, y}, d, at), at(to) && step_allowed_at(m, to, back, at))
                << name_of(m) << " from " << to_string(Point{x, y}) << " d=" << d;
          }
        }
  }
}

TEST(MovesTest, DiagonalNeedsAnOpenSideUnlessAlways) {
  for (const Moves& m : all_moves()) {
    const bool needs = diagonal_needs_open_side(m);
    EXPECT_EQ(needs, !(m.neighbors == 8 && m.diagonal == DiagonalPolicy::Always)) << name_of(m);
    if (!needs) continue;
    // Then no legal diagonal step has both side cells blocked.
    for (int d = 4; d < 8; ++d) EXPECT_FALSE(step_allowed(m, d, true, false, false)) << name_of(m);
  }
}

TEST(MovesTest, DirectionIndex) {
  for (int d = 0; d < 8; ++d) EXPECT_EQ(direction_index(kDirections[d].x, kDirections[d].y), d);
  EXPECT_EQ(direction_index(0, 0), -1);
  EXPECT_EQ(direction_index(2, 0), -1);
  EXPECT_EQ(direction_index(1, -2), -1);
}

}  // namespace
}  // namespace catacomb
