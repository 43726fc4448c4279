// Tests of the Navigator: its answers cost what A* (find_path) finds on random maps under both
// move rules, uniform and varied costs, with doors opened and closed; a door changes its answers
// at once; on locked dungeons it agrees with key-aware find_path; it is optimal on a sample of
// every shared Moving AI scenario file (all 49,166 problems: ScenCommandTest); bad arguments are
// refused naming the field.
#include <catacomb/pathing/navigator.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <utility>
#include <string>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/core/rng.hpp>
#include <catacomb/io/ascii.hpp>
#include <catacomb/io/movingai.hpp>
#include <catacomb/pathing/player_path.hpp>
#include <catacomb/pipeline/generate.hpp>

#include "support/test_support.hpp"

namespace catacomb {
namespace {

template <class F>
void expect_invalid(F&& f, const std::string& message) {
  try {
    f();
    ADD_FAILURE() << "no exception, expected: " << message;
  } catch (const InvalidArgument& e) { EXPECT_EQ(std::string(e.what()), message); }
}

bool near(double a, double b) { return std::fabs(a - b) <= 1e-9 * std::max(1.0, std::fabs(b)); }

// Every step of `r.path` is one legal move on passable cells of `closed` (tiles with the closed
// doors walled), and the steps cost r.cost.
::testing::AssertionResult walks(const Grid<Terrain>& closed, const MapRules& rules, const PathResult& r, Point start,
                                 Point goal) {
  if (r.path.empty() || r.path.front() != start || r.path.back() != goal)
    return ::testing::AssertionFailure() << "the path does not run from start to goal";
  try {
    const double cost = path_cost(closed, rules.costs, r.path, rules.moves);
    if (!near(cost, r.cost)) return ::testing::AssertionFailure() << "steps cost " << cost << ", reported " << r.cost;
  } catch (const InvalidArgument& e) { return ::testing::AssertionFailure() << e.what(); }
  return ::testing::AssertionSuccess();
}

Grid<Terrain> random_map(Rng& rng, int w, int h, double walls) {
  const Terrain kinds[] = {Terrain::Floor, Terrain::Floor,      Terrain::Floor,
                           Terrain::Water, Terrain::Vegetation, Terrain::Road};
  Grid<Terrain> t(w, h, Terrain::Floor);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) t(x, y) = rng.uniform_real() < walls ? Terrain::Wall : kinds[rng.uniform_int(0, 5)];
  return t;
}

Point random_cell(Rng& rng, int w, int h) {
  return {static_cast<int>(rng.uniform_int(0, w - 1)), static_cast<int>(rng.uniform_int(0, h - 1))};
}

// Random maps, random doors opened and closed, random queries: the Navigator's cost and status
// are A*'s on the map with the closed doors walled, and its path walks legally.
void check_random_maps(const MapRules& rules, uint64_t seed) {
  Rng rng(seed);
  for (int map = 0; map < 6; ++map) {
    const int w = static_cast<int>(rng.uniform_int(8, 48)), h = static_cast<int>(rng.uniform_int(8, 40));
    const Grid<Terrain> tiles = random_map(rng, w, h, rng.uniform_real(0.1, 0.4));
    std::vector<Point> doors;
    for (int i = 0; i < 12; ++i) {
      const Point p = random_cell(rng, w, h);
      if (rules.costs.passable(tiles[p]) && std::find(doors.begin(), doors.end(), p) == doors.end()) doors.push_back(p);
    }
    Navigator nav(tiles, rules, doors);
    Grid<Terrain> closed = tiles;
    for (int round = 0; round < 3; ++round) {
      if (round > 0)
        for (const Point& d : doors) {
          const bool open = rng.uniform_int(0, 1) == 1;
          nav.set_door(d, open);
          EXPECT_EQ(nav.door_open(d), open);
          closed[d] = open ? tiles[d] : Terrain::Wall;
        }
      for (int q = 0; q < 60; ++q) {
        const Point s = random_cell(rng, w, h), g = random_cell(rng, w, h);
        SearchOptions o;
        o.moves = rules.moves;
        const PathResult a = find_path(closed, rules.costs, s, g, o);
        const PathResult n = nav.find_path(s, g);
        SCOPED_TRACE("map " + std::to_string(map) + " round " + std::to_string(round) + " " + to_string(s) + " to " +
                     to_string(g));
        ASSERT_EQ(n.status, a.status);
        if (!a.found()) continue;
        EXPECT_TRUE(near(n.cost, a.cost)) << n.cost << " vs A* " << a.cost;
        EXPECT_TRUE(walks(closed, rules, n, s, g));
      }
    }
  }
}

TEST(NavigatorTest, CostsWhatAStarFindsOnRandomMapsUnderEveryMoveRuleAndCostTable) {
  uint64_t seed = 1;
  for (const CostTable& costs : {CostTable::uniform(), CostTable::tutorial(), CostTable::dungeon()})
    for (const Moves& moves : {Moves{8, DiagonalPolicy::NoCornerCut, kSqrt2}, Moves{4, DiagonalPolicy::Never, kSqrt2},
                               Moves{8, DiagonalPolicy::Always, 1.5}, Moves{8, DiagonalPolicy::OneFree, kSqrt2}})
      check_random_maps(MapRules{costs, moves, KeyRule::Reusable}, seed++);
}

TEST(NavigatorTest, UniformCostsWithoutDoorsUseJumpPointSearchAndStayOptimal) {
  Rng rng(99);
  const MapRules rules{CostTable::uniform(), Moves{}, KeyRule::Reusable};
  for (int map = 0; map < 10; ++map) {
    const Grid<Terrain> tiles = random_map(rng, 64, 48, 0.3);
    Navigator nav(tiles, rules);
    EXPECT_EQ(nav.stats().engine, "jps");
    for (int q = 0; q < 100; ++q) {
      const Point s = random_cell(rng, 64, 48), g = random_cell(rng, 64, 48);
      const PathResult a = find_path(tiles, rules.costs, s, g);
      const PathResult n = nav.find_path(s, g);
      ASSERT_EQ(n.status, a.status) << to_string(s) << " to " << to_string(g);
      if (a.found()) {
        EXPECT_TRUE(near(n.cost, a.cost)) << n.cost << " vs A* " << a.cost;
        EXPECT_TRUE(walks(tiles, rules, n, s, g));
      }
    }
  }
  // A declared door makes it A*, so that the door stays an O(1) change.
  EXPECT_EQ(Navigator(random_map(rng, 20, 20, 0.0), rules, {{3, 3}}).stats().engine, "astar");
}

TEST(NavigatorTest, ClosingADoorReroutesAndOpeningItRestoresTheRoute) {
  const Grid<Terrain> tiles = read_ascii(
                                  "###########\n"
                                  "#.........#\n"
                                  "#.#######.#\n"
                                  "#....+....#\n"
                                  "###########\n")
                                  .tiles;
  const MapRules rules{CostTable::dungeon(), Moves{4, DiagonalPolicy::Never, kSqrt2}, KeyRule::Reusable};
  Navigator nav(tiles, rules, {{5, 3}});
  EXPECT_TRUE(nav.door_open({5, 3}));
  const PathResult through = nav.find_path({1, 3}, {9, 3});
  ASSERT_TRUE(through.found());
  EXPECT_EQ(through.cost, 8.0);
  nav.set_door({5, 3}, false);
  const PathResult around = nav.find_path({1, 3}, {9, 3});
  ASSERT_TRUE(around.found());
  EXPECT_EQ(around.cost, 12.0);
  for (const Point& p : around.path) EXPECT_NE(p, (Point{5, 3}));
  EXPECT_EQ(nav.find_path({5, 3}, {9, 3}).status, PathStatus::StartBlocked);
  EXPECT_EQ(nav.find_path({1, 3}, {5, 3}).status, PathStatus::GoalBlocked);
  nav.set_door({5, 3}, true);
  EXPECT_EQ(nav.find_path({1, 3}, {9, 3}).cost, 8.0);
}

// On generated locked dungeons (rooms and caves, both key rules): for a player with no key, with
// each single key, with every key and with a door opened, the Navigator's status and (reusable
// keys) cost are key-aware find_path's, its route never enters a door the player cannot open, and
// the doors it reports are on the route and were not opened before.
TEST(NavigatorTest, AgreesWithKeyAwareRoutesOnLockedDungeons) {
  for (GeneratorKind g : {GeneratorKind::Rooms, GeneratorKind::Caves})
    for (KeyRule rule : {KeyRule::Reusable, KeyRule::Consumable})
      for (uint64_t seed = 1; seed <= 12; ++seed) {
        GenerateConfig c;
        c.generator = g;
        c.locks = 3;
        c.key_rule = rule;
        const Dungeon d = generate_dungeon(c, seed).dungeon;
        ASSERT_FALSE(d.locks.empty());
        const Point start = *d.find(ObjectiveKind::Start), exit = *d.find(ObjectiveKind::Exit);
        Navigator nav(d, PlayerState{});
        std::vector<PlayerState> states(1);
        for (int lock = 1; lock <= 3; ++lock) {
          PlayerState s;
          s.add_key(lock);
          states.push_back(s);
        }
        states.push_back(all_keys_state(d));
        PlayerState opened;
        opened.opened.push_back(d.locks[0].pos);
        states.push_back(opened);
        for (const PlayerState& s : states) {
          nav.set_state(d, s);
          const PathResult a = find_path(d, start, exit, s);
          const PathResult n = nav.find_path(start, exit);
          SCOPED_TRACE("seed " + std::to_string(seed));
          ASSERT_EQ(n.status, a.status);
          if (!a.found()) continue;
          // Consumable keys: the navigator lets a held key open every door of its lock, so it may
          // find a cheaper route than one that must ration them; reusable keys: the same cost.
          if (rule == KeyRule::Reusable) EXPECT_TRUE(near(n.cost, a.cost)) << n.cost << " vs " << a.cost;
          else EXPECT_LE(n.cost, a.cost + 1e-9);
          for (const Point& p : n.path) EXPECT_TRUE(door_open_for(d, s, p)) << to_string(p);
          for (const LockedDoor& l : n.doors_opened) {  // on the route, a real lock, not opened before
            EXPECT_NE(std::find(n.path.begin(), n.path.end(), l.pos), n.path.end());
            EXPECT_EQ(d.lock_at(l.pos), l.lock);
            EXPECT_FALSE(s.is_opened(l.pos));
          }
        }
      }
}

// Navigator(d, state, rules): a game's own moves on a locked dungeon (4 neighbours, corner
// cutting), the same status and cost as key-aware find_path under those rules; bad moves refused.
TEST(NavigatorTest, ADungeonsNavigatorTakesOtherRules) {
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    GenerateConfig c;
    c.locks = 2;
    const Dungeon d = generate_dungeon(c, seed).dungeon;
    const Point start = *d.find(ObjectiveKind::Start), exit = *d.find(ObjectiveKind::Exit);
    for (const auto& [neighbors, diagonal] :
         {std::pair{4, DiagonalPolicy::Never}, std::pair{8, DiagonalPolicy::Always}}) {
      MapRules rules = recorded_rules(d);
      rules.moves.neighbors = neighbors;
      rules.moves.diagonal = diagonal;
      for (const PlayerState& s : {PlayerState{}, all_keys_state(d)}) {
        Navigator nav(d, s, rules);
        const PathResult a = find_path(d, rules, start, exit, s);
        const PathResult n = nav.find_path(start, exit);
        SCOPED_TRACE("seed " + std::to_string(seed) + ", " + std::to_string(neighbors) + " neighbours");
        ASSERT_EQ(n.status, a.status);
        if (a.found()) { EXPECT_TRUE(near(n.cost, a.cost)) << n.cost << " vs " << a.cost; }
        for (size_t i = 1; neighbors == 4 && i < n.path.size(); ++i) {
          EXPECT_EQ(std::abs(n.path[i].x - n.path[i - 1].x) + std::abs(n.path[i].y - n.path[i - 1].y), 1);
        }
      }
    }
  }
  const Dungeon d = generate_dungeon(GenerateConfig{}, 1).dungeon;
  MapRules bad = recorded_rules(d);
  bad.moves.neighbors = 5;
  EXPECT_THROW(Navigator(d, PlayerState{}, bad), InvalidArgument);
}

