// Tests of key-aware routes: a locked door is closed unless the player state opens it, the route
// reports the doors it opens, consumable keys are rationed, and on generated locked dungeons the
// route never crosses a door whose key is not held and matches the solver's walkthrough legs.
#include <catacomb/pathing/player_path.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/io/ascii.hpp>
#include <catacomb/pipeline/generate.hpp>
#include <catacomb/validate/solver.hpp>

namespace catacomb {
namespace {

Dungeon map(const std::string& text, KeyRule rule = KeyRule::Reusable) {
  Dungeon d = read_ascii(text);
  d.key_rule = rule;
  return d;
}

PlayerState keys(std::initializer_list<int> locks) {
  PlayerState s;
  for (int l : locks) s.add_key(l);
  return s;
}

TEST(PlayerPathTest, ADoorWithoutItsKeyBlocksAndWithItOpens) {
  const Dungeon d = map("#########\n#<..A..>#\n#########\n");
  const Point start{1, 1}, exit{7, 1};
  const PathResult without = find_path(d, start, exit, PlayerState{});
  EXPECT_EQ(without.status, PathStatus::NoPath);
  EXPECT_TRUE(without.doors_opened.empty());
  const PathResult other_key = find_path(d, start, exit, keys({2}));
  EXPECT_EQ(other_key.status, PathStatus::NoPath);
  const PathResult with = find_path(d, start, exit, keys({1}));
  ASSERT_TRUE(with.found());
  EXPECT_EQ(with.path.size(), 7u);
  ASSERT_EQ(with.doors_opened.size(), 1u);
  EXPECT_EQ(with.doors_opened[0], (LockedDoor{{4, 1}, 1}));
  PlayerState opened;
  opened.opened.push_back({4, 1});
  const PathResult through_open = find_path(d, start, exit, opened);
  ASSERT_TRUE(through_open.found());
  EXPECT_TRUE(through_open.doors_opened.empty()) << "an opened door is not opened again";
  // The terrain-only route (no player state) walks through the door tile.
  EXPECT_TRUE(find_path(d, start, exit).found());
}

TEST(PlayerPathTest, AClosedDoorBlocksCuttingItsCornerAsAWallDoes) {
  const Dungeon d = map("#####\n#<.##\n##A.#\n###>#\n#####\n");
  const PathResult r = find_path(d, {1, 1}, {3, 3}, PlayerState{});
  EXPECT_EQ(r.status, PathStatus::NoPath);
  const PathResult with = find_path(d, {1, 1}, {3, 3}, keys({1}));
  ASSERT_TRUE(with.found());
  EXPECT_EQ(with.doors_opened.size(), 1u);
}

// A gate is open or shut by the player's switch states (or the other way round for one open
// while its switch is off); a one-way door is passed its way only; a secret door is passable.
TEST(PlayerPathTest, GatesFollowTheSwitchesOneWayDoorsTheirWayAndSecretDoorsArePassable) {
  const Point west{1, 1}, east{5, 1};
  auto with_switches = [](uint32_t on) {
    PlayerState s;
    s.switches = on;
    return s;
  };
  const Dungeon gate = map("#######\n#..J..#\n#######\n");
  EXPECT_EQ(find_path(gate, west, east, PlayerState{}).status, PathStatus::NoPath);
  EXPECT_EQ(find_path(gate, west, east, with_switches(0b10)).status, PathStatus::NoPath);  // switch 2 only
  const PathResult open = find_path(gate, west, east, with_switches(0b1));
  ASSERT_TRUE(open.found());
  EXPECT_EQ(open.cost, 4);
  EXPECT_EQ(find_path(gate, west, {3, 1}, PlayerState{}).status, PathStatus::GoalBlocked);

  const Dungeon when_off = map("#######\n#..r..#\n#######\n");  // switch 9, open while it is off
  EXPECT_TRUE(find_path(when_off, west, east, PlayerState{}).found());
  EXPECT_EQ(find_path(when_off, west, east, with_switches(1u << 8)).status, PathStatus::NoPath);

  const Dungeon one_way = map("#######\n#..)..#\n#######\n");  // passed going east
  EXPECT_TRUE(find_path(one_way, west, east, PlayerState{}).found());
  EXPECT_EQ(find_path(one_way, east, west, PlayerState{}).status, PathStatus::NoPath);
  EXPECT_EQ(find_path(one_way, {3, 1}, west, PlayerState{}).status, PathStatus::NoPath);
  EXPECT_TRUE(find_path(one_way, {3, 1}, east, PlayerState{}).found());

  const Dungeon secret = map("#######\n#..S..#\n#######\n");
  EXPECT_EQ(find_path(secret, west, east, PlayerState{}).cost, 4);
  EXPECT_EQ(find_path(secret, east, west, PlayerState{}).cost, 4);
}

// A one-way or secret door is never cut past diagonally (as the solver and verify rule); an open
// gate or a plain door may be.
TEST(PlayerPathTest, OneWayAndSecretDoorsAreNeverCutPastDiagonally) {
  for (const char* door : {"S", "^", "J", "+"}) {
    SCOPED_TRACE(door);
    const Dungeon d = map(std::string("#####\n#.") + door + ".#\n#...#\n#####\n");
    PlayerState s;
    s.switches = 1;  // the gate is open
    const PathResult r = find_path(d, {1, 1}, {2, 2}, s);
    ASSERT_TRUE(r.found());
    const bool blocks = door[0] == 'S' || door[0] == '^';
    EXPECT_EQ(r.path.size(), blocks ? 3u : 2u);
  }
}

// Two doors of lock 1 in a row: one reusable key opens both; one consumable key opens only one,
// so the route must go around the second door; two consumable keys open both.
TEST(PlayerPathTest, AConsumableKeyOpensOneDoorAndAReusableKeyOpensEvery) {
  const std::string text =
      "###########\n"
      "#<.A..A..>#\n"
      "#.#######.#\n"
      "#.#######.#\n"
      "#.........#\n"
      "###########\n";
  const Point start{1, 1}, exit{9, 1};
  const PathResult reusable = find_path(map(text, KeyRule::Reusable), start, exit, keys({1}));
  ASSERT_TRUE(reusable.found());
  EXPECT_EQ(reusable.doors_opened.size(), 2u);
  EXPECT_EQ(reusable.path.size(), 9u);

  const Dungeon consumable = map(text, KeyRule::Consumable);
  const PathResult one_key = find_path(consumable, start, exit, keys({1}));
  ASSERT_TRUE(one_key.found());
  EXPECT_LE(one_key.doors_opened.size(), 1u);
  EXPECT_GT(one_key.cost, reusable.cost);
  const PathResult no_key = find_path(consumable, start, exit, PlayerState{});
  ASSERT_TRUE(no_key.found());
  EXPECT_TRUE(no_key.doors_opened.empty());
  EXPECT_LE(one_key.cost, no_key.cost);
  const PathResult two_keys = find_path(consumable, start, exit, keys({1, 1}));
  ASSERT_TRUE(two_keys.found());
  EXPECT_EQ(two_keys.cost, reusable.cost);
  EXPECT_EQ(two_keys.doors_opened.size(), 2u);
}

// A walled corridor with two doors of lock 1 and no way around: one consumable key cannot get
// through (the rationed search says no path), two can.
TEST(PlayerPathTest, OneConsumableKeyCannotPassTwoDoorsOfItsLock) {
  const Dungeon d = map("#########\n#<.A.A.>#\n#########\n", KeyRule::Consumable);
  EXPECT_EQ(find_path(d, {1, 1}, {7, 1}, keys({1})).status, PathStatus::NoPath);
  const PathResult two = find_path(d, {1, 1}, {7, 1}, keys({1, 1}));
  ASSERT_TRUE(two.found());
  EXPECT_EQ(two.doors_opened.size(), 2u);
  EXPECT_EQ(find_path(d, {1, 1}, {4, 1}, keys({1})).status, PathStatus::Found);
}

TEST(PlayerPathTest, BadStatesAndCellsAreRefusedNamingTheField) {
  const Dungeon d = map("#########\n#<..A..>#\n#########\n");
  PlayerState s;
  s.opened.push_back({2, 1});
  try {
    find_path(d, {1, 1}, {7, 1}, s);
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) { EXPECT_STREQ(e.what(), "opened[0] = 2,1 (expected a locked door of the map)"); }
  EXPECT_THROW(PlayerState{}.add_key(10), InvalidArgument);
  try {
    find_path(d, {1, 1}, {70, 1}, PlayerState{});
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) { EXPECT_STREQ(e.what(), "goal = 70,1 (expected inside the 9x3 map)"); }
  EXPECT_EQ(find_path(d, {0, 0}, {7, 1}, PlayerState{}).status, PathStatus::StartBlocked);
}

TEST(PlayerPathTest, AllKeysStateHoldsOneKeyPerKeyObjective) {
  const Dungeon d = map("##########\n#<a.a.Ab>#\n##########\n", KeyRule::Consumable);
  const PlayerState s = all_keys_state(d);
  EXPECT_EQ(s.keys[1], 2);
  EXPECT_EQ(s.keys[2], 1);
  EXPECT_EQ(s.keys[3], 0);
}

std::vector<Dungeon> locked_dungeons(GeneratorKind g, KeyRule rule, int seeds) {
  GenerateConfig c;
  c.generator = g;
  c.locks = 3;
  c.key_rule = rule;
  if (g == GeneratorKind::Caves) {
    c.width = 60;
    c.height = 40;
  }
  std::vector<Dungeon> out;
  for (int seed = 1; seed <= seeds; ++seed) out.push_back(generate_dungeon(c, static_cast<uint64_t>(seed)).dungeon);
  return out;
}

// Over 300 seeds per generator and key rule: with a subset of the keys, no route crosses a closed
// door whose key is not held; with every key, the exit can be reached.
TEST(PlayerPathTest, RoutesNeverCrossADoorWhoseKeyIsNotHeld) {
  for (GeneratorKind g : {GeneratorKind::Rooms, GeneratorKind::Caves})
    for (KeyRule rule : {KeyRule::Reusable, KeyRule::Consumable})
      for (const Dungeon& d : locked_dungeons(g, rule, 300)) {
        ASSERT_FALSE(d.locks.empty());
        const Point start = *d.find(ObjectiveKind::Start), exit = *d.find(ObjectiveKind::Exit);
        for (int missing = 1; missing <= 3; ++missing) {
          PlayerState s = all_keys_state(d);
          s.keys[static_cast<size_t>(missing)] = 0;
          const PathResult r = find_path(d, start, exit, s);
          for (const Point& p : r.path)
            ASSERT_NE(d.lock_at(p), missing)
                << "seed " << d.seed << ": crossed door " << missing << " at " << to_string(p);
          for (const LockedDoor& l : r.doors_opened) EXPECT_NE(l.lock, missing);
        }
        EXPECT_TRUE(find_path(d, start, exit, all_keys_state(d)).found()) << "seed " << d.seed;
      }
}

// Each leg of the solver's walkthrough is a key-aware route: with the doors it has opened so far
// and, for a door step, the keys of that lock in hand, the route to the leg's target costs what
// the leg costs.
TEST(PlayerPathTest, WalkthroughLegsCostWhatKeyAwareRoutesCost) {
  for (KeyRule rule : {KeyRule::Reusable, KeyRule::Consumable})
    for (const Dungeon& d : locked_dungeons(GeneratorKind::Rooms, rule, 40)) {
      const Solution sol = solve_dungeon(d);
      ASSERT_EQ(sol.status, SolveStatus::Completable);
      PlayerState opened;
      Point at = *d.find(ObjectiveKind::Start);
      for (const WalkStep& step : sol.walkthrough) {
        PlayerState s = opened;
        if (step.kind == StepKind::OpenDoor) s.add_key(step.lock);
        const PathResult r = find_path(d, at, step.target, s);
        ASSERT_TRUE(r.found()) << "seed " << d.seed;
        EXPECT_NEAR(r.cost, step.cost, 1e-9) << "seed " << d.seed << " leg to " << to_string(step.target);
        if (step.kind == StepKind::OpenDoor) opened.opened.push_back(step.target);
        at = step.target;
      }
    }
}

}  // namespace
}  // namespace catacomb
