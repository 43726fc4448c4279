// The hand-made levels of issue 13, each with one right answer, judged by check_platformer_level.
#include <catacomb/platformer/level_check.hpp>

#include <gtest/gtest.h>

#include <catacomb/io/ascii.hpp>
#include "platformer/levels.hpp"

namespace catacomb {
namespace {

namespace lv = test::levels;

MovementModel model(int jump_height = 3, int jump_distance = 4, int body_height = 1) {
  MovementModel m;
  m.jump_height = jump_height;
  m.jump_distance = jump_distance;
  m.body_height = body_height;
  return m;
}

// Softlocks allowed by default here: these levels judge reachability; PitDeeperThanJumpHeight
// judges the loss.
PlatformerReport check(const char* text, const MovementModel& m, bool strict = false, bool allow_softlocks = true) {
  const Dungeon d = read_ascii(text);
  const NavGraph g(d.tiles, m);
  PlatformerCheckOptions options;
  options.strict = strict;
  options.allow_softlocks = allow_softlocks;
  return check_platformer_level(d, g, options);
}

bool has_problem(const PlatformerReport& r, const std::string& kind) {
  for (const PlatformerProblem& p : r.problems)
    if (p.kind == kind) return true;
  return false;
}

TEST(PlatformerLevelTest, StepOfExactlyJumpHeightIsReachable) {
  EXPECT_TRUE(check(lv::kStep3, model(3)).valid);
  EXPECT_TRUE(check(lv::kStep4, model(4)).valid);
}

TEST(PlatformerLevelTest, StepOfJumpHeightPlusOneIsNot) {
  const PlatformerReport r = check(lv::kStep3, model(2));
  EXPECT_FALSE(r.valid);
  EXPECT_TRUE(has_problem(r, "unreachable"));
  EXPECT_FALSE(r.objectives[1].reachable);
  EXPECT_FALSE(check(lv::kStep4, model(3)).valid);
}

TEST(PlatformerLevelTest, GapOfJumpDistanceIsCrossedAndOneMoreIsNot) {
  EXPECT_TRUE(check(lv::kGap4, model(3, 4)).valid);
  EXPECT_FALSE(check(lv::kGap4, model(3, 3)).valid);
  EXPECT_FALSE(check(lv::kGap5, model(3, 4)).valid);
  EXPECT_TRUE(check(lv::kGap5, model(3, 5)).valid);
}

TEST(PlatformerLevelTest, OneTileTunnelPassesBodyHeightOneNotTwo) {
  EXPECT_TRUE(check(lv::kTunnel, model(3, 4, 1)).valid);
  const PlatformerReport r = check(lv::kTunnel, model(3, 4, 2));
  EXPECT_FALSE(r.valid);
  EXPECT_TRUE(r.objectives[0].rests);  // the start's room is two tiles high
  EXPECT_FALSE(r.objectives[1].reachable);
}

TEST(PlatformerLevelTest, LedgeIsReachedOnlyByTheLadder) {
  const PlatformerReport with = check(lv::kLadderLedge, model(3));
  EXPECT_TRUE(with.valid);
  EXPECT_FALSE(check(lv::kNoLadderLedge, model(3)).valid);
}

TEST(PlatformerLevelTest, OneWayPlatformIsJumpedThroughAndStoodOn) {
  const PlatformerReport r = check(lv::kPlatform, model(3));
  EXPECT_TRUE(r.valid);
  EXPECT_TRUE(r.objectives[1].rests);  // the exit stands on the platform
  EXPECT_TRUE(r.objectives[1].exit_reachable);
  EXPECT_TRUE(r.softlocks.empty());  // and drops back down through it
  EXPECT_FALSE(check(lv::kSolidShelf, model(3)).valid);
}

TEST(PlatformerLevelTest, PitDeeperThanJumpHeightIsASoftlock) {
  const PlatformerReport r = check(lv::kPit4, model(3));
  EXPECT_TRUE(r.valid) << "softlocks make a level invalid only when strict";
  ASSERT_EQ(r.softlocks.size(), 1u);
  const SoftlockArea& a = r.softlocks[0];
  EXPECT_EQ(a.cells, (std::vector<Point>{{6, 6}, {7, 6}, {8, 6}, {9, 6}}));
  EXPECT_EQ(a.bounds, (Rect{6, 6, 4, 1}));
  // The first way in, in node order: a jump from (1,2) that comes down in the pit.
  EXPECT_EQ(a.entry.kind, MoveKind::Jump);
  EXPECT_EQ(a.entry.from, (Point{1, 2}));
  EXPECT_EQ(a.entry.to.y, 6);

  EXPECT_EQ(r.loss, LossStatus::Losable);
  EXPECT_GT(r.softlock_states, 0);

  const PlatformerReport strict = check(lv::kPit4, model(3), /*strict=*/true);
  EXPECT_FALSE(strict.valid);
  EXPECT_TRUE(has_problem(strict, "softlock"));

  // A level a player can lose is invalid unless softlocks are allowed (#48): dropping into the
  // pit strands the player, whose exit is up on the other side.
  const PlatformerReport lost = check(lv::kPit4, model(3), /*strict=*/false, /*allow_softlocks=*/false);
  EXPECT_FALSE(lost.valid);
  EXPECT_TRUE(has_problem(lost, "softlock"));
  EXPECT_EQ(lost.loss, LossStatus::Losable);
  EXPECT_FALSE(lost.softlock_moves.empty());
  EXPECT_EQ(lost.softlock_moves.back().to.y, 6);  // the last move lands in the pit
  EXPECT_NE(lost.softlock_message.find("the level can no longer be finished"), std::string::npos)
      << lost.softlock_message;
  const PlatformerReport step = check(lv::kStep3, model(3), /*strict=*/false, /*allow_softlocks=*/false);
  EXPECT_TRUE(step.valid);
  EXPECT_EQ(step.loss, LossStatus::Unlosable);
  EXPECT_EQ(step.softlock_states, 0);

  EXPECT_TRUE(check(lv::kPit3, model(3)).softlocks.empty()) << "a pit of exactly H is jumped out of";
  EXPECT_FALSE(check(lv::kPit3, model(2)).softlocks.empty());
}

TEST(PlatformerLevelTest, ObjectiveInTheAirHasNoFooting) {
  const PlatformerReport r = check("#####\n#.1.#\n#...#\n#<.>#\n#####\n", model(3));
  EXPECT_FALSE(r.valid);
  EXPECT_TRUE(has_problem(r, "no-footing"));
  EXPECT_FALSE(r.objectives[2].rests);
}

TEST(PlatformerLevelTest, ObjectivesThatCannotAllBeCollectedInOneTripAreReported) {
  // From the start a fall leads to either objective; from each, a drop through its platform
  // leads to the exit's floor, and with jump height 1 nothing leads back up. Each objective is
  // reachable and the exit reachable from each, but no single trip collects both.
  const char* fork =
      "#########\n"
      "#...<...#\n"
      "#.#####.#\n"
      "#.#####.#\n"
      "#1#####2#\n"
      "#-#####-#\n"
      "#.......#\n"
      "#...>...#\n"
      "#########\n";
  const PlatformerReport r = check(fork, model(1, 0));
  EXPECT_FALSE(r.valid);
  EXPECT_TRUE(has_problem(r, "order"));
  EXPECT_TRUE(r.objectives[2].reachable && r.objectives[2].exit_reachable);
  EXPECT_TRUE(r.objectives[3].reachable && r.objectives[3].exit_reachable);
  EXPECT_TRUE(r.collect_order.empty());
  // With jump height 3 the body climbs back through the platform and up the shaft: valid, and
  // the report gives an order.
  const PlatformerReport ok = check(fork, model(3, 0));
  EXPECT_TRUE(ok.valid);
  EXPECT_EQ(ok.collect_order.size(), 4u);
  EXPECT_EQ(ok.collect_order.front(), 0);
  EXPECT_EQ(ok.collect_order.back(), 1);
}

TEST(PlatformerLevelTest, MissingStartAndExitAreProblems) {
  const PlatformerReport r = check("#####\n#...#\n#####\n", model());
  EXPECT_FALSE(r.valid);
  EXPECT_TRUE(has_problem(r, "start"));
  EXPECT_TRUE(has_problem(r, "exit"));
}

}  // namespace
}  // namespace catacomb
