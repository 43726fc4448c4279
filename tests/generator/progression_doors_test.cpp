#include <catacomb/generator/progression_doors.hpp>

#include <gtest/gtest.h>

#include <cstdio>
#include <optional>
#include <set>
#include <string>

#include <catacomb/core/rng.hpp>
#include <catacomb/io/ascii.hpp>
#include <catacomb/pathing/distance_map.hpp>
#include <catacomb/pipeline/generate.hpp>
#include <catacomb/validate/solver.hpp>
#include <catacomb/validate/validate.hpp>
#include "support/progression_checks.hpp"

namespace catacomb {
namespace {

// Small maps (the suite's time): 48x32 rooms and caves (40x28 caves with switches); locks 0 to
// max_locks and both key rules in turn, so the doors are placed after whatever locks there are.
GenerateConfig small_config(GeneratorKind g, uint64_t seed, int max_locks) {
  GenerateConfig c;
  c.generator = g;
  c.width = g == GeneratorKind::Rooms || max_locks < 2 ? 48 : 40;
  c.height = g == GeneratorKind::Rooms || max_locks < 2 ? 32 : 28;
  c.rooms.room_count = 10;
  c.objectives = 2;
  c.locks = static_cast<int>(seed % static_cast<uint64_t>(max_locks + 1));
  c.key_rule = (seed / 3) % 2 == 0 ? KeyRule::Reusable : KeyRule::Consumable;
  c.max_attempts = 300;
  return c;
}

// Whether `d` without its gates, switches, one-way and secret doors (their carved cells walled up)
// has a softlock of its own: consumable keys on a cave gate of several cells can be spent on a
// cell that leads nowhere (the locks' own, LocksTest does not ask for none).
bool softlock_without_doors(const Dungeon& d) {
  Dungeon base = d;
  for (const ProgressionDoor& g : d.doors)
    if (g.kind != DoorKind::Gate) base.tiles[g.pos] = Terrain::Wall;
  base.doors.clear();
  std::erase_if(base.objectives, [](const Objective& o) { return o.kind == ObjectiveKind::Switch; });
  const ValidateOptions rules = map_rules(d);
  return solve_dungeon(base, {rules.costs, rules.moves}).softlock_states > 0;
}

// The checks every dungeon with progression doors passes: valid, completable, its certificate
// accepted, no softlock the doors brought; returns the solution.
Solution check_proven(const Dungeon& d) {
  const std::optional<Solution> s = test::expect_proven(d);
  if (!s) return {};
  if (s->softlock_states > 0) { EXPECT_TRUE(softlock_without_doors(d)) << s->softlock->message; }
  return *s;
}

int count_doors(const Dungeon& d, DoorKind kind) {
  int n = 0;
  for (const ProgressionDoor& g : d.doors) n += g.kind == kind ? 1 : 0;
  return n;
}

// Whether walling up the gates of switch `s` open while it is off leaves `d` not completable:
// what they shut in (a pocket holding a key or treasure) is needed.
bool off_gates_keep_something(const Dungeon& d, int s) {
  Dungeon walled = d;
  std::erase_if(walled.doors, [&](const ProgressionDoor& g) {
    const bool off = g.kind == DoorKind::Gate && g.switch_id == s && g.open_when_off;
    if (off) walled.tiles[g.pos] = Terrain::Wall;
    return off;
  });
  const ValidateOptions rules = map_rules(d);
  return solve_dungeon(walled, {rules.costs, rules.moves}).status == SolveStatus::NotCompletable;
}

// 300 seeds per generator, 1 to 3 switches: completable, certificate accepted, every switch has
// a gate, and without any one switch the dungeon cannot be completed. Gates open while their
// switch is off (portcullises) occur in at least `min_off_share` of the dungeons, and walling
// one up makes the dungeon not completable (each shuts in something needed).
void check_switches(GeneratorKind g, double min_off_share) {
  int with_off = 0;
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    GenerateConfig c = small_config(g, seed, 2);
    c.switches = 1 + static_cast<int>(seed % 3);
    SCOPED_TRACE("seed " + std::to_string(seed) + " switches " + std::to_string(c.switches));
    const Dungeon d = generate_dungeon(c, seed).dungeon;
    std::set<int> gated;  // a cave gate may span a few cells, all of one switch
    for (const ProgressionDoor& door : d.doors)
      if (door.kind == DoorKind::Gate) gated.insert(door.switch_id);
    ASSERT_EQ(gated.size(), static_cast<size_t>(c.switches));
    std::set<int> off;
    for (const ProgressionDoor& door : d.doors)
      if (door.kind == DoorKind::Gate && door.open_when_off) off.insert(door.switch_id);
    with_off += off.empty() ? 0 : 1;
    for (const int s : off) EXPECT_TRUE(off_gates_keep_something(d, s)) << "switch " << s;
    check_proven(d);
    ASSERT_EQ(test::expect_each_needed(d, ObjectiveKind::Switch), c.switches);
  }
  std::printf("%s: open-when-off gates in %d of 300 dungeons\n", std::string(generator_kind_name(g)).c_str(), with_off);
  EXPECT_GE(with_off, static_cast<int>(min_off_share * 300));
}

// Measured when written: 87 of 300 rooms dungeons (29%), 154 of 300 caves (51%).
TEST(ProgressionDoorsTest, RoomsSwitchesEachGateTheWayAndAreProven) { check_switches(GeneratorKind::Rooms, 0.15); }

TEST(ProgressionDoorsTest, CaveSwitchesEachGateTheWayAndAreProven) { check_switches(GeneratorKind::Caves, 0.45); }

// A treasure in a pocket off the start's room, the exit down a passage: gate 1 goes on the
// passage, and on the seeds whose coin flip asks for one, a portcullis (open while switch 1 is
// off) on the pocket's one way in, nowhere else. The dungeon stays completable, and without the
// portcullis's way in it is not.
TEST(ProgressionDoorsTest, APortcullisShutsAPocketTheSwitchClosesBehindThePlayer) {
  const std::string map =
      "##########\n"
      "#<.......#\n"
      "#........#\n"
      "#........#\n"
      "####.##.##\n"
      "####1##.##\n"
      "#######.##\n"
      "#######>##\n"
      "##########\n"
      "\n"
      "1: treasure\n";
  int with_off = 0;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    Dungeon d = read_ascii(map);
    Rng rng(seed);
    ASSERT_TRUE(place_switches(d, 1, CostTable::dungeon(), Moves{}, rng).ok());
    for (const ProgressionDoor& g : d.doors) {
      ASSERT_EQ(g.kind, DoorKind::Gate);
      if (!g.open_when_off) {
        EXPECT_EQ(g.pos.x, 7) << to_string(g.pos);  // on the passage to the exit
        continue;
      }
      ++with_off;
      EXPECT_EQ(g.pos, (Point{4, 4}));
      EXPECT_TRUE(off_gates_keep_something(d, 1));
    }
    check_proven(d);
  }
  EXPECT_GT(with_off, 0);
  EXPECT_LT(with_off, 20);
}