// Gates are doors of a dungeon's navigator, open under the state's switches: on dungeons with
// two switches (and locks), for every switch state, the navigator costs what find_path does and
// never steps on a shut gate. A dungeon with one-way or secret doors is refused.
TEST(NavigatorTest, AgreesWithSwitchAwareRoutesOnGatedDungeonsAndRefusesOneWayDoors) {
  int gated = 0;
  for (GeneratorKind g : {GeneratorKind::Rooms, GeneratorKind::Caves})
    for (uint64_t seed = 1; seed <= 8; ++seed) {
      GenerateConfig c;
      c.generator = g;
      c.locks = seed % 2 == 0 ? 2 : 0;
      c.switches = 2;
      const Dungeon d = generate_dungeon(c, seed).dungeon;
      ASSERT_FALSE(d.doors.empty());
      const Point start = *d.find(ObjectiveKind::Start), exit = *d.find(ObjectiveKind::Exit);
      Navigator nav(d, PlayerState{});
      for (uint32_t sw = 0; sw < 4; ++sw) {
        PlayerState s = all_keys_state(d);
        s.switches = sw;
        nav.set_state(d, s);
        const PathResult a = find_path(d, start, exit, s);
        const PathResult n = nav.find_path(start, exit);
        SCOPED_TRACE(std::string(generator_kind_name(g)) + " seed " + std::to_string(seed) + " switches " +
                     std::to_string(sw));
        ASSERT_EQ(n.status, a.status);
        gated += a.found() ? 0 : 1;
        if (!a.found()) continue;
        EXPECT_TRUE(near(n.cost, a.cost)) << n.cost << " vs " << a.cost;
        for (const Point& p : n.path) {
          if (const ProgressionDoor* door = d.door_at(p)) { EXPECT_TRUE(gate_open(*door, sw)) << to_string(p); }
        }
      }
    }
  EXPECT_GT(gated, 0);  // some switch states shut the way: the gates were doors
  GenerateConfig c;
  c.one_way = 1;
  const Dungeon d = generate_dungeon(c, 1).dungeon;
  expect_invalid([&] { Navigator nav(d, PlayerState{}); },
                 "dungeon = 1 one-way or secret doors (expected none for a navigator (its steps go both ways and may "
                 "cut a corner past a door); route with find_path(d, rules, start, goal, state))");
}

