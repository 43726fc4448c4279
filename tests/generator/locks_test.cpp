#include <catacomb/generator/locks.hpp>

#include <gtest/gtest.h>

#include <catacomb/generator/pipeline.hpp>
#include <catacomb/io/certificate.hpp>
#include <catacomb/validate/solver.hpp>
#include <catacomb/validate/validate.hpp>

namespace catacomb {
namespace {

GenerateConfig locked_config(GeneratorKind g, int locks, KeyRule rule) {
  GenerateConfig c;
  c.generator = g;
  c.width = 64;
  c.height = 40;
  c.locks = locks;
  c.key_rule = rule;
  c.max_attempts = 60;
  return c;
}

// 300 seeds per generator, locks 1 to 5 and both key rules in turn: the independent solver finds
// each dungeon completable with the exit behind a lock, its certificate replays, and every key
// is needed.
void check_many(GeneratorKind g) {
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    const int locks = 1 + static_cast<int>(seed % 5);
    const KeyRule rule = (seed / 5) % 2 == 0 ? KeyRule::Reusable : KeyRule::Consumable;
    const GenerateConfig c = locked_config(g, locks, rule);
    const Dungeon d = generate_dungeon(c, seed).dungeon;
    SCOPED_TRACE("seed " + std::to_string(seed) + " locks " + std::to_string(locks) + " " + std::string(key_rule_name(rule)));
    ASSERT_EQ(d.key_rule, rule);
    int keys = 0;
    for (const Objective& o : d.objectives) keys += o.lock != 0 ? 1 : 0;
    ASSERT_EQ(keys, locks);
    const ValidateOptions rules = map_rules(d);
    const ValidationReport r = validate_dungeon(d, rules);
    ASSERT_TRUE(r.valid) << r.problems.front().message;
    const Solution& s = *r.solution;
    ASSERT_EQ(s.status, SolveStatus::Completable);
    // The exit lies behind the last lock: it becomes reachable only after a door opens.
    EXPECT_GT(s.reachable_after[1], 0);
    EXPECT_EQ(s.metrics.keys_on_critical_path, locks);
    EXPECT_GE(s.metrics.doors_on_critical_path, locks);  // a cave gate may span a few cells
    const Verdict v = verify_certificate(d, write_certificate(d, s, rules), rules);
    ASSERT_TRUE(v.accepted) << v.reason;
    for (size_t i = 0; i < d.objectives.size(); ++i) {
      if (d.objectives[i].lock == 0) continue;
      Dungeon without = d;
      without.objectives.erase(without.objectives.begin() + static_cast<std::ptrdiff_t>(i));
      EXPECT_EQ(solve_dungeon(without, {rules.costs, rules.moves}).status, SolveStatus::NotCompletable)
          << "key " << d.objectives[i].lock << " gates nothing";
    }
  }
}

TEST(LocksTest, RoomsDungeonsWithLocksAreCompletableAndEveryKeyIsNeeded) { check_many(GeneratorKind::Rooms); }

TEST(LocksTest, CaveDungeonsWithLocksAreCompletableAndEveryKeyIsNeeded) { check_many(GeneratorKind::Caves); }

TEST(LocksTest, RoomLocksSitOnDoorsAndCaveLocksOnGatesMadeDoors) {
  for (GeneratorKind g : {GeneratorKind::Rooms, GeneratorKind::Caves}) {
    const Dungeon d = generate_dungeon(locked_config(g, 3, KeyRule::Reusable), 5).dungeon;
    ASSERT_FALSE(d.locks.empty());
    for (const LockedDoor& l : d.locks) EXPECT_EQ(d.tiles[l.pos], Terrain::Door);
    for (size_t i = 1; i < d.locks.size(); ++i) EXPECT_LT(d.locks[i - 1].pos, d.locks[i].pos);
  }
}

TEST(LocksTest, WithoutLocksTheDungeonIsUnchanged) {
  GenerateConfig c;
  const Dungeon d = generate_dungeon(c, 1).dungeon;
  EXPECT_TRUE(d.locks.empty());
  EXPECT_FALSE(d.has_locks());
  for (const auto& [name, value] : d.params) EXPECT_NE(name, "locks");
}

TEST(LocksTest, GoldenHashesOfLockedDungeons) {
  GenerateConfig rooms;
  rooms.locks = 3;
  GenerateConfig caves;
  caves.generator = GeneratorKind::Caves;
  caves.locks = 3;
  caves.key_rule = KeyRule::Consumable;
  const Dungeon r = generate_dungeon(rooms, 1).dungeon;
  const Dungeon c = generate_dungeon(caves, 1).dungeon;
  // Rooms locks sit on existing doors: the terrain is the unlocked dungeon's (pipeline_test's
  // golden hash for seed 1); the map hash covers the locks and keys.
  EXPECT_EQ(grid_hash(r.tiles), 14993315320362674675ull);
  EXPECT_EQ(map_hash(r), 14200005245466543008ull);
  EXPECT_EQ(grid_hash(c.tiles), 8461965912761847297ull);
  EXPECT_EQ(map_hash(c), 12120566038640489553ull);
}

TEST(LocksTest, BadLockCountsAreRefused) {
  GenerateConfig c;
  c.locks = 10;
  EXPECT_THROW(c.check(), InvalidArgument);
  c.locks = -1;
  EXPECT_THROW(c.check(), InvalidArgument);
}

}  // namespace
}  // namespace catacomb