// The walk between a door's two sides without it (moves; -1 when there is none), every other
// door open both ways and secret doors closed.
int64_t walk_without(const Dungeon& d, const ProgressionDoor& door) {
  Dungeon open = d;
  open.locks.clear();
  open.doors.clear();
  for (const ProgressionDoor& g : d.doors)
    if (g.kind == DoorKind::Secret || g.pos == door.pos) open.tiles[g.pos] = Terrain::Wall;
  const Point v = door.kind == DoorKind::OneWay ? door.dir : Point{1, 0};
  Point a{door.pos.x - v.x, door.pos.y - v.y}, b{door.pos.x + v.x, door.pos.y + v.y};
  if (door.kind == DoorKind::Secret && (d.tiles[a] == Terrain::Wall || d.tiles[b] == Terrain::Wall))
    a = {door.pos.x, door.pos.y - 1}, b = {door.pos.x, door.pos.y + 1};
  const DistanceMap dm = distance_map(open.tiles, CostTable::uniform(), {a}, Moves{4, DiagonalPolicy::Never});
  return dm.dist[b] == kUnreached ? -1 : static_cast<int64_t>(dm.dist[b]);
}

// 300 seeds per generator, 1 or 2 one-way doors (and a switch on every third seed): completable,
// certificate accepted, never a softlock, and each door saves a walk.
void check_one_way(GeneratorKind g) {
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    GenerateConfig c = small_config(g, seed, 1);
    c.one_way = 1 + static_cast<int>(seed % 2);
    c.switches = seed % 3 == 0 ? 1 : 0;
    SCOPED_TRACE("seed " + std::to_string(seed) + " one-way " + std::to_string(c.one_way));
    const Dungeon d = generate_dungeon(c, seed).dungeon;
    ASSERT_EQ(count_doors(d, DoorKind::OneWay), c.one_way);
    check_proven(d);
    for (const ProgressionDoor& w : d.doors) {
      if (w.kind == DoorKind::OneWay) {
        EXPECT_GE(walk_without(d, w), 2 + kMinDoorSaving) << "at " << to_string(w.pos);
      }
    }
  }
}