TEST(NavigatorTest, MatchesThePublishedLengthsOnASampleOfEverySharedScenarioFile) {
  const std::string dir = test::movingai_dir();
  if (dir.empty()) GTEST_SKIP() << "no Moving AI data";
  const char* kNames[] = {"arena2",     "den520d",     "brc202d",     "lak303d",        "16room_000",
                          "32room_000", "maze512-1-0", "maze512-4-0", "random512-10-0", "random512-25-0"};
  int checked = 0;
  for (const char* name : kNames) {
    const auto problems = load_scenarios(dir + "/scen/" + std::string(name) + ".map.scen");
    const Grid<Terrain> tiles = load_movingai_map(dir + "/maps/" + std::string(name) + ".map");
    Navigator nav(tiles, MapRules{CostTable::uniform(), Moves{}, KeyRule::Reusable});
    const NavigatorStats st = nav.stats();
    EXPECT_EQ(st.engine, "jps");
    EXPECT_LE(st.bytes_per_cell, 16.0);
    for (size_t i = 0; i < problems.size(); i += 53) {
      const Scenario& p = problems[i];
      const PathResult r = nav.find_path(p.start, p.goal);
      ASSERT_TRUE(r.found()) << name << " problem " << i + 1;
      EXPECT_LE(std::fabs(r.cost - p.optimal_length), 1e-5 * p.optimal_length) << name << " problem " << i + 1;
      ++checked;
    }
  }
  EXPECT_GT(checked, 600);
}

