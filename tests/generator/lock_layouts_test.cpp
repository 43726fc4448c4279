#include <gtest/gtest.h>

#include <string>

#include <catacomb/core/error.hpp>
#include <catacomb/generator/locks.hpp>
#include <catacomb/pathing/regions.hpp>
#include <catacomb/pipeline/generate.hpp>
#include <catacomb/validate/validate.hpp>
#include "support/progression_checks.hpp"

namespace catacomb {
namespace {

GenerateConfig layout_config(GeneratorKind g, LockLayout layout, int locks, KeyRule rule, bool one_way) {
  GenerateConfig c;
  c.generator = g;
  c.width = 48;
  c.height = 32;
  c.rooms.room_count = 10;
  c.locks = locks;
  c.key_rule = rule;
  c.lock_layout = layout;
  c.cycle_one_way = one_way;
  c.max_attempts = 200;
  return c;
}

// Whether the start still reaches the exit with the cells of every locked door of `lock` closed.
bool way_round(const Dungeon& d, int lock, const ValidateOptions& rules) {
  Grid<uint8_t> open(d.tiles.width(), d.tiles.height(), 0);
  for (size_t i = 0; i < open.size(); ++i) open.cells()[i] = rules.costs.passable(d.tiles.cells()[i]) ? 1 : 0;
  for (const LockedDoor& l : d.locks)
    if (l.lock == lock) open[l.pos] = 0;
  return label_regions(open, rules.moves).connected(*d.find(ObjectiveKind::Start), *d.find(ObjectiveKind::Exit));
}

// 300 seeds, locks 1 to `max_locks` and both key rules in turn (cycles: with and without the
// one-way return in turn): the dungeon is completable, its certificate replays, every key is
// needed (without it the dungeon is not completable), and the layout has its shape.
void check_many(GeneratorKind g, LockLayout layout, int max_locks) {
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    const int locks = 1 + static_cast<int>(seed % static_cast<uint64_t>(max_locks));
    const KeyRule rule = (seed / 3) % 2 == 0 ? KeyRule::Reusable : KeyRule::Consumable;
    const bool one_way = layout == LockLayout::Cycles && (seed / 7) % 2 == 0;
    const Dungeon d = generate_dungeon(layout_config(g, layout, locks, rule, one_way), seed).dungeon;
    SCOPED_TRACE("seed " + std::to_string(seed) + " locks " + std::to_string(locks) + " " +
                 std::string(key_rule_name(rule)) + (one_way ? " one-way" : ""));
    int keys = 0;
    for (const Objective& o : d.objectives) keys += o.lock != 0 ? 1 : 0;
    ASSERT_EQ(keys, locks);
    ASSERT_TRUE(test::expect_proven(d));
    test::expect_each_needed(d, ObjectiveKind::Key);
    const ValidateOptions rules = map_rules(d);
    if (layout == LockLayout::Tree) {  // locks / 2 side locks: the start reaches the exit round them
      int side = 0;
      for (int lock = 1; lock <= locks; ++lock) side += way_round(d, lock, rules) ? 1 : 0;
      EXPECT_EQ(side, locks / 2);
    } else if (one_way) {  // one one-way door per lock, the way back round it
      ASSERT_EQ(d.doors.size(), static_cast<size_t>(locks));
      for (const ProgressionDoor& w : d.doors) EXPECT_EQ(w.kind, DoorKind::OneWay);
    } else {  // each lock on its gate and on the passage round it
      for (int lock = 1; lock <= locks; ++lock) {
        int cells = 0;
        for (const LockedDoor& l : d.locks) cells += l.lock == lock ? 1 : 0;
        EXPECT_GE(cells, 2) << "lock " << lock;
      }
    }
  }
}

TEST(LockLayoutsTest, RoomTreesAreCompletableAndEveryKeyIsNeeded) {
  check_many(GeneratorKind::Rooms, LockLayout::Tree, 4);
}
TEST(LockLayoutsTest, CaveTreesAreCompletableAndEveryKeyIsNeeded) {
  check_many(GeneratorKind::Caves, LockLayout::Tree, 4);
}
TEST(LockLayoutsTest, RoomCyclesAreCompletableAndEveryKeyIsNeeded) {
  check_many(GeneratorKind::Rooms, LockLayout::Cycles, 3);
}
TEST(LockLayoutsTest, CaveCyclesAreCompletableAndEveryKeyIsNeeded) {
  check_many(GeneratorKind::Caves, LockLayout::Cycles, 3);
}

TEST(LockLayoutsTest, NamesAndBadInput) {
  EXPECT_EQ(lock_layout_name(LockLayout::Tree), "tree");
  EXPECT_EQ(parse_lock_layout("cycles"), LockLayout::Cycles);
  try {
    parse_lock_layout("spiral", "--lock-layout");
    FAIL() << "spiral parsed";
  } catch (const InvalidArgument& e) {
    EXPECT_STREQ(e.what(), "--lock-layout = spiral (expected chain, tree or cycles)");
  }
  GenerateConfig c;
  c.locks = 2;
  c.cycle_one_way = true;
  EXPECT_THROW(c.check(), InvalidArgument);
  c.lock_layout = LockLayout::Cycles;
  EXPECT_NO_THROW(c.check());
  c.generator = GeneratorKind::Platformer;
  c.cycle_one_way = false;
  EXPECT_THROW(c.check(), InvalidArgument);
}

// A chain keeps its recipe; the other layouts are recorded, and the one-way return with cycles.
TEST(LockLayoutsTest, TheRecipeNamesTheLayout) {
  GenerateConfig c;
  c.locks = 2;
  auto has = [&](const char* name) {
    for (const auto& [key, value] : c.params())
      if (key == name) return true;
    return false;
  };
  EXPECT_FALSE(has("lock_layout"));
  c.lock_layout = LockLayout::Tree;
  EXPECT_TRUE(has("lock_layout"));
  EXPECT_FALSE(has("cycle_one_way"));
  c.lock_layout = LockLayout::Cycles;
  c.cycle_one_way = true;
  EXPECT_TRUE(has("cycle_one_way"));
}

}  // namespace
}  // namespace catacomb

namespace catacomb {
namespace {

// One dungeon per layout, rooms and caves, at the default size: the map hash covers the terrain
// (with the passages dug), the locks, the keys and the one-way doors.
TEST(LockLayoutsTest, GoldenHashes) {
  struct Case {
    GeneratorKind generator;
    LockLayout layout;
    int locks;
    KeyRule rule;
    bool one_way;
    uint64_t want;
  };
  const Case cases[] = {
      {GeneratorKind::Rooms, LockLayout::Tree, 4, KeyRule::Reusable, false, 6030329054028382857ull},
      {GeneratorKind::Caves, LockLayout::Tree, 4, KeyRule::Consumable, false, 16667695300166645777ull},
      {GeneratorKind::Rooms, LockLayout::Cycles, 3, KeyRule::Reusable, true, 4693524901447402285ull},
      {GeneratorKind::Caves, LockLayout::Cycles, 3, KeyRule::Consumable, false, 9930236952820071727ull}};
  for (const Case& k : cases) {
    GenerateConfig c;
    c.generator = k.generator;
    c.locks = k.locks;
    c.key_rule = k.rule;
    c.lock_layout = k.layout;
    c.cycle_one_way = k.one_way;
    const Dungeon d = generate_dungeon(c, 1).dungeon;
    EXPECT_EQ(map_hash(d), k.want) << generator_kind_name(k.generator) << " " << lock_layout_name(k.layout);
  }
}

}  // namespace
}  // namespace catacomb