TEST(ProgressionDoorsTest, RoomsOneWayDoorsSaveAWalkAndNeverSoftlock) { check_one_way(GeneratorKind::Rooms); }

TEST(ProgressionDoorsTest, CaveOneWayDoorsSaveAWalkAndNeverSoftlock) { check_one_way(GeneratorKind::Caves); }

// 300 seeds per generator, 1 or 2 secret doors: completable without them, certificate accepted,
// and the validation reports that each one shortens a walk by at least kMinDoorSaving moves.
void check_secret(GeneratorKind g) {
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    GenerateConfig c = small_config(g, seed, 1);
    c.secret_doors = 1 + static_cast<int>(seed % 2);
    SCOPED_TRACE("seed " + std::to_string(seed) + " secret doors " + std::to_string(c.secret_doors));
    const Dungeon d = generate_dungeon(c, seed).dungeon;
    ASSERT_EQ(count_doors(d, DoorKind::Secret), c.secret_doors);
    const Solution s = check_proven(d);
    ASSERT_EQ(s.secrets.size(), static_cast<size_t>(c.secret_doors));
    for (const SecretShortcut& sc : s.secrets) EXPECT_GE(sc.without, 2 + kMinDoorSaving) << sc.message;
  }
}

TEST(ProgressionDoorsTest, RoomsSecretDoorsEachShortenAWalk) { check_secret(GeneratorKind::Rooms); }

TEST(ProgressionDoorsTest, CaveSecretDoorsEachShortenAWalk) { check_secret(GeneratorKind::Caves); }

// A wall whose two sides are as far from the start as each other (the gap of their walks from
// the start proves nothing) but a long walk apart: proven by the walk round it, and carved.
TEST(ProgressionDoorsTest, AWallBetweenEquallyFarCellsIsProvenByTheWalkRoundIt) {
  const std::string map =
      "###########\n"
      "#....<....#\n"
      "#.#######.#\n"
      "#.#######.#\n"
      "#.#######.#\n"
      "#....#...>#\n"
      "###########\n";
  for (DoorKind kind : {DoorKind::Secret, DoorKind::OneWay}) {
    Dungeon d = read_ascii(map);
    Rng rng(1);
    const DoorPlacement p = kind == DoorKind::Secret ? place_secret_doors(d, 1, CostTable::dungeon(), Moves{}, rng)
                                                     : place_one_way_doors(d, 1, CostTable::dungeon(), Moves{}, rng);
    ASSERT_TRUE(p.ok()) << p.why;
    ASSERT_EQ(d.doors.size(), 1u);
    EXPECT_EQ(d.doors[0].pos, (Point{5, 5}));
    EXPECT_EQ(d.doors[0].kind, kind);
    EXPECT_GE(walk_without(d, d.doors[0]), 2 + kMinDoorSaving);
  }
  // A walk round of exactly kMinDoorSaving + 2 moves (no corner cut) is enough; one shorter is not.
  Dungeon exact = read_ascii(
      "#######\n"
      "#..<..#\n"
      "#.###.#\n"
      "#..#.>#\n"
      "#######\n");
  Rng rng(1);
  ASSERT_TRUE(place_secret_doors(exact, 1, CostTable::dungeon(), Moves{}, rng).ok());
  ASSERT_EQ(exact.doors.size(), 1u);
  EXPECT_EQ(exact.doors[0].pos, (Point{3, 3}));
  Dungeon shorter = read_ascii(
      "#####\n"
      "#.<.#\n"
      "#.#.#\n"
      "#.#>#\n"
      "#####\n");
  EXPECT_EQ(place_secret_doors(shorter, 1, CostTable::dungeon(), Moves{}, rng).why,
            "only 0 walls that save " + std::to_string(kMinDoorSaving) + " moves for 1 secret doors");
}