namespace {
// A generated 128x128 map (seed 3) under the tutorial's costs.
Grid<Terrain> tutorial_map(GeneratorKind g) {
  GenerateConfig c;
  c.generator = g;
  c.width = c.height = 128;
  c.costs = CostPreset::Tutorial;
  return generate_dungeon(c, 3).dungeon.tiles;
}

// The packed table of 16 landmarks: a nibble per landmark and cell (8 bytes), a 2-byte base per
// landmark and 4 x 4 block (and 16 more), a bit per cell for the area they cover.
double landmark_bytes_per_cell(int width, int height) {
  const double cells = static_cast<double>(width) * height;
  const double blocks = static_cast<double>((width + 3) / 4) * ((height + 3) / 4);
  return 8.0 + (blocks + 1) * 16 * 2 / cells + std::ceil(cells / 64) * 8 / cells;
}
}  // namespace

TEST(NavigatorTest, VariedCostsKeepSixteenBytesPerCellOrFewer) {
  Rng rng(5);
  const Grid<Terrain> map = random_map(rng, 200, 150, 0.2);
  const double table = landmark_bytes_per_cell(200, 150);
  EXPECT_NEAR(table, 8.0 + 1901.0 * 32 / 30000 + 469.0 * 8 / 30000, 1e-12);
  // Without doors under 8 neighbours without corner cutting: weighted jump points, 16 landmarks.
  const NavigatorStats jps = Navigator(map, MapRules{CostTable::tutorial(), Moves{}, KeyRule::Reusable}).stats();
  EXPECT_EQ(jps.engine, "jps");
  EXPECT_EQ(jps.landmarks, 16);
  EXPECT_LE(jps.bytes_per_cell, 16.0);
  // The landmarks, the jump point map (3.25), a cost byte and an edge bit (and the cost edges'
  // steps where they fit: not on this map, where most cells are cost edges).
  EXPECT_NEAR(jps.bytes_per_cell, table + 4.375, 1e-9);
  // With a door (or moves jump point search does not take): A*, the same 16 landmarks.
  const NavigatorStats st = Navigator(map, MapRules{CostTable::tutorial(), Moves{4, DiagonalPolicy::Never, kSqrt2},
                                                    KeyRule::Reusable})
                                .stats();
  EXPECT_EQ(st.engine, "astar");
  EXPECT_EQ(st.landmarks, 16);
  EXPECT_LE(st.bytes_per_cell, 16.0);
  // The landmarks and a cost byte a cell of the padded grid.
  EXPECT_NEAR(st.bytes_per_cell, table + 202.0 * 152 / 30000, 1e-9);
  EXPECT_GT(st.scratch_bytes_per_cell, 13.0);  // g (8 bytes) and a state byte, padded; 4 for the touched list
  EXPECT_LE(st.scratch_bytes_per_cell, 14.0);
}

