#include <catacomb/validate/solver.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/pipeline/generate.hpp>
#include <catacomb/io/ascii.hpp>
#include <catacomb/validate/validate.hpp>

namespace catacomb {
namespace {

Dungeon map(const std::string& text, KeyRule rule = KeyRule::Reusable) {
  Dungeon d = read_ascii(text);
  d.key_rule = rule;
  return d;
}

std::vector<std::string> step_names(const Solution& s) {
  std::vector<std::string> out;
  for (const WalkStep& st : s.walkthrough)
    out.push_back(std::string(step_kind_name(st.kind)) + (st.lock ? " " + std::to_string(st.lock) : "") + " " +
                  to_string(st.target));
  return out;
}

int objective_at(const Dungeon& d, Point p) {
  for (size_t i = 0; i < d.objectives.size(); ++i)
    if (d.objectives[i].pos == p) return static_cast<int>(i);
  return -1;
}

TEST(SolverTest, AKeyBehindItsOwnDoorIsNotCompletableAndTheReasonIsNamed) {
  const Dungeon d = map("#########\n#<..A.a>#\n#########\n");
  const Solution s = solve_dungeon(d);
  EXPECT_EQ(s.status, SolveStatus::NotCompletable);
  const int key = objective_at(d, {6, 1});
  EXPECT_EQ(s.reasons[static_cast<size_t>(key)], "key 1 at 6,1 lies behind door 1 at 4,1, the door it opens");
  EXPECT_EQ(s.reachable_after[static_cast<size_t>(key)], -1);
  const ValidationReport r = validate_dungeon(d);
  EXPECT_FALSE(r.valid);
  ASSERT_FALSE(r.problems.empty());
  bool not_completable = false;
  for (const Problem& p : r.problems) not_completable |= p.kind == ProblemKind::NotCompletable;
  EXPECT_TRUE(not_completable);
}

// The only key of a door lies off the map (a hand-edited file): the reason says so. Found by
// fuzz_certificate, which read outside the node list asking which door the key lay behind.
TEST(SolverTest, AKeyOffTheMapIsNamedAsNotOnAPassableCell) {
  Dungeon d = map("########\n#<..B.>#\n########\n");
  d.objectives.push_back({ObjectiveKind::Key, {3, 9}, 2});
  const Solution s = solve_dungeon(d);
  EXPECT_EQ(s.status, SolveStatus::NotCompletable);
  EXPECT_EQ(s.reasons[static_cast<size_t>(objective_at(d, {6, 1}))],
            "exit at 6,1 lies behind door 2 at 4,1, and key 2 at 3,9 is not on a passable cell");
  EXPECT_FALSE(validate_dungeon(d).valid);
}

TEST(SolverTest, TwoDoorsShareOneReusableKey) {
  const Dungeon d = map("##########\n#<a.A.A.>#\n##########\n");
  const Solution s = solve_dungeon(d);
  ASSERT_EQ(s.status, SolveStatus::Completable);
  EXPECT_EQ(step_names(s),
            (std::vector<std::string>{"take-key 1 2,1", "open-door 1 4,1", "open-door 1 6,1", "reach-exit 8,1"}));
  EXPECT_EQ(s.walkthrough[0].route, (std::vector<Point>{{1, 1}, {2, 1}}));
  EXPECT_EQ(s.walkthrough[3].route, (std::vector<Point>{{6, 1}, {7, 1}, {8, 1}}));
  EXPECT_DOUBLE_EQ(s.metrics.critical_cost, 7.0);
  EXPECT_EQ(s.metrics.keys_on_critical_path, 1);
  EXPECT_TRUE(validate_dungeon(d).valid);
}

TEST(SolverTest, ConsumableKeysWithOneDoorTooManyAreNotCompletable) {
  const Dungeon d = map("##########\n#<a.A.A.>#\n##########\n", KeyRule::Consumable);
  const Solution s = solve_dungeon(d);
  EXPECT_EQ(s.status, SolveStatus::NotCompletable);
  EXPECT_EQ(s.reasons[1],
            "exit at 8,1 lies behind door 1 at 6,1, and the 1 key 1 within reach is spent on other doors 1");
  EXPECT_EQ(step_names(s), (std::vector<std::string>{"take-key 1 2,1", "open-door 1 4,1"}));
  EXPECT_FALSE(validate_dungeon(d).valid);
}

TEST(SolverTest, AChainOfThreeLocksIsWalkedInOrder) {
  const Dungeon d = map("#############\n#<a.Ab.Bc.C>#\n#############\n");
  for (KeyRule rule : {KeyRule::Reusable, KeyRule::Consumable}) {
    Dungeon dd = d;
    dd.key_rule = rule;
    const Solution s = solve_dungeon(dd);
    ASSERT_EQ(s.status, SolveStatus::Completable);
    EXPECT_EQ(step_names(s),
              (std::vector<std::string>{"take-key 1 2,1", "open-door 1 4,1", "take-key 2 5,1", "open-door 2 7,1",
                                        "take-key 3 8,1", "open-door 3 10,1", "reach-exit 11,1"}));
    // Key 2 becomes reachable once door 1 is open: after step 2.
    EXPECT_EQ(s.reachable_after[static_cast<size_t>(objective_at(dd, {5, 1}))], 2);
    EXPECT_EQ(s.metrics.keys_on_critical_path, 3);
    EXPECT_EQ(s.metrics.doors_on_critical_path, 3);
    EXPECT_EQ(s.metrics.critical_length, 10);
    EXPECT_EQ(s.metrics.backtracking, 0);
    EXPECT_FALSE(s.softlock);
  }
}

TEST(SolverTest, AKeyReachableOnlyThroughAnotherLock) {
  // Key 2 lies behind door 1; the exit behind door 2.
  const Dungeon d = map(
      "########\n"
      "#<a#####\n"
      "#..A.b.#\n"
      "####B###\n"
      "####>###\n"
      "########\n");
  const Solution s = solve_dungeon(d);
  ASSERT_EQ(s.status, SolveStatus::Completable);
  EXPECT_EQ(step_names(s), (std::vector<std::string>{"take-key 1 2,1", "open-door 1 3,2", "take-key 2 5,2",
                                                     "open-door 2 4,3", "reach-exit 4,4"}));
  // Without key 1, key 2 is behind door 1 and the exit behind door 2.
  Dungeon no_key = d;
  no_key.objectives.erase(no_key.objectives.begin() + objective_at(d, {2, 1}));
  const Solution t = solve_dungeon(no_key);
  EXPECT_EQ(t.status, SolveStatus::NotCompletable);
  EXPECT_EQ(t.reasons[static_cast<size_t>(objective_at(no_key, {5, 2}))],
            "key 2 at 5,2 lies behind door 1 at 3,2, and there is no key 1");
  EXPECT_EQ(t.reasons[1], "exit at 4,4 lies behind door 1 at 3,2, and there is no key 1");
}

TEST(SolverTest, AWasteableConsumableKeyIsCompletableWithASoftlockReported) {
  // One key: door 1 at 2,1 leads to the exit, door 1 at 5,1 to an empty room.
  const Dungeon d = map("#########\n#>A<aA..#\n#########\n", KeyRule::Consumable);
  const Solution s = solve_dungeon(d);
  ASSERT_EQ(s.status, SolveStatus::Completable);
  EXPECT_EQ(step_names(s), (std::vector<std::string>{"take-key 1 4,1", "open-door 1 2,1", "reach-exit 1,1"}));
  ASSERT_TRUE(s.softlock);
  EXPECT_EQ(s.softlock_states, 1);
  EXPECT_EQ(s.softlock->message,
            "after opening door 1 at 5,1 (1 door opened) the dungeon can no longer be completed: the keys it needs are "
            "spent");
  ASSERT_EQ(s.softlock->steps.size(), 2u);
  EXPECT_EQ(s.softlock->steps[1].target, (Point{5, 1}));
  EXPECT_EQ(s.loss, LossStatus::Losable);
  // A softlock makes the map invalid, unless softlocks are allowed: then it is only reported.
  const ValidationReport strict = validate_dungeon(d);
  EXPECT_FALSE(strict.valid);
  ASSERT_EQ(strict.problems.size(), 1u);
  EXPECT_EQ(strict.problems[0].kind, ProblemKind::Softlock);
  EXPECT_EQ(strict.problems[0].message, "a player can be stuck for good: " + s.softlock->message);
  ValidateOptions allow = map_rules(d);
  allow.allow_softlocks = true;
  EXPECT_TRUE(validate_dungeon(d, allow).valid);
  Dungeon reusable = d;
  reusable.key_rule = KeyRule::Reusable;
  EXPECT_FALSE(solve_dungeon(reusable).softlock);
  EXPECT_EQ(solve_dungeon(reusable).loss, LossStatus::Unlosable);
}

TEST(SolverTest, AConsumableKeySpentOnADeadEndLocksATreasureAwayForGood) {
  // One key 1; door 1 at 2,1 keeps an objective, door 1 at 7,1 an empty room. The exit needs no
  // key, so a solver that asked only for the exit saw no softlock; every objective counts.
  const Dungeon d = map("###########\n#1A<a>.A..#\n###########\n", KeyRule::Consumable);
  const Solution s = solve_dungeon(d);
  ASSERT_EQ(s.status, SolveStatus::Completable);
  EXPECT_EQ(s.loss, LossStatus::Losable);
  EXPECT_EQ(s.softlock_states, 1);
  ASSERT_TRUE(s.softlock);
  EXPECT_EQ(s.softlock->message,
            "after opening door 1 at 7,1 (1 door opened) the dungeon can no longer be completed: the keys it needs are "
            "spent");
  EXPECT_FALSE(validate_dungeon(d).valid);
  Dungeon reusable = d;
  reusable.key_rule = KeyRule::Reusable;
  EXPECT_EQ(solve_dungeon(reusable).loss, LossStatus::Unlosable);
}

TEST(SolverTest, NoDiagonalSqueezePastALockedDoorsCorner) {
  // The exit is a diagonal step from the start; one side is rock, the other a locked door.
  const Dungeon d = map("####\n#<##\n#A>#\n####\n");
  for (DiagonalPolicy p : {DiagonalPolicy::NoCornerCut, DiagonalPolicy::OneFree}) {
    SolveOptions o;
    o.moves.diagonal = p;
    EXPECT_EQ(solve_dungeon(d, o).status, SolveStatus::NotCompletable) << diagonal_policy_name(p);
  }
  SolveOptions always;
  always.moves.diagonal = DiagonalPolicy::Always;
  EXPECT_EQ(solve_dungeon(d, always).status, SolveStatus::Completable);
  // With the key, the door opens and the exit is one straight step on.
  Dungeon with_key = read_ascii("#####\n#<a##\n#A>##\n#####\n");
  SolveOptions one_free;
  one_free.moves.diagonal = DiagonalPolicy::OneFree;
  const Solution s = solve_dungeon(with_key, one_free);
  ASSERT_EQ(s.status, SolveStatus::Completable);
  for (const WalkStep& st : s.walkthrough)
    for (size_t i = 1; i < st.route.size(); ++i) {
      const Point a = st.route[i - 1], b = st.route[i];
      EXPECT_FALSE((a == Point{1, 1} && b == Point{2, 2})) << "cut past the closed door's corner";
    }
}

TEST(SolverTest, TheStateCapIsAClearError) {
  // Eight rooms off a hall, each behind its own consumable door, eight keys: 2^8 door sets.
  Dungeon d = map(
      "###################\n"
      "#.A.A.A.A.A.A.A.A.#\n"
      "#<aaaaaaaa.......>#\n"
      "###################\n",
      KeyRule::Consumable);
  SolveOptions o;
  o.max_states = 10;
  const Solution s = solve_dungeon(d, o);
  EXPECT_EQ(s.status, SolveStatus::StateCap);
  EXPECT_EQ(s.message,
            "the solver reached its cap of 10 states without an answer (too many consumable-key doors to search)");
  ValidateOptions vo;
  vo.max_states = 10;
  const ValidationReport r = validate_dungeon(d, vo);
  EXPECT_FALSE(r.valid);
  EXPECT_EQ(r.problems.back().kind, ProblemKind::SolverCap);
  o.max_states = 0;
  EXPECT_THROW(solve_dungeon(d, o), InvalidArgument);
}

TEST(SolverTest, AMapWithoutLocksWalksToEveryObjectiveThenTheExit) {
  const Dungeon d = map("########\n#<.1..>#\n#..2...#\n########\n");
  const Solution s = solve_dungeon(d);
  ASSERT_EQ(s.status, SolveStatus::Completable);
  ASSERT_EQ(s.walkthrough.size(), 3u);
  EXPECT_EQ(s.walkthrough.back().kind, StepKind::ReachExit);
  EXPECT_EQ(s.metrics.optional_objectives, 2);
  for (int after : s.reachable_after) EXPECT_EQ(after, 0);
}

// validate_dungeon hands the solver its routes from the start (maps without doors): the
// walkthrough must be the one the solver finds on its own, step for step and cell for cell.
void expect_same_solution(const Solution& a, const Solution& b, const std::string& what) {
  SCOPED_TRACE(what);
  EXPECT_EQ(a.status, b.status);
  EXPECT_EQ(a.areas, b.areas);
  EXPECT_EQ(a.reachable_after, b.reachable_after);
  EXPECT_EQ(a.reasons, b.reasons);
  ASSERT_EQ(a.walkthrough.size(), b.walkthrough.size());
  for (size_t k = 0; k < a.walkthrough.size(); ++k) {
    EXPECT_EQ(a.walkthrough[k].kind, b.walkthrough[k].kind) << "step " << k;
    EXPECT_EQ(a.walkthrough[k].objective, b.walkthrough[k].objective) << "step " << k;
    EXPECT_EQ(a.walkthrough[k].route, b.walkthrough[k].route) << "step " << k;
    EXPECT_EQ(a.walkthrough[k].cost, b.walkthrough[k].cost) << "step " << k;
  }
  EXPECT_EQ(a.metrics.critical_length, b.metrics.critical_length);
  EXPECT_EQ(a.metrics.critical_cost, b.metrics.critical_cost);
  EXPECT_EQ(a.metrics.optional_objectives, b.metrics.optional_objectives);
  EXPECT_EQ(a.metrics.walkthrough_length, b.metrics.walkthrough_length);
  EXPECT_EQ(a.metrics.walkthrough_cost, b.metrics.walkthrough_cost);
}

TEST(SolverTest, ValidationsStartRoutesGiveTheSolversOwnWalkthrough) {
  int compared = 0;
  for (GeneratorKind g : {GeneratorKind::Caves, GeneratorKind::Rooms})
    for (CostPreset costs : {CostPreset::Dungeon, CostPreset::Tutorial, CostPreset::Uniform})
      for (int neighbors : {4, 8})
        for (uint64_t seed : {uint64_t{1}, uint64_t{2}}) {
          GenerateConfig c;
          c.generator = g;
          c.width = 96;
          c.height = 64;
          c.costs = costs;
          c.moves.neighbors = neighbors;
          c.objectives = 5;
          const Dungeon d = generate_dungeon(c, seed).dungeon;
          ValidateOptions vo = validate_options_for(c);
          vo.solve = true;
          const ValidationReport r = validate_dungeon(d, vo);
          ASSERT_TRUE(r.solution.has_value());
          SolveOptions so;
          so.costs = vo.costs;
          so.moves = vo.moves;
          expect_same_solution(*r.solution, solve_dungeon(d, so),
                               std::string(generator_kind_name(g)) + " " + std::string(cost_preset_name(costs)) + " " +
                                   std::to_string(neighbors) + " seed " + std::to_string(seed));
          ++compared;
        }
  EXPECT_EQ(compared, 24);
}

// A start that is not the first one (the first stands on a wall): validation has no usable
// start, and the solver walks from the one it picks on its own.
TEST(SolverTest, AFirstStartOnAWallLeavesTheSolverToItsOwnMaps) {
  Dungeon d = map("########\n#<.1..>#\n#..2...#\n########\n");
  d.objectives.insert(d.objectives.begin(), Objective{ObjectiveKind::Start, {0, 0}});
  const ValidationReport r = validate_dungeon(d);
  ASSERT_TRUE(r.solution.has_value());
  expect_same_solution(*r.solution, solve_dungeon(d), "first start on a wall");
  EXPECT_EQ(r.solution->walkthrough.size(), 3u);
}

}  // namespace
}  // namespace catacomb