// A one-way door may lead from behind a locked door back into the start's area (never the other
// way round, and never a secret door): a way home that opens nothing the lock keeps back.
TEST(ProgressionDoorsTest, AOneWayDoorMayLeadBackIntoTheStartsAreaOnly) {
  const std::string map =
      "#########\n"
      "#<a.....#\n"
      "#######A#\n"
      "#......>#\n"
      "#########\n";
  Dungeon d = read_ascii(map);
  Rng rng(1);
  ASSERT_TRUE(place_one_way_doors(d, 1, CostTable::dungeon(), Moves{}, rng).ok());
  ASSERT_EQ(d.doors.size(), 1u);
  const ProgressionDoor& w = d.doors[0];
  // In the wall between the two, entered from the locked side: it leads up into the start's row.
  EXPECT_EQ(w.pos.y, 2);
  EXPECT_EQ(w.dir, (Point{0, -1}));
  check_proven(d);
  Dungeon s = read_ascii(map);
  Rng rng2(1);
  EXPECT_FALSE(place_secret_doors(s, 1, CostTable::dungeon(), Moves{}, rng2).ok());
}

TEST(ProgressionDoorsTest, WithoutThemTheRecipeAndConfigAreUnchanged) {
  const Dungeon d = generate_dungeon(GenerateConfig{}, 1).dungeon;
  EXPECT_TRUE(d.doors.empty());
  for (const auto& [name, value] : d.params) {
    EXPECT_NE(name, "switches");
    EXPECT_NE(name, "one_way");
    EXPECT_NE(name, "secret_doors");
  }
}

TEST(ProgressionDoorsTest, OutOfRangeCountsAreRefusedNamingTheValue) {
  GenerateConfig c;
  c.switches = 10;
  c.one_way = -1;
  try {
    c.check();
    FAIL() << "accepted";
  } catch (const InvalidArgument& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("switches = 10 (expected 0 to 9)"), std::string::npos) << m;
    EXPECT_NE(m.find("one_way = -1 (expected 0 to 9)"), std::string::npos) << m;
  }
  GenerateConfig side;
  side.generator = GeneratorKind::Platformer;
  side.secret_doors = 1;
  EXPECT_THROW(side.check(), InvalidArgument);
}

// One dungeon per option (rooms and caves), pinned: these change only on purpose.
TEST(ProgressionDoorsTest, GoldenHashes) {
  struct Case {
    GeneratorKind g;
    int switches, one_way, secret;
    uint64_t want;
  };
  const Case cases[] = {
      {GeneratorKind::Rooms, 2, 0, 0, 9048437635801631803ull},  {GeneratorKind::Caves, 2, 0, 0, 6894343819976031367ull},
      {GeneratorKind::Rooms, 0, 1, 0, 11140214131412486466ull}, {GeneratorKind::Caves, 0, 1, 0, 8051431027233219838ull},
      {GeneratorKind::Rooms, 0, 0, 2, 14729068002059673734ull}, {GeneratorKind::Caves, 0, 0, 2, 1623925477302656026ull},
  };
  for (const Case& k : cases) {
    GenerateConfig c;
    c.generator = k.g;
    c.switches = k.switches;
    c.one_way = k.one_way;
    c.secret_doors = k.secret;
    const uint64_t got = map_hash(generate_dungeon(c, 1).dungeon);
    EXPECT_EQ(got, k.want) << generator_kind_name(k.g) << " " << k.switches << " " << k.one_way << " " << k.secret;
  }
}

}  // namespace
}  // namespace catacomb