// Weighted jump point search (varied costs, no doors): on random maps under the tutorial's and
// the dungeon's costs, on a map of one cost other than 1, and on generated caves and rooms under
// the tutorial's costs, every query costs what A* finds (and fails where it fails), and its path
// walks legal steps that cost what it says.
TEST(NavigatorTest, WeightedMapsWithoutDoorsJumpAndCostWhatAStarFinds) {
  // Maps whose cost edges' steps are kept in a table (they fit in 16 bytes a cell with the rest)
  // and maps where they are worked out at each expansion: both ways are checked.
  int tabled = 0, computed = 0;
  auto check = [&](const Grid<Terrain>& tiles, const MapRules& rules, Rng& rng, int queries, const std::string& name) {
    Navigator nav(tiles, rules);
    const NavigatorStats st = nav.stats();
    ASSERT_EQ(st.engine, "jps") << name;
    EXPECT_LE(st.bytes_per_cell, 16.0) << name;
    // Without the table: 16 landmarks (fewer on a map too small to hold them: then no table),
    // 3.25 of map and 1.125 of cost codes and edges.
    const double without = landmark_bytes_per_cell(tiles.width(), tiles.height()) + 4.375;
    if (st.landmarks == 16) { EXPECT_GE(st.bytes_per_cell, without - 1e-9) << name; }
    (st.landmarks == 16 && st.bytes_per_cell > without + 1e-9 ? tabled : computed) += 1;
    std::vector<Point> open;
    for (size_t i = 0; i < tiles.size(); ++i)
      if (rules.costs.passable(tiles.cells()[i])) open.push_back(tiles.point(i));
    if (open.empty()) return;
    const auto last = static_cast<int64_t>(open.size()) - 1;
    for (int q = 0; q < queries; ++q) {
      // Mostly passable ends (a few anywhere: blocked ends give the same status as A*).
      const bool any = q % 10 == 0;
      const Point s = any ? random_cell(rng, tiles.width(), tiles.height())
                          : open[static_cast<size_t>(rng.uniform_int(0, last))];
      const Point g = open[static_cast<size_t>(rng.uniform_int(0, last))];
      SearchOptions o;
      o.moves = rules.moves;
      const PathResult a = find_path(tiles, rules.costs, s, g, o);
      const PathResult n = nav.find_path(s, g);
      SCOPED_TRACE(name + " " + to_string(s) + " to " + to_string(g));
      ASSERT_EQ(n.status, a.status);
      if (!a.found()) continue;
      EXPECT_TRUE(near(n.cost, a.cost)) << n.cost << " vs A* " << a.cost;
      EXPECT_TRUE(walks(tiles, rules, n, s, g));
    }
  };
  Rng rng(2026);
  for (const CostTable& costs : {CostTable::tutorial(), CostTable::dungeon()}) {
    const MapRules rules{costs, Moves{}, KeyRule::Reusable};
    for (int map = 0; map < 8; ++map) {
      const int w = static_cast<int>(rng.uniform_int(8, 64)), h = static_cast<int>(rng.uniform_int(8, 48));
      check(random_map(rng, w, h, rng.uniform_real(0.0, 0.4)), rules, rng, 150, "random map " + std::to_string(map));
    }
  }
  {
    Grid<Terrain> one_cost = random_map(rng, 40, 30, 0.3);
    for (Terrain& t : one_cost.cells())
      if (t != Terrain::Wall) t = Terrain::Floor;  // floor costs 3 under the tutorial's table
    check(one_cost, MapRules{CostTable::tutorial(), Moves{}, KeyRule::Reusable}, rng, 200, "one cost");
  }
  for (GeneratorKind g : {GeneratorKind::Caves, GeneratorKind::Rooms}) {
    check(tutorial_map(g), MapRules{CostTable::tutorial(), Moves{}, KeyRule::Reusable}, rng, 2000,
          std::string(generator_kind_name(g)));
  }
  EXPECT_GT(tabled, 0);
  EXPECT_GT(computed, 0);
}

// The landmark bound is the same integers with SSE2 and without, so every build answers with the
// same paths: this suite runs in both (catacomb_tests, and scalar/ built with CATACOMB_NO_SIMD),
// and the expansions and a hash of the paths of 400 queries per map are pinned, on a generated
// 128x128 cave and rooms map under the tutorial's costs (weighted jump points) and the cave under
// 4 neighbours (the A* engine). They change when the heuristic or the search's order changes:
// update them then, from either build (both must agree).
TEST(NavigatorTest, AnswersTheSameWithAndWithoutSimd) {
  auto digest = [](const Grid<Terrain>& tiles, const MapRules& rules) {
    Navigator nav(tiles, rules);
    std::vector<Point> open;
    for (size_t i = 0; i < tiles.size(); ++i)
      if (rules.costs.passable(tiles.cells()[i])) open.push_back(tiles.point(i));
    Rng rng(34);
    const auto last = static_cast<int64_t>(open.size()) - 1;
    int64_t expanded = 0;
    constexpr uint64_t kPrime = 1099511628211;
    uint64_t hash = 14695981039346656037u;  // FNV-1a over the path cells
    for (int q = 0; q < 400; ++q) {
      const PathResult r = nav.find_path(open[static_cast<size_t>(rng.uniform_int(0, last))],
                                         open[static_cast<size_t>(rng.uniform_int(0, last))]);
      expanded += r.expanded;
      for (const Point& p : r.path)
        hash = (hash ^ (static_cast<uint64_t>(p.y) << 16 | static_cast<uint64_t>(p.x))) * kPrime;
    }
    return std::make_pair(expanded, hash);
  };
  std::vector<std::pair<int64_t, uint64_t>> got;
  for (GeneratorKind g : {GeneratorKind::Caves, GeneratorKind::Rooms}) {
    const Grid<Terrain> tiles = tutorial_map(g);
    got.push_back(digest(tiles, MapRules{CostTable::tutorial(), Moves{}, KeyRule::Reusable}));
    if (g == GeneratorKind::Caves)
      got.push_back(
          digest(tiles, MapRules{CostTable::tutorial(), Moves{4, DiagonalPolicy::Never, kSqrt2}, KeyRule::Reusable}));
  }
  const std::vector<std::pair<int64_t, uint64_t>> pinned{
      {51263, 12888263702483696566u}, {231684, 9497903407567733743u}, {29034, 5011247380142325914u}};
  EXPECT_EQ(got, pinned);
}

TEST(NavigatorTest, BadArgumentsAreRefusedNamingTheField) {
  const Grid<Terrain> tiles = read_ascii("#####\n#...#\n#####\n").tiles;
  const MapRules rules{CostTable::dungeon(), Moves{}, KeyRule::Reusable};
  expect_invalid([&] { Navigator(tiles, rules, {{0, 0}}); }, "doors[0] = 0,0 (expected a passable cell)");
  expect_invalid([&] { Navigator(tiles, rules, {{9, 1}}); }, "doors[0] = 9,1 (expected inside the 5x3 map)");
  expect_invalid([&] { Navigator(tiles, rules, {{1, 1}, {1, 1}}); }, "doors = 1,1 (expected each cell listed once)");
  expect_invalid(
      [&] {
        Navigator(tiles, MapRules{CostTable::dungeon(), Moves{6}, KeyRule::Reusable});
      },
      "neighbors = 6 (expected 4 or 8)");
  Navigator nav(tiles, rules, {{2, 1}});
  expect_invalid([&] { nav.set_door({1, 1}, false); }, "door = 1,1 (expected a door the navigator was built with)");
  expect_invalid([&] { (void)nav.door_open({-1, 1}); }, "door = -1,1 (expected a door the navigator was built with)");
  expect_invalid(
      [&] {
        nav.find_path({-1, 0}, {5, 1});
      },
      "start = -1,0 (expected inside the 5x3 map); goal = 5,1 (expected inside the 5x3 map)");
  expect_invalid([&] { nav.set_state(read_ascii("#####\n#<.>#\n#####\n"), PlayerState{}); },
                 "dungeon = 0 locked doors and gates (expected the dungeon the navigator was built from)");
  CostGrid many(300, 1, 1.0);
  for (int x = 0; x < 300; ++x) many(x, 0) = 1.0 + x;
  expect_invalid([&] { Navigator(many, Moves{}); }, "costs = 300 distinct costs (expected at most 254 distinct costs)");
  CostGrid negative(2, 1, 1.0);
  negative(1, 0) = -2;
  expect_invalid([&] { Navigator(negative, Moves{}); }, "costs = -2.000000 (expected > 0 and finite, or kImpassable)");
}

TEST(NavigatorTest, ACostGridBuildsTheSameAnswersAsItsTerrain) {
  Rng rng(17);
  const Grid<Terrain> tiles = random_map(rng, 40, 30, 0.25);
  const MapRules rules{CostTable::tutorial(), Moves{}, KeyRule::Reusable};
  Navigator a(tiles, rules);
  Navigator b(make_cost_grid(tiles, rules.costs), rules.moves);
  for (int q = 0; q < 200; ++q) {
    const Point s = random_cell(rng, 40, 30), g = random_cell(rng, 40, 30);
    const PathResult x = a.find_path(s, g), y = b.find_path(s, g);
    ASSERT_EQ(x.status, y.status);
    EXPECT_EQ(x.cost, y.cost);
    EXPECT_EQ(x.path, y.path);
  }
}

}  // namespace
}  // namespace catacomb
